// End-to-end tests of the Experiments page (key e): experiments run in web workers (the
// hetcast-worker binary of the Trunk build), the page stays responsive, Cancel stops a run (no
// chart comes for twice the time the same run takes to draw one), a finished run shows the
// CLI's chart. The explorer: explorer.test.mjs.
// Run: cd tests/e2e && node --test   (after trunk build --release)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ARTIFACTS, parseSvg, timerLag, useApp } from './harness.mjs';

const openApp = useApp();

/** Open the Experiments page with the key and show experiment `key`'s tab. */
async function experiments(app, key) {
  await app.page.keyboard.press('e');
  await app.page.locator('#experiments:not(.hidden)').waitFor();
  await app.page.click(`#exp-tab-${key}`);
}

/** Replace the text of input `selector`. */
async function fill(app, selector, value) {
  await app.page.fill(selector, String(value));
}

/** The progress bar's value and maximum while a run is on. */
async function progress(app) {
  return app.page.evaluate(() => {
    const p = document.querySelector('#exp-progress');
    return p ? { value: Number(p.value), max: Number(p.max) } : null;
  });
}

test('the Experiments code loads on the first opening, with a loading state, and stays', async () => {
  // Without the service worker, which fetches every file of the build for offline use.
  const app = await openApp({ serviceWorkers: 'block' });
  try {
    const fetched = () =>
      app.page.evaluate(() =>
        performance.getEntriesByType('resource').filter((e) => /hetcast-experiments/.test(e.name)).length,
      );
    assert.equal(await fetched(), 0, 'the app starts without the Experiments module');
    // The module's WebAssembly held back for 1 s: the loading state shows meanwhile.
    await app.page.route('**/hetcast-experiments_bg.wasm', async (route) => {
      await new Promise((r) => setTimeout(r, 1000));
      await route.continue();
    });
    await app.page.click('#experiments-button');
    const loading = app.page.locator('#experiments-loading[aria-busy="true"]');
    await loading.waitFor();
    assert.equal(await loading.getByRole('status').textContent(), 'Loading the Experiments page…');
    await app.page.locator('#experiments:not(.hidden)').waitFor();
    assert.equal(await app.page.locator('#experiments-loading').count(), 0);
    assert.ok((await fetched()) >= 2, 'the loader and the module were fetched');
    // Its state stays while the editor is on screen: the tab and a setting.
    await app.page.click('#exp-tab-wu-fig3');
    await fill(app, '#exp-wu-runs', 7);
    await app.page.click('#exp-back');
    await app.page.locator('#experiments.hidden').waitFor({ state: 'attached' });
    await app.page.keyboard.press('e');
    await app.page.locator('#experiments:not(.hidden)').waitFor();
    assert.equal(await app.page.getAttribute('#exp-tab-wu-fig3', 'aria-selected'), 'true');
    assert.equal(await app.page.inputValue('#exp-wu-runs'), '7');
  } finally {
    await app.page.close();
  }
});

test('a long run leaves the page responsive, and Cancel stops it', async () => {
  const app = await openApp();
  try {
    await experiments(app, 'wu-fig3');
    await fill(app, '#exp-wu-runs', 1000);
    await app.page.click('#exp-run');
    // The workers have started and reported progress.
    await app.page.waitForFunction(() => Number(document.querySelector('#exp-progress')?.value) > 0);
    // Typing in the page goes through at once while the workers compute.
    const t0 = Date.now();
    await app.page.click('#exp-wu-seed');
    await app.page.keyboard.press('End');
    await app.page.keyboard.type('7');
    assert.equal(await app.page.inputValue('#exp-wu-seed'), '20017');
    const typing = Date.now() - t0;
    assert.ok(typing < 1500, `typing took ${typing} ms`);
    // The main thread answers quickly (no long task blocks it).
    const lag = await timerLag(app.page);
    assert.ok(lag < 250, `0 ms timers fired ${lag} ms late (the median of five)`);
    const p1 = await progress(app);
    assert.ok(p1 && p1.value < p1.max, `still running: ${JSON.stringify(p1)}`);
    await app.screenshot(`${ARTIFACTS}/e2e-experiments-running.png`);

    await app.page.click('#exp-cancel');
    await app.page.locator('#exp-running').waitFor({ state: 'detached' });
    assert.equal(await app.page.isDisabled('#exp-run'), false);
    assert.equal(await app.page.isDisabled('#exp-cancel'), true);
    assert.equal(await app.page.locator('#exp-chart').count(), 0);
    assert.deepEqual(app.errors, []);
  } finally {
    await app.page.close();
  }
});

