// A platform at realistic size, as the audience sees it: the generator's 65-node Tiers-like
// platform (20 % targets, seed 1, as in paper 002 section 7), MCPH shown in lecture mode at
// 1280x720. No two node labels overlap on screen (their boxes from getBoundingClientRect), and
// every label is drawn inside the drawing's box. Before the stress layout (core
// layout/graph_layout.rs), 20 pairs overlapped here.
// In lecture mode at 1024x768 the caption over the views (the algorithm and its time) is whole.
// Run: cd tests/e2e && node --test platform-labels.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ARTIFACTS, useApp } from './harness.mjs';

const openApp = useApp();

/** The on-screen boxes of the node labels of the drawing in the view panel. */
async function labelBoxes(page) {
  return page.evaluate(() => {
    const svg = document.querySelector('.view-panel svg.hc-scene');
    const frame = svg.getBoundingClientRect();
    const boxes = [...svg.querySelectorAll('text.node-label')]
      .filter((t) => t.textContent.trim())
      .map((t) => {
        const r = t.getBoundingClientRect();
        return { text: t.textContent.trim(), x0: r.left, y0: r.top, x1: r.right, y1: r.bottom };
      });
    return { boxes, frame: { x0: frame.left, y0: frame.top, x1: frame.right, y1: frame.bottom } };
  });
}

/** Pairs of boxes whose interiors meet (touching edges do not count). */
function overlaps(boxes) {
  const pairs = [];
  for (let i = 0; i < boxes.length; i += 1) {
    for (let j = i + 1; j < boxes.length; j += 1) {
      const a = boxes[i];
      const b = boxes[j];
      const w = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
      const h = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
      if (w > 0.5 && h > 0.5) pairs.push(`${a.text}/${b.text}`);
    }
  }
  return pairs;
}

test('65-node platform, MCPH in lecture mode at 1280x720: no two node labels overlap', async () => {
  const app = await openApp({ width: 1280, height: 720 });
  try {
    await app.generatePlatform(65, { seed: 1 });
    await app.run('mcph');
    assert.match(await app.time('mcph'), /^\d/);
    await app.select('mcph');
    await app.tab('graph');
    await app.page.keyboard.press('l');
    await app.page.locator('#lecture[aria-pressed="true"]').waitFor();
    await app.page.waitForTimeout(300);
    const { boxes, frame } = await labelBoxes(app.page);
    await app.page.screenshot({ path: `${ARTIFACTS}/platform-65-lecture-1280x720.png` });
    assert.equal(boxes.length, 65, 'one label per node');
    assert.deepEqual(overlaps(boxes), [], 'overlapping label pairs');
    const outside = boxes.filter((b) => b.x0 < frame.x0 - 0.5 || b.x1 > frame.x1 + 0.5
      || b.y0 < frame.y0 - 0.5 || b.y1 > frame.y1 + 0.5).map((b) => b.text);
    assert.deepEqual(outside, [], 'labels outside the drawing');
    assert.deepEqual(app.errors, []);
  } finally {
    await app.page.close();
  }
});

test('65-node platform in lecture mode at 1024x768: the caption over the views is whole, at 12 px or more', async () => {
  const app = await openApp({ width: 1024, height: 768 });
  try {
    await app.generatePlatform(65, { seed: 1 });
    await app.run('mcph');
    await app.select('mcph');
    await app.page.keyboard.press('l');
    await app.page.locator('#lecture[aria-pressed="true"]').waitFor();
    const caption = await app.page.locator('#view-caption').evaluate((el) => ({
      text: el.textContent,
      clipped: el.scrollWidth > el.clientWidth + 0.5,
      px: parseFloat(getComputedStyle(el).fontSize),
    }));
    await app.page.screenshot({ path: `${ARTIFACTS}/platform-65-lecture-1024x768.png` });
    assert.match(caption.text, /^MCPH \(tree\): T = \d/);
    assert.equal(caption.clipped, false, `the caption is cut: ${caption.text}`);
    assert.ok(caption.px >= 12, `${caption.px} px`);
    assert.deepEqual(app.errors, []);
  } finally {
    await app.page.close();
  }
});
