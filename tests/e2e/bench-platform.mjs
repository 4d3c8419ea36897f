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
// Run after `trunk build --release`:  cd tests/e2e && node bench-platform.mjs [seeds]
import { launch } from './app-page.mjs';
import { serveDir } from './static-server.mjs';

const SEEDS = Number(process.argv[2] || 5);
const DIST = new URL('../../dist/', import.meta.url).pathname;
/** How long the spare workers get to load before a click (ms). */
const WARM_MS = 1500;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** A fresh page on the platform model with the generated platform, no results on screen. */
async function fresh(browser, url, nodes, seed) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  await page.goto(url);
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.selectOption('#model', 'platform');
  await page.click('#platform-generator summary');
  await page.fill('#gen-nodes', String(nodes));
  await page.fill('#gen-density', '20');
  await page.fill('#gen-seed', String(seed));
  await page.click('#generate-platform');
  await page.locator('#instance-summary', { hasText: new RegExp(`^${nodes} nodes`) }).waitFor();
  return page;
}

/** Milliseconds from the click on Run to the row's time in the table, and the time shown. */
async function timeRun(page, key) {
  const t0 = await page.evaluate(() => performance.now());
  await page.click(`#run-${key}`);
  await page.locator(`#time-${key}, #error-${key}`).waitFor({ timeout: 600000 });
  const t1 = await page.evaluate(() => performance.now());
  return { ms: t1 - t0, value: (await page.locator(`#time-${key}, #error-${key}`).textContent()).trim() };
}

async function measure(browser, url, nodes, seed, key, warm) {
  const page = await fresh(browser, url, nodes, seed);
  if (warm) await page.waitForTimeout(WARM_MS);
  const r = await timeRun(page, key);
  await page.close();
  return r;
}

const server = await serveDir(DIST);
const browser = await launch();
try {
  const base = [];
  for (let s = 1; s <= 3; s++) base.push((await measure(browser, server.url, 9, s, 'broadcast-eb', true)).ms);
  const baseline = median(base);
  console.log(`baseline (9 nodes, Broadcast-EB, spare worker ready): median ${baseline.toFixed(0)} ms of ${base.map((x) => x.toFixed(0)).join(', ')}`);
  const cold = await measure(browser, server.url, 9, 1, 'broadcast-eb', false);
  console.log(`cold (9 nodes, clicked at once, spare workers still loading): ${cold.ms.toFixed(0)} ms`);
  for (const key of ['broadcast-eb', 'reduced-broadcast']) {
    const times = [];
    for (let s = 1; s <= SEEDS; s++) {
      const r = await measure(browser, server.url, 65, s, key, true);
      times.push(r.ms);
      console.log(`  ${key} 65 nodes seed ${s}: ${r.ms.toFixed(0)} ms (T* = ${r.value})`);
    }
    const m = median(times);
    console.log(`${key}, 65 nodes: median ${m.toFixed(0)} ms (${Math.min(...times).toFixed(0)}-${Math.max(...times).toFixed(0)}), ${(m / baseline).toFixed(1)}x the baseline`);
  }
} finally {
  await browser.close();
  await server.close();
}