/** On a fresh page, start liu-fig6 with `runs` random runs per n from 6 to `nMax`; resolves
 * when the first progress shows, or at once with `{ progress: false }`. A short run can end
 * before any frame shows its progress (its messages handled in one go on a busy page), so
 * only a run sized to take seconds waits for it. */
async function startLiu({ runs, nMax }, { progress: shown = true } = {}) {
  const app = await openApp();
  await experiments(app, 'liu-fig6');
  await fill(app, '#exp-liu-runs', runs);
  await fill(app, '#exp-liu-n-max', nMax);
  const t0 = Date.now();
  await app.page.click('#exp-run');
  if (shown) {
    await app.page.waitForFunction(() => Number(document.querySelector('#exp-progress')?.value) > 0,
      null, { timeout: 60000 });
  }
  return { app, t0 };
}

test('after Cancel no chart comes, for twice the time the same run takes to draw it', async () => {
  // The run as it goes without Cancel: its chart comes after `full` ms. Sized to take 3 s or
  // more (more runs, then larger n, on a fast build), so that Cancel lands while it is on: the
  // first progress past 0, which the test waits for, comes a second after the start
  // (hetcast-worker's ITEM_PROGRESS_MS).
  const size = { runs: 200, nMax: 30 };
  let full;
  for (;;) {
    // Not waiting for progress: a run this short may show none before its chart.
    const done = await startLiu(size, { progress: false });
    try {
      await done.app.page.locator('#exp-chart svg').waitFor({ timeout: 60000 });
      full = Date.now() - done.t0;
      assert.deepEqual(done.app.errors, []);
    } finally {
      await done.app.page.close();
    }
    if (full >= 3000 || size.nMax >= 100) break;
    if (size.runs < 10000) size.runs = Math.min(10000, Math.ceil((size.runs * 5000) / full));
    else size.nMax = 100;
  }
  // The same run, cancelled while it is on: twice that time (and a second) passes, no chart.
  const { app, t0 } = await startLiu(size);
  try {
    const p = await progress(app);
    assert.ok(p && p.value < p.max, `cancelled while running: ${JSON.stringify(p)}`);
    await app.page.click('#exp-cancel');
    await app.page.locator('#exp-running').waitFor({ state: 'detached' });
    const wait = 2 * full + 1000 - (Date.now() - t0);
    console.log(`liu-fig6, ${size.runs} runs per n from 6 to ${size.nMax}: the chart after ${full} ms; `
      + `cancelled, then watched ${wait} ms more`);
    await app.page.waitForTimeout(Math.max(wait, 0));
    assert.equal(await app.page.locator('#exp-running').count(), 0);
    assert.equal(await app.page.locator('#exp-chart').count(), 0, 'a chart came after Cancel');
    assert.deepEqual(app.errors, []);
  } finally {
    await app.page.close();
  }
});

test('liu-fig6 with small settings draws the chart; SVG and CSV download', async () => {
  const app = await openApp();
  try {
    await experiments(app, 'liu-fig6');
    await fill(app, '#exp-liu-runs', 20);
    await fill(app, '#exp-liu-n-max', 30);
    await app.page.keyboard.press('Enter');
    const chart = app.page.locator('#exp-chart svg');
    await chart.waitFor({ timeout: 30000 });
    const shown = await chart.evaluate((el) => el.outerHTML);
    await parseSvg(app, shown);
    assert.match(await app.page.locator('#exp-summary').textContent(), /^n = 30: FNF \d+/);

    const svg = await app.download('#exp-svg');
    assert.equal(svg.name, 'liu-fig6.svg');
    const doc = await parseSvg(app, svg.text);
    assert.equal(doc.svg['@_width'], '1100');
    assert.match(svg.text, /Liu et al\. Fig\. 6/);
    const csv = await app.download('#exp-csv');
    assert.equal(csv.name, 'liu-fig6.csv');
    const lines = csv.text.trim().split('\n');
    assert.equal(lines[0], 'n,fnf,random_mean,random_min,random_max,lower_bound,random_order_mean');
    assert.equal(lines.length, 1 + 25);
    // Exactly what `hetcast experiment liu-fig6 --runs 20` writes (same random runs as the CLI).
    assert.equal(lines[1], '6,15,32.65,14,59,12,14.65');
    assert.equal(lines[2], '7,16,34.4,16,58,12,15.05');
    assert.deepEqual(app.errors, []);
  } finally {
    await app.page.close();
  }
});
