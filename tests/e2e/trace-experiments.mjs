// Benchmark aid (not a pass/fail test): where the browser's threads other than the web workers
// spend CPU during wu-fig3 on the Experiments page. Records a Chromium trace (devtools.timeline
// and compositor categories) from the click on Run to the chart, on 2 workers, and prints, per
// thread, the CPU seconds of its tasks and of the trace events that take most of them.
//
// Run after `trunk build --release --dist DIST`:
//   cd tests/e2e && node trace-experiments.mjs DIST [runs]
// (runs per point, default 200).
import { AppPage, launch } from './app-page.mjs';
import { serveDir } from './static-server.mjs';

const DIST = process.argv[2];
if (!DIST) throw new Error('usage: node trace-experiments.mjs DIST [runs]');
const RUNS = Number(process.argv[3] || 200);

const server = await serveDir(DIST);
const browser = await launch();
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => 2 }));
  const app = new AppPage(page, server.url);
  await app.open();
  await page.keyboard.press('e');
  await page.locator('#experiments:not(.hidden)').waitFor();
  await page.click('#exp-tab-wu-fig3');
  await page.fill('#exp-wu-runs', String(RUNS));
  await page.waitForTimeout(1500);
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'blink', 'cc', 'viz'] });
  const t0 = Date.now();
  await page.click('#exp-run');
  await page.locator('#exp-chart svg, #exp-error').first().waitFor({ timeout: 3600000 });
  const wall = (Date.now() - t0) / 1000;
  const trace = JSON.parse((await browser.stopTracing()).toString());
  const events = trace.traceEvents ?? trace;
  const names = new Map();
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') names.set(`${e.pid}/${e.tid}`, e.args.name);
  // CPU seconds (`tdur`) and count per (thread, event name); events nest, so only a thread's
  // task events ("RunTask") add up to its total.
  const sums = new Map();
  for (const e of events) {
    if (e.ph !== 'X' || e.tdur === undefined) continue;
    const key = `${names.get(`${e.pid}/${e.tid}`) ?? e.tid}\t${e.name}`;
    const s = sums.get(key) ?? { cpu: 0, n: 0 };
    s.cpu += e.tdur / 1e6;
    s.n += 1;
    sums.set(key, s);
  }
  console.log(`wu-fig3, ${RUNS} runs per point on 2 workers: ${wall.toFixed(2)} s click to chart (wall, from Node)`);
  const top = [...sums].filter(([k]) => !k.startsWith('DedicatedWorker')).sort((a, b) => b[1].cpu - a[1].cpu).slice(0, 30);
  for (const [k, s] of top) {
    const [thread, name] = k.split('\t');
    console.log(`  ${thread.padEnd(28)} ${name.padEnd(44)} ${s.cpu.toFixed(3)} s CPU in ${s.n}`);
  }
} finally {
  await browser.close();
  await server.close();
}
