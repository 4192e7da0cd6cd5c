// The explorer: a Leaflet map (L.CRS.Simple) of 256 x 256 tiles from
// GET /api/tile/{z}/{x}/{y}.png (docs/SERVE.md). The map's level-0 tile
// (0, 0) has its top-left corner at the anchor's centre and is the anchor's
// width wide, so the point (lat, lng) is the complex number
// (c_re + lng w / 256, c_im + lat w / 256).
//
// Deep zoom: Leaflet's coordinates are doubles (its pixels fail past level
// ~45), so the map stays between levels Z_LO and Z_HI of an anchor: zooming
// past either end re-anchors, the new centre computed exactly in decimal
// (decimal.js) and the width scaled by a power of two, and the view is set
// again around the new anchor at level Z_MID, the same picture on screen.
//
// The page's URL holds the scene (formula, anchor centre and width, level,
// view offset, iterations, colouring, palette, c, power) and follows every
// move (history.replaceState), so a copied link opens the same view, tile
// for tile.

import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import './explorer.css';
import './style.css';
import { API, ApiError, getJSON, request, responseError, saveBlob, showError } from './api.js';
import { Dec, complexText, parseComplex } from './decimal.js';

const Z_LO = 4; // at or below this level (of a deep anchor): re-anchor upwards
const Z_HI = 24; // at or above: re-anchor downwards (Leaflet is exact far beyond)
const Z_MID = 12; // the level the view gets around a new anchor
const TOP_LEVELS = 8; // an anchor within 2^8 of the formula's own width is "top"
const BLANK = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

// The formulas' own views, as `fractalis render FORMULA` frames them.
const VIEWS = {
  mandelbrot: { center: '-0.75,0', width: '4.5' },
  julia: { center: '0,0', width: '3.6' },
  burningship: { center: '-0.4,-0.55', width: '4.2' },
  tricorn: { center: '-0.3,0', width: '4.6' },
  multibrot: { center: '0,0', width: '3.6' },
};
const DEFAULTS = { formula: 'mandelbrot', iter: 1000, color: 'smooth', palette: 'classic', c: '-0.8,0.156', power: 3 };
const FALLBACK = {
  formulas: Object.keys(VIEWS),
  colorings: [
    { name: 'count', tiles: true },
    { name: 'smooth', tiles: true },
    { name: 'histogram', tiles: false },
    { name: 'distance', tiles: true },
  ],
  palettes: [{ name: 'classic', colors: [] }],
};

const $ = (id) => document.getElementById(id);

// ---- state --------------------------------------------------------------

const state = {
  formula: DEFAULTS.formula,
  iter: DEFAULTS.iter,
  color: DEFAULTS.color,
  palette: DEFAULTS.palette,
  c: DEFAULTS.c,
  power: DEFAULTS.power,
  // the map's anchor: level-0 tile (0, 0) has its top-left corner at (re, im)
  re: Dec.zero(),
  im: Dec.zero(),
  width: Dec.parse('4'),
};
let lists = FALLBACK;
let map;
let layer;
let tileQuery = '';
let reanchoring = false;

function baseWidth() {
  return Dec.parse((VIEWS[state.formula] || VIEWS.mandelbrot).width);
}

// How many levels the anchor lies below the formula's own width.
function anchorDepth() {
  return baseWidth().log2() - state.width.log2();
}

function anchorIsTop() {
  return anchorDepth() < TOP_LEVELS;
}

