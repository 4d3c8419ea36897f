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
//   cd tests/e2e && node bench-experiments.mjs [wu-fig3|beaumont-fig11|gonzalez-random] [runs] [workers] [dist dir]
// wu-fig3: runs per point (default 1000, the paper's); beaumont-fig11: platforms per (size,
// density) (default 10, the paper's; both sizes, the seven densities); gonzalez-random: instances
// per point (default 20).
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
};
if (!FIELDS[EXP]) throw new Error(`unknown experiment ${EXP}: one of ${Object.keys(FIELDS).join(', ')}`);
const RUNS = Number(process.argv[3] || FIELDS[EXP].full);
const WORKERS = Number(process.argv[4] || 2);
const DIST = process.argv[5] || new URL('../../dist/', import.meta.url).pathname;

/** Milliseconds from the click on Run to the chart, on a fresh page with `fields` filled. */
async function timeRun(browser, url, fields) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  await page.addInitScript((n) => {
    Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => n });
  }, WORKERS);
  const app = new AppPage(page, url);
  await app.open();
  await page.keyboard.press('e');
  await page.locator('#experiments:not(.hidden)').waitFor();
  await page.click(`#exp-tab-${EXP}`);
  for (const [sel, v] of Object.entries(fields)) await page.fill(sel, String(v));
  await page.evaluate(() => {
    window.__clicked = null;
    window.__shown = null;
    document.addEventListener('click', (e) => { window.__clicked ??= e.timeStamp; }, { capture: true, once: true });
    const seen = () => document.querySelector('#exp-chart svg, #exp-error');
    new MutationObserver((_, observer) => {
      if (seen()) {
        window.__shown = performance.now();
        observer.disconnect();
      }
    }).observe(document, { subtree: true, childList: true });
  });
  await page.click('#exp-run');
  await page.locator('#exp-chart svg, #exp-error').first().waitFor({ timeout: 3600000 });
  const error = await page.locator('#exp-error').count();
  if (error) throw new Error(await page.locator('#exp-error').textContent());
  const ms = await page.evaluate(() => window.__shown - window.__clicked);
  const shown = (await page.locator('#exp-time').textContent()).trim();
  await page.close();
  return { ms, shown };
}

const server = await serveDir(DIST);
const browser = await launch();
try {
  const base = await timeRun(browser, server.url, FIELDS[EXP].base);
  console.log(`baseline ${EXP} ${JSON.stringify(FIELDS[EXP].base)}: ${(base.ms / 1000).toFixed(2)} s click to chart (${base.shown})`);
  const full = await timeRun(browser, server.url, { [FIELDS[EXP].runs]: RUNS });
  console.log(`${EXP} ${FIELDS[EXP].runs.replace('#exp-', '')} ${RUNS} on ${WORKERS} workers: ${(full.ms / 1000).toFixed(2)} s click to chart (${full.shown}), ${(full.ms / base.ms).toFixed(1)}x the baseline`);
} finally {
  await browser.close();
  await server.close();
}
