// The flame page: a genome file (file input or drag-and-drop) rendered as a
// job of fractalis serve: POST /api/jobs?kind=flame&genome=&size=&quality=
// with the XML as the body, then its progress, a cancel button and the
// result (jobs.js).

import './style.css';
import { ApiError, getJSON, request, showError, clearErrors } from './api.js';
import { jobPanel } from './jobs.js';

const $ = (id) => document.getElementById(id);
let file = null;
let text = null;

const panel = jobPanel($('job'), {
  filename: 'flame.png',
  onFinish: () => {
    $('render').disabled = !file;
  },
});

// The genomes of a file, by their <flame> elements (a file need not be one
// well-formed XML document: Apophysis writes several roots).
function genomes(xml) {
  const out = [];
  const re = /<flame\b([^>]*)>/gi;
  let m;
  while ((m = re.exec(xml))) {
    const name = /\bname\s*=\s*"([^"]*)"/i.exec(m[1]) || /\bname\s*=\s*'([^']*)'/i.exec(m[1]);
    out.push(name ? name[1] : '');
  }
  return out;
}

async function takeFile(f) {
  if (!f) return;
  clearErrors();
  file = f;
  text = await f.text();
  const list = genomes(text);
  $('file-name').textContent = `${f.name} (${(f.size / 1024).toFixed(1)} KiB, ${list.length} genome${list.length === 1 ? '' : 's'})`;
  const select = $('genome');
  select.replaceChildren(
    ...list.map((name, i) => {
      const o = document.createElement('option');
      o.value = String(i);
      o.textContent = `${i}: ${name || '(no name)'}`;
      return o;
    }),
  );
  $('field-genome').hidden = list.length < 2;
  if (!list.length) showError(new ApiError(`${f.name}: no <flame> element in this file`, 400));
  $('render').disabled = panel.busy();
}

$('file').addEventListener('change', (e) => takeFile(e.target.files[0]));

const zone = $('dropzone');
for (const ev of ['dragenter', 'dragover']) {
  zone.addEventListener(ev, (e) => {
    e.preventDefault();
    zone.classList.add('over');
  });
}
for (const ev of ['dragleave', 'drop']) {
  zone.addEventListener(ev, () => zone.classList.remove('over'));
}
zone.addEventListener('drop', (e) => {
  e.preventDefault();
  const f = e.dataTransfer && e.dataTransfer.files[0];
  if (f) takeFile(f);
});
// Dropping anywhere else on the page should not open the file instead.
window.addEventListener('dragover', (e) => e.preventDefault());
window.addEventListener('drop', (e) => {
  e.preventDefault();
  const f = e.dataTransfer && e.dataTransfer.files[0];
  if (f) takeFile(f);
});

function options() {
  const q = new URLSearchParams({ kind: 'flame' });
  const genome = $('field-genome').hidden ? '' : $('genome').value;
  if (genome && genome !== '0') q.set('genome', genome);
  const size = $('size').value.trim().toLowerCase().replace(/\s+/g, '').replace('\u00d7', 'x');
  if (size) {
    if (!/^\d+x\d+$/.test(size)) throw new ApiError(`size: "${size}" is not WIDTHxHEIGHT`, 400, 'size');
    q.set('size', size);
  }
  for (const key of ['quality', 'supersample', 'seed']) {
    const v = $(key).value.trim();
    if (v !== '') q.set(key, v);
  }
  return q;
}

$('flame-form').addEventListener('submit', (e) => {
  e.preventDefault();
  if (!file || panel.busy()) return;
  clearErrors();
  let q;
  try {
    q = options();
  } catch (err) {
    showError(err);
    return;
  }
  $('placeholder').hidden = true;
  $('render').disabled = true;
  const base = file.name.replace(/\.[^.]*$/, '') || 'flame';
  panel.start(async () => {
    const res = await request(`jobs?${q}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/xml' },
      body: text,
    });
    return res.json();
  }, `${base}.png`);
});

getJSON('info').catch((err) => showError(err, 'server'));
