"""Helpers of the fractalis animate tests: running the programs, reading
PNG frames (chunks, CRCs, bit depth, embedded meta) and videos (through
video_probe)."""
import atexit
import os
import shutil
import struct
import subprocess
import tempfile
import zlib

import pytest

DRIVER = os.environ.get("ANIMATE_DRIVER", "")
FRACTALIS = os.environ.get("FRACTALIS", "")
PROBE = os.environ.get("VIDEO_PROBE", "")
VIDEO_WANTED = os.environ.get("FR_VIDEO_WANTED", "1") == "1"
SOURCE = os.environ.get("FR_SOURCE", os.path.join(os.path.dirname(__file__), "..", ".."))


def tmpdir(name):
    base = os.environ.get("FR_TEST_TMP") or "/tmp"
    os.makedirs(base, exist_ok=True)
    d = tempfile.mkdtemp(prefix=name + ".", dir=base)
    atexit.register(shutil.rmtree, d, True)  # (kept while the test runs; gone after)
    return d


def need_video():
    """Video tests need FFmpeg: a build that wanted it and lacks it fails."""
    if PROBE:
        return
    if VIDEO_WANTED:
        pytest.fail("this build has no video support but FR_VIDEO was not OFF: install libavcodec-dev "
                    "libavformat-dev libswscale-dev libavutil-dev (scripts/setup.sh does)")
    pytest.skip("built with FR_VIDEO=OFF")


def run(cmd, timeout=120):
    return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)


def png(path):
    """(width, height, bit depth, fractalis meta or None) of a complete PNG;
    AssertionError if it is damaged or truncated."""
    with open(path, "rb") as f:
        data = f.read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", path
    pos, meta, ihdr, idat, end = 8, None, None, b"", False
    while pos < len(data):
        assert pos + 8 <= len(data), f"{path}: truncated"
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        assert len(body) == n and pos + 12 + n <= len(data), f"{path}: truncated"
        crc = struct.unpack(">I", data[pos + 8 + n:pos + 12 + n])[0]
        assert zlib.crc32(kind + body) == crc, f"{path}: bad CRC in {kind}"
        if kind == b"IHDR":
            ihdr = struct.unpack(">IIB", body[:9])
        elif kind == b"IDAT":
            idat += body
        elif kind == b"iTXt" and body.startswith(b"fractalis\0"):
            rest = body[len(b"fractalis\0"):]
            comp = rest[0]
            rest = rest[2:]
            rest = rest[rest.index(b"\0") + 1:]  # language
            rest = rest[rest.index(b"\0") + 1:]  # translated keyword
            meta = (zlib.decompress(rest) if comp else rest).decode()
        elif kind == b"IEND":
            end = True
        pos += 12 + n
    assert ihdr and end, f"{path}: no IHDR or IEND"
    zlib.decompress(idat)  # the image data is complete
    return ihdr[0], ihdr[1], ihdr[2], meta


def probe(path):
    r = run([PROBE, path])
    assert r.returncode == 0, r.stderr
    return dict(kv.split("=", 1) for kv in r.stdout.split())


def listing(folder):
    return sorted(os.listdir(folder))
