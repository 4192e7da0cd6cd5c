"""fractalis serve's HTTP API (docs/SERVE.md), endpoint by endpoint: the
lists, tiles (geometry in exact decimals, caches, every refusal), renders,
jobs (results against the CLI, events, cancelling, every limit), uploads
(sizes, XML entities), the static front end (no path leaves it), and
clients that go away mid-request or mid-response."""

import decimal
import http.client
import itertools
import json
import os
import re
import socket
import struct
import subprocess
import threading
import time
import zlib
from decimal import Decimal

import pytest

from conftest import DEVICE, LIMITS

decimal.getcontext().prec = 400

TILE = 256
DEFAULT_CENTER = (Decimal("-0.75"), Decimal("0"))
DEFAULT_WIDTH = Decimal("4.5")
FORMULAS = ["mandelbrot", "julia", "burningship", "tricorn", "multibrot"]
COLORINGS = [{"name": "count", "tiles": True}, {"name": "smooth", "tiles": True},
             {"name": "histogram", "tiles": False}, {"name": "distance", "tiles": True}]
# A 40-digit anchor in the seahorse valley.
DEEP_CENTER = ("-0.7436438870371587047522871349623618225", "0.1318259042053119873821764573273425245")

_counter = itertools.count(1)


def fresh():
    """A palette offset no other request used: a tile or view nobody has cached."""
    return "0.%09d" % (next(_counter) * 7919)


# ------------------------------------------------------------------ PNG

def png_chunks(data):
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG: %r" % data[:40]
    i, out = 8, []
    while i < len(data):
        n, = struct.unpack(">I", data[i:i + 4])
        out.append((data[i + 4:i + 8], data[i + 8:i + 8 + n]))
        i += 12 + n
    assert out and out[-1][0] == b"IEND", "truncated PNG"
    return out


def png_size(data):
    ihdr = png_chunks(data)[0]
    assert ihdr[0] == b"IHDR"
    return struct.unpack(">II", ihdr[1][:8])


def png_text(data, key):
    """The text of the tEXt, zTXt or iTXt chunk named key, or None."""
    for t, body in png_chunks(data):
        k, _, rest = body.partition(b"\0")
        if k.decode("latin-1") != key:
            continue
        if t == b"tEXt":
            return rest.decode("latin-1")
        if t == b"zTXt":
            return zlib.decompress(rest[1:]).decode("latin-1")
        if t == b"iTXt":
            flag, _method = rest[0], rest[1]
            _lang, _, rest = rest[2:].partition(b"\0")
            _tkey, _, text = rest.partition(b"\0")
            return (zlib.decompress(text) if flag else text).decode("utf-8")
    return None


def png_scene(data):
    text = png_text(data, "fractalis")
    assert text, "the PNG carries no fractalis scene"
    return json.loads(text, parse_float=Decimal)


def scene_view(scene):
    re_, im = scene["center"].split(",")
    return Decimal(re_), Decimal(im), Decimal(str(scene["width"]))


# ------------------------------------------------------------------ helpers

def cli(binary, *args, cwd=None):
    r = subprocess.run([binary, *map(str, args)], capture_output=True, cwd=cwd, timeout=120)
    assert r.returncode == 0, "fractalis %s: %s" % (" ".join(map(str, args)), r.stderr.decode())
    return r


def cli_render_from(binary, tmp_path, name, source_bytes, suffix):
    """`fractalis render --from FILE -o again.png --device DEVICE`: its bytes."""
    src = tmp_path / (name + suffix)
    src.write_bytes(source_bytes)
    out = tmp_path / (name + "-again.png")
    cli(binary, "render", "--from", src, "-o", out, "--device", DEVICE, "-q")
    return out.read_bytes()


def assert_error(r, status, param=None):
    """The documented error: that status, JSON {error, status, param?}."""
    assert r.status == status, r
    assert r.header("content-type") == "application/json", r
    e = r.json()
    assert isinstance(e.get("error"), str) and e["error"], e
    assert e.get("status") == status, e
    if param is None:
        assert "param" not in e, e
    elif isinstance(param, tuple):
        assert e.get("param") in param, e
    else:
        assert e.get("param") == param, e
    return e


def assert_png(r, size=None):
    assert r.status == 200, r
    assert r.header("content-type") == "image/png", r
    if size:
        assert png_size(r.body) == size
    return r.body


def tile_url(z, x, y, **params):
    q = "&".join("%s=%s" % (k.replace("_", "-"), v) for k, v in params.items())
    return "/api/tile/%s/%s/%s.png%s" % (z, x, y, "?" + q if q else "")


def expected_tile_view(center, width, z, x, y):
    s = Decimal(width) / (2 ** z)
    return Decimal(center[0]) + (Decimal(x) + Decimal("0.5")) * s, \
        Decimal(center[1]) - (Decimal(y) + Decimal("0.5")) * s, s


def wait_job(server, jid, states=("done",), timeout=60):
    end = time.time() + timeout
    while time.time() < end:
        j = server.get_json("/api/jobs/" + jid)
        if j["state"] in states:
            return j
        assert j["state"] in ("queued", "running"), j
        time.sleep(0.05)
    pytest.fail("job %s not %s within %d s: %s" % (jid, "/".join(states), timeout, j))


def create_job(server, body, content_type="application/json", query="", source=None):
    r = server.post("/api/jobs" + query, body, content_type, source=source)
    assert r.status == 202, r
    j = r.json()
    assert re.fullmatch(r"[0-9a-f]{32}", j["id"]), j
    assert j["state"] == "queued" and j["progress"] == 0, j
    assert j["links"] == {"self": "/api/jobs/" + j["id"], "events": "/api/jobs/%s/events" % j["id"],
                          "result": "/api/jobs/%s/result" % j["id"]}, j
    return j


def read_events(server, jid, timeout=60, on_first=None):
    """The job's event stream to its end: [(event, data)]; on_first() is
    called once the first event arrived."""
    c = server.connection(timeout=timeout)
    c.request("GET", "/api/jobs/%s/events" % jid)
    r = c.getresponse()
    assert r.status == 200
    assert r.getheader("Content-Type") == "text/event-stream"
    events, event, data = [], None, []
    try:
        while True:
            line = r.readline()
            if not line:
                break  # the stream ended
            line = line.decode().rstrip("\r\n")
            if line == "":
                if event:
                    events.append((event, json.loads("\n".join(data))))
                    if len(events) == 1 and on_first:
                        on_first()
                event, data = None, []
            elif line.startswith(":"):
                continue
            elif line.startswith("event:"):
                event = line[6:].strip()
            elif line.startswith("data:"):
                data.append(line[5:].strip())
    finally:
        c.close()
    return events


