// The Experiments page's charts at 1024x768 and 1280x720: the worker draws them for the
// results panel and the page shows them 1:1 (no scaling), so that every text of a chart (ticks,
// axis labels, legend, titles, values) is on screen at its font size, at least the floor (9 px
// at 1024x768, 11 px at 1280x720); a resized window gets its charts drawn again for the new
// panel. Tick labels do not run into each other.
// Run: cd tests/e2e && node --test experiment-charts.test.mjs   (after trunk build)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ARTIFACTS, useApp } from './harness.mjs';

const openApp = useApp();

const SIZES = [
  { width: 1280, height: 720, floor: 11 },
  { width: 1024, height: 768, floor: 9 },
];

/** Every chart text's on-screen size (font size times the SVG's scale), the charts' scales and
 * sizes, and the tick labels of each axis that overlap. */
async function measure(page) {
  return page.evaluate(() => {
    const texts = [];
    const charts = [];
    const overlaps = [];
    for (const svg of document.querySelectorAll('#exp-chart svg')) {
      const ctm = svg.getScreenCTM();
      const scale = Math.hypot(ctm.a, ctm.b);
      charts.push({ scale, width: Number(svg.getAttribute('width')), shown: svg.getBoundingClientRect().width });
      const boxes = [];
      for (const t of svg.querySelectorAll('text')) {
        const s = t.textContent.trim();
        if (!s) continue;
        texts.push({ px: parseFloat(getComputedStyle(t).fontSize) * scale, s });
        boxes.push({ r: t.getBoundingClientRect(), s });
      }
      for (let i = 0; i < boxes.length; i += 1) {
        for (let j = i + 1; j < boxes.length; j += 1) {
          const [a, b] = [boxes[i].r, boxes[j].r];
          const x = Math.min(a.right, b.right) - Math.max(a.left, b.left);
          const y = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
          if (x > 0.5 && y > 0.5) overlaps.push(`"${boxes[i].s}" / "${boxes[j].s}"`);
        }
      }
    }
    return { texts, charts, overlaps };
  });
}

/** Wait until the charts on the page are drawn for the page's width (no scaling). */
async function drawnForPanel(page) {
  await page.waitForFunction(() => {
    const svgs = [...document.querySelectorAll('#exp-chart svg')];
    return svgs.length > 0 && svgs.every((s) => Math.abs(s.getBoundingClientRect().width - Number(s.getAttribute('width'))) < 0.5);
  }, null, { timeout: 30000 });
}

function check(name, size, m) {
  assert.ok(m.texts.length > 20, `${name}: ${m.texts.length} texts`);
  for (const c of m.charts) assert.ok(Math.abs(c.scale - 1) < 1e-3, `${name}: shown at ${c.scale}, not 1:1`);
  const small = m.texts.filter((t) => t.px < size.floor - 1e-6).map((t) => `"${t.s}" ${t.px.toFixed(2)} px`);
  assert.deepEqual(small, [], `${name}: texts under ${size.floor} px`);
  assert.deepEqual(m.overlaps, [], `${name}: texts that overlap`);
}

test('Wu Figure 3 and the explorer: every chart text at least the floor, at 1280x720 and (resized) 1024x768', async () => {
  const app = await openApp({ width: SIZES[0].width, height: SIZES[0].height, panels: false });
  const { page } = app;
  try {
    await page.keyboard.press('e');
    await page.locator('#experiments:not(.hidden)').waitFor();
    await page.click('#exp-tab-wu-fig3');
    await page.fill('#exp-wu-runs', '2');
    await page.click('#exp-run');
    await page.locator('#exp-chart svg').waitFor({ timeout: 60000 });
    for (const size of SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await drawnForPanel(page);
      const name = `wu-fig3 at ${size.width}x${size.height}`;
      check(name, size, await measure(page));
      await page.screenshot({ path: `${ARTIFACTS}/experiment-charts-wu-${size.width}.png` });
    }
    // The explorer's histogram (a shorter chart), drawn for 1024x768 from the start.
    await page.click('#exp-tab-explore');
    await page.selectOption('#exp-model', 'node');
    await page.selectOption('#exp-search', 'every');
    for (const [sel, v] of Object.entries({ '#exp-types': 2, '#exp-max-cost': 3, '#exp-n-min': 3, '#exp-n-max': 6 })) {
      await page.fill(sel, String(v));
    }
    await page.click('#exp-run');
    await page.locator('#exp-comparisons').waitFor({ timeout: 60000 });
    await drawnForPanel(page);
    check('explorer at 1024x768', SIZES[1], await measure(page));
    assert.deepEqual(app.errors, []);
  } finally {
    await page.close();
  }
});
