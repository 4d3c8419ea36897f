// A platform at realistic size, as the audience sees it: the generator's 65-node Tiers-like
// platform (20 % targets, seed 1, as in paper 002 section 7), MCPH shown in lecture mode at
// 1280x720. No two node labels overlap on screen (their boxes from getBoundingClientRect), and
// every label is drawn inside the drawing's box. Before the stress layout (core
// layout/graph_layout.rs), 20 pairs overlapped here.
// In lecture mode at 1024x768 the caption over the views (the algorithm and its time) is whole.
// After Run all, no load label meets another or a node label; the tabs stand on their border.
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

/**
 * The drawing's load labels (class edge-load) and node labels as on screen: boxes from
 * getBoundingClientRect, the smallest load label's size in px (font size x getScreenCTM).
 */
async function loadLabels(page) {
  return page.evaluate(() => {
    const svg = document.querySelector('.view-panel svg.hc-scene');
    const box = (t) => {
      const r = t.getBoundingClientRect();
      return { text: t.textContent.trim(), x0: r.left, y0: r.top, x1: r.right, y1: r.bottom };
    };
    const loads = [...svg.querySelectorAll('text.edge-load')];
    const px = loads.map((t) => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a);
    return {
      loads: loads.map(box),
      nodes: [...svg.querySelectorAll('text.node-label')].map(box),
      used: svg.querySelectorAll('line.pedge.used').length,
      tips: [...svg.querySelectorAll('line.pedge.used > title')].map((t) => t.textContent),
      px: Math.min(...px),
    };
  });
}

/** Pairs of boxes, one of `a` and one of `b`, whose interiors meet by more than half a px. */
function meets(a, b) {
  const pairs = [];
  for (const p of a) {
    for (const q of b) {
      if (p === q) continue;
      const w = Math.min(p.x1, q.x1) - Math.max(p.x0, q.x0);
      const h = Math.min(p.y1, q.y1) - Math.max(p.y0, q.y0);
      if (w > 0.5 && h > 0.5) pairs.push(`${p.text}/${q.text}`);
    }
  }
  return pairs;
}

// Issue 19, part A at the edges: after Run all the 65-node platform shows AUGMENTED_MULTICAST's
// 72 loads; before the labels were placed, 33 pairs of load labels met (0.3 / 0.68 / 0.877 near
// L27) and 19 load labels lay over node labels. Each label now sits beside its edge at a free
// spot or, where there is none, is left out; every used edge names its load in its tooltip.
const LOADS_DRAWN = { lecture: 66, normal: 65 };
test('65-node platform after Run all, lecture mode at 1280x720: no load label meets another or a node label, each at 12 px or more', async () => {
  const app = await openApp({ width: 1280, height: 720 });
  try {
    await app.generatePlatform(65, { seed: 1 });
    await app.runAll();
    assert.match(await app.time('augmented-multicast'), /^\d/);
    await app.tab('graph');
    for (const lecture of [true, false]) {
      if (lecture) {
        await app.page.keyboard.press('l');
        await app.page.locator('#lecture[aria-pressed="true"]').waitFor();
      }
      await app.page.waitForTimeout(300);
      assert.match(await app.page.locator('#view-caption').textContent(), /^AUGMENTED_MULTICAST: T = \d/);
      const { loads, nodes, used, tips, px } = await loadLabels(app.page);
      const mode = lecture ? 'lecture' : 'normal';
      if (lecture) await app.page.screenshot({ path: `${ARTIFACTS}/platform-65-loads-lecture-1280x720.png` });
      assert.deepEqual(meets(loads, loads), [], `${mode}: load labels that meet`);
      assert.deepEqual(meets(loads, nodes), [], `${mode}: load labels over node labels`);
      assert.equal(used, 72, 'edges in use');
      // The rest have no free spot (the core's placement, crates/hetcast-core/src/layout/labels.rs),
      // in the drawing laid out for this panel (platform_scene_in): 65 of 72 drawn in both
      // modes before the drawing took the panel's shape.
      console.log(`${mode}: ${loads.length} of ${used} loads drawn`);
      assert.equal(loads.length, LOADS_DRAWN[mode], `${mode}: loads drawn`);
      assert.equal(tips.length, 72, 'every used edge has its load as a tooltip');
      assert.ok(tips.every((t) => /^\S+ → \S+: [\d.]+ message\(s\) per multicast$/.test(t)), tips[0]);
      if (lecture) {
        assert.ok(px >= 12, `${px} px`);
        await app.page.keyboard.press('l');
        await app.page.locator('#lecture[aria-pressed="false"]').waitFor();
      }
    }
    assert.deepEqual(app.errors, []);
  } finally {
    await app.page.close();
  }
});