def long_buddha_scene(binary, tmp_path, samples=5000000000):
    """A Buddhabrot that samples for minutes: a job to cancel."""
    p = tmp_path / ("long-buddha-%d.json" % next(_counter))
    cli(binary, "render", "buddhabrot", "--size", "64x48", "--samples", samples, "--iter", "500", "-o", p)
    return p.read_text()


def slow_tile_url(iter_, aa=1):
    """A tile inside the main cardioid with the interior tests off: every
    sample runs iter_ iterations."""
    return tile_url(0, 0, 0, center="-0.3,0.1", width="0.1", iter=iter_, aa=aa, interior_test="off",
                    periodicity="off", palette_offset=fresh())


@pytest.fixture(scope="module")
def slow_tile(server):
    """slow_tile(): the URL of a new tile of about 12 s on this build and
    device (an optimised or a sanitizer build, a CPU or a GPU), up to the
    limits (iter, aa 7): long enough to be cancelled while it renders. A
    CPU render stops between blocks of 2048 samples (1/32 of a tile at aa
    1), so a cancel takes a fraction of a second."""
    max_iter = LIMITS["max_iter"]
    iter_, aa = 4000, 1
    while True:
        t0 = time.time()
        assert_png(server.get(slow_tile_url(iter_, aa), timeout=300))
        t = max(time.time() - t0, 0.001)
        if t >= 0.25 or (iter_ == max_iter and aa == 7):
            break
        if iter_ < max_iter:
            iter_ = min(max_iter, iter_ * 8)
        else:
            aa = min(7, aa + 2)
    work = iter_ * aa * aa * 12.0 / t  # iterations x aa^2 for 12 s
    aa = 1
    while work / (aa * aa) > max_iter and aa < 7:
        aa += 1
    iter_ = max(1000, min(max_iter, int(work / (aa * aa))))
    return lambda: slow_tile_url(iter_, aa)


# ===================================================================== lists

def test_info(server):
    info = server.get_json("/api/info")
    assert isinstance(info["version"], str) and info["version"]
    assert info["device"].startswith(DEVICE)
    lim = info["limits"]
    assert lim["max_pixels"] == LIMITS["max_pixels"]
    assert lim["max_iter"] == LIMITS["max_iter"]
    assert lim["max_upload"] == LIMITS["max_upload"]
    assert lim["max_zoom"] == LIMITS["max_zoom"]
    assert lim["max_jobs_per_client"] == 2 and lim["max_jobs"] == 8
    assert lim["max_memory"] == 2 << 30
    assert lim["tile_size"] == TILE
    assert info["formulas"] == FORMULAS
    assert info["colorings"] == COLORINGS
    assert [p["name"] for p in info["palettes"]] == [p["name"] for p in server.get_json("/api/palettes")]


def test_formulas_colorings(server):
    assert server.get_json("/api/formulas") == FORMULAS
    assert server.get_json("/api/colorings") == COLORINGS


def test_palettes(server):
    pals = server.get_json("/api/palettes")
    names = [p["name"] for p in pals]
    for n in ("classic", "ultra", "fire", "ocean", "grey", "rainbow", "twilight"):
        assert n in names
    for p in pals:
        assert len(p["colors"]) >= 2, p
        assert all(re.fullmatch(r"#[0-9a-f]{6}", c) for c in p["colors"]), p
    grey = next(p for p in pals if p["name"] == "grey")
    assert grey["colors"] == ["#000000", "#ffffff"]


@pytest.mark.parametrize("family,must", [("escape", {"center", "width", "iter", "palette", "color", "aa", "size"}),
                                         ("buddhabrot", {"samples", "channel", "iter", "size", "seed"})])
def test_params(server, family, must):
    table = server.get_json("/api/params/" + family)
    names = {p["name"] for p in table}
    assert must <= names, must - names
    for p in table:
        for k in ("name", "type", "help", "range"):
            assert isinstance(p[k], str), p
        if p["type"] == "enum":
            assert p["values"], p
    by = {p["name"]: p for p in table}
    if family == "escape":
        assert by["iter"]["default"] == "1000"
        assert by["color"]["values"] == [c["name"] for c in COLORINGS]
        if "formula" in by:
            assert by["formula"]["values"] == FORMULAS


def test_params_unknown_family(server):
    assert_error(server.get("/api/params/flame"), 404)
    assert_error(server.get("/api/params/"), 404)


def test_stats(server):
    s = server.stats()
    keys = {"tiles": ["requests", "rendered", "memory_hits", "disk_hits", "cancelled", "batches", "batched_tiles"],
            "jobs": ["created", "done", "failed", "cancelled", "running", "queued"],
            "cache": ["entries", "bytes"], "memory": ["reserved", "rss"]}
    for group, names in keys.items():
        for n in names:
            assert isinstance(s[group][n], int) and s[group][n] >= 0, (group, n, s)
    assert s["memory"]["rss"] > 1 << 20
    before = s["tiles"]["requests"]
    assert_png(server.get(tile_url(0, 0, 0, palette_offset=fresh())))
    assert server.stats()["tiles"]["requests"] == before + 1


def test_unknown_routes(server):
    assert_error(server.get("/api/nothing"), 404)
    assert_error(server.get("/api"), 404)
    assert_error(server.get("/api/tile/0/0/0"), 404)
    assert_error(server.get("/api/tile/0/0/0.jpg"), 404)
    assert_error(server.get("/api/tile/0/0.png"), 404)
    assert_error(server.get("/api/tile/0/0/0/0.png"), 404)
    assert_error(server.get("/api/tile//0/0.png"), 404)


@pytest.mark.parametrize("method,path", [
    ("POST", "/api/info"), ("PUT", "/api/formulas"), ("DELETE", "/api/stats"), ("POST", "/api/colorings"),
    ("POST", "/api/palettes"), ("POST", "/api/params/escape"), ("POST", "/api/tile/0/0/0.png"),
    ("POST", "/api/view.png"), ("GET", "/api/render"), ("PUT", "/api/render"), ("GET", "/api/jobs"),
    ("DELETE", "/api/jobs"), ("PUT", "/api/jobs/0123456789abcdef0123456789abcdef"),
    ("POST", "/api/jobs/0123456789abcdef0123456789abcdef"),
    ("DELETE", "/api/jobs/0123456789abcdef0123456789abcdef/events"), ("POST", "/"), ("PUT", "/index.html"),
    ("DELETE", "/sub/app.js")])
