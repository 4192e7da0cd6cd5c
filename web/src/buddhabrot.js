// The Buddhabrot page: an orbit-density scene ({"fractalis": "buddhabrot",
// ...}, the keys of `fractalis render buddhabrot`) rendered as a job of
// fractalis serve, with its progress, a cancel button and the result.

import './style.css';
import { ApiError, getJSON, request, showError, clearErrors } from './api.js';
import { jobPanel } from './jobs.js';

const $ = (id) => document.getElementById(id);

const panel = jobPanel($('job'), {
  filename: 'buddhabrot.png',
  onFinish: () => {
    $('render').disabled = false;
  },
});

function whole(id, min) {
  const text = $(id).value.trim();
  if (!/^\d+$/.test(text) || Number(text) < min) {
    throw new ApiError(`${id}: "${text}" is not a whole number >= ${min}`, 400, id);
  }
  return text;
}

// The scene of the form.
export function scene() {
  const kind = $('kind').value;
  const size = $('size').value.trim().toLowerCase().replace(/\s+/g, '').replace('\u00d7', 'x');
  if (!/^\d+x\d+$/.test(size)) throw new ApiError(`size: "${size}" is not WIDTHxHEIGHT`, 400, 'size');
  const iter = Number(whole('iter', 1));
  const s = {
    fractalis: 'buddhabrot',
    size,
    samples: whole('samples', 1),
    seed: whole('seed', 0),
  };
  const rotate = Number($('rotate').value);
  if ($('rotate').value.trim() !== '' && Number.isFinite(rotate)) s.rotate = rotate;
  if (kind === 'nebulabrot') {
    // fractalis's nebulabrot: red, green and blue bands of 5000, 500, 50.
    const band = (d) => Math.max(1, Math.round(iter / d));
    s.channel = `r:0:${iter},g:0:${band(10)},b:0:${band(100)}`;
  } else {
    s.channel = `gray:0:${iter}`;
  }
  if (kind === 'anti') {
    s.anti = true;
    s.tone = 'sqrt';
  }
  return s;
}

function updateHint() {
  const kind = $('kind').value;
  $('iter-label').textContent =
    kind === 'nebulabrot' ? 'Iterations (red band; green a tenth, blue a hundredth)' : 'Iterations';
  try {
    $('scene-hint').textContent = `Scene: ${JSON.stringify(scene())}`;
  } catch (err) {
    $('scene-hint').textContent = err.message;
  }
}

const DEFAULT_ITER = { buddhabrot: 1000, nebulabrot: 5000, anti: 500 };
let lastKind = $('kind').value;
$('kind').addEventListener('change', () => {
  const kind = $('kind').value;
  if ($('iter').value === String(DEFAULT_ITER[lastKind])) $('iter').value = String(DEFAULT_ITER[kind]);
  lastKind = kind;
  updateHint();
});
$('buddha-form').addEventListener('input', updateHint);

$('buddha-form').addEventListener('submit', (e) => {
  e.preventDefault();
  if (panel.busy()) return;
  clearErrors();
  let body;
  try {
    body = scene();
  } catch (err) {
    showError(err);
    return;
  }
  $('placeholder').hidden = true;
  $('render').disabled = true;
  const name = `${$('kind').value}-${body.size}.png`;
  panel.start(async () => {
    const res = await request('jobs', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    return res.json();
  }, name);
});

updateHint();
getJSON('info').catch((err) => showError(err, 'server'));
