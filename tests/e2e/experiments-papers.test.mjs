// End-to-end tests of Beaumont et al. Figure 11 and Gonzalez's random experiment on the
// Experiments page: they run in web workers (one job per platform, per (n, d, fan-out)), count
// their progress, stop on Cancel, draw the CLI's charts, and download the CLI's CSV byte for
// byte (the files in expected/, written by the commands in expected/README.md).
// Run: cd tests/e2e && node --test experiments-papers.test.mjs   (after trunk build)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ARTIFACTS, parseSvg, useApp } from './harness.mjs';

const openApp = useApp();
const expected = (name) => readFileSync(new URL(`./expected/${name}`, import.meta.url), 'utf8');

/** Open the Experiments page with the key and show experiment `key`'s tab. */
async function experiments(app, key) {
  await app.page.keyboard.press('e');
  await app.page.locator('#experiments:not(.hidden)').waitFor();
  await app.page.click(`#exp-tab-${key}`);
}

test('Figure 11 counts its platforms, stops on Cancel, and downloads the CLI\'s CSV', async () => {
  const app = await openApp();
  try {
    await experiments(app, 'beaumont-fig11');
    // The paper's densities on both sizes, one platform each: 14 platforms, counted from the
    // start; Cancel stops the workers.
    await app.page.click('#exp-run');
    await app.page.locator('#exp-running', { hasText: /of 14 platforms/ }).waitFor();
    await app.page.click('#exp-cancel');
    await app.page.locator('#exp-running').waitFor({ state: 'detached' });
    assert.equal(await app.page.locator('#exp-chart').count(), 0);

    // The small run of expected/README.md.
    await app.page.fill('#exp-fig11-nodes', '30');
    await app.page.fill('#exp-fig11-densities', '0.3,1');
    await app.page.fill('#exp-fig11-targets', 'per-lan');
    await app.page.fill('#exp-fig11-seed', '4');
    await app.page.click('#exp-run');
    const charts = app.page.locator('#exp-chart svg');
    await charts.first().waitFor({ timeout: 120000 });
    assert.equal(await charts.count(), 2);
    for (const svg of await charts.evaluateAll((els) => els.map((e) => e.outerHTML))) {
      await parseSvg(app, svg);
    }
    assert.match(await app.page.locator('#exp-summary').textContent(), /^Mean T\* \/ lower bound over the 2 points: broadcast 1\.140, /);
    await app.screenshot(`${ARTIFACTS}/e2e-experiments-fig11.png`);
    const csv = await app.download('#exp-csv');
    assert.equal(csv.name, 'beaumont-fig11.csv');
    assert.equal(csv.text, expected('beaumont-fig11-small.csv'));
    assert.deepEqual(app.errors, []);
  } finally {
    await app.page.close();
  }
});

test('Gonzalez\'s random experiment downloads the CLI\'s CSV', async () => {
  const app = await openApp();
  try {
    await experiments(app, 'gonzalez-random');
    await app.page.fill('#exp-gonzalez-runs', '1');
    await app.page.click('#exp-run');
    await app.page.locator('#exp-chart svg').waitFor({ timeout: 60000 });
    await parseSvg(app, await app.page.locator('#exp-chart svg').evaluate((el) => el.outerHTML));
    assert.match(await app.page.locator('#exp-summary').textContent(), /^Gonzalez: mean steps \/ d \d\.\d{3}, exactly 2d on \d+ of 80 instances/);
    const svg = await app.download('#exp-svg');
    assert.equal(svg.name, 'gonzalez-random.svg');
    const csv = await app.download('#exp-csv');
    assert.equal(csv.name, 'gonzalez-random.csv');
    assert.equal(csv.text, expected('gonzalez-random-1.csv'));
    assert.deepEqual(app.errors, []);
  } finally {
    await app.page.close();
  }
});
