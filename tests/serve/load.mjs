// fractalis serve under load (ctest -L serve: serve_load), and the tile
// benchmark. Node 18's standard library only (http with a keep-alive Agent).
//
//   node tests/serve/load.mjs FRACTALIS [load|screen|all] [--device cpu] [--requests 10000]
//                             [--connections 64] [--rounds 3] [--single 20]
//
// load:   the default scene's tiles over levels 0..4 (a mix of distinct
//         tiles and repeats), --requests of them from --connections
//         keep-alive connections at once. Every reply must be 200 with the
//         bytes of that URL's reference (fetched beforehand from a second,
//         fresh server; a few references are checked against
//         `fractalis render --from tile.png`), and the server's RSS must not
//         grow by more than 64 MiB beyond its tile cache's own growth
//         between a warm-up round and the end. Prints one line:
//           load requests=N connections=C distinct=D errors=0 seconds=S tiles_per_s=T p50_ms=A p99_ms=B ...
// screen: the benchmark: every level-3 tile of a 1920x1080 screen at the
//         default view (48 tiles), uncached (a new palette offset each
//         round), requested at once over as many connections; then single
//         uncached tiles one after another. Prints:
//           screen_ms=MEDIAN tiles=48 rounds=R screens_ms=a,b,c
//           single_tile_p50_ms=P n=N
// Each server is `fractalis serve --port 0` with a temporary --web folder;
// it is stopped with SIGTERM and must exit 0. Exit status 0: all passed.

import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";

const servers = [];
let tmp = null;
const args = process.argv.slice(2);
if (args.length < 1 || args[0].startsWith("-")) {
  console.error("usage: node load.mjs FRACTALIS [load|screen|all] [--device D] [--requests N] [--connections C] " +
                "[--rounds R] [--single N]");
  process.exit(2);
}
const binary = args[0];
let mode = "all";
const opt = { device: "cpu", requests: 10000, connections: 64, rounds: 3, single: 20 };
for (let i = 1; i < args.length; i++) {
  const a = args[i];
  if (!a.startsWith("--")) { mode = a; continue; }
  const k = a.slice(2);
  if (!(k in opt) || i + 1 >= args.length) fail(`unknown option or missing value: ${a}`);
  opt[k] = k === "device" ? args[++i] : Number(args[++i]);
}
if (!["load", "screen", "all"].includes(mode)) fail(`mode '${mode}': load, screen or all`);
if (!fs.existsSync(binary)) fail(`${binary}: no such program`);

const TILE = 256;
const CENTER = [-0.75, 0], WIDTH = 4.5; // the default scene's anchor
tmp = fs.mkdtempSync(path.join(os.tmpdir(), "fractalis-load-"));
const web = path.join(tmp, "web");
fs.mkdirSync(web);
fs.writeFileSync(path.join(web, "index.html"), "<!doctype html><title>load</title>\n");

function fail(msg) {
  console.error(`load.mjs: FAIL: ${msg}`);
  for (const s of servers) try { s.proc.kill("SIGKILL"); } catch (e) { /* gone */ }
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  process.exit(1);
}

// ------------------------------------------------------------------ server

function startServer(extra = []) {
  return new Promise((resolve, reject) => {
    const argv = ["serve", "--port", "0", "--device", opt.device, "--web", web, ...extra];
    const proc = spawn(binary, argv, { stdio: ["ignore", "ignore", "pipe"] });
    const s = { proc, lines: [], exited: null };
    servers.push(s);
    let buf = "";
    const timer = setTimeout(() => reject(new Error(`server did not start: ${s.lines.join(" | ")}`)), 30000);
    proc.stderr.on("data", (d) => {
      buf += d.toString();
      let nl;
      while ((nl = buf.indexOf("\n")) >= 0) {
        const line = buf.slice(0, nl);
        buf = buf.slice(nl + 1);
        s.lines.push(line);
        if (s.lines.length === 1) {
          const m = /^fractalis serve: http:\/\/127\.0\.0\.1:(\d+)\/$/.exec(line);
          clearTimeout(timer);
          if (!m) return reject(new Error(`first stderr line: ${line}`));
          s.port = Number(m[1]);
          resolve(s);
        }
      }
    });
    proc.on("exit", (code, sig) => {
      s.exited = { code, sig };
      clearTimeout(timer);
      reject(new Error(`server exited (${code}, ${sig}): ${s.lines.join(" | ")}`));
    });
  });
}