def test_wrong_method(server, method, path):
    assert_error(server.request(method, path, body=b"{}" if method in ("POST", "PUT") else None), 405)


# ===================================================================== tiles

def test_tile_levels(server, binary, tmp_path):
    """Levels 0..6, tiles left and above the anchor too: 256x256 PNGs whose
    scene is the documented tile view, exactly."""
    for z, x, y in [(0, 0, 0), (0, -1, -1), (1, -1, 0), (2, -2, -1), (3, 0, -2), (4, -5, 1), (6, -37, -20)]:
        r = server.get(tile_url(z, x, y, iter=200))
        png = assert_png(r, (TILE, TILE))
        assert r.header("cache-control") == "public, max-age=31536000, immutable"
        assert r.header("x-fractalis-cache") in ("miss", "memory", "disk")
        scene = png_scene(png)
        assert scene["fractalis"] == "escape" and scene["size"] == "256x256" and scene["iter"] == 200
        re_, im, w = scene_view(scene)
        ere, eim, s = expected_tile_view(DEFAULT_CENTER, DEFAULT_WIDTH, z, x, y)
        assert (re_, im, w) == (ere, eim, s), (z, x, y, scene["center"], scene["width"])


def test_tile_rerenders_from_png(server, binary, tmp_path):
    png = assert_png(server.get(tile_url(3, -3, -2, palette="ultra", color="count", palette_offset=fresh())))
    assert cli_render_from(binary, tmp_path, "tile", png, ".png") == png


def test_tiles_join(server):
    """Neighbours' centres differ by exactly the tile's side."""
    z, x, y = 5, -11, -6
    a = scene_view(png_scene(assert_png(server.get(tile_url(z, x, y, iter=100)))))
    b = scene_view(png_scene(assert_png(server.get(tile_url(z, x + 1, y, iter=100)))))
    c = scene_view(png_scene(assert_png(server.get(tile_url(z, x, y + 1, iter=100)))))
    s = DEFAULT_WIDTH / 2 ** z
    assert a[2] == b[2] == c[2] == s
    assert b[0] - a[0] == s and b[1] == a[1]
    assert a[1] - c[1] == s and c[0] == a[0]


def test_deep_tile(server, binary, tmp_path):
    """A 40-digit anchor 1e-20 wide: the tile's scene to all its digits,
    its neighbours a tile's side apart, and the CLI renders it again."""
    center = ",".join(DEEP_CENTER)
    q = dict(center=center, width="1e-20", iter=3000)
    z, x, y = 3, -4, 2
    png = assert_png(server.get(tile_url(z, x, y, **q)), (TILE, TILE))
    re_, im, w = scene_view(png_scene(png))
    ere, eim, s = expected_tile_view(DEEP_CENTER, "1e-20", z, x, y)
    tol = s * Decimal("1e-15")
    assert abs(w - s) <= tol, (w, s)
    assert abs(re_ - ere) <= tol and abs(im - eim) <= tol, (re_, ere, im, eim)
    # enough digits that neighbours are distinct to 2^-50 of a tile
    right = scene_view(png_scene(assert_png(server.get(tile_url(z, x + 1, y, **q)))))
    below = scene_view(png_scene(assert_png(server.get(tile_url(z, x, y + 1, **q)))))
    assert abs((right[0] - re_) - s) <= tol and right[1] == im
    assert abs((im - below[1]) - s) <= tol and below[0] == re_
    assert cli_render_from(binary, tmp_path, "deep", png, ".png") == png


def test_tile_huge_coordinates(server):
    """x and y as long decimals: 2^200 at level 200 is one level-0 width
    right of the anchor; the centre is exact to the tile."""
    z, x, y = 200, 2 ** 200, -(2 ** 199)
    png = assert_png(server.get(tile_url(z, x, y, iter=50)))
    re_, im, w = scene_view(png_scene(png))
    ere, eim, s = expected_tile_view(DEFAULT_CENTER, DEFAULT_WIDTH, z, x, y)
    tol = s * Decimal("1e-15")
    assert abs(w - s) <= tol and abs(re_ - ere) <= tol and abs(im - eim) <= tol, (re_, ere, im, eim)
    # a tile far outside the range of centres is a bad value, not a crash
    assert_error(server.get(tile_url(0, 10 ** 40, 0)), 400, ("x", "center"))
    # thousands of digits: refused as a bad x (or y)
    assert_error(server.get(tile_url(0, "9" * 5000, 0)), 400, "x")
    assert_error(server.get(tile_url(0, 0, "-" + "9" * 5000)), 400, "y")


@pytest.mark.parametrize("path,status,param", [
    ("/api/tile/abc/0/0.png", 400, "z"),
    ("/api/tile/-1/0/0.png", 400, "z"),
    ("/api/tile/1.5/0/0.png", 400, "z"),
    ("/api/tile/99999999999999999999999/0/0.png", 400, "z"),
    ("/api/tile/1001/0/0.png", 400, "z"),  # --max-zoom 1000
    ("/api/tile/1/1.5/0.png", 400, "x"),
    ("/api/tile/1/abc/0.png", 400, "x"),
    ("/api/tile/1/1e3/0.png", 400, "x"),
    ("/api/tile/1/+1/0.png", 400, "x"),
    ("/api/tile/1/-/0.png", 400, "x"),
    ("/api/tile/1/0/0.5.png", 400, "y"),
    ("/api/tile/1/0/y.png", 400, "y"),
    ("/api/tile/0/0/0.png?size=512x512", 400, "size"),
    ("/api/tile/0/0/0.png?rotate=30", 400, "rotate"),
    ("/api/tile/0/0/0.png?color=histogram", 400, "color"),
    ("/api/tile/0/0/0.png?colour=smooth", 400, "colour"),
    ("/api/tile/0/0/0.png?bogus=1", 400, "bogus"),
    ("/api/tile/0/0/0.png?iter=2000001", 413, "iter"),
    ("/api/tile/0/0/0.png?iter=abc", 400, "iter"),
    ("/api/tile/0/0/0.png?iter=0", 400, "iter"),
    ("/api/tile/0/0/0.png?aa=8", 413, "aa"),
    ("/api/tile/0/0/0.png?aa=99", 400, "aa"),
    ("/api/tile/0/0/0.png?palette=nosuchpalette", 400, "palette"),
    ("/api/tile/0/0/0.png?palette=/etc/passwd", 400, "palette"),
    ("/api/tile/0/0/0.png?formula=mandelbulb", 400, "formula"),
    ("/api/tile/0/0/0.png?center=1", 400, "center"),
    ("/api/tile/0/0/0.png?center=abc,0", 400, "center"),
    ("/api/tile/0/0/0.png?width=-1", 400, "width"),
    ("/api/tile/0/0/0.png?width=0", 400, "width"),
    ("/api/tile/0/0/0.png?power=1&formula=multibrot", 400, "power"),
])
def test_tile_refused(server, path, status, param):
    assert_error(server.get(path), status, param)


