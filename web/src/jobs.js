// A job of fractalis serve (POST /api/jobs) followed to its end: progress
// from its server-sent events (GET /api/jobs/ID/events: "progress" with the
// job JSON, then one of "done", "failed", "cancelled"), a cancel button
// (DELETE /api/jobs/ID), and the result PNG (GET /api/jobs/ID/result).

import { API, request, showError } from './api.js';

const TERMINAL = ['done', 'failed', 'cancelled'];

// Builds the job panel inside `root` (an element of the page) and returns a
// controller: start(promiseOfJobJSON), busy().
export function jobPanel(root, { filename = 'fractalis.png', onFinish } = {}) {
  root.classList.add('job-panel');
  root.innerHTML = `
    <div class="job-status" hidden>
      <div class="job-line">
        <span class="job-state"></span>
        <span class="job-stage"></span>
        <span class="job-percent"></span>
        <button type="button" class="job-cancel secondary">Cancel</button>
      </div>
      <progress class="job-progress" max="1" value="0"></progress>
    </div>
    <figure class="job-result" hidden>
      <a class="job-image-link" target="_blank" rel="noopener"><img class="job-image" alt="the rendered image"></a>
      <figcaption>
        <span class="job-info"></span>
        <a class="job-download button" download>Download PNG</a>
      </figcaption>
    </figure>`;
  const status = root.querySelector('.job-status');
  const stateEl = root.querySelector('.job-state');
  const stageEl = root.querySelector('.job-stage');
  const percentEl = root.querySelector('.job-percent');
  const bar = root.querySelector('.job-progress');
  const cancelBtn = root.querySelector('.job-cancel');
  const result = root.querySelector('.job-result');
  const img = root.querySelector('.job-image');
  const imgLink = root.querySelector('.job-image-link');
  const info = root.querySelector('.job-info');
  const download = root.querySelector('.job-download');

  let job = null;
  let source = null;
  let pollTimer = null;
  let finished = true;

  function stopFollowing() {
    if (source) {
      source.close();
      source = null;
    }
    if (pollTimer) {
      clearTimeout(pollTimer);
      pollTimer = null;
    }
  }

  function show(j) {
    job = { ...job, ...j };
    root.dataset.state = job.state || '';
    stateEl.textContent = job.state || '';
    stageEl.textContent = job.stage && job.stage !== job.state ? `\u2013 ${job.stage}` : '';
    const p = Math.max(0, Math.min(1, Number(job.progress) || 0));
    if (job.state === 'done') bar.value = 1;
    else bar.value = p;
    percentEl.textContent = job.state === 'queued' ? '' : `${Math.floor((job.state === 'done' ? 1 : p) * 100)}%`;
  }

  function finish(j, state) {
    if (finished) return;
    finished = true;
    stopFollowing();
    show({ ...j, state });
    cancelBtn.hidden = true;
    if (state === 'done') {
      const url = `${API}jobs/${encodeURIComponent(job.id)}/result`;
      img.onload = () => {
        root.dataset.result = 'loaded';
        result.hidden = false;
      };
      img.onerror = () => showError('the result image did not load', `job ${job.id}`);
      img.src = url;
      imgLink.href = url;
      download.href = url;
      download.setAttribute('download', filename);
      const size = job.width && job.height ? `${job.width} \u00d7 ${job.height}` : '';
      const secs = job.seconds != null ? `${Number(job.seconds).toFixed(2)} s` : '';
      info.textContent = [size, secs].filter(Boolean).join(', ');
    } else if (state === 'failed') {
      showError(job.error || 'the job failed', `job ${job.id}`);
    }
    if (onFinish) onFinish(job);
  }

  async function poll() {
    pollTimer = null;
    try {
      const res = await request(`jobs/${encodeURIComponent(job.id)}`);
      const j = await res.json();
      if (TERMINAL.includes(j.state)) finish(j, j.state);
      else {
        show(j);
        pollTimer = setTimeout(poll, 500);
      }
    } catch (err) {
      showError(err, `job ${job.id}`);
      finish(job, 'failed');
    }
  }

  function follow() {
    const url = `${API}jobs/${encodeURIComponent(job.id)}/events`;
    source = new EventSource(url);
    const on = (name, handler) =>
      source.addEventListener(name, (ev) => {
        let j = {};
        try {
          j = JSON.parse(ev.data);
        } catch {
          j = {};
        }
        handler(j);
      });
    on('progress', (j) => !finished && show(j));
    for (const state of TERMINAL) on(state, (j) => finish(j, state));
    source.onerror = () => {
      // The stream ended or failed before a final event: ask the job itself.
      if (finished) return;
      stopFollowing();
      poll();
    };
  }

  cancelBtn.addEventListener('click', async () => {
    if (!job || finished) return;
    cancelBtn.disabled = true;
    try {
      await request(`jobs/${encodeURIComponent(job.id)}`, { method: 'DELETE' });
      // The events stream reports the cancel; poll in case it has ended.
      if (!source) poll();
    } catch (err) {
      showError(err, 'cancel');
    } finally {
      cancelBtn.disabled = false;
    }
  });

  return {
    busy: () => !finished,
    job: () => job,
    // submit: an async function that POSTs the job and returns its JSON;
    // name: the result's file name when downloaded.
    async start(submit, name) {
      if (name) filename = name;
      stopFollowing();
      finished = false;
      job = null;
      result.hidden = true;
      delete root.dataset.result;
      img.removeAttribute('src');
      status.hidden = false;
      cancelBtn.hidden = false;
      cancelBtn.disabled = false;
      show({ state: 'submitting', progress: 0, stage: '' });
      try {
        const j = await submit();
        job = j;
        show(j);
        if (TERMINAL.includes(j.state)) finish(j, j.state);
        else follow();
      } catch (err) {
        finished = true;
        showError(err, 'job');
        show({ state: 'failed', progress: 0, stage: '' });
        cancelBtn.hidden = true;
        if (onFinish) onFinish(null);
      }
    },
  };
}
