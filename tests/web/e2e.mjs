#!/usr/bin/env node
// End-to-end test of the web front end (web/) against `fractalis serve`, in
// Debian's headless Chromium driven by playwright-core (web/node_modules;
// no browser is downloaded). Fails, never skips, when Chromium, the built
// front end or the server is missing.
//
//   node tests/web/e2e.mjs [FRACTALIS [ARTIFACTS_DIR]]
//
// FRACTALIS: the CLI (default $FRACTALIS, else build/tools/fractalis/fractalis);
// ARTIFACTS_DIR: screenshots and the files compared (default
// $FRACTALIS_WEB_ARTIFACTS, else build/test-artifacts/web); $CHROMIUM: the
// browser (default /usr/bin/chromium); $FRACTALIS_WEB_DIST: the front end
// (default web/dist).
//
// What it does: starts `fractalis serve --port 0 --web web/dist`, opens the
// explorer, zooms by button, keyboard and wheel, and checks tiles on screen
// against the CLI (`fractalis render --from tile.png` gives the same
// pixels); zooms on past a re-anchoring (deep zoom) and checks again;
// opens the page's URL in a second page (the same tiles); changes palette
// and formula; shows an API error; the Julia preview; downloads a PNG
// (`render --from` reproduces it byte for byte); renders a flame upload and
// a Buddhabrot as jobs, cancels one.

