// The HTTP API of fractalis serve (docs/SERVE.md): requests relative to the
// page, so the app works at the server's root or under a prefix, and the
// server's JSON errors {"error", "status", "param"} as exceptions.

export const API = 'api/';

export class ApiError extends Error {
  constructor(message, status, param) {
    super(message);
    this.status = status;
    this.param = param;
  }
}

// An error from a response that is not ok: the server's JSON when it sent
// one, else the status line.
export async function responseError(res) {
  let body = null;
  try {
    const text = await res.text();
    try {
      body = JSON.parse(text);
    } catch {
      body = { error: text.trim().slice(0, 300) };
    }
  } catch {
    body = null;
  }
  const message = (body && body.error) || `${res.status} ${res.statusText || 'error'}`;
  return new ApiError(message, (body && body.status) || res.status, body && body.param);
}

export async function request(path, options = {}) {
  let res;
  try {
    res = await fetch(API + path, options);
  } catch (err) {
    if (err && err.name === 'AbortError') throw err;
    throw new ApiError(`the server cannot be reached (${err.message})`, 0);
  }
  if (!res.ok) throw await responseError(res);
  return res;
}

export async function getJSON(path, options) {
  const res = await request(path, options);
  return res.json();
}

// Errors shown to the user: a stack of dismissable messages at the bottom of
// the page; the same message again only moves to the front. A control named
// by the error's param is highlighted.
let toastBox = null;

export function showError(err, context) {
  if (err && err.name === 'AbortError') return;
  const message = err instanceof Error ? err.message : String(err);
  const text = context ? `${context}: ${message}` : message;
  console.warn(text);
  if (!toastBox) {
    toastBox = document.createElement('div');
    toastBox.className = 'toasts';
    toastBox.setAttribute('role', 'alert');
    toastBox.setAttribute('aria-live', 'assertive');
    document.body.appendChild(toastBox);
  }
  for (const old of toastBox.children) {
    if (old.dataset.text === text) old.remove();
  }
  const toast = document.createElement('div');
  toast.className = 'toast error';
  toast.dataset.text = text;
  if (err && err.status) toast.dataset.status = String(err.status);
  const span = document.createElement('span');
  span.textContent = text;
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'toast-close';
  close.setAttribute('aria-label', 'dismiss');
  close.textContent = '\u00d7';
  close.addEventListener('click', () => toast.remove());
  toast.append(span, close);
  toastBox.appendChild(toast);
  while (toastBox.children.length > 4) toastBox.firstChild.remove();
  setTimeout(() => toast.remove(), 15000);
  if (err && err.param) markParam(err.param);
}

export function clearErrors() {
  if (toastBox) toastBox.replaceChildren();
  for (const el of document.querySelectorAll('.param-error')) el.classList.remove('param-error');
}

function markParam(param) {
  const el = document.querySelector(`[data-param="${CSS.escape(param)}"]`);
  if (!el) return;
  el.classList.add('param-error');
  const clear = () => {
    el.classList.remove('param-error');
    el.removeEventListener('input', clear);
    el.removeEventListener('change', clear);
  };
  el.addEventListener('input', clear);
  el.addEventListener('change', clear);
}

// Save a Blob as a file the browser downloads.
export function saveBlob(blob, name) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60000);
}
