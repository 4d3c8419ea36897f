// Benchmark (not a pass/fail test: CI machines are noisy): an experiment of the Experiments
// page from the click on Run to its chart on screen, on a given number of web workers (the
// page's `navigator.hardwareConcurrency` is set to it), in a fresh page each time.
//
// Baseline measured in the same run: the same experiment with 1 run (wu-fig3) or 1 platform at
// one density (beaumont-fig11): starting the workers, the messages and drawing the chart.
//
// Prints the time from the click to the chart (stamped in the page: the click event's time and
// a mutation observer that sees the chart appear), the time the page shows ("computed in"), and
// the ratio to the baseline.
//
// Run after `trunk build --release`:
//   cd tests/e2e && [SETTLE_MS=ms] [TIMELINE=1] node bench-experiments.mjs [wu-fig3|beaumont-fig11|gonzalez-random|explore-multi] [runs] [workers] [dist dir]
// wu-fig3: runs per point (default 1000, the paper's); beaumont-fig11: platforms per (size,
// density) (default 10, the paper's; both sizes, the seven densities); gonzalez-random: instances
// per point (default 20); explore-multi: the explorer's many-source family of 2 to N nodes
// (default 3: the family `hetcast experiment explore --model multi` searches; costs 1 to 2),
// every member, timed until the page's "running" line goes; baseline: 2 nodes, costs 1.
import fs from 'node:fs';
import { AppPage, launch } from './app-page.mjs';
import { serveDir } from './static-server.mjs';

const EXP = process.argv[2] || 'wu-fig3';
const FIELDS = {
  'wu-fig3': { runs: '#exp-wu-runs', full: 1000, base: { '#exp-wu-runs': 1 } },
  'beaumont-fig11': {
    runs: '#exp-fig11-runs',
    full: 10,
    base: { '#exp-fig11-runs': 1, '#exp-fig11-nodes': 30, '#exp-fig11-densities': '0.3' },
  },
  'gonzalez-random': { runs: '#exp-gonzalez-runs', full: 20, base: { '#exp-gonzalez-runs': 1 } },
  'explore-multi': {
    tab: 'explore',
    select: { '#exp-model': 'multi', '#exp-search': 'every' },
    runs: '#exp-n-max',
    full: 3,
    fixed: { '#exp-max-cost': 2, '#exp-n-min': 2 },
    base: { '#exp-max-cost': 1, '#exp-n-min': 2, '#exp-n-max': 2 },
    done: '#exp-running',
  },
};
if (!FIELDS[EXP]) throw new Error(`unknown experiment ${EXP}: one of ${Object.keys(FIELDS).join(', ')}`);
const RUNS = Number(process.argv[3] || FIELDS[EXP].full);
const WORKERS = Number(process.argv[4] || 2);
const DIST = process.argv[5] || new URL('../../dist/', import.meta.url).pathname;
const SETTLE_MS = Number(process.env.SETTLE_MS || 0);

/** Milliseconds from the click on Run to the chart, on a fresh page with `fields` filled. */
async function timeRun(browser, url, fields) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  await page.addInitScript((n) => {
    Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => n });
    // Each web worker's timeline (performance.now() ms): created, first message (Ready), last
    // message, and the bytes of text it posted.
    window.__workers = [];
    const Native = window.Worker;
    window.Worker = function (...args) {
      const w = new Native(...args);
      const rec = { created: performance.now(), first: null, last: null, messages: 0, bytes: 0, answers: [] };
      window.__workers.push(rec);
      w.addEventListener('message', (e) => {
        rec.first ??= performance.now();
        rec.last = performance.now();
        rec.messages += 1;
        rec.bytes += typeof e.data === 'string' ? e.data.length : 0;
        // Every message but progress: its kind and when it came.
        const kind = typeof e.data === 'string' ? e.data.slice(0, 40).match(/^"?\{?"?(\w+)/)?.[1] : '?';
        if (kind !== 'progress') rec.answers.push([kind, performance.now()]);
      });
      w.postMessage = new Proxy(w.postMessage, {
        apply(f, self, args) {
          rec.answers.push(['posted', performance.now()]);
          return Reflect.apply(f, self, args);
        },
      });
      return w;
    };
    window.Worker.prototype = Native.prototype;
  }, WORKERS);
  const app = new AppPage(page, url);
  await app.open();
  await page.keyboard.press('e');
  await page.locator('#experiments:not(.hidden)').waitFor();
  const { tab = EXP, select = {}, fixed = {}, done = null } = FIELDS[EXP];
  await page.click(`#exp-tab-${tab}`);
  for (const [sel, v] of Object.entries(select)) await page.selectOption(sel, v);
  for (const [sel, v] of Object.entries({ ...fixed, ...fields })) await page.fill(sel, String(v));
  // SETTLE_MS: the time a user takes between opening the page and Run (the page starts its
  // workers when it opens).
  if (SETTLE_MS) await page.waitForTimeout(SETTLE_MS);
  await page.evaluate((done) => {
    window.__clicked = null;
    window.__shown = null;
    window.__running = false;
    document.addEventListener('click', (e) => { window.__clicked ??= e.timeStamp; }, { capture: true, once: true });
    // The chart on screen; or, with `done`, that element gone again (seen, or the first
    // comparison's row there: a run within one batch of changes).
    const seen = () => {
      if (document.querySelector('#exp-error')) return true;
      if (!done) return document.querySelector('#exp-chart svg');
      if (document.querySelector(done)) window.__running = true;
      const over = window.__running || document.querySelector('#exp-cmp-0');
      return over && !document.querySelector(done);
    };
    new MutationObserver((_, observer) => {
      if (seen()) {
        window.__shown = performance.now();
        observer.disconnect();
      }
    }).observe(document, { subtree: true, childList: true });
  }, done);
  const cpu0 = cpuNow();
  const threads = {};
  const all = {};
  // Threads' CPU read once a second (a thread that ends keeps its last reading), and the page
  // asked for the chart 5 times a second: a poll on every animation frame (Playwright's
  // default) made the browser draw 60 frames a second for the whole run, and reading /proc
  // every 100 ms cost this process CPU too, both on the cores the workers use.
  const poll = setInterval(() => {
    const c = cpuNow();
    Object.assign(threads, c.workers);
    Object.assign(all, c.threads);
  }, 1000);
  await page.click('#exp-run');
  await page.waitForFunction(() => window.__shown !== null, null, { timeout: 3600000, polling: 200 });
  clearInterval(poll);
  const cpu = {
    total: cpuNow().total - cpu0.total,
    workers: Object.entries(threads).map(([t, c]) => c - (cpu0.workers[t] ?? 0)).filter((c) => c > 0.05),
    // The other threads' CPU, by thread name (the process's main thread under its own name).
    others: Object.entries(all).reduce((acc, [k, c]) => {
      const name = process.env.TIMELINE === "threads" ? k : k.split(" ").slice(1).join(" ");
      if (!name.startsWith('DedicatedWorker')) acc[name] = (acc[name] ?? 0) + c - (cpu0.threads[k] ?? 0);
      return acc;
    }, {}),
  };
  const error = await page.locator('#exp-error').count();
  if (error) throw new Error(await page.locator('#exp-error').textContent());
  const ms = await page.evaluate(() => window.__shown - window.__clicked);
  const workers = await page.evaluate(() => window.__workers.map((w) => ({
    ...w, created: w.created - window.__clicked, first: w.first - window.__clicked, last: w.last - window.__clicked,
    answers: w.answers.map(([k, t]) => [k, t - window.__clicked]),
  })));
  const time = page.locator('#exp-time');
  const shown = (await time.count()) ? (await time.textContent()).trim() : '';
  await page.close();
  return { ms, shown, workers, cpu };
}