import { spawn, execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const cli = path.resolve(process.argv[2] || process.env.FRACTALIS || path.join(root, 'build/tools/fractalis/fractalis'));
const artifacts = path.resolve(
  process.argv[3] || process.env.FRACTALIS_WEB_ARTIFACTS || path.join(root, 'build/test-artifacts/web'),
);
const chromiumPath = process.env.CHROMIUM || '/usr/bin/chromium';
const dist = path.resolve(process.env.FRACTALIS_WEB_DIST || path.join(root, 'web/dist'));
const VIEWPORT = { width: 1280, height: 800 };
const T0 = Date.now();

// ---- reporting ----------------------------------------------------------

let passed = 0;
let failed = 0;
function log(...args) {
  console.log(`[${((Date.now() - T0) / 1000).toFixed(1).padStart(6)}s]`, ...args);
}
function check(ok, what, detail = '') {
  if (ok) {
    passed++;
    log(`ok   ${what}`);
  } else {
    failed++;
    log(`FAIL ${what}${detail ? `: ${detail}` : ''}`);
  }
  return ok;
}
function fatal(message) {
  console.error(`e2e: ${message}`);
  console.log(`0 passed, 1 failed`);
  process.exit(1);
}

// ---- preconditions: loud failures, never skips ----------------------------

if (!fs.existsSync(cli)) fatal(`the fractalis CLI is missing: ${cli} (build it: bash scripts/build.sh)`);
if (!fs.existsSync(chromiumPath)) {
  fatal(`Chromium is missing: ${chromiumPath} (apt-get install chromium; scripts/setup.sh does)`);
}
for (const page of ['index.html', 'flame.html', 'buddhabrot.html']) {
  if (!fs.existsSync(path.join(dist, page))) fatal(`the front end is not built: ${path.join(dist, page)} (scripts/web-build.sh)`);
}
let chromium;
try {
  const require = createRequire(path.join(root, 'web/package.json'));
  ({ chromium } = require('playwright-core'));
} catch (err) {
  fatal(`playwright-core is missing from web/node_modules (scripts/web-build.sh installs it): ${err.message}`);
}
const flameFile = path.join(root, 'tests/data/temporal-exp.flam3');
if (!fs.existsSync(flameFile)) fatal(`the test flame is missing: ${flameFile}`);

fs.rmSync(artifacts, { recursive: true, force: true });
fs.mkdirSync(artifacts, { recursive: true });
const files = path.join(artifacts, 'files');
fs.mkdirSync(files, { recursive: true });

// ---- the server ---------------------------------------------------------

function startServer() {
  return new Promise((resolve, reject) => {
    const proc = spawn(cli, ['serve', '--port', '0', '--web', dist], { stdio: ['ignore', 'pipe', 'pipe'] });
    const logFile = fs.createWriteStream(path.join(artifacts, 'serve.log'));
    let buffer = '';
    let found = false;
    const timer = setTimeout(() => {
      if (!found) reject(new Error(`fractalis serve printed no address in 60 s: ${buffer.slice(0, 500)}`));
    }, 60000);
    proc.stdout.pipe(logFile, { end: false });
    proc.stderr.on('data', (chunk) => {
      logFile.write(chunk);
      if (found) return;
      buffer += chunk.toString();
      // `fractalis serve: http://ADDR:PORT/`, the first line of stderr by
      // the spec; a device notice may come before it.
      const m = /^fractalis serve: (http:\/\/\S+?\/?)\s*$/m.exec(buffer);
      if (m) {
        found = true;
        clearTimeout(timer);
        const first = buffer.split('\n')[0];
        resolve({ proc, url: m[1].endsWith('/') ? m[1] : `${m[1]}/`, firstLine: first });
      }
    });
    proc.on('error', (err) => reject(new Error(`fractalis serve did not start: ${err.message}`)));
    proc.on('exit', (code, signal) => {
      if (!found) reject(new Error(`fractalis serve exited (${code ?? signal}) before it listened: ${buffer.slice(0, 800)}`));
    });
  });
}

// ---- helpers ------------------------------------------------------------

function run(args) {
  return execFileSync(cli, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

// PSNR of two PNGs by `fractalis compare`: Infinity when identical.
function psnr(a, b) {
  const out = run(['compare', a, b]).trim();
  const v = out.split(/\s+/)[0];
  return v === 'inf' ? Infinity : Number(v);
}

async function download(url, file) {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`GET ${url}: ${res.status} ${await res.text()}`);
  fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
  return res;
}

let shot = 0;
async function screenshot(page, name) {
  shot++;
  const file = path.join(artifacts, `${String(shot).padStart(2, '0')}-${name}.png`);
  await page.screenshot({ path: file });
  return file;
}

// Waits until the explorer's tile layer has loaded every tile of the view
// (and no re-anchoring snapshot is left), then lists the tiles on screen
// of the current level: their URLs and where they are.
async function settle(page, what, timeout = 120000) {
  try {
    await page.waitForFunction(
      () => {
        const x = window.fractalisExplorer;
        if (!x || x.layer.isLoading() || document.querySelector('.tile-snapshot')) return false;
        const z = x.map.getZoom();
        const imgs = [...document.querySelectorAll('#map img.leaflet-tile')].filter((i) =>
          i.src.includes(`/api/tile/${z}/`),
        );
        return imgs.length > 0 && imgs.every((i) => i.complete);
      },
      null,
      { timeout, polling: 200 },
    );
  } catch (err) {
    throw new Error(`${what}: the tiles did not load (${err.message.split('\n')[0]})`);
  }
  await page.waitForTimeout(300); // Leaflet's fade-in and prune
  return visibleTiles(page);
}

function visibleTiles(page) {
  return page.evaluate(() => {
    const x = window.fractalisExplorer;
    const z = x.map.getZoom();
    const box = document.getElementById('map').getBoundingClientRect();
    return [...document.querySelectorAll('#map img.leaflet-tile')]
      .filter((i) => i.src.includes(`/api/tile/${z}/`))
      .map((i) => ({ src: i.src, rect: i.getBoundingClientRect().toJSON(), ok: i.naturalWidth === 256 }))
      .filter(
        ({ rect }) => rect.right > box.left && rect.left < box.right && rect.bottom > box.top && rect.top < box.bottom,
      );
  });
}

function explorerState(page) {
  return page.evaluate(() => {
    const x = window.fractalisExplorer;
    const v = x.viewScene();
    return {
      z: x.map.getZoom(),
      center: v.center,
      width: v.width.toString(),
      anchorWidth: x.state.width.toString(),
      anchor: `${x.state.re},${x.state.im}`,
      url: location.href,
    };
  });
}

// Tiles on screen against the CLI: each PNG, rendered again from the scene
// it embeds, gives the same pixels.
async function checkTilesAgainstCli(tiles, label, count = 4) {
  const picks = [];
  const step = Math.max(1, Math.floor(tiles.length / count));
  for (let i = 0; i < tiles.length && picks.length < count; i += step) picks.push(tiles[i]);
  for (const [n, t] of picks.entries()) {
    const base = path.join(files, `${label}-${n}`);
    const res = await download(t.src, `${base}.png`);
    run(['render', '--from', `${base}.png`, '-q', '-o', `${base}-again.png`]);
    const p = psnr(`${base}.png`, `${base}-again.png`);
    const tileName = new URL(t.src).pathname.replace(/^.*\/api\/tile\//, '');
    check(
      t.ok && p === Infinity,
      `${label}: tile ${tileName} on screen = fractalis render --from it (${res.headers.get('x-fractalis-cache')})`,
      `PSNR ${p}, loaded ${t.ok}`,
    );
  }
}

// The page point of a complex number of the explorer's map.
function pointOnScreen(page, re, im) {
  return page.evaluate(
    ([re, im]) => {
      const x = window.fractalisExplorer;
      const w = x.state.width.toNumber();
      const lat = ((im - x.state.im.toNumber()) * 256) / w;
      const lng = ((re - x.state.re.toNumber()) * 256) / w;
      const p = x.map.latLngToContainerPoint([lat, lng]);
      const box = document.getElementById('map').getBoundingClientRect();
      return { x: p.x + box.left, y: p.y + box.top };
    },
    [re, im],
  );
}

async function wheelZoom(page, re, im, steps, what) {
  let tiles;
  for (let i = 0; i < steps; i++) {
    const p = await pointOnScreen(page, re, im);
    await page.mouse.move(p.x, p.y);
    const z0 = await page.evaluate(() => window.fractalisExplorer.map.getZoom());
    await page.mouse.wheel(0, -60); // one level (Leaflet: 60 px a level)
    await page.waitForFunction((z0) => window.fractalisExplorer.map.getZoom() !== z0, z0, { timeout: 10000 });
    tiles = await settle(page, `${what} ${i + 1}`);
  }
  return tiles;
}

// ---- the test -----------------------------------------------------------

async function testExplorer(browser, base) {
  const context = await browser.newContext({ viewport: VIEWPORT, acceptDownloads: true });
  const page = await context.newPage();
  const pageErrors = [];
  page.on('pageerror', (err) => pageErrors.push(err.message));
  page.on('console', (msg) => {
    // (tiles over a limit fail by design below: their status lines are noise)
    if (msg.type() === 'error' && !/^Failed to load resource/.test(msg.text())) log(`  console: ${msg.text()}`);
  });

  await page.goto(base, { waitUntil: 'domcontentloaded' });
  let tiles = await settle(page, 'first view');
  let s = await explorerState(page);
  check(tiles.length >= 6, `explorer opens with ${tiles.length} tiles at level ${s.z}`);
  check(/formula=mandelbrot/.test(s.url) && /center=/.test(s.url), 'the page URL holds the scene', s.url);
  const selects = await page.evaluate(() => ({
    formulas: [...document.querySelectorAll('#formula option')].map((o) => o.value),
    colors: [...document.querySelectorAll('#color option')].map((o) => o.value),
    palettes: [...document.querySelectorAll('#palettes [data-palette]')].map((b) => b.dataset.palette),
  }));
  check(selects.formulas.includes('julia') && selects.formulas.length >= 5, 'formulas from /api/formulas', selects.formulas.join());
  check(!selects.colors.includes('histogram') && selects.colors.includes('smooth'), 'tile colourings only', selects.colors.join());
  check(selects.palettes.length >= 3, 'palettes with swatches', selects.palettes.join());
  await screenshot(page, 'explorer');

  // Zoom: the button, the keyboard, the wheel.
  const z0 = s.z;
  await page.click('.leaflet-control-zoom-in');
  tiles = await settle(page, 'zoom button');
  s = await explorerState(page);
  check(s.z === z0 + 1, `zoom button: level ${z0} -> ${s.z}`);
  await page.focus('#map');
  await page.keyboard.press('Equal');
  await page.waitForFunction((z) => window.fractalisExplorer.map.getZoom() === z, s.z + 1, { timeout: 10000 }).catch(() => {});
  tiles = await settle(page, 'zoom key');
  const s2 = await explorerState(page);
  check(s2.z === s.z + 1, `keyboard +: level ${s.z} -> ${s2.z}`);
  // Seahorse valley, under the cursor while the wheel zooms.
  const SEAHORSE = [-0.743643887037151, 0.13182590420533];
  tiles = await wheelZoom(page, ...SEAHORSE, 3, 'wheel');
  s = await explorerState(page);
  check(s.z === s2.z + 3, `mouse wheel, three steps: level ${s2.z} -> ${s.z}`);
  await screenshot(page, 'zoomed');
  await checkTilesAgainstCli(tiles, 'zoomed');

  // On into deep zoom: past Z_HI the map re-anchors (a new exact centre, the
  // width a power of two smaller), the picture staying on screen.
  const before = await explorerState(page);
  let reanchored = false;
  for (let i = 0; i < 24 && !reanchored; i++) {
    tiles = await wheelZoom(page, ...SEAHORSE, 1, 'deep wheel');
    s = await explorerState(page);
    reanchored = s.anchorWidth !== before.anchorWidth;
  }
  check(reanchored, `re-anchored on the way down (anchor width ${before.anchorWidth} -> ${s.anchorWidth}, level ${s.z})`);
  // One more level below the new anchor, then the deep tiles against the CLI.
  tiles = await wheelZoom(page, ...SEAHORSE, 2, 'below the new anchor');
  s = await explorerState(page);
  const viewWidth = Number(s.width);
  check(viewWidth < 1e-6, `deep view: width ${s.width}, centre ${s.center}`);
  const [cre, cim] = s.center.split(',').map(Number);
  check(
    Math.abs(cre - SEAHORSE[0]) < viewWidth && Math.abs(cim - SEAHORSE[1]) < viewWidth,
    'the wheel kept the point under the cursor across the re-anchoring',
    s.center,
  );
  await screenshot(page, 'deep');
  await checkTilesAgainstCli(tiles, 'deep');

  // A share link: the page's URL in a new page gives the same tiles.
  await page.waitForTimeout(300); // the URL follows the view (replaceState)
  const shared = await explorerState(page);
  const page2 = await context.newPage();
  await page2.goto(shared.url, { waitUntil: 'domcontentloaded' });
  const tiles2 = await settle(page2, 'shared link');
  const a = tiles.map((t) => t.src).sort();
  const b = tiles2.map((t) => t.src).sort();
  check(a.length > 0 && JSON.stringify(a) === JSON.stringify(b), `shared link opens the same ${b.length} tiles`, `${a.length} vs ${b.length}`);
  const s2b = await explorerState(page2);
  check(s2b.center === shared.center && s2b.width === shared.width, 'shared link: same centre and width', `${s2b.center} ${s2b.width}`);
  await screenshot(page2, 'shared-link');
  await page2.close();

  // The palette: new tile URLs, other pixels.
  const oldTile = path.join(files, 'palette-before.png');
  await download(tiles[0].src, oldTile);
  await page.click('#palettes [data-palette="fire"]');
  tiles = await settle(page, 'palette fire');
  check(tiles.every((t) => /[?&]palette=fire(&|$)/.test(t.src)), 'palette fire: the tiles ask for it');
  const newTile = path.join(files, 'palette-after.png');
  const samePlace = tiles.find((t) => new URL(t.src).pathname === new URL(a[0]).pathname) || tiles[0];
  await download(samePlace.src, newTile);
  const pp = psnr(oldTile, newTile);
  check(pp < 40, `palette fire: other pixels (PSNR ${pp} against classic)`);
  await screenshot(page, 'palette-fire');

  // An error from the API is shown: iterations over the server's limit.
  const info = await (await fetch(`${base}api/info`)).json();
  const over = info.limits.max_iter + 1;
  await page.fill('#iter', String(over));
  await page.press('#iter', 'Enter');
  await page.locator('#iter').blur();
  let toast = '';
  let status = '';
  try {
    const t = page.locator('.toast.error').first();
    await t.waitFor({ timeout: 30000 });
    toast = await t.innerText();
    status = (await t.getAttribute('data-status')) || '';
  } catch {
    toast = '';
  }
  check(/iter/.test(toast) && status === '413', 'an API error is shown (iter over --max-iter: 413)', `${status} ${toast}`);
  await screenshot(page, 'error');
  await page.evaluate(() => document.querySelectorAll('.toast').forEach((t) => t.remove()));
  await page.fill('#iter', '500');
  await page.press('#iter', 'Enter');

  // The formula: burning ship, its own view, tiles against the CLI.
  await page.selectOption('#formula', 'burningship');
  tiles = await settle(page, 'formula burningship');
  s = await explorerState(page);
  check(tiles.every((t) => /[?&]formula=burningship(&|$)/.test(t.src) && /[?&]iter=500(&|$)/.test(t.src)),
    'formula burningship, iter 500: the tiles ask for them');
  check(/formula=burningship/.test(s.url) && /palette=fire/.test(s.url), 'the URL follows', s.url);
  await screenshot(page, 'burningship');
  await checkTilesAgainstCli(tiles, 'burningship', 2);

  // The Julia preview of the point under the cursor (mandelbrot again).
  await page.selectOption('#formula', 'mandelbrot');
  tiles = await settle(page, 'formula mandelbrot');
  const pt = await pointOnScreen(page, -0.12, 0.75);
  await page.mouse.move(pt.x - 30, pt.y);
  await page.mouse.move(pt.x, pt.y, { steps: 5 });
  try {
    // The preview follows the cursor (one request at a time, the latest
    // position next): wait for the one of where the cursor stopped.
    await page.waitForFunction(
      () => {
        const el = document.getElementById('preview');
        const img = document.getElementById('preview-img');
        if (el.hidden || !img.complete || img.naturalWidth !== 200 || !el.dataset.c) return false;
        const [re, im] = el.dataset.c.split(',').map(Number);
        return Math.abs(re + 0.12) < 0.02 && Math.abs(im - 0.75) < 0.02;
      },
      null,
      { timeout: 30000 },
    );
    const c = await page.evaluate(() => document.getElementById('preview').dataset.c);
    check(true, `Julia preview for the cursor's point (c = ${c})`);
  } catch (err) {
    const c = await page.evaluate(() => document.getElementById('preview').dataset.c);
    check(false, 'Julia preview for the point under the cursor', `${err.message.split('\n')[0]} (c = ${c})`);
  }
  await screenshot(page, 'julia-preview');

  // Download PNG: POST /api/render with the view's scene; the PNG embeds it
  // and render --from reproduces it byte for byte.
  await page.selectOption('#dl-size', 'custom');
  await page.fill('#dl-w', '320');
  await page.fill('#dl-h', '200');
  await page.selectOption('#dl-aa', '1');
  const scene = await page.evaluate(() => window.fractalisExplorer.renderScene());
  const [dl] = await Promise.all([page.waitForEvent('download', { timeout: 120000 }), page.click('#download')]);
  const png = path.join(files, 'download.png');
  await dl.saveAs(png);
  const params = JSON.parse(run(['params', png]).split('\n\n')[0]);
  check(params.size === '320x200' && params.formula === 'mandelbrot' && params.palette === 'fire',
    `Download PNG: ${dl.suggestedFilename()} holds its scene`, JSON.stringify(params).slice(0, 200));
  const [sr, si] = scene.center.split(',').map(Number);
  const [prr, pri] = params.center.split(',').map(Number);
  check(Math.abs(sr - prr) <= Math.abs(sr) * 1e-12 + 1e-300 && Math.abs(si - pri) <= Math.abs(si) * 1e-12 + 1e-300,
    'Download PNG: the centre of the view', `${scene.center} vs ${params.center}`);
  run(['render', '--from', png, '-q', '-o', path.join(files, 'download-again.png')]);
  const same = Buffer.compare(fs.readFileSync(png), fs.readFileSync(path.join(files, 'download-again.png'))) === 0;
  check(same, 'Download PNG: fractalis render --from reproduces it byte for byte');

  check(pageErrors.length === 0, 'no script errors on the explorer', pageErrors.join(' | '));
  await context.close();
}

async function testFlame(browser) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  const pageErrors = [];
  page.on('pageerror', (err) => pageErrors.push(err.message));
  await page.goto(`${baseUrl}flame.html`, { waitUntil: 'domcontentloaded' });
  await page.click('nav a[href="./buddhabrot.html"]');
  await page.waitForURL(/buddhabrot\.html$/);
  await page.click('nav a[href="./flame.html"]');
  await page.waitForURL(/flame\.html$/);
  check(true, 'the nav links the pages');
  // Drag and drop a genome file onto the drop zone.
  const xml = fs.readFileSync(flameFile, 'utf8');
  const dataTransfer = await page.evaluateHandle((text) => {
    const dt = new DataTransfer();
    dt.items.add(new File([text], 'dropped.flam3', { type: 'application/xml' }));
    return dt;
  }, xml);
  await page.dispatchEvent('#dropzone', 'dragover', { dataTransfer });
  await page.dispatchEvent('#dropzone', 'drop', { dataTransfer });
  try {
    await page.waitForFunction(() => /dropped\.flam3 .*1 genome\)/.test(document.getElementById('file-name').textContent), null, {
      timeout: 10000,
    });
    check(true, 'flame page: a file dropped on the drop zone is taken');
  } catch (err) {
    check(false, 'flame page: drag and drop', await page.textContent('#file-name'));
  }
  // The file input.
  await page.setInputFiles('#file', flameFile);
  await page.waitForFunction(() => /temporal-exp\.flam3/.test(document.getElementById('file-name').textContent));
  await page.waitForFunction(() => !document.getElementById('render').disabled);

  // A long one, cancelled by its button (DELETE /api/jobs/ID).
  await page.fill('#size', '1280x960');
  await page.fill('#quality', '4000');
  await page.click('#render');
  try {
    await page.waitForFunction(() => document.querySelector('.job-panel').dataset.state === 'running', null, { timeout: 30000 });
    await page.waitForFunction(() => document.querySelector('.job-progress').value > 0, null, { timeout: 30000 });
    check(true, 'flame job: running, its progress bar fed by the events');
    await page.click('.job-cancel');
    await page.waitForFunction(() => document.querySelector('.job-panel').dataset.state === 'cancelled', null, { timeout: 60000 });
    check(true, 'flame job: cancelled by its button');
  } catch (err) {
    const state = await page.getAttribute('.job-panel', 'data-state');
    check(false, 'flame job: progress and cancel', `${err.message.split('\n')[0]} (state ${state})`);
  }
  await screenshot(page, 'flame-cancelled');
  await page.waitForFunction(() => !document.getElementById('render').disabled, null, { timeout: 30000 });

  // A small one, to its image.
  await page.fill('#size', '200x150');
  await page.fill('#quality', '20');
  await page.click('#render');
  try {
    await page.waitForSelector('.job-panel[data-result="loaded"]', { timeout: 180000 });
    const size = await page.evaluate(() => {
      const img = document.querySelector('.job-image');
      return `${img.naturalWidth}x${img.naturalHeight}`;
    });
    check(size === '200x150', `flame upload: the job's image (${size})`);
    const name = await page.getAttribute('.job-download', 'download');
    check(name === 'temporal-exp.png', `flame result: downloads as ${name}`);
    const href = await page.getAttribute('.job-download', 'href');
    const file = path.join(files, 'flame.png');
    await download(new URL(href, page.url()).href, file);
    const bytes = fs.readFileSync(file).toString('latin1');
    check(bytes.includes('flam3_genome') && bytes.includes('name="temporal-exp"'), 'flame result: the PNG embeds its genome');
    check((await page.getAttribute('.job-panel', 'data-state')) === 'done', 'flame job: done');
  } catch (err) {
    check(false, 'flame upload renders', err.message.split('\n')[0]);
  }
  await screenshot(page, 'flame');
  check(pageErrors.length === 0, 'no script errors on the flame page', pageErrors.join(' | '));
  await context.close();
}

async function testBuddhabrot(browser) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  const pageErrors = [];
  page.on('pageerror', (err) => pageErrors.push(err.message));
  await page.goto(`${baseUrl}buddhabrot.html`, { waitUntil: 'domcontentloaded' });

  // A long one, cancelled by its button.
  await page.selectOption('#kind', 'buddhabrot');
  await page.fill('#size', '1024x1024');
  await page.fill('#iter', '20000');
  await page.fill('#samples', '4000000000');
  await page.click('#render');
  try {
    await page.waitForFunction(() => document.querySelector('.job-panel').dataset.state === 'running', null, { timeout: 30000 });
    await page.click('.job-cancel');
    await page.waitForFunction(() => ['cancelled', 'done', 'failed'].includes(document.querySelector('.job-panel').dataset.state), null, {
      timeout: 60000,
    });
    const state = await page.getAttribute('.job-panel', 'data-state');
    check(state === 'cancelled', `Buddhabrot job: cancelled by its button (${state})`);
  } catch (err) {
    const state = await page.getAttribute('.job-panel', 'data-state');
    check(false, 'Buddhabrot job: cancel', `${err.message.split('\n')[0]} (state ${state})`);
  }
  await screenshot(page, 'buddhabrot-cancelled');
  await page.waitForFunction(() => !document.getElementById('render').disabled, null, { timeout: 30000 });

  // A small nebulabrot, to the end.
  await page.selectOption('#kind', 'nebulabrot');
  await page.fill('#size', '300x300');
  await page.fill('#iter', '2000');
  await page.fill('#samples', '2000000');
  await page.click('#render');
  try {
    await page.waitForSelector('.job-panel[data-result="loaded"]', { timeout: 180000 });
    const size = await page.evaluate(() => {
      const img = document.querySelector('.job-image');
      return `${img.naturalWidth}x${img.naturalHeight}`;
    });
    check(size === '300x300', `nebulabrot job: the image (${size})`);
    const href = await page.getAttribute('.job-download', 'href');
    const file = path.join(files, 'nebulabrot.png');
    await download(new URL(href, page.url()).href, file);
    const p = JSON.parse(run(['params', file]).split('\n\n')[0]);
    check(p.fractalis === 'buddhabrot' && /^r:0:2000,g:0:200,b:0:20$/.test(p.channel), `nebulabrot: its scene (${p.channel})`);
  } catch (err) {
    check(false, 'nebulabrot job', err.message.split('\n')[0]);
  }
  await screenshot(page, 'nebulabrot');
  check(pageErrors.length === 0, 'no script errors on the Buddhabrot page', pageErrors.join(' | '));
  await context.close();
}

