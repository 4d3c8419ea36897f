// Benchmark (not a pass/fail test: CI machines are noisy): the node model's exact optimum (the
// frontier program, which runs in the web worker, src/models/overhead/runner.rs) in the
// browser. Imports node-model instances of up to the app's limit of 500 nodes with 2, 3 and 4
// distinct costs, clicks Run on the optimum and reads the time from the click to the row in the
// table (median of REPS fresh pages), and the page's longest frame meanwhile (the longest gap
// between two animation frames: how long the page was frozen). The random heuristic on the
// same instance, timed the same way, is the baseline of each build (the page's work around any
// run: the table and the drawing).
//
// Run after `trunk build --release`:  cd tests/e2e && node bench-optimal.mjs [reps] [dist...]
// More than one build directory (e.g. a copy of `dist/` from before a change, then `dist/`)
// are measured alternately in the same run; the last column is each build's time over the
// first build's.
import { launch, timeRun } from './app-page.mjs';
import { serveDir } from './static-server.mjs';

const REPS = Number(process.argv[2] || 3);
const DISTS = process.argv.length > 3 ? process.argv.slice(3) : [new URL('../../dist/', import.meta.url).pathname];

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** A node-model instance of `n` nodes whose costs cycle through `costs` (the source's first). */
function instance(n, costs) {
  const nodes = Array.from({ length: n }, (_, i) => ({ cost: costs[i % costs.length] }));
  return JSON.stringify({ model: 'node', version: 1, source: 0, nodes });
}

const CASES = [
  { name: 'k = 2 (costs 3, 5)', n: 500, costs: [3, 5] },
  { name: 'k = 3 (costs 2, 4, 9)', n: 500, costs: [2, 4, 9] },
  { name: 'k = 4 (costs 2, 3, 5, 8)', n: 160, costs: [2, 3, 5, 8] },
];

/** One fresh page of the build at `url` with the `n` nodes of `text` imported; times the random
 * heuristic, then the optimum. */
async function measure(browser, url, n, text) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  await page.goto(url);
  await page.locator('#gallery').waitFor();
  await page.setInputFiles('#import-file', { name: 'bench.json', mimeType: 'application/json', buffer: Buffer.from(text) });
  await page.locator('#instance-summary', { hasText: new RegExp(`^${n} nodes`) }).waitFor({ state: 'attached' });
  const random = await timeRun(page, 'random');
  await page.evaluate(() => {
    window.__frameGap = 0;
    window.__frames = true;
    let last = performance.now();
    const tick = (t) => {
      window.__frameGap = Math.max(window.__frameGap, t - last);
      last = t;
      if (window.__frames) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  const optimal = await timeRun(page, 'optimal');
  optimal.frozen = await page.evaluate(() => {
    window.__frames = false;
    return window.__frameGap;
  });
  await page.close();
  return { random, optimal };
}

const servers = [];
for (const dist of DISTS) servers.push(await serveDir(dist));
const browser = await launch();
try {
  for (const c of CASES) {
    const text = instance(c.n, c.costs);
    const runs = DISTS.map(() => []);
    for (let r = 0; r < REPS; r++) {
      for (let d = 0; d < DISTS.length; d++) runs[d].push(await measure(browser, servers[d].url, c.n, text));
    }
    let first = null;
    for (let d = 0; d < DISTS.length; d++) {
      const opt = median(runs[d].map((x) => x.optimal.ms));
      const random = median(runs[d].map((x) => x.random.ms));
      const frozen = median(runs[d].map((x) => x.optimal.frozen));
      first ??= opt;
      console.log(`${c.name}, ${c.n} nodes, ${DISTS[d]}: optimum ${runs[d][0].optimal.value}, click to row median ${opt.toFixed(0)} ms (${runs[d].map((x) => x.optimal.ms.toFixed(0)).join(', ')}), ${(opt / random).toFixed(1)}x the random heuristic's ${random.toFixed(0)} ms; ${(opt / first).toFixed(2)}x the first build; longest frame meanwhile ${frozen.toFixed(0)} ms`);
    }
  }
} finally {
  await browser.close();
  for (const s of servers) await s.close();
}
