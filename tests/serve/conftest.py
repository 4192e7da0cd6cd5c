"""fractalis serve's API tests (pytest, ctest -L serve: serve_api).

The ctest entry runs Debian's /usr/bin/python3 with FRACTALIS set to the
built CLI. Each server is a real `fractalis serve --port 0 --device cpu`
process (FR_SERVE_DEVICE names another device, for the server and for the
CLI renders it is compared with), with its own --web and --cache folders
in a temporary folder; it is stopped with SIGTERM and must exit 0. HTTP
goes through the standard library only (http.client, raw sockets where a
test needs exact bytes).
"""

import http.client
import json
import os
import pathlib
import queue
import re
import signal
import socket
import subprocess
import threading
import time

import pytest

REPO = pathlib.Path(__file__).resolve().parent.parent.parent
DEVICE = os.environ.get("FR_SERVE_DEVICE", "cpu")
DATA = REPO / "tests" / "data"


def fractalis_binary():
    path = os.environ.get("FRACTALIS")
    if not path or not os.access(path, os.X_OK):
        pytest.fail("FRACTALIS must name the built fractalis CLI with serve (ctest sets it)")
    return path


class Response:
    def __init__(self, status, headers, body):
        self.status = status
        self.headers = headers  # lower-case names
        self.body = body

    def json(self):
        return json.loads(self.body)

    def header(self, name):
        return self.headers.get(name.lower())

    def __repr__(self):
        return "<%d %s %r>" % (self.status, self.headers.get("content-type"), self.body[:300])


class Server:
    """One `fractalis serve` process."""

    def __init__(self, tmp, *args, web=None, cache=None, name="server"):
        self.binary = fractalis_binary()
        self.tmp = pathlib.Path(tmp)
        self.web = web
        self.cache = cache
        self.args = list(args)
        self.name = name
        self.proc = None
        self.lines = []

    def start(self):
        cmd = [self.binary, "serve", "--port", "0", "--device", DEVICE]
        if self.web:
            cmd += ["--web", str(self.web)]
        if self.cache:
            cmd += ["--cache", str(self.cache)]
        cmd += self.args
        self.proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.PIPE)
        first = queue.Queue()

        def drain():
            for raw in self.proc.stderr:
                line = raw.decode("utf-8", "replace").rstrip("\n")
                self.lines.append(line)
                if len(self.lines) == 1:
                    first.put(line)
            first.put(None)

        threading.Thread(target=drain, daemon=True).start()
        try:
            line = first.get(timeout=30)
        except queue.Empty:
            self.proc.kill()
            pytest.fail("%s did not start in 30 s: %s" % (" ".join(cmd), self.lines))
        m = re.fullmatch(r"fractalis serve: http://127\.0\.0\.1:(\d+)/", line or "")
        if not m:
            self.proc.wait(timeout=10)
            pytest.fail("%s: the first line of stderr is %r, not 'fractalis serve: http://127.0.0.1:PORT/' "
                        "(stderr: %s)" % (" ".join(cmd), line, self.lines))
        self.port = int(m.group(1))
        return self

    def stop(self, timeout=20):
        """SIGTERM; the server must exit 0 within timeout seconds."""
        if not self.proc or self.proc.poll() is not None:
            rc = self.proc.returncode if self.proc else None
            assert rc == 0, "%s had already exited with %s: %s" % (self.name, rc, self.lines)
            return
        self.proc.send_signal(signal.SIGTERM)
        try:
            rc = self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            pytest.fail("%s did not stop within %d s of SIGTERM: %s" % (self.name, timeout, self.lines[-5:]))
        assert rc == 0, "%s exited with %s after SIGTERM: %s" % (self.name, rc, self.lines[-5:])

    def alive(self):
        return self.proc.poll() is None

    # ---------------------------------------------------------------- HTTP

    def connection(self, timeout=60, source=None):
        return http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout,
                                          source_address=(source, 0) if source else None)

    def request(self, method, path, body=None, headers=None, timeout=60, source=None):
        c = self.connection(timeout, source)
        try:
            c.request(method, path, body=body, headers=headers or {})
            r = c.getresponse()
            data = r.read()
            return Response(r.status, {k.lower(): v for k, v in r.getheaders()}, data)
        finally:
            c.close()

    def get(self, path, **kw):
        return self.request("GET", path, **kw)

    def get_json(self, path):
        r = self.get(path)
        assert r.status == 200, r
        assert r.header("content-type") == "application/json", r
        return r.json()

    def post(self, path, body, content_type="application/json", **kw):
        if isinstance(body, str):
            body = body.encode()
        return self.request("POST", path, body=body, headers={"Content-Type": content_type}, **kw)

    def raw(self, data, timeout=30):
        """Send bytes as they are on a fresh socket; read until the server closes."""
        s = socket.create_connection(("127.0.0.1", self.port), timeout=timeout)
        try:
            s.sendall(data)
            out = b""
            while True:
                try:
                    chunk = s.recv(65536)
                except ConnectionResetError:
                    break
                if not chunk:
                    break
                out += chunk
            return parse_raw(out)
        finally:
            s.close()

    def stats(self):
        return self.get_json("/api/stats")


