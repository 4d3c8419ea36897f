// Benchmark (not a pass/fail test): the same job as bench-worker.mjs, Wu Fig. 3's `wu_items`,
// in one of Chromium's web workers (the page's own worker script, `hetcast-worker_loader.js`),
// so that the browser's wasm can be compared with Node's V8 and with native code on the same
// items. Timed by the worker thread's CPU seconds (Linux's /proc, as bench-experiments.mjs
// does), which other load on the machine disturbs far less than wall time; the wall time in
// the page is printed too.
//
// Run after `trunk build --release --dist DIST`:
//   cd tests/e2e && [JS_FLAGS='--flag ...'] node bench-worker-browser.mjs DIST [runs] [reps]
// `runs` runs per point (default 50), every item `reps` times in one worker (default 3; the
// first includes compiling the wasm and its tier-up). JS_FLAGS goes to Chromium's V8
// (`--js-flags`), to test what the engine's settings change.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { chromium } from 'playwright-core';
import { CHROMIUM } from './app-page.mjs';
import { serveDir } from './static-server.mjs';

const DIST = process.argv[2];
if (!DIST) throw new Error('usage: node bench-worker-browser.mjs DIST [runs] [reps]');
const RUNS = Number(process.argv[3] || 50);
const REPS = Number(process.argv[4] || 3);

const spec = {
  network: 'fast', nodes: 64, classes: 4, source_counts: [1, 2, 4, 8, 16, 32, 64],
  mixes: ['small', 'large', 'hybrid'], runs: RUNS, seed: 2001, threads: 1,
};

/** CPU seconds (user + system) of this script's browser's `DedicatedWorker` threads, by id. */
function workerCpu() {
  const out = {};
  const field = (st) => st.slice(st.lastIndexOf(')') + 2).split(' ');
  const parent = {};
  for (const p of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      parent[p] = field(fs.readFileSync(`/proc/${p}/stat`, 'utf8'))[1];
    } catch { /* gone meanwhile */ }
  }
  const ours = (p) => {
    for (let q = p; q && q !== '0' && q !== '1'; q = parent[q]) if (q === String(process.pid)) return true;
    return false;
  };
  for (const p of Object.keys(parent).filter((p) => p !== String(process.pid) && ours(p))) {
    try {
      for (const t of fs.readdirSync(`/proc/${p}/task`)) {
        const st = fs.readFileSync(`/proc/${p}/task/${t}/stat`, 'utf8');
        if (!st.includes('(DedicatedWorker')) continue;
        const f = field(st);
        out[t] = (Number(f[11]) + Number(f[12])) / 100;
      }
    } catch { /* gone meanwhile */ }
  }
  return out;
}

const server = await serveDir(DIST);
const args = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'];
if (process.env.JS_FLAGS) args.push(`--js-flags=${process.env.JS_FLAGS}`);
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args });
try {
  const page = await browser.newPage();
  // Any document of the dist's origin: the worker script is loaded relative to it.
  await page.goto(`${server.url}manifest.webmanifest`);
  await page.evaluate(() => new Promise((ok) => {
    window.__worker = new Worker('./hetcast-worker_loader.js');
    window.__worker.onmessage = () => ok();
  }));
  const items = 21 * RUNS;
  for (let r = 0; r < REPS; r++) {
    const before = workerCpu();
    const { ms, answer } = await page.evaluate((request) => new Promise((ok) => {
      const t0 = performance.now();
      window.__worker.onmessage = (e) => {
        if (!e.data.startsWith('{"progress"')) ok({ ms: performance.now() - t0, answer: e.data });
      };
      window.__worker.postMessage(request);
    }), JSON.stringify({ id: 1, job: { kind: 'wu_items', spec, from: 0, to: items } }));
    const after = workerCpu();
    const cpu = Object.entries(after).reduce((s, [t, c]) => s + c - (before[t] ?? 0), 0);
    const sha = crypto.createHash('sha256').update(answer).digest('hex').slice(0, 12);
    console.log(`wu-fig3, ${RUNS} runs per point, items 0..${items}: ${cpu.toFixed(2)} s CPU, ${(ms / 1000).toFixed(3)} s wall (answer ${answer.length} bytes, sha256 ${sha})`);
  }
} finally {
  await browser.close();
  await server.close();
}