def test_no_request_names_a_file(server, tmp_path):
    """A palette is a preset or colours: a path (even of a valid palette
    file, or /dev/zero) is refused at once, the same whether it exists."""
    pal = tmp_path / "palette.txt"
    pal.write_text("#ff0000\n#00ff00\n#0000ff\n")
    for value in [str(pal), "/dev/zero", "/dev/stdin", str(tmp_path / "missing.txt"), "palette.txt", "../x"]:
        t0 = time.time()
        e1 = assert_error(server.get(tile_url(0, 0, 0, palette=value), timeout=10), 400, "palette")
        e2 = assert_error(server.get("/api/view.png?size=32x24&palette=" + value, timeout=10), 400, "palette")
        assert time.time() - t0 < 5
        assert "No such file" not in e1["error"] + e2["error"]
        scene = json.dumps({"fractalis": "escape", "size": "32x24", "palette": value})
        assert_error(server.post("/api/render", scene, timeout=10), 400, "palette")
        assert_error(server.post("/api/jobs", scene, timeout=10), 400, "palette")
    # colours and presets are fine
    assert_png(server.get(tile_url(0, 0, 0, palette="%23ff0000,%2300ff00", palette_offset=fresh())))
    assert_png(server.get(tile_url(0, 0, 0, palette="ULTRA", palette_offset=fresh())))


def test_tile_head(server):
    url = tile_url(1, -1, 0, palette_offset=fresh())
    r = server.request("HEAD", url)
    assert r.status == 200 and r.body == b"" and r.header("content-type") == "image/png", r
    assert_png(server.get(url))


def test_batched_tiles_are_each_their_own(make_server, server, slow_tile):
    """Tiles queued behind a slow one are rendered as a batch: each reply
    is its own tile, byte for byte what a server rendering one at a time
    gives (duplicates in the batch too)."""
    s = make_server()
    urls = [tile_url(3, x, y, palette="ocean", iter=300) for x in range(-4, 2) for y in (-1, 0)]
    urls += urls[:4]  # the same tiles twice in one batch
    slow = socket.create_connection(("127.0.0.1", s.port))
    slow.sendall(("GET %s HTTP/1.1\r\nHost: x\r\n\r\n" % slow_tile()).encode())
    time.sleep(0.3)
    out = [None] * len(urls)

    def fetch(i):
        out[i] = s.get(urls[i])

    threads = [threading.Thread(target=fetch, args=(i,)) for i in range(len(urls))]
    base = s.stats()["tiles"]["requests"]
    for t in threads:
        t.start()
    end = time.time() + 20  # all queued behind the slow tile, which goes then
    while s.stats()["tiles"]["requests"] < base + len(urls) and time.time() < end:
        time.sleep(0.02)
    time.sleep(0.2)
    slow.close()
    for t in threads:
        t.join()
    st = s.stats()["tiles"]
    assert st["batched_tiles"] >= 2, st
    assert st["rendered"] <= len(set(urls)) + 1, st  # a tile asked for twice is rendered once
    for u, r in zip(urls, out):
        assert_png(r)
        assert r.body == assert_png(server.get(u)), u


def test_memory_cache_evicts(make_server):
    """--cache-memory bounds the in-memory tiles (least recently used go)."""
    s = make_server("--cache-memory", "20K")
    urls = [tile_url(2, x, -1, palette="rainbow", color="count") for x in (-2, -1, 0, 1)]
    for u in urls:
        assert s.get(u).header("x-fractalis-cache") == "miss"
    c = s.stats()["cache"]
    assert c["bytes"] <= 20 * 1024 and 0 < c["entries"] < len(urls), c
    assert s.get(urls[-1]).header("x-fractalis-cache") == "memory"
    assert s.get(urls[0]).header("x-fractalis-cache") == "miss"
    s2 = make_server("--cache-memory", "0")
    assert s2.get(urls[0]).header("x-fractalis-cache") == "miss"
    assert s2.get(urls[0]).header("x-fractalis-cache") == "miss"
    assert s2.stats()["cache"]["entries"] == 0


def test_tile_rotate_zero_accepted(server):
    assert_png(server.get(tile_url(0, 0, 0, rotate=0, palette_offset=fresh())))


def test_tile_aa_counts_against_its_size(server, binary, tmp_path):
    """--max-pixels 4000000 takes a 256x256 tile at aa 7 (3.2M samples)."""
    png = assert_png(server.get(tile_url(1, -1, -1, aa=7, iter=100, palette_offset=fresh())), (TILE, TILE))
    assert png_scene(png)["aa"] == 7
    assert cli_render_from(binary, tmp_path, "aa7", png, ".png") == png
    e = assert_error(server.get(tile_url(0, 0, 0, aa=8)), 413, "aa")
    assert "256x256" in e["error"]


def test_tile_cache_miss_then_memory(server):
    url = tile_url(2, -1, -1, palette_offset=fresh())
    a = server.get(url)
    assert_png(a)
    assert a.header("x-fractalis-cache") == "miss"
    hits = server.stats()["tiles"]["memory_hits"]
    b = server.get(url)
    assert b.header("x-fractalis-cache") == "memory"
    assert b.body == a.body
    assert b.header("cache-control") == "public, max-age=31536000, immutable"
    assert server.stats()["tiles"]["memory_hits"] == hits + 1


