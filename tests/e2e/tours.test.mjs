// Tours (src/tours/, tours/*.json): every stop of every paper's tour, reached with PageDown
// from the tour's link, shows the state its link names (the view's tab, the player's time,
// the two results compared, the stepper), in lecture mode, with its note at 20 px or more; and
// PageUp goes back. Also: the gallery menu starts a tour, the Share menu links to it, and an
// imported tour that does not open is refused with its reasons.
// Run: cd tests/e2e && node --test tours.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { ARTIFACTS, useApp } from './harness.mjs';

const openApp = useApp();
const DIR = new URL('../../tours/', import.meta.url).pathname;
const TOURS = readdirSync(DIR).filter((f) => f.endsWith('.json')).sort()
  .map((f) => JSON.parse(readFileSync(DIR + f, 'utf8')));
const LECTURE_FLOOR = 20;

/** The link's keys, as a map. */
function keys(link) {
  return Object.fromEntries(link.split('&').map((p) => p.split('=')));
}

async function checkStop(app, tour, i) {
  const { page } = app;
  const stop = tour.stops[i];
  const k = keys(stop.link);
  const at = `${tour.id} stop ${i + 1}`;
  await page.locator(`#tour-count:text-is("${i + 1}/${tour.stops.length}")`).waitFor();
  assert.equal(await page.locator('#tour-note').textContent(), stop.note, at);
  assert.equal(await page.locator('.app.lecture').count(), 1, `${at}: lecture mode`);
  await page.locator(`#tab-${k.view}[aria-selected="true"]`).waitFor();
  if (k.compare) {
    // Both results on screen (a platform's run in workers first).
    await page.locator(`#compare-0[data-key="${k.algo}"]`).waitFor({ timeout: 120000 });
    await page.locator(`#compare-1[data-key="${k.compare}"]`).waitFor();
  } else if (k.view === 'tree' || k.view === 'gantt') {
    await page.locator('.view-panel svg.hc-scene').first().waitFor({ timeout: 120000 });
  } else {
    await page.locator('#view-panel > *').first().waitFor();
  }
  if (k.mode === 'steps') {
    await page.locator('#mode-steps[aria-pressed="true"]').waitFor();
  } else if (k.t !== undefined) {
    const time = await page.locator('#play-time').textContent();
    assert.ok(time.startsWith(`t = ${k.t} /`), `${at}: ${time}`);
  }
  const px = await page.$eval('#tour-note', (el) => parseFloat(getComputedStyle(el).fontSize));
  assert.ok(px >= LECTURE_FLOOR, `${at}: note at ${px} px`);
}

for (const tour of TOURS) {
  test(`tour ${tour.id}: every stop shows what its link names`, async () => {
    const app = await openApp({ panels: false, hash: `tour=${tour.id}` });
    try {
      for (let i = 0; i < tour.stops.length; i += 1) {
        if (i > 0) await app.page.keyboard.press('PageDown');
        await checkStop(app, tour, i);
      }
      await app.page.keyboard.press('PageDown'); // past the end: stays
      await checkStop(app, tour, tour.stops.length - 1);
      await app.page.keyboard.press('PageUp');
      await checkStop(app, tour, tour.stops.length - 2);
      assert.deepEqual(app.errors.filter((e) => !/integrity/.test(e)), []);
    } finally {
      await app.page.close();
    }
  });
}

test('the gallery starts a tour; Share links to it; Import refuses a tour that does not open', async () => {
  const app = await openApp({ panels: false });
  try {
    const { page } = app;
    await page.selectOption('#gallery', 'tour:000-libeskind-hadas');
    await checkStop(app, TOURS[0], 0);
    await page.click('#tour-next');
    await checkStop(app, TOURS[0], 1);
    await page.screenshot({ path: `${ARTIFACTS}/tour-stop-1280x720.png` });
    // Out of lecture mode (Esc), the Share menu links to the tour at this stop.
    await page.keyboard.press('Escape');
    await page.click('#share-button');
    const href = await page.locator('#tour-link').inputValue();
    assert.equal(new URL(href).hash, '#tour=000-libeskind-hadas&stop=2');
    await page.keyboard.press('Escape');
    await page.click('#tour-end');
    await page.locator('#tour-bar').waitFor({ state: 'detached' });
    assert.equal(await page.locator('.app.lecture').count(), 0);
    const bad = { ...TOURS[0], stops: [{ title: 'x', link: 'example=lh-fig1&algo=wrp', note: 'Fine.' }] };
    await page.setInputFiles('#import-file', {
      name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(bad)),
    });
    await page.locator('#notice.error').waitFor();
    assert.equal(await page.locator('#notice span').textContent(),
      "Could not import bad.json: This tour does not open: stop 1: link: 'wrp' is not an algorithm of this model.");
  } finally {
    await app.page.close();
  }
});