// Lecture mode turned on and off at once (within the half second in which the panel's size
// guard takes a size that comes back for a scroll bar's loop): the drawing is laid out again
// for the panel it is back in. Before, the guard kept lecture mode's size, and the 65-node
// drawing came back 1244 px wide in a 708 px panel, with 67 loads drawn instead of 65 (the CI
// run of stop 34 met it in the test above, whose lecture-mode checks took under 0.5 s there).
test('lecture mode on and off at once: the drawing is laid out again for the panel it is back in', async () => {
  const app = await openApp({ width: 1280, height: 720 });
  try {
    await app.generatePlatform(65, { seed: 1 });
    await app.run('augmented-multicast');
    await app.select('augmented-multicast');
    await app.tab('graph');
    await app.page.waitForTimeout(500);
    const look = () => app.page.evaluate(() => {
      const svg = document.querySelector('.view-panel svg.hc-scene');
      const panel = document.querySelector('.view-panel');
      return { viewBox: svg.getAttribute('viewBox'), wider: svg.getBoundingClientRect().width - panel.clientWidth };
    });
    const before = await look();
    await app.page.keyboard.press('l');
    await app.page.locator('#lecture[aria-pressed="true"]').waitFor();
    await app.page.keyboard.press('l');
    await app.page.locator('#lecture[aria-pressed="false"]').waitFor();
    await app.page.waitForTimeout(1000);
    const after = await look();
    assert.equal(after.viewBox, before.viewBox, 'laid out for the same panel as before');
    assert.ok(after.wider <= 0, `the drawing is ${after.wider} px wider than its panel`);
    assert.deepEqual(app.errors, []);
  } finally {
    await app.page.close();
  }
});

// The tab strip's tabs stand on its border: where the view's buttons do not fit beside the tabs
// and the caption (1024 px; lecture mode's whole caption "AUGMENTED_MULTICAST: T = 14.1"),
// they go to a row above, not under the tabs (before: a 49 px gap under the tabs at 1024x768,
// in lecture and normal mode).
test('the tabs meet the tab strip\'s border at 1024x768 and 1280x720, in lecture and normal mode', async () => {
  for (const [width, height] of [[1024, 768], [1280, 720]]) {
    const app = await openApp({ width, height });
    try {
      await app.generatePlatform(65, { seed: 1 });
      await app.run('augmented-multicast');
      await app.select('augmented-multicast');
      await app.tab('graph');
      for (const lecture of [false, true]) {
        if (lecture) {
          await app.page.keyboard.press('l');
          await app.page.locator('#lecture[aria-pressed="true"]').waitFor();
        }
        await app.page.waitForTimeout(200);
        const gaps = await app.page.evaluate(() => {
          const strip = document.querySelector('.view > .tabs');
          const r = strip.getBoundingClientRect();
          const border = r.bottom - parseFloat(getComputedStyle(strip).borderBottomWidth);
          return [...strip.querySelectorAll('[role=tab]')].map((t) => border - t.getBoundingClientRect().bottom);
        });
        await app.page.screenshot({ path: `${ARTIFACTS}/tabs-${lecture ? 'lecture' : 'normal'}-${width}x${height}.png` });
        assert.equal(gaps.length, 3);
        for (const g of gaps) assert.ok(Math.abs(g) <= 1, `${width}x${height} ${lecture ? 'lecture' : 'normal'}: ${g} px under a tab`);
      }
      assert.deepEqual(app.errors, []);
    } finally {
      await app.page.close();
    }
  }
});