def test_tile_disk_cache(make_server, tmp_path, secret):
    cache = tmp_path / "tiles"
    urls = [tile_url(1, x, y, palette="fire", iter=150) for x, y in [(-1, -1), (0, 0), (-2, 1)]]
    a = make_server(cache=cache)
    first = []
    for u in urls:
        r = a.get(u)
        assert_png(r)
        assert r.header("x-fractalis-cache") == "miss"
        first.append(r.body)
    a.stop()
    names = sorted(os.listdir(cache))
    assert len(names) == len(urls), names
    assert all(re.fullmatch(r"[0-9a-f]{64}\.png", n) for n in names), names
    assert all((cache / n).is_file() and not (cache / n).is_symlink() for n in names)
    assert sorted((cache / n).read_bytes() for n in names) == sorted(first)

    b = make_server(cache=cache)
    for u, body in zip(urls, first):
        r = b.get(u)
        assert r.header("x-fractalis-cache") == "disk", r
        assert r.body == body
        r = b.get(u)
        assert r.header("x-fractalis-cache") == "memory", r
        assert r.body == body
    st = b.stats()["tiles"]
    assert st["disk_hits"] == len(urls) and st["memory_hits"] == len(urls) and st["rendered"] == 0
    # a file in the folder that is not a PNG, or a symbolic link, is not served
    b.stop()
    os.unlink(cache / names[0])
    (cache / names[0]).write_bytes(b"not a png")
    os.unlink(cache / names[1])
    (cache / names[1]).symlink_to(secret)
    c = make_server(cache=cache)
    for u, body in zip(urls, first):
        r = c.get(u)
        assert r.body == body and secret.read_bytes() not in r.body
    assert c.stats()["tiles"]["rendered"] == 2
    assert sorted(os.listdir(cache)) == names


def test_tile_no_disk_cache_without_option(make_server, tmp_path):
    s = make_server()
    assert_png(s.get(tile_url(0, 0, 0, palette_offset=fresh())))
    assert s.stats()["cache"]["entries"] == 1


# ===================================================================== renders

def test_view_julia_preview(server, binary, tmp_path):
    r = server.get("/api/view.png?formula=julia&c=-0.4,0.6&size=160x120&iter=300&palette=ocean")
    png = assert_png(r, (160, 120))
    scene = png_scene(png)
    assert scene["formula"] == "julia" and scene["c"] == "-0.4,0.6"
    assert cli_render_from(binary, tmp_path, "julia", png, ".png") == png
    # the default size
    assert png_size(assert_png(server.get("/api/view.png?iter=50&palette-offset=" + fresh()))) == (800, 600)


@pytest.mark.parametrize("query,status,param", [
    ("size=2001x2001", 413, "size"), ("size=1000x1000&aa=3", 413, "aa"), ("iter=2000001", 413, "iter"),
    ("size=0x5", 400, "size"), ("size=big", 400, "size"), ("nosuch=1", 400, "nosuch"),
    ("formula=julia&c=x", 400, "c"), ("color=purple", 400, "color")])
def test_view_refused(server, query, status, param):
    assert_error(server.get("/api/view.png?" + query), status, param)


def test_view_histogram_and_rotation_allowed(server):
    assert_png(server.get("/api/view.png?size=64x48&color=histogram&rotate=30&iter=100"), (64, 48))


def test_render_matches_cli(server, binary, tmp_path):
    scene = tmp_path / "scene.json"
    cli(binary, "render", "burningship", "--size", "200x140", "--center", "-1.755,-0.03", "--width", "0.12",
        "--iter", "400", "--palette", "twilight", "--aa", "2", "-o", scene)
    r = server.post("/api/render", scene.read_bytes())
    png = assert_png(r, (200, 140))
    assert png == cli_render_from(binary, tmp_path, "render", scene.read_bytes(), ".json")
    assert json.loads(png_text(png, "fractalis")) == json.loads(scene.read_text())


@pytest.mark.parametrize("body,status,param", [
    ("{not json", 400, None), ("", 400, None), ("[]", 400, None), ('{"fractalis": "nonsense"}', 400, None),
    ('{"fractalis": "escape", "iter": 2000001}', 413, "iter"),
    ('{"fractalis": "escape", "size": "3000x3000"}', 413, "size"),
    ('{"fractalis": "escape", "iter": "many"}', 400, "iter"),
    ('{"fractalis": "buddhabrot", "size": "64x64", "samples": "1000"}', 400, None),
])
def test_render_refused(server, body, status, param):
    e = assert_error(server.post("/api/render", body), status, param)
    assert "param" not in e or param


# ===================================================================== jobs

def test_job_escape(server, binary, tmp_path):
    scene = tmp_path / "job.json"
    cli(binary, "render", "tricorn", "--size", "120x90", "--iter", "300", "--color", "histogram", "-o", scene)
    j = create_job(server, scene.read_bytes())
    assert j["kind"] == "escape"
    # 409 until done (it may be done already: then 200)
    r = server.get(j["links"]["result"])
    assert r.status in (200, 409), r
    if r.status == 409:
        assert_error(r, 409)
    done = wait_job(server, j["id"])
    assert done["progress"] == 1 and done["width"] == 120 and done["height"] == 90
    assert done["seconds"] >= 0 and "error" not in done
    png = assert_png(server.get(j["links"]["result"]), (120, 90))
    assert png == cli_render_from(binary, tmp_path, "job", scene.read_bytes(), ".json")


def test_job_buddhabrot_matches_cli_and_events(server, binary, tmp_path):
    scene = tmp_path / "buddha.json"
    cli(binary, "render", "buddhabrot", "--size", "200x150", "--samples", "2000000", "--iter", "300", "-o", scene)
    j = create_job(server, scene.read_bytes())
    assert j["kind"] == "buddhabrot"
    events = read_events(server, j["id"])
    names = [e for e, _ in events]
    assert names[-1] == "done" and names.count("done") == 1, names
    assert set(names[:-1]) <= {"progress"} and len(names) >= 2, names
    for _, d in events:
        assert d["id"] == j["id"] and 0 <= d["progress"] <= 1
    progress = [d["progress"] for e, d in events if e == "progress"]
    assert progress == sorted(progress)
    assert events[-1][1]["state"] == "done"
    png = assert_png(server.get(j["links"]["result"]), (200, 150))
    assert png == cli_render_from(binary, tmp_path, "buddha", scene.read_bytes(), ".json")
    # a finished job's stream: its end at once
    assert [e for e, _ in read_events(server, j["id"], timeout=10)] == ["done"]


@pytest.mark.parametrize("how", ["content-type", "query"])
def test_job_flame(server, data, how):
    xml = (data / "motion-triangle.flam3").read_bytes()
    if how == "content-type":
        j = create_job(server, xml, "application/xml", "?size=100x75&quality=5&seed=3")
    else:
        j = create_job(server, xml, "application/octet-stream", "?kind=flame&size=80x60&quality=5&genome=0")
    assert j["kind"] == "flame"
    done = wait_job(server, j["id"])
    png = assert_png(server.get(j["links"]["result"]), (done["width"], done["height"]))
    genome = png_text(png, "flam3_genome")
    assert genome and "<flame" in genome and "xform" in genome


def test_job_flame_text_xml(server, data):
    xml = (data / "temporal-exp.flam3").read_bytes()
    j = create_job(server, xml, "text/xml; charset=utf-8", "?size=64x48&quality=3")
    wait_job(server, j["id"])


