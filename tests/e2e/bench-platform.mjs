// Benchmark (not a pass/fail test: CI machines are noisy): the platform model's linear
// programs in the browser, as a lecturer meets them: open the app, generate a Tiers-like
// platform (65 nodes, 20 % targets, seeds 1..N), click Run on one algorithm, and read the
// time from the click to the result in the table. Each seed starts from a fresh page with no
// results on screen, and waits until the spare workers are loaded (as after a few seconds of
// reading the drawing), so the time is the run itself: posting the platform to a worker, the
// LPs in wasm, the answer back, and the page drawing it.
//
// Baseline measured in the same run: the same path on a 9-node platform (the smallest that
// goes to a web worker: almost no LP work), and a first run without spare workers ready
// (`cold`: the click comes right after the page opened).
//
// Prints, per run, the time from the click to the row and its three parts: on the page until
// the request is posted, in the worker (from the request posted to the answer received), and
// on the page from the answer to the row (reading it, checking the schedule, drawing).
//
// Then Run all on the same platforms: the click to the last row, and to each row.
//
// Run after `trunk build --release`:  cd tests/e2e && node bench-platform.mjs [seeds] [dist dir] [algorithms alone]
// (another build's dist, e.g. an older commit's, to compare both in one session).
import { AppPage, launch, timeRun } from './app-page.mjs';
import { serveDir } from './static-server.mjs';

const SEEDS = Number(process.argv[2] || 5);
const DIST = process.argv[3] || new URL('../../dist/', import.meta.url).pathname;
/** The algorithms timed alone (`all`: every one that runs on 65 nodes), comma-separated. */
const ALONE_ARG = process.argv[4] || 'broadcast-eb,reduced-broadcast';
const ALONE = ALONE_ARG === 'all'
  ? ['multicast-lb', 'multicast-ub', 'broadcast-eb', 'reduced-broadcast', 'augmented-multicast',
    'augmented-sources', 'mcph', 'broadcast', 'multicast-lb-printed']
  : ALONE_ARG.split(',');
/** How long the spare workers get to load before a click (ms). */
const WARM_MS = 1500;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** A fresh page on the platform model with the generated platform, no results on screen. */
async function fresh(browser, url, nodes, seed) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  // The time in the worker: from posting a run's request to its answer (warm-ups excluded).
  await page.addInitScript(() => {
    window.__posted = [];
    window.__answered = [];
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (m) {
      if (!String(m).includes('4294967295')) window.__posted.push(performance.now());
      return post.call(this, m);
    };
    const Native = window.Worker;
    window.Worker = function (...args) {
      const w = new Native(...args);
      w.addEventListener('message', (e) => {
        const t = String(e.data);
        if (t.includes('"platform_solved"') && !t.includes('4294967295')) window.__answered.push(performance.now());
      });
      return w;
    };
    window.Worker.prototype = Native.prototype;
  });
  const app = new AppPage(page, url);
  await app.open();
  await app.generatePlatform(nodes, { density: 20, seed });
  return page;
}

/** `timeRun` (app-page.mjs) with the worker's part: request posted to answer received. */
async function timeWorkerRun(page, key) {
  const r = await timeRun(page, key);
  const { worker, before, after } = await page.evaluate(() => ({
    worker: window.__answered.at(-1) - window.__posted.at(-1),
    before: window.__posted.at(-1) - window.__clicked,
    after: window.__shown - window.__answered.at(-1),
  }));
  return { ...r, worker, before, after };
}

/**
 * Milliseconds from the click on Run all to the moment every algorithm's row has its time (or
 * error). A 65-node platform is past the exact best tree's size limit, so Run all skips
 * `best-tree` (and says so in its notice): it is not waited for.
 */