/**
 * CPU seconds (user + system, from Linux's /proc) of the browser's processes, and of each web
 * worker thread ("DedicatedWorker"), by thread id: robust to other load on the machine, unlike
 * wall times. Empty where /proc is missing.
 */
function cpuNow() {
  const out = { total: 0, workers: {}, threads: {} };
  const tick = 100; // USER_HZ
  const read = (path) => {
    const st = fs.readFileSync(path, 'utf8');
    const f = st.slice(st.lastIndexOf(')') + 2).split(' ');
    return { comm: st.slice(st.indexOf('(') + 1, st.lastIndexOf(')')), cpu: (Number(f[11]) + Number(f[12])) / tick };
  };
  // This script's browser: the processes descended from this one (other browsers may run).
  const parent = {};
  try {
    for (const p of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
      try {
        const st = fs.readFileSync(`/proc/${p}/stat`, 'utf8');
        parent[p] = st.slice(st.lastIndexOf(')') + 2).split(' ')[1];
      } catch { /* gone meanwhile */ }
    }
  } catch { return out; }
  const ours = (p) => {
    for (let q = p; q && q !== '0' && q !== '1'; q = parent[q]) if (q === String(process.pid)) return true;
    return false;
  };
  for (const p of Object.keys(parent).filter((p) => p !== String(process.pid) && ours(p))) {
    try {
      const { comm, cpu } = read(`/proc/${p}/stat`);
      out.total += cpu;
      for (const t of fs.readdirSync(`/proc/${p}/task`)) {
        const th = read(`/proc/${p}/task/${t}/stat`);
        if (th.comm.startsWith('DedicatedWorker')) out.workers[t] = th.cpu;
        out.threads[`${p}/${t} ${th.comm}`] = th.cpu;
      }
    } catch { /* gone meanwhile */ }
  }
  return out;
}

/** One line per web worker: when it was created, first and last posted (s from the click). */
function timeline(workers) {
  const s = (ms) => (ms / 1000).toFixed(2);
  return workers.map((w, i) => `  worker ${i}: created ${s(w.created)}, first message ${s(w.first)}, last ${s(w.last)}; ${w.messages} messages, ${(w.bytes / 1024).toFixed(0)} KiB\n    ${w.answers.map(([k, t]) => `${k} ${s(t)}`).join(', ')}`).join('\n');
}

const server = await serveDir(DIST);
const browser = await launch();
try {
  const base = await timeRun(browser, server.url, FIELDS[EXP].base);
  console.log(`baseline ${EXP} ${JSON.stringify(FIELDS[EXP].base)}: ${(base.ms / 1000).toFixed(2)} s click to chart (${base.shown})`);
  const full = await timeRun(browser, server.url, { [FIELDS[EXP].runs]: RUNS });
  console.log(`${EXP} ${FIELDS[EXP].runs.replace('#exp-', '')} ${RUNS} on ${WORKERS} workers: ${(full.ms / 1000).toFixed(2)} s click to chart (${full.shown}), ${(full.ms / base.ms).toFixed(1)}x the baseline`);
  if (process.env.TIMELINE) {
    console.log(timeline(full.workers));
    const c = full.cpu;
    console.log(`  CPU: browser ${c.total.toFixed(2)} s; worker threads ${c.workers.map((w) => w.toFixed(2)).join(', ')} s`);
    const top = Object.entries(c.others).filter(([, v]) => v >= 0.05).sort((a, b) => b[1] - a[1]);
    console.log(`  other threads: ${top.map(([k, v]) => `${k} ${v.toFixed(2)}`).join(', ')}`);
  }
} finally {
  await browser.close();
  await server.close();
}