@pytest.mark.parametrize("body,ctype,query,status,param", [
    ("{not json", "application/json", "", 400, None),
    ("", "application/json", "", 400, None),
    ('{"fractalis": "flame"}', "application/json", "", 400, None),
    ('{"fractalis": "buddhabrot", "channel": "gray:0:2000001", "samples": "1000"}', "application/json", "", 413,
     "iter"),
    ('{"fractalis": "buddhabrot", "size": "3000x3000", "samples": "1000"}', "application/json", "", 413, "size"),
    ('{"fractalis": "buddhabrot", "samples": "100000000000"}', "application/json", "", 413, "samples"),
    ('{"fractalis": "escape", "iter": 2000001}', "application/json", "", 413, "iter"),
    ("<flames><flame", "application/xml", "", 400, None),
    ("<notflames/>", "application/xml", "", 400, None),
    ("FLAME", "application/xml", "?size=3000x3000", 413, "size"),
    ("FLAME", "application/xml", "?genome=7", 400, "genome"),
    ("FLAME", "application/xml", "?genome=x", 400, "genome"),
    ("FLAME", "application/xml", "?bogus=1", 400, "bogus"),
    ("FLAME", "application/xml", "?quality=abc", 400, "quality"),
    ("FLAME", "application/xml", "?quality=1000000000&size=1000x1000", 413, "quality"),
    ("FLAME", "text/plain", "?kind=sheep", 400, "kind"),
])
def test_job_refused(server, data, body, ctype, query, status, param):
    if body == "FLAME":
        body = (data / "motion-triangle.flam3").read_text()
    created = server.stats()["jobs"]["created"]
    assert_error(server.post("/api/jobs" + query, body, ctype), status, param)
    assert server.stats()["jobs"]["created"] == created


def test_job_unknown(server):
    for path in ["/api/jobs/0123456789abcdef0123456789abcdef", "/api/jobs/nope",
                 "/api/jobs/0123456789abcdef0123456789abcdef/result",
                 "/api/jobs/0123456789abcdef0123456789abcdef/events", "/api/jobs/" + "a" * 200]:
        assert_error(server.get(path), 404)
    assert_error(server.request("DELETE", "/api/jobs/0123456789abcdef0123456789abcdef"), 404)


def test_job_cancel(server, binary, tmp_path):
    """DELETE stops a running job: state cancelled, its stream ends with
    `cancelled`, its result is 409, and its memory goes back."""
    j = create_job(server, long_buddha_scene(binary, tmp_path))
    wait_job(server, j["id"], ("running",), timeout=30)
    assert_error(server.get(j["links"]["result"]), 409)
    assert_error(server.get(j["links"]["self"] + "/nothing"), 404)
    box = {}

    def cancel():
        time.sleep(1.0)
        box["delete"] = server.request("DELETE", j["links"]["self"])

    t0 = time.time()
    events = read_events(server, j["id"], timeout=30, on_first=lambda: threading.Thread(target=cancel).start())
    assert time.time() - t0 < 15, "the job did not stop promptly"
    d = box["delete"]
    assert d.status == 200 and d.json()["id"] == j["id"], d
    names = [e for e, _ in events]
    assert names[0] == "progress" and names[-1] == "cancelled" and set(names[:-1]) == {"progress"}, names
    # at most ten progress events a second
    assert 3 <= len(names) <= 10 * (time.time() - t0) + 2, names
    assert events[-1][1]["state"] == "cancelled"
    st = server.get_json(j["links"]["self"])
    assert st["state"] == "cancelled" and st["error"]
    assert_error(server.get(j["links"]["result"]), 409)
    # cancelling again changes nothing
    assert server.request("DELETE", j["links"]["self"]).json()["state"] == "cancelled"
    s = server.stats()
    assert s["jobs"]["running"] == 0 and s["memory"]["reserved"] == 0, s


def test_job_cancel_queued(make_server, binary, tmp_path):
    s = make_server("--max-jobs-per-client", "3")
    long = long_buddha_scene(binary, tmp_path)
    a = create_job(s, long)
    wait_job(s, a["id"], ("running",))
    b = create_job(s, long)
    assert s.get_json(b["links"]["self"])["state"] == "queued"
    assert s.stats()["jobs"]["queued"] == 1
    assert s.request("DELETE", b["links"]["self"]).json()["state"] == "cancelled"
    assert [e for e, _ in read_events(s, b["id"], timeout=10)] == ["cancelled"]
    s.request("DELETE", a["links"]["self"])
    wait_job(s, a["id"], ("cancelled",))
    st = s.stats()["jobs"]
    assert st["cancelled"] == 2 and st["running"] == 0 and st["queued"] == 0


def test_jobs_per_client_and_total(make_server, binary, tmp_path):
    """--max-jobs-per-client 1 and --max-jobs 2: 429 beyond either (clients
    told apart by their address: 127.0.0.1, .2, .3)."""
    s = make_server("--max-jobs-per-client", "1", "--max-jobs", "2")
    long = long_buddha_scene(binary, tmp_path)
    a = create_job(s, long)
    assert_error(s.post("/api/jobs", long), 429)
    b = create_job(s, long, source="127.0.0.2")
    e = assert_error(s.post("/api/jobs", long, source="127.0.0.3"), 429)
    assert "max-jobs" in e["error"]
    for j in (a, b):
        assert s.request("DELETE", j["links"]["self"]).status == 200
    for j in (a, b):
        wait_job(s, j["id"], ("cancelled",))
    c = create_job(s, long, source="127.0.0.3")
    s.request("DELETE", c["links"]["self"])
    wait_job(s, c["id"], ("cancelled",))