def parse_raw(out):
    head, _, body = out.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    m = re.match(r"HTTP/1\.[01] (\d{3})", lines[0] if lines else "")
    assert m, "not an HTTP response: %r" % out[:200]
    headers = {}
    for ln in lines[1:]:
        k, _, v = ln.partition(":")
        headers[k.strip().lower()] = v.strip()
    if headers.get("transfer-encoding", "").lower() == "chunked":
        data, rest = b"", body
        while rest:
            size_line, _, rest = rest.partition(b"\r\n")
            n = int(size_line.split(b";")[0], 16)
            if n == 0:
                break
            data, rest = data + rest[:n], rest[n + 2:]
        body = data
    return Response(int(m.group(1)), headers, body)


@pytest.fixture(scope="session")
def binary():
    return fractalis_binary()


@pytest.fixture(scope="session")
def data():
    return DATA


@pytest.fixture(scope="session")
def secret(tmp_path_factory):
    """A file outside every served folder that nothing may ever return."""
    d = tmp_path_factory.mktemp("outside")
    p = d / "secret.txt"
    p.write_text("fractalis-test-secret-7f3a9c\n")
    return p


@pytest.fixture(scope="session")
def webdir(tmp_path_factory, secret):
    """A tiny front end: index.html, a file in a subfolder, a hidden file,
    and symbolic links out of it (to a file and to a folder)."""
    d = tmp_path_factory.mktemp("web")
    (d / "index.html").write_text("<!doctype html><title>fractalis serve test</title>\n")
    (d / "sub").mkdir()
    (d / "sub" / "app.js").write_text("console.log('fractalis serve test');\n")
    (d / "sub" / "style.css").write_text("body{margin:0}\n")
    (d / ".hidden").write_text(secret.read_text())
    (d / "link.txt").symlink_to(secret)
    (d / "linkdir").symlink_to(secret.parent, target_is_directory=True)
    (d / "sub" / "up.txt").symlink_to("../../" + secret.parent.name + "/secret.txt")
    return d


@pytest.fixture
def make_server(tmp_path, webdir):
    """make_server(*args, cache=None): start a server for one test; each is
    stopped (SIGTERM, exit 0 asserted) when the test ends."""
    servers = []

    def make(*args, cache=None, web=webdir, name="server"):
        s = Server(tmp_path, *args, web=web, cache=cache, name=name).start()
        servers.append(s)
        return s

    yield make
    for s in servers:
        s.stop()


# The shared server's limits: small where a test needs to pass them.
LIMITS = dict(max_pixels=4000000, max_iter=2000000, max_upload=65536, max_zoom=1000, max_samples=10000000000)


@pytest.fixture(scope="module")
def server(tmp_path_factory, webdir):
    tmp = tmp_path_factory.mktemp("serve")
    s = Server(tmp, "--max-pixels", str(LIMITS["max_pixels"]), "--max-iter", str(LIMITS["max_iter"]),
               "--max-upload", "64K", "--max-zoom", str(LIMITS["max_zoom"]), web=webdir,
               cache=tmp / "cache", name="the shared server").start()
    yield s
    s.stop()