let baseUrl = '';
let server = null;
let browser = null;
try {
  log(`fractalis: ${cli}`);
  log(`chromium: ${chromiumPath}; front end: ${dist}; artifacts: ${artifacts}`);
  server = await startServer();
  baseUrl = server.url;
  log(`server: ${baseUrl}`);
  if (!/^fractalis serve: http:/.test(server.firstLine)) {
    log(`note: the first line of stderr is not the address (docs/SERVE.md says it is): "${server.firstLine}"`);
  }
  browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  log(`browser: Chromium ${browser.version()}`);
  await testExplorer(browser, baseUrl);
  await testFlame(browser);
  await testBuddhabrot(browser);
  const stats = await (await fetch(`${baseUrl}api/stats`)).json();
  fs.writeFileSync(path.join(artifacts, 'stats.json'), JSON.stringify(stats, null, 2));
  log(`server stats: ${JSON.stringify(stats)}`);
} catch (err) {
  check(false, 'the test ran to its end', err.stack || String(err));
} finally {
  if (browser) await browser.close().catch(() => {});
  if (server) {
    server.proc.kill('SIGTERM');
    await new Promise((r) => {
      const t = setTimeout(() => {
        server.proc.kill('SIGKILL');
        r();
      }, 10000);
      server.proc.on('exit', () => {
        clearTimeout(t);
        r();
      });
    });
  }
}
log(`artifacts in ${artifacts}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed || !passed ? 1 : 0);