// A query string of escape-time parameters; commas stay readable.
function query(params) {
  return Object.entries(params)
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v)).replace(/%2C/gi, ',')}`)
    .join('&');
}

function fractalParams() {
  const p = { formula: state.formula };
  if (state.formula === 'julia') p.c = state.c;
  if (state.formula === 'multibrot') p.power = state.power;
  p.iter = state.iter;
  p.color = state.color;
  p.palette = state.palette;
  return p;
}

function anchorParams() {
  return { center: complexText(state.re, state.im), width: state.width.toString() };
}

function computeTileQuery() {
  const f = fractalParams();
  const { formula, ...rest } = f;
  tileQuery = query({ formula, ...anchorParams(), ...rest });
}

// ---- exact coordinates --------------------------------------------------

// The complex point of map point (lat, lng), exact.
function pointOf(latlng) {
  const scale = state.width.mulPow2(-8);
  return [
    state.re.add(Dec.fromDouble(latlng.lng).mul(scale)),
    state.im.add(Dec.fromDouble(latlng.lat).mul(scale)),
  ];
}

// The complex width of one screen pixel at level z.
function pixelWidth(z) {
  return state.width.mulPow2(-8).mul(Dec.fromDouble(2 ** -z));
}

// The view's centre, rounded to a thousandth of a pixel, and its width.
function viewScene() {
  const z = map.getZoom();
  const px = pixelWidth(z);
  const e0 = px.magnitude() - 3;
  const [re, im] = pointOf(map.getCenter());
  const wpx = map.getSize().x;
  return {
    center: complexText(re.roundTo(e0), im.roundTo(e0)),
    width: px.mul(Dec.fromDouble(wpx)).roundSig(17),
    widthPx: wpx,
    heightPx: map.getSize().y,
  };
}

// ---- the URL ------------------------------------------------------------

function pageQuery() {
  const z = map.getZoom();
  const c = map.getCenter();
  const p = { ...fractalParams() };
  const { formula, ...rest } = p;
  return query({
    formula,
    ...anchorParams(),
    z,
    at: c.lat === 0 && c.lng === 0 ? undefined : `${c.lat},${c.lng}`,
    ...rest,
  });
}

let urlTimer = null;
function updateUrl() {
  clearTimeout(urlTimer);
  urlTimer = setTimeout(() => {
    const url = `${location.pathname}?${pageQuery()}`;
    if (url !== location.pathname + location.search) history.replaceState(null, '', url);
  }, 100);
}

// The scene a URL holds; anything missing takes the defaults, a view
// without z is fitted to the window (the anchor is the view's centre).
function readUrl() {
  const q = new URLSearchParams(location.search || location.hash.replace(/^#/, ''));
  const formula = q.get('formula');
  if (formula) state.formula = formula;
  if (q.get('iter')) state.iter = parseInt(q.get('iter'), 10) || DEFAULTS.iter;
  if (q.get('color')) state.color = q.get('color');
  if (q.get('palette')) state.palette = q.get('palette');
  if (q.get('c')) state.c = q.get('c');
  if (q.get('power')) state.power = parseInt(q.get('power'), 10) || DEFAULTS.power;
  const view = VIEWS[state.formula] || VIEWS.mandelbrot;
  let z = null;
  let at = [0, 0];
  try {
    [state.re, state.im] = parseComplex(q.get('center') || view.center);
    state.width = Dec.parse(q.get('width') || view.width);
    if (state.width.sign() <= 0) throw new Error(`width must be positive: ${q.get('width')}`);
  } catch (err) {
    showError(err, 'the link');
    [state.re, state.im] = parseComplex(view.center);
    state.width = Dec.parse(view.width);
  }
  if (q.get('z') !== null && q.get('center') && q.get('width')) {
    const zz = Number(q.get('z'));
    if (Number.isFinite(zz)) z = Math.round(zz);
    const a = (q.get('at') || '0,0').split(',').map(Number);
    if (a.length === 2 && a.every(Number.isFinite)) at = a;
  }
  return { z, at };
}

// The level at which the anchor's width fills the window (at least).
function fitZoom() {
  const w = Math.max(256, $('map').clientWidth || 1024);
  return Math.max(0, Math.floor(Math.log2(w / 256)));
}

// ---- re-anchoring -------------------------------------------------------

function zoomBounds() {
  return anchorIsTop() ? [-1, Z_HI] : [Z_LO, Z_HI];
}

// A copy of the tiles on screen, over the map until the new anchor's tiles
// have loaded (or the view moves), so a re-anchor does not flash.
let snapshotEl = null;
function removeSnapshot() {
  if (snapshotEl) {
    snapshotEl.remove();
    snapshotEl = null;
  }
}
function snapshot() {
  removeSnapshot();
  const mapEl = $('map');
  const box = mapEl.getBoundingClientRect();
  const el = document.createElement('div');
  el.className = 'tile-snapshot';
  const imgs = [...layer.getContainer().querySelectorAll('img.leaflet-tile-loaded')]
    .filter((img) => img.src && !img.src.startsWith('data:'))
    .map((img) => ({ img, level: Number(img.parentElement.style.zIndex) || 0 }))
    .sort((a, b) => a.level - b.level);
  for (const { img } of imgs) {
    const r = img.getBoundingClientRect();
    if (r.right < box.left || r.left > box.right || r.bottom < box.top || r.top > box.bottom) continue;
    const copy = document.createElement('img');
    copy.src = img.src;
    copy.alt = '';
    Object.assign(copy.style, {
      left: `${r.left - box.left}px`,
      top: `${r.top - box.top}px`,
      width: `${r.width}px`,
      height: `${r.height}px`,
    });
    el.appendChild(copy);
  }
  mapEl.appendChild(el);
  snapshotEl = el;
  setTimeout(() => el === snapshotEl && removeSnapshot(), 15000);
}

// A new anchor at the view's centre whose level `zNew` shows what level z of
// the old one shows: width * 2^(zNew - z), the centre exact.
function reanchor(zNew, { keepScreen = true } = {}) {
  const z = map.getZoom();
  const center = map.getCenter();
  const [re, im] = pointOf(center);
  let width = state.width.mulPow2(zNew - z).roundSig(17);
  const base = baseWidth();
  if (Math.abs(width.log2() - base.log2()) < 1e-9) width = base;
  const e0 = width.magnitude() - 20;
  if (keepScreen) snapshot();
  state.re = re.roundTo(e0);
  state.im = im.roundTo(e0);
  state.width = width;
  computeTileQuery();
  resetView([0, 0], zNew);
}

// The view set anew around the anchor: every tile requested again.
function resetView(at, z) {
  reanchoring = true;
  map.setMinZoom(-1);
  map.setMaxZoom(Z_HI);
  const [lo, hi] = zoomBounds();
  map.setView(at, Math.max(lo, Math.min(hi, z)), { animate: false, reset: true });
  map.setMinZoom(lo);
  map.setMaxZoom(hi);
  reanchoring = false;
  updateReadout();
  updateUrl();
}

function checkAnchor() {
  if (reanchoring) return;
  const z = map.getZoom();
  if (z >= Z_HI) {
    reanchor(Z_MID);
  } else if (z <= Z_LO && !anchorIsTop()) {
    // Back up: towards the formula's own width, at most to level Z_MID.
    const levels = anchorDepth() + z; // the view's level below the formula's width
    reanchor(Math.max(0, Math.min(Z_MID, Math.round(levels))));
  } else {
    const c = map.getCenter();
    // Far from the anchor (panned a long way): a new one, same level.
    if (Math.max(Math.abs(c.lat), Math.abs(c.lng)) * 2 ** z > 2 ** 40) reanchor(z);
  }
}

// ---- the map ------------------------------------------------------------

const FractalLayer = L.TileLayer.extend({
  getTileUrl(coords) {
    // Levels past the re-anchoring bounds are never requested: the view is
    // moved to a new anchor as soon as the zoom ends there.
    if (coords.z >= Z_HI || (coords.z <= Z_LO && !anchorIsTop()) || coords.z < 0) return BLANK;
    return `${API}tile/${coords.z}/${coords.x}/${coords.y}.png?${tileQuery}`;
  },
});

let lastTileError = '';
function onTileError(e) {
  const src = e.tile && e.tile.src;
  if (!src || src.startsWith('data:')) return;
  // An <img> cannot read the error's body: ask again for the JSON.
  fetch(src)
    .then(async (res) => {
      if (res.ok) return;
      const err = await responseError(res);
      if (err.message !== lastTileError) {
        lastTileError = err.message;
        showError(err, 'tiles');
      }
    })
    .catch(() => {
      if (lastTileError !== 'unreachable') {
        lastTileError = 'unreachable';
        showError(new ApiError('the server cannot be reached', 0), 'tiles');
      }
    });
}

function tilesChanged() {
  lastTileError = '';
  computeTileQuery();
  layer.redraw();
  updateUrl();
  updateControls();
  updatePreview();
}

// ---- readout ------------------------------------------------------------

function shortDec(d, sig = 6) {
  return d.roundSig(sig).toString();
}

function updateReadout() {
  if (!map) return;
  const v = viewScene();
  const [re, im] = v.center.split(',');
  const shorten = (s) => (s.length > 40 ? `${s.slice(0, 38)}\u2026` : s);
  $('view-center').textContent = `${shorten(re)}, ${shorten(im)}`;
  $('view-center').title = v.center;
  $('view-width').textContent = shortDec(v.width, 5);
  const zoom = baseWidth().log2() - v.width.log2(); // against the formula's own view
  const log10 = zoom * Math.log10(2);
  $('view-zoom').textContent =
    log10 < 6 ? `\u00d7${(2 ** zoom).toPrecision(3)}` : `\u00d710^${log10.toFixed(1)}`;
}

// ---- controls -----------------------------------------------------------

function fillSelect(select, names, value) {
  select.replaceChildren(
    ...names.map((n) => {
      const o = document.createElement('option');
      o.value = n;
      o.textContent = n;
      return o;
    }),
  );
  if (!names.includes(value) && value) {
    const o = document.createElement('option');
    o.value = value;
    o.textContent = value;
    select.appendChild(o);
  }
  select.value = value;
}

// A palette's gradient: its stops at their positions (a cycle: the first
// colour again at the end), else evenly spaced.
function swatch(colors, positions) {
  if (!colors || !colors.length) return 'linear-gradient(90deg, #444, #888)';
  if (colors.length === 1) return colors[0];
  const cyclic = Array.isArray(positions) && positions.length === colors.length;
  const stops = colors.map((c, i) => {
    const at = cyclic ? positions[i] : i / (colors.length - 1);
    return `${c} ${(at * 100).toFixed(2)}%`;
  });
  if (cyclic && positions[positions.length - 1] < 1) stops.push(`${colors[0]} 100%`);
  return `linear-gradient(90deg, ${stops.join(', ')})`;
}

function buildPalettes() {
  const box = $('palettes');
  const all = [...lists.palettes];
  if (!all.some((p) => p.name === state.palette)) all.push({ name: state.palette, colors: [] });
  box.replaceChildren(
    ...all.map((p) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'palette';
      b.dataset.palette = p.name;
      b.setAttribute('role', 'radio');
      b.title = p.name;
      b.innerHTML = '<span class="swatch"></span><span class="palette-name"></span>';
      b.querySelector('.swatch').style.background = swatch(p.colors, p.positions);
      b.querySelector('.palette-name').textContent = p.name;
      b.addEventListener('click', () => {
        if (state.palette === p.name) return;
        state.palette = p.name;
        tilesChanged();
      });
      return b;
    }),
  );
}

function updateControls() {
  $('formula').value = state.formula;
  $('iter').value = String(state.iter);
  $('color').value = state.color;
  $('c').value = state.c;
  $('power').value = String(state.power);
  $('field-c').hidden = state.formula !== 'julia';
  $('field-power').hidden = state.formula !== 'multibrot';
  for (const b of $('palettes').children) {
    const on = b.dataset.palette === state.palette;
    b.classList.toggle('selected', on);
    b.setAttribute('aria-checked', String(on));
  }
}

// Reset the view to the formula's own (or a given centre and width).
function home() {
  const view = VIEWS[state.formula] || VIEWS.mandelbrot;
  [state.re, state.im] = parseComplex(view.center);
  state.width = Dec.parse(view.width);
  computeTileQuery();
  resetView([0, 0], fitZoom());
}

function bindControls() {
  $('formula').addEventListener('change', (e) => {
    state.formula = e.target.value;
    computeTileQuery();
    updateControls();
    home();
    updatePreview();
  });
  const onIter = (e) => {
    const n = parseInt(e.target.value, 10);
    if (!Number.isFinite(n) || n < 1) {
      showError(new ApiError(`iter: "${e.target.value}" is not a whole number >= 1`, 400, 'iter'));
      return;
    }
    if (n === state.iter) return;
    state.iter = n;
    tilesChanged();
  };
  $('iter').addEventListener('change', onIter);
  $('color').addEventListener('change', (e) => {
    state.color = e.target.value;
    tilesChanged();
  });
  $('c').addEventListener('change', (e) => {
    const text = e.target.value.replace(/\s+/g, '');
    try {
      parseComplex(text);
    } catch (err) {
      showError(new ApiError(`c: ${err.message}`, 400, 'c'));
      return;
    }
    state.c = text;
    tilesChanged();
  });
  $('power').addEventListener('change', (e) => {
    const n = parseInt(e.target.value, 10);
    if (!Number.isFinite(n)) return;
    state.power = n;
    tilesChanged();
  });
  $('home').addEventListener('click', home);
  $('copy-link').addEventListener('click', async () => {
    const url = `${location.origin}${location.pathname}?${pageQuery()}`;
    try {
      await navigator.clipboard.writeText(url);
      $('copy-link').textContent = 'Copied';
    } catch {
      window.prompt('The link of this view:', url);
    }
    setTimeout(() => ($('copy-link').textContent = 'Copy link'), 1500);
  });
  // On a narrow screen the map comes first: the panel opens by its button.
  if (window.matchMedia('(max-width: 640px)').matches) {
    $('panel').hidden = true;
    $('panel-toggle').setAttribute('aria-expanded', 'false');
  }
  $('panel-toggle').addEventListener('click', () => {
    const panel = $('panel');
    panel.hidden = !panel.hidden;
    $('panel-toggle').setAttribute('aria-expanded', String(!panel.hidden));
  });
  $('dl-size').addEventListener('change', (e) => {
    $('dl-custom').hidden = e.target.value !== 'custom';
  });
  $('download').addEventListener('click', download);
}

// ---- download -----------------------------------------------------------

function downloadSize() {
  const v = $('dl-size').value;
  if (v === 'custom') return `${parseInt($('dl-w').value, 10)}x${parseInt($('dl-h').value, 10)}`;
  if (v === 'window') {
    const s = map.getSize();
    return `${s.x}x${s.y}`;
  }
  return v;
}

// The scene of the view, as `fractalis render --scene-out` writes one.
function renderScene() {
  const v = viewScene();
  const scene = {
    fractalis: 'escape',
    formula: state.formula,
    size: downloadSize(),
    center: v.center,
    width: v.width.toExponential(),
    iter: state.iter,
    color: $('dl-color').value || state.color,
    palette: state.palette,
    aa: parseInt($('dl-aa').value, 10) || 1,
  };
  if (state.formula === 'julia') scene.c = state.c;
  if (state.formula === 'multibrot') scene.power = state.power;
  return scene;
}

async function download() {
  const btn = $('download');
  const scene = renderScene();
  btn.disabled = true;
  btn.textContent = 'Rendering\u2026';
  try {
    const res = await request('render', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(scene),
    });
    const blob = await res.blob();
    saveBlob(blob, `fractalis-${state.formula}-${scene.size}.png`);
  } catch (err) {
    showError(err, 'download');
  } finally {
    btn.disabled = false;
    btn.textContent = 'Download PNG';
  }
}

// ---- the Julia preview --------------------------------------------------

let previewWant = null; // the c of the latest cursor position
let previewBusy = false;
let previewPinned = false;
let previewShown = null;
let previewUrl = null;

function previewEnabled() {
  return state.formula !== 'julia';
}

function previewC(latlng) {
  const px = pixelWidth(map.getZoom());
  const [re, im] = pointOf(latlng);
  const round = (d) => d.roundTo(Math.max(d.magnitude() - 16, px.magnitude() - 2));
  return complexText(round(re), round(im));
}

function requestPreview(c) {
  previewWant = c;
  if (!previewBusy) loadPreview();
}

async function loadPreview() {
  const c = previewWant;
  if (c === null || c === previewShown) return;
  previewBusy = true;
  const q = query({
    formula: 'julia',
    c,
    size: '200x150',
    center: '0,0',
    width: '3.6',
    iter: Math.min(state.iter, 1000),
    color: state.color,
    palette: state.palette,
  });
  try {
    const res = await request(`view.png?${q}`);
    const blob = await res.blob();
    if (previewUrl) URL.revokeObjectURL(previewUrl);
    previewUrl = URL.createObjectURL(blob);
    $('preview-img').src = previewUrl;
    $('preview-c').textContent = c.replace(',', ', ');
    $('preview').dataset.c = c;
    $('preview').hidden = !previewEnabled();
    previewShown = c;
  } catch (err) {
    showError(err, 'Julia preview');
    previewShown = c;
  } finally {
    previewBusy = false;
  }
  // Only the latest position is kept: one request at a time, the next one
  // for wherever the cursor is now (at most ten a second).
  if (previewWant !== previewShown) setTimeout(loadPreview, 100);
}

function updatePreview() {
  previewShown = null;
  if (!previewEnabled()) {
    $('preview').hidden = true;
    return;
  }
  if (previewWant) requestPreview(previewWant);
}

function bindPreview() {
  map.on('mousemove', (e) => {
    const [re, im] = pointOf(e.latlng);
    const px = pixelWidth(map.getZoom());
    const e0 = px.magnitude() - 1;
    $('view-cursor').textContent = `${shortDec(re.roundTo(e0), 12)}, ${shortDec(im.roundTo(e0), 12)}`;
    if (previewEnabled() && !previewPinned) requestPreview(previewC(e.latlng));
  });
  map.on('click', (e) => {
    if (!previewEnabled()) return;
    previewPinned = !previewPinned;
    $('preview-pin').hidden = !previewPinned;
    if (!previewPinned) requestPreview(previewC(e.latlng));
    else requestPreview(previewC(e.latlng));
  });
  $('preview-open').addEventListener('click', () => {
    const c = $('preview').dataset.c;
    if (!c) return;
    state.formula = 'julia';
    state.c = c;
    previewPinned = false;
    $('preview-pin').hidden = true;
    $('preview').hidden = true;
    computeTileQuery();
    updateControls();
    home();
  });
}

// ---- start --------------------------------------------------------------

async function loadLists() {
  const [formulas, colorings, palettes, params, info] = await Promise.allSettled([
    getJSON('formulas'),
    getJSON('colorings'),
    getJSON('palettes'),
    getJSON('params/escape'),
    getJSON('info'),
  ]);
  const failed = [formulas, colorings, palettes].find((r) => r.status === 'rejected');
  if (failed) showError(failed.reason, 'the server\u2019s lists');
  lists = {
    formulas: formulas.status === 'fulfilled' && Array.isArray(formulas.value) ? formulas.value : FALLBACK.formulas,
    colorings:
      colorings.status === 'fulfilled' && Array.isArray(colorings.value) ? colorings.value : FALLBACK.colorings,
    palettes: palettes.status === 'fulfilled' && Array.isArray(palettes.value) ? palettes.value : FALLBACK.palettes,
  };
  const colorName = (c) => (typeof c === 'string' ? c : c.name);
  const tileColorings = lists.colorings.filter((c) => typeof c === 'string' || c.tiles !== false).map(colorName);
  fillSelect($('formula'), lists.formulas, state.formula);
  fillSelect($('color'), tileColorings, state.color);
  const dl = $('dl-color');
  for (const c of lists.colorings.map(colorName)) {
    const o = document.createElement('option');
    o.value = c;
    o.textContent = c;
    dl.appendChild(o);
  }
  buildPalettes();
  if (params.status === 'fulfilled' && Array.isArray(params.value)) {
    for (const p of params.value) {
      const el = document.querySelector(`.panel [data-param="${CSS.escape(p.name)}"]`);
      if (el && p.help) el.title = `${p.help}${p.range ? ` (${p.range})` : ''}`;
      if (p.name === 'iter' && p.range) $('iter').title = `${p.help} (${p.range})`;
    }
  }
  if (info.status === 'fulfilled' && info.value) {
    const i = info.value;
    $('server-info').textContent = [i.version && `fractalis ${i.version}`, i.device].filter(Boolean).join(' \u00b7 ');
    if (i.limits && i.limits.max_iter) $('iter').max = String(i.limits.max_iter);
  }
}

async function main() {
  const link = readUrl();
  const at = link.at;
  let z = link.z;
  if (z === null) {
    // A centre and width alone: that width across the window, the anchor's
    // level-Z_MID tiles when it is a deep one.
    z = fitZoom();
    if (!anchorIsTop()) {
      state.width = state.width.mulPow2(Z_MID - z);
      z = Z_MID;
    }
  }
  computeTileQuery();
  map = L.map('map', {
    crs: L.CRS.Simple,
    attributionControl: false,
    zoomControl: true,
    minZoom: -1,
    maxZoom: Z_HI,
    zoomSnap: 1,
    zoomDelta: 1,
    wheelPxPerZoomLevel: 60,
    keyboard: true,
    inertia: true,
    fadeAnimation: true,
  });
  const [lo, hi] = zoomBounds();
  map.setMinZoom(lo);
  map.setMaxZoom(hi);
  layer = new FractalLayer('', {
    tileSize: 256,
    minNativeZoom: 0,
    minZoom: -5,
    maxZoom: Z_HI + 8,
    noWrap: true,
    keepBuffer: 1,
    updateWhenZooming: false,
    className: 'fractal-tiles',
  });
  layer.on('tileerror', onTileError);
  layer.on('load', removeSnapshot);
  layer.addTo(map);
  map.setView(at, Math.max(lo, Math.min(hi, z)), { animate: false });
  map.on('movestart', () => !reanchoring && removeSnapshot());
  map.on('zoomstart', () => !reanchoring && removeSnapshot());
  map.on('moveend', () => {
    if (reanchoring) return;
    setTimeout(checkAnchor, 0);
    updateReadout();
    updateUrl();
  });
  map.on('resize', updateReadout);
  // A link whose level lies at a bound re-anchors at once.
  setTimeout(checkAnchor, 0);
  bindControls();
  bindPreview();
  updateControls();
  updateReadout();
  updateUrl();
  map.getContainer().focus();
  window.fractalisExplorer = { state, map, layer, viewScene, renderScene, pageQuery, tileQuery: () => tileQuery };
  await loadLists();
  updateControls();
}

main().catch((err) => showError(err, 'start'));
