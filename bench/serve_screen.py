#!/usr/bin/env python3
"""Benchmark of fractalis serve's tiles (docs/PERFORMANCE.md, "The web
explorer"), standard library only (it runs on the GPU machine too):

  bench/serve_screen.py FRACTALIS [--device cuda] [--rounds 10]

starts `FRACTALIS serve --port 0`, then
  - screen: every level-3 tile of the full view that a 1920x1080 window
    shows, requested at once over one connection each, uncached (each round
    a new palette-offset), time until the last byte of the last tile;
  - single: one uncached tile at a time, its latency (p50, p99);
and prints one line each: `screen_ms median=... min=... tiles=N`,
`single_ms p50=... p99=...`."""
import asyncio
import statistics
import subprocess
import sys
import time


async def get(host, port, path, conn=None):
    r, w = conn if conn else await asyncio.open_connection(host, port)
    w.write(f"GET {path} HTTP/1.1\r\nHost: {host}\r\n\r\n".encode())
    await w.drain()
    status = await r.readline()
    length = 0
    while True:
        line = await r.readline()
        if line in (b"\r\n", b""):
            break
        k, _, v = line.decode().partition(":")
        if k.lower() == "content-length":
            length = int(v)
    body = await r.readexactly(length)
    if b" 200 " not in status:
        raise SystemExit(f"{path}: {status!r} {body[:200]!r}")
    return (r, w), body


def screen_tiles(z=3, width=1920, height=1080):
    """Tiles (x, y) of level z covering a window centred on the map's
    anchor at (0, 0) with the full view 4 wide: one level-0 tile is 4 wide
    and 256 px at z = 0, so the window spans width / 2^z / 256 level-0
    tiles."""
    n = 2 ** z
    half_w, half_h = width / 2 / 256, height / 2 / 256
    import math
    xs = range(math.floor(-half_w), math.ceil(half_w))
    ys = range(math.floor(-half_h), math.ceil(half_h))
    return [(x, y) for y in ys for x in xs], n


async def main():
    exe = sys.argv[1]
    args = sys.argv[2:]
    rounds = 10
    if "--rounds" in args:
        i = args.index("--rounds")
        rounds = int(args[i + 1])
        del args[i:i + 2]
    proc = subprocess.Popen([exe, "serve", "--port", "0", *args], stderr=subprocess.PIPE, text=True)
    line = proc.stderr.readline()
    port = int(line.rstrip().rstrip("/").rsplit(":", 1)[1])
    host = "127.0.0.1"
    # The full view (width 4 at level 0 would make the window span 7.5
    # tiles); level z with the anchor's width 4 * 2^z keeps the framing.
    z = 3
    tiles, n = screen_tiles()
    scene = f"center=-0.75,0&width={4 * n / 7.5 * 1:.17g}&iter=1000&color=smooth"
    try:
        # warm-up: device start, allocations
        for x, y in tiles[:4]:
            await get(host, port, f"/api/tile/{z}/{x}/{y}.png?{scene}&palette-offset=0.999")
        conns = [await asyncio.open_connection(host, port) for _ in tiles]
        times = []
        for k in range(rounds):
            off = f"&palette-offset={(k + 1) / (rounds + 2):.6f}"
            t0 = time.perf_counter()
            await asyncio.gather(*[get(host, port, f"/api/tile/{z}/{x}/{y}.png?{scene}{off}", c)
                                   for (x, y), c in zip(tiles, conns)])
            times.append((time.perf_counter() - t0) * 1e3)
        print(f"screen_ms median={statistics.median(times):.1f} min={min(times):.1f} tiles={len(tiles)}")
        single = []
        conn = await asyncio.open_connection(host, port)
        for k in range(max(40, rounds * 4)):
            x, y = tiles[k % len(tiles)]
            off = f"&palette-offset={0.5 + k / 1000:.6f}"
            t0 = time.perf_counter()
            conn, _ = await get(host, port, f"/api/tile/{z}/{x}/{y}.png?{scene}{off}", conn)
            single.append((time.perf_counter() - t0) * 1e3)
        single.sort()
        print(f"single_ms p50={statistics.median(single):.2f} p99={single[int(0.99 * (len(single) - 1))]:.2f}")
        _, stats = await get(host, port, "/api/stats")
        print("stats", stats.decode())
    finally:
        proc.terminate()
        proc.wait()


asyncio.run(main())