def test_job_limits_hold_for_requests_at_once(make_server, data):
    """Sixteen uploads at once from one client with --max-jobs-per-client 1:
    exactly one is accepted (the limit is checked again as a job joins)."""
    s = make_server("--max-jobs-per-client", "1")
    xml = (data / "motion-triangle-keys.flam3").read_bytes()
    for _ in range(3):
        out = []
        threads = [threading.Thread(target=lambda: out.append(
            s.post("/api/jobs?size=1000x750&quality=1000", xml, "application/xml"))) for _ in range(16)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        ok = [r for r in out if r.status == 202]
        assert len(ok) == 1, sorted(r.status for r in out)
        for r in out:
            if r.status != 202:
                assert_error(r, 429)
        s.request("DELETE", ok[0].json()["links"]["self"])
        wait_job(s, ok[0].json()["id"], ("cancelled",))


def test_memory_budget(make_server, binary, tmp_path):
    """--max-memory: a render or job that alone needs more is refused (503);
    while a job holds the budget, renders are refused; then they work."""
    s = make_server("--max-memory", "40M")
    assert_png(s.get(tile_url(0, 0, 0, palette_offset=fresh())))
    assert_png(s.get("/api/view.png?size=400x300&iter=50"))
    assert_error(s.get("/api/view.png?size=2000x1500&iter=50"), 503)
    big = tmp_path / "big.json"
    cli(binary, "render", "mandelbrot", "--size", "1600x1200", "-o", big)
    assert_error(s.post("/api/render", big.read_bytes()), 503)
    assert_error(s.post("/api/jobs", big.read_bytes()), 503)
    # a Buddhabrot that takes most of the budget while it runs
    hold = tmp_path / "hold.json"
    cli(binary, "render", "buddhabrot", "--size", "1000x750", "--samples", "5000000000", "--iter", "500", "-o", hold)
    j = create_job(s, hold.read_bytes())
    wait_job(s, j["id"], ("running",))
    assert s.stats()["memory"]["reserved"] > 20 << 20
    assert_error(s.get("/api/view.png?size=800x600&iter=50&palette-offset=" + fresh()), 503)
    s.request("DELETE", j["links"]["self"])
    wait_job(s, j["id"], ("cancelled",))
    assert s.stats()["memory"]["reserved"] == 0
    assert_png(s.get("/api/view.png?size=800x600&iter=50&palette-offset=" + fresh()))


# ===================================================================== uploads

def test_upload_limit_content_length(server):
    """A Content-Length over --max-upload is refused before the body comes."""
    head = ("POST /api/render HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            "Content-Length: %d\r\nConnection: close\r\n\r\n" % (10 << 20)).encode()
    r = server.raw(head + b" " * 1000)
    assert_error(r, 413)
    # over by one byte, through http.client
    r = server.post("/api/jobs", b"{" + b" " * 65536 + b"}")
    assert_error(r, 413)
    assert server.alive()


def test_upload_limit_chunked(server):
    head = (b"POST /api/jobs HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n")
    chunks = b"".join(b"1000\r\n" + b" " * 4096 + b"\r\n" for _ in range(20)) + b"0\r\n\r\n"
    assert_error(server.raw(head + chunks), 413)
    # chunked under the limit is read whole
    body = json.dumps({"fractalis": "escape", "size": "32x24", "iter": 50}).encode()
    body += b" " * 30000
    chunked = b"".join(b"%x\r\n%s\r\n" % (len(body[i:i + 5000]), body[i:i + 5000])
                       for i in range(0, len(body), 5000)) + b"0\r\n\r\n"
    r = server.raw(head.replace(b"/api/jobs", b"/api/render") + chunked)
    assert_png(r, (32, 24))


def test_upload_just_under_limit(server):
    body = json.dumps({"fractalis": "escape", "size": "32x24", "iter": 50}).encode()
    body += b" " * (65536 - len(body))
    assert len(body) == LIMITS["max_upload"]
    assert_png(server.post("/api/render", body), (32, 24))


def flame_with(data, doctype, name_value):
    xml = (data / "motion-triangle.flam3").read_text()
    xml = xml[xml.index("<flames>"):]
    xml = xml.replace('name="motion-triangle"', 'name="%s"' % name_value, 1)
    return '<?xml version="1.0"?>\n' + doctype + "\n" + xml


def everything_about(server, r):
    """The reply, and when it made a job: the job's JSON and result."""
    texts = [r.body]
    if r.status == 202:
        j = r.json()
        done = wait_job(server, j["id"], ("done", "failed"))
        texts.append(json.dumps(done).encode())
        if done["state"] == "done":
            texts.append(server.get(j["links"]["result"]).body)
    return texts


@pytest.mark.parametrize("target", ["SECRET", "/etc/passwd"])
def test_upload_external_entity(server, data, secret, target):
    """An external entity in an uploaded genome is never read."""
    path = str(secret) if target == "SECRET" else target
    marks = [secret.read_text().strip().encode(), b"root:x:0:0", b"root:"]
    for doctype, name in [
            ('<!DOCTYPE flames [<!ENTITY x SYSTEM "file://%s">]>' % path, "&x;"),
            ('<!DOCTYPE flames [<!ENTITY %% p SYSTEM "file://%s"> %%p;]>' % path, "ok"),
            ('<!DOCTYPE flames SYSTEM "file://%s">' % path, "ok"),
            ('<!DOCTYPE flames [<!ENTITY x SYSTEM "http://127.0.0.1:%d/api/info">]>' % server.port, "&x;")]:
        xml = flame_with(data, doctype, name)
        r = server.post("/api/jobs?size=48x36&quality=2", xml, "application/xml")
        assert r.status in (202, 400), r
        for t in everything_about(server, r):
            for m in marks:
                assert m not in t, (doctype, t[:400])
            assert b'"formulas"' not in t


def test_upload_entity_bomb(server, data):
    """Billion laughs: refused or left unexpanded, quickly, in bounded memory."""
    ents = ['<!ENTITY lol "lollollollollollollollollollol">']
    for i in range(1, 10):
        ents.append('<!ENTITY lol%d "%s">' % (i, ("&lol%s;" % (i - 1 if i > 1 else "")) * 10))
    doctype = "<!DOCTYPE flames [%s]>" % "".join(ents)
    xml = flame_with(data, doctype, "&lol9;")
    rss = server.stats()["memory"]["rss"]
    t0 = time.time()
    r = server.post("/api/jobs?size=48x36&quality=2", xml, "application/xml", timeout=30)
    assert r.status in (202, 400), r
    for t in everything_about(server, r):
        assert t.count(b"lol") < 10000, len(t)
    assert time.time() - t0 < 10
    assert server.stats()["memory"]["rss"] < rss + (256 << 20)


# ===================================================================== static files

def test_static_index(server, webdir):
    for path in ["/", "/index.html"]:
        r = server.get(path)
        assert r.status == 200 and r.body == (webdir / "index.html").read_bytes(), r
        assert r.header("content-type").startswith("text/html")
    r = server.get("/sub/app.js")
    assert r.status == 200 and r.body == (webdir / "sub" / "app.js").read_bytes()
    assert r.header("content-type").startswith("text/javascript")
    assert server.get("/sub/style.css").header("content-type").startswith("text/css")
    assert r.header("x-content-type-options") == "nosniff"


def test_static_read_at_start(server, webdir):
    """Files are read when the server starts: one written later is unknown."""
    (webdir / "later.html").write_text("later")
    try:
        assert_error(server.get("/later.html"), 404)
    finally:
        (webdir / "later.html").unlink()


@pytest.mark.parametrize("path", [
    "/../etc/passwd", "/%2e%2e/%2e%2e/%2e%2e/etc/passwd", "/%2e%2e%2f%2e%2e%2fetc%2fpasswd", "/..%2f..%2fetc/passwd",
    "/sub/../../etc/passwd", "/sub/%2e%2e/%2e%2e/outside0/secret.txt", "//etc/passwd", "/etc/passwd",
    "/link.txt", "/linkdir/secret.txt", "/sub/up.txt", "/.hidden", "/sub/../.hidden", "/nothing.html", "/sub",
    "/sub/", "/index.html/", "/./index.html/..", "/%2fetc%2fpasswd",
    "/api/../../etc/passwd"])
def test_static_never_outside(server, secret, path):
    r = server.raw(("GET %s HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n" % path).encode())
    assert r.status in (400, 404), (path, r)
    assert secret.read_text().strip().encode() not in r.body
    assert b"root:" not in r.body
    if r.header("content-type") == "application/json":
        assert_error(r, r.status)


def test_web_without_index_refused(binary, tmp_path):
    # --web given: a folder without index.html is refused at start
    empty = tmp_path / "empty"
    empty.mkdir()
    r = subprocess.run([binary, "serve", "--port", "0", "--device", "cpu", "--web", str(empty)],
                       capture_output=True, timeout=30)
    assert r.returncode != 0 and b"index.html" in r.stderr


# ===================================================================== clients that go away

def test_client_disconnects_mid_request(server, slow_tile):
    """A slow tile whose client goes away is cancelled: the tile worker is
    free again at once, and /api/stats counts it."""
    before = server.stats()["tiles"]["cancelled"]
    s = socket.create_connection(("127.0.0.1", server.port))
    s.sendall(("GET %s HTTP/1.1\r\nHost: x\r\n\r\n" % slow_tile()).encode())
    time.sleep(0.5)  # rendering by now
    s.close()
    end = time.time() + 10
    while server.stats()["tiles"]["cancelled"] == before and time.time() < end:
        time.sleep(0.05)
    assert server.stats()["tiles"]["cancelled"] > before
    t0 = time.time()
    assert_png(server.get(tile_url(0, 0, 0, palette_offset=fresh()), timeout=30))
    assert time.time() - t0 < 5, "the cancelled tile still held the tile worker"
    assert server.get_json("/api/info")["device"].startswith(DEVICE)


def test_client_disconnects_while_queued(server, slow_tile):
    """Several slow tiles queued and dropped at once: all cancelled."""
    before = server.stats()["tiles"]["cancelled"]
    socks = []
    for _ in range(4):
        s = socket.create_connection(("127.0.0.1", server.port))
        s.sendall(("GET %s HTTP/1.1\r\nHost: x\r\n\r\n" % slow_tile()).encode())
        socks.append(s)
    time.sleep(0.5)
    for s in socks:
        s.close()
    end = time.time() + 10
    while server.stats()["tiles"]["cancelled"] < before + 4 and time.time() < end:
        time.sleep(0.05)
    assert server.stats()["tiles"]["cancelled"] >= before + 4
    t0 = time.time()
    assert_png(server.get(tile_url(0, -1, 0, palette_offset=fresh()), timeout=30))
    assert time.time() - t0 < 5


def test_client_disconnects_mid_response(server):
    """Clients that read a few bytes of a big PNG and leave: the server
    keeps answering."""
    url = "/api/view.png?size=2000x2000&iter=64&color=count&palette-cycle=1&palette=rainbow"
    for i in range(3):
        s = socket.create_connection(("127.0.0.1", server.port), timeout=60)
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        s.sendall(("GET %s&palette-offset=%s HTTP/1.1\r\nHost: x\r\n\r\n" % (url, fresh())).encode())
        got = s.recv(64)
        assert got.startswith(b"HTTP/1.1 200"), got
        s.close()
    # a keep-alive connection closed after the head of its second reply
    s = socket.create_connection(("127.0.0.1", server.port), timeout=60)
    s.sendall(b"GET /api/formulas HTTP/1.1\r\nHost: x\r\n\r\n" +
              ("GET %s&palette-offset=%s HTTP/1.1\r\nHost: x\r\n\r\n" % (url, fresh())).encode())
    time.sleep(0.2)
    s.recv(16)
    s.close()
    assert server.alive()
    assert server.get_json("/api/formulas") == FORMULAS
    assert_png(server.get(tile_url(1, 0, 0, palette_offset=fresh())))
    # the last view's render, its client gone, stops and gives its memory back
    end = time.time() + 10
    while server.stats()["memory"]["reserved"] and time.time() < end:
        time.sleep(0.05)
    assert server.stats()["memory"]["reserved"] == 0


def test_garbage_requests(server):
    for junk in [b"\x00\x01\x02garbage\r\n\r\n", b"GET\r\n\r\n", b"GET / HTTP/9.9\r\n\r\n",
                 b"GET /api/info HTTP/1.1\r\n" + b"X: " + b"a" * 100000 + b"\r\n\r\n"]:
        s = socket.create_connection(("127.0.0.1", server.port), timeout=1)
        try:
            s.sendall(junk)
            s.recv(1000)
        except OSError:
            pass
        s.close()
    assert server.alive()
    assert server.get_json("/api/formulas") == FORMULAS


def test_stop_while_busy(make_server, binary, tmp_path, slow_tile):
    """SIGTERM with a job running, its event stream open and a slow tile in
    flight: the server stops promptly and exits 0."""
    s = make_server()
    j = create_job(s, long_buddha_scene(binary, tmp_path))
    wait_job(s, j["id"], ("running",))
    sse = s.connection(timeout=30)
    sse.request("GET", j["links"]["events"])
    sse_resp = sse.getresponse()
    tile = socket.create_connection(("127.0.0.1", s.port), timeout=30)
    tile.sendall(("GET %s HTTP/1.1\r\nHost: x\r\n\r\n" % slow_tile()).encode())
    time.sleep(0.5)
    t0 = time.time()
    s.stop(timeout=15)
    assert time.time() - t0 < 10
    try:
        rest = sse_resp.read()
    except http.client.IncompleteRead as e:  # the stream may be cut as the server stops
        rest = e.partial
    assert b"event: progress" in rest
    sse.close()
    tile.close()