function stopServer(s) {
  return new Promise((resolve) => {
    const done = () => {
      const { code, sig } = s.exited;
      if (code !== 0) fail(`the server exited with ${code} (${sig}) after SIGTERM: ${s.lines.slice(-5).join(" | ")}`);
      servers.splice(servers.indexOf(s), 1);
      resolve();
    };
    if (s.exited) return done();
    const t = setTimeout(() => fail("the server did not stop within 20 s of SIGTERM"), 20000);
    s.proc.removeAllListeners("exit");
    s.proc.on("exit", (code, sig) => { clearTimeout(t); s.exited = { code, sig }; done(); });
    s.proc.kill("SIGTERM");
  });
}

// ------------------------------------------------------------------ HTTP

function get(s, agent, url) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = http.get({ host: "127.0.0.1", port: s.port, path: url, agent }, (res) => {
      const chunks = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks),
                                    ms: performance.now() - t0 }));
      res.on("error", reject);
    });
    req.setTimeout(120000, () => req.destroy(new Error(`timeout: ${url}`)));
    req.on("error", reject);
  });
}

async function getJson(s, url) {
  const r = await get(s, undefined, url);
  if (r.status !== 200) fail(`${url}: ${r.status} ${r.body}`);
  return JSON.parse(r.body.toString());
}

// Run urls over `connections` connections (one worker per connection,
// each taking the next URL): [{url, status, body, ms}] in order.
async function runAll(s, urls, connections, check) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections });
  const out = new Array(urls.length);
  let next = 0, errors = 0;
  const worker = async () => {
    while (next < urls.length) {
      const i = next++;
      try {
        out[i] = await get(s, agent, urls[i]);
      } catch (e) {
        errors++;
        out[i] = { status: 0, error: String(e), ms: 0 };
      }
      if (check) check(i, out[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(connections, urls.length) }, worker));
  agent.destroy();
  return { out, errors };
}

// ------------------------------------------------------------------ tiles

// Level z's tiles that cover the box [re0, re1] x [im0, im1] around the default anchor.
function tilesCovering(z, re0, re1, im0, im1) {
  const s = WIDTH / 2 ** z, list = [];
  for (let y = Math.floor((CENTER[1] - im1) / s); y <= Math.floor((CENTER[1] - im0) / s); y++)
    for (let x = Math.floor((re0 - CENTER[0]) / s); x <= Math.floor((re1 - CENTER[0]) / s); x++) list.push([z, x, y]);
  return list;
}
const tileUrl = ([z, x, y], q = "") => `/api/tile/${z}/${x}/${y}.png${q ? "?" + q : ""}`;

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

// A fixed pseudo-random sequence (the run is the same every time).
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const MiB = 1 << 20;