async function timeRunAll(page) {
  const keys = await page.evaluate(() =>
    [...document.querySelectorAll('button[id^="run-"]')].map((b) => b.id.slice(4)).filter((k) => k !== 'all' && k !== 'best-tree'));
  await page.evaluate((keys) => {
    window.__clicked = null;
    window.__shown = null;
    document.addEventListener('click', (e) => { window.__clicked ??= e.timeStamp; }, { capture: true, once: true });
    window.__seen = {};
    const done = () => keys.every((k) => document.querySelector(`#time-${k}, #error-${k}`));
    new MutationObserver((_, observer) => {
      for (const k of keys) {
        if (!(k in window.__seen) && document.querySelector(`#time-${k}, #error-${k}`)) window.__seen[k] = performance.now();
      }
      if (done()) {
        window.__shown = performance.now();
        observer.disconnect();
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  }, keys);
  await page.click('#run-all');
  await page.waitForFunction(() => window.__shown !== null, null, { timeout: 600000, polling: 200 });
  return page.evaluate((n) => ({
    ms: window.__shown - window.__clicked,
    rows: n,
    // Each row's time from the click, in the order the rows came.
    each: Object.entries(window.__seen).map(([k, t]) => [k, t - window.__clicked]).sort((a, b) => a[1] - b[1]),
  }), keys.length);
}

async function measure(browser, url, nodes, seed, key, warm) {
  const page = await fresh(browser, url, nodes, seed);
  if (warm) await page.waitForTimeout(WARM_MS);
  const r = await timeWorkerRun(page, key);
  await page.close();
  return r;
}

const server = await serveDir(DIST);
const browser = await launch();
try {
  const base = [];
  for (let s = 1; s <= 3; s++) base.push(await measure(browser, server.url, 9, s, 'broadcast-eb', true));
  const baseline = median(base.map((r) => r.ms));
  console.log(`baseline (9 nodes, Broadcast-EB, spare worker ready): click to row median ${baseline.toFixed(0)} ms of ${base.map((r) => r.ms.toFixed(0)).join(', ')}; in the worker ${base.map((r) => r.worker.toFixed(0)).join(', ')} ms`);
  const cold = await measure(browser, server.url, 9, 1, 'broadcast-eb', false);
  console.log(`cold (9 nodes, clicked at once, spare workers still loading): ${cold.ms.toFixed(0)} ms`);
  for (const key of ALONE) {
    const times = [];
    const inWorker = [];
    const onPage = [];
    for (let s = 1; s <= SEEDS; s++) {
      const r = await measure(browser, server.url, 65, s, key, true);
      times.push(r.ms);
      inWorker.push(r.worker);
      onPage.push(r.before + r.after);
      console.log(`  ${key} 65 nodes seed ${s}: ${r.ms.toFixed(0)} ms: ${r.before.toFixed(0)} on the page before posting, ${r.worker.toFixed(0)} in the worker, ${r.after.toFixed(0)} on the page after the answer (T* = ${r.value})`);
    }
    const m = median(times);
    const range = (xs) => `${Math.min(...xs).toFixed(0)}-${Math.max(...xs).toFixed(0)}`;
    console.log(`${key}, 65 nodes: click to row median ${m.toFixed(0)} ms (${range(times)}), ${(m / baseline).toFixed(1)}x the baseline; in the worker median ${median(inWorker).toFixed(0)} ms (${range(inWorker)}); on the page median ${median(onPage).toFixed(0)} ms (${range(onPage)})`);
  }
  // Run all, as issue 19 C times it: from the click on Run all to the last row's time.
  const all = [];
  for (let s = 1; s <= SEEDS; s++) {
    const page = await fresh(browser, server.url, 65, s);
    await page.waitForTimeout(WARM_MS);
    const r = await timeRunAll(page);
    all.push(r.ms);
    console.log(`  Run all 65 nodes seed ${s}: ${r.ms.toFixed(0)} ms to the last of ${r.rows} rows (${r.each.map(([k, t]) => `${k} ${t.toFixed(0)}`).join(', ')})`);
    await page.close();
  }
  console.log(`Run all, 65 nodes: click to last row median ${median(all).toFixed(0)} ms (${Math.min(...all).toFixed(0)}-${Math.max(...all).toFixed(0)}), ${(median(all) / baseline).toFixed(1)}x the baseline`);
} finally {
  await browser.close();
  await server.close();
}
