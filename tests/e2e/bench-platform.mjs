// Benchmark (not a pass/fail test: CI machines are noisy): the platform model's linear
// programs in the browser. Generates Tiers-like platforms in the app (65 nodes, 20 % targets,
// seeds 1..N), runs Broadcast-EB and REDUCED_BROADCAST, and prints the time from the click to
// the result in the table, against a baseline measured in the same run: the same path on a
// 9-node platform (the smallest that goes to a web worker: the worker's start-up, the message
// round trip and the page's drawing, with almost no LP work).
//
// Run after `trunk build --release`:  cd tests/e2e && node bench-platform.mjs [seeds]
import { launch } from './app-page.mjs';
import { serveDir } from './static-server.mjs';

const SEEDS = Number(process.argv[2] || 3);
const DIST = new URL('../../dist/', import.meta.url).pathname;

async function generate(page, nodes, seed) {
  await page.fill('#gen-nodes', String(nodes));
  await page.fill('#gen-density', '20');
  await page.fill('#gen-seed', String(seed));
  await page.click('#generate-platform');
  await page.locator('#instance-summary', { hasText: new RegExp(`^${nodes} nodes`) }).waitFor();
}

/** Milliseconds from the click on Run to the row's time in the table. */
async function timeRun(page, key) {
  const t0 = await page.evaluate(() => performance.now());
  await page.click(`#run-${key}`);
  await page.locator(`#time-${key}, #error-${key}`).waitFor({ timeout: 600000 });
  const t1 = await page.evaluate(() => performance.now());
  return { ms: t1 - t0, value: (await page.locator(`#time-${key}, #error-${key}`).textContent()).trim() };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const server = await serveDir(DIST);
const browser = await launch();
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  await page.goto(server.url);
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.selectOption('#model', 'platform');
  await page.click('#platform-generator summary');
  const base = [];
  for (let s = 1; s <= 3; s++) {
    await generate(page, 9, s);
    base.push((await timeRun(page, 'broadcast-eb')).ms);
  }
  const baseline = median(base);
  console.log(`baseline (9 nodes, Broadcast-EB, worker round trip): median ${baseline.toFixed(0)} ms of ${base.map((x) => x.toFixed(0)).join(', ')}`);
  for (const key of ['broadcast-eb', 'reduced-broadcast']) {
    const times = [];
    for (let s = 1; s <= SEEDS; s++) {
      await generate(page, 65, s);
      const r = await timeRun(page, key);
      times.push(r.ms);
      console.log(`  ${key} 65 nodes seed ${s}: ${r.ms.toFixed(0)} ms (T* = ${r.value})`);
    }
    const m = median(times);
    console.log(`${key}, 65 nodes: median ${m.toFixed(0)} ms, ${(m / baseline).toFixed(1)}x the baseline; less the baseline: ${(m - baseline).toFixed(0)} ms`);
  }
} finally {
  await browser.close();
  await server.close();
}