async function loadMode() {
  // The Mandelbrot set's box over levels 0..4 of the default scene.
  let tiles = [];
  for (let z = 0; z <= 4; z++) tiles = tiles.concat(tilesCovering(z, -2.0, 0.47, -1.12, 1.12));
  const urls = tiles.map((t) => tileUrl(t));
  const warmSet = urls.filter((u) => !u.startsWith("/api/tile/4/"));

  // References from a fresh server (no cache), a few checked against the CLI.
  const ref = await startServer(["--cache-memory", "0"]);
  const refs = new Map();
  const { out: refOut, errors: refErr } = await runAll(ref, urls, 2);
  if (refErr) fail(`reference fetch: ${refErr} errors`);
  refOut.forEach((r, i) => {
    if (r.status !== 200 || r.headers["content-type"] !== "image/png") fail(`reference ${urls[i]}: ${r.status} ${r.body}`);
    refs.set(urls[i], r.body);
  });
  await stopServer(ref);
  for (const u of [urls[0], warmSet[warmSet.length - 1], urls[urls.length - 7]]) {
    const f = path.join(tmp, "ref.png"), again = path.join(tmp, "again.png");
    fs.writeFileSync(f, refs.get(u));
    const r = spawnSync(binary, ["render", "--from", f, "-o", again, "--device", "cpu", "-q"], { encoding: "utf8" });
    if (r.status !== 0) fail(`fractalis render --from (${u}): ${r.stderr}`);
    if (!fs.readFileSync(again).equals(refs.get(u))) fail(`${u}: the CLI's render --from differs from the tile`);
  }

  const s = await startServer();
  const rand = rng(12345);
  const pick = (list, n) => Array.from({ length: n }, () => list[Math.floor(rand() * list.length)]);
  let bad = 0;
  const check = (i, r, list) => {
    if (r.status !== 200 || !r.body || !r.body.equals(refs.get(list[i]))) {
      if (bad++ < 5) console.error(`bad reply ${list[i]}: ${r.status} ${r.error || ""} ${r.status !== 200 ? r.body : ""}`);
    }
  };
  // Warm-up: levels 0..3 from every connection.
  const warm = pick(warmSet, 2000);
  const w = await runAll(s, warm, opt.connections, (i, r) => check(i, r, warm));
  if (w.errors || bad) fail(`warm-up: ${w.errors} errors, ${bad} bad replies`);
  const st0 = await getJson(s, "/api/stats");

  // The run: every tile of levels 0..4 at least once, the rest repeats.
  const run = urls.concat(pick(urls, opt.requests - urls.length));
  for (let i = run.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [run[i], run[j]] = [run[j], run[i]];
  }
  const t0 = performance.now();
  const { out, errors } = await runAll(s, run, opt.connections, (i, r) => check(i, r, run));
  const seconds = (performance.now() - t0) / 1000;
  const st1 = await getJson(s, "/api/stats");
  await stopServer(s);

  const ms = out.map((r) => r.ms).sort((a, b) => a - b);
  const rssGrowth = (st1.memory.rss - st0.memory.rss) / MiB;
  const cacheGrowth = (st1.cache.bytes - st0.cache.bytes) / MiB;
  console.log(`load requests=${run.length} connections=${opt.connections} distinct=${urls.length} errors=${errors + bad} ` +
              `seconds=${seconds.toFixed(2)} tiles_per_s=${(run.length / seconds).toFixed(0)} ` +
              `p50_ms=${percentile(ms, 50).toFixed(2)} p99_ms=${percentile(ms, 99).toFixed(2)} ` +
              `max_ms=${ms[ms.length - 1].toFixed(1)} rendered=${st1.tiles.rendered} batches=${st1.tiles.batches} ` +
              `memory_hits=${st1.tiles.memory_hits} rss_warm_mib=${(st0.memory.rss / MiB).toFixed(1)} ` +
              `rss_after_mib=${(st1.memory.rss / MiB).toFixed(1)} cache_growth_mib=${cacheGrowth.toFixed(1)} ` +
              `rss_growth_mib=${rssGrowth.toFixed(1)}`);
  if (errors || bad) fail(`${errors} request errors, ${bad} replies not 200 with the reference bytes`);
  if (st1.tiles.rendered < urls.length - warmSet.length) fail(`only ${st1.tiles.rendered} tiles were rendered`);
  if (rssGrowth - cacheGrowth > 64) fail(`RSS grew ${rssGrowth.toFixed(1)} MiB, the cache ${cacheGrowth.toFixed(1)} MiB`);
  if (st1.memory.reserved !== 0) fail(`memory.reserved is ${st1.memory.reserved} with nothing running`);
}

async function screenMode() {
  // The 1920x1080 screen at level 3, centred on the default view.
  const s3 = WIDTH / 8 / TILE; // complex units a pixel at level 3
  const screen = tilesCovering(3, CENTER[0] - 960 * s3, CENTER[0] + 959 * s3, CENTER[1] - 539 * s3, CENTER[1] + 540 * s3);
  const s = await startServer();
  let stamp = 0;
  const fresh = () => `palette-offset=0.${String(++stamp * 7919).padStart(7, "0")}`;
  // one tile first: the worker's context (and a GPU) set up
  const first = await get(s, undefined, tileUrl([3, 0, 0], fresh()));
  if (first.status !== 200) fail(`first tile: ${first.status} ${first.body}`);

  const times = [];
  for (let round = 0; round < opt.rounds; round++) {
    const q = fresh();
    const urls = screen.map((t) => tileUrl(t, q));
    const t0 = performance.now();
    const { out, errors } = await runAll(s, urls, urls.length);
    times.push(performance.now() - t0);
    const badOnes = out.filter((r) => r.status !== 200 || r.headers["x-fractalis-cache"] !== "miss").length;
    if (errors || badOnes) fail(`screen round ${round}: ${errors} errors, ${badOnes} not a 200 miss`);
  }
  const single = [];
  for (let i = 0; i < opt.single; i++) {
    const r = await get(s, undefined, tileUrl(screen[(i * 7) % screen.length], fresh()));
    if (r.status !== 200 || r.headers["x-fractalis-cache"] !== "miss") fail(`single tile: ${r.status} ${r.body}`);
    single.push(r.ms);
  }
  const info = await getJson(s, "/api/info");
  await stopServer(s);
  const sorted = [...times].sort((a, b) => a - b);
  console.log(`screen_ms=${sorted[Math.floor(sorted.length / 2)].toFixed(1)} tiles=${screen.length} rounds=${opt.rounds} ` +
              `screens_ms=${times.map((t) => t.toFixed(1)).join(",")} device=${info.device}`);
  single.sort((a, b) => a - b);
  console.log(`single_tile_p50_ms=${percentile(single, 50).toFixed(1)} n=${single.length} device=${info.device}`);
}

try {
  if (mode === "load" || mode === "all") await loadMode();
  if (mode === "screen" || mode === "all") await screenMode();
} catch (e) {
  fail(e.stack || String(e));
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
