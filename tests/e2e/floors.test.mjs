// The drawing first: the smallest text of every model's drawings, measured on screen (font size
// times the SVG's scale, getScreenCTM), at 1024x768 and 1280x720, in the default layout and in
// lecture mode, one result and two compared. The floors: 11 px at 1280x720 and 9 px at
// 1024x768 by default, 20 px in lecture mode (drawings and controls). Also: every line of a
// short pseudo-code is in sight at 1280x720 while stepping, and nothing is cut off at the
// right of the window.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ARTIFACTS, useApp } from './harness.mjs';

const openApp = useApp();

/** Every model: a gallery example, the algorithm shown, the one compared with. */
const MODELS = [
  { example: 'lh-fig1', algo: 'greedy', other: 'optimal' },
  { example: 'wu-wrp-beats-wr', algo: 'wrp', other: 'wr' },
  { example: 'gonzalez-example-1-1', algo: 'gonzalez', other: 'optimal' },
  { example: 'beaumont-section3', algo: 'mcph', other: 'augmented-multicast' },
];
const SIZES = [
  { width: 1280, height: 720, floor: 11 },
  { width: 1024, height: 768, floor: 9 },
];
const LECTURE_FLOOR = 20;

/** The smallest text on screen of the drawings in the view panel, and where it is. */
async function smallestText(page) {
  return page.evaluate(() => {
    let min = Infinity;
    let where = '';
    let count = 0;
    for (const svg of document.querySelectorAll('.view-panel svg.hc-scene')) {
      const ctm = svg.getScreenCTM();
      if (!ctm) continue;
      const scale = Math.hypot(ctm.a, ctm.b);
      for (const t of svg.querySelectorAll('text')) {
        if (!t.textContent.trim()) continue;
        const px = parseFloat(getComputedStyle(t).fontSize) * scale;
        count += 1;
        if (px < min) {
          min = px;
          where = `${svg.id}: "${t.textContent.trim().slice(0, 30)}" (${t.getAttribute('class')})`;
        }
      }
    }
    return { min, where, count };
  });
}

/** The smallest font of the visible controls (buttons, menus) under the drawing. */
async function smallestControl(page) {
  return page.evaluate(() => {
    let min = Infinity;
    let where = '';
    for (const el of document.querySelectorAll('.view button, .view select, .player-bar, .compare-bar')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      const px = parseFloat(getComputedStyle(el).fontSize);
      if (px < min) {
        min = px;
        where = el.id || el.className;
      }
    }
    return { min, where };
  });
}

/** Elements that reach past the right edge of the window (cut off). */
async function cutOff(page) {
  return page.evaluate(() => {
    const w = document.documentElement.clientWidth;
    return [...document.querySelectorAll('.app button, .app select, .app th, .app td, .tabs, .player-bar')]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.right > w + 1 && !el.closest('.hidden, .table-wrap, .scene-wrap, .menu-panel');
      })
      .map((el) => el.id || el.textContent.trim().slice(0, 20));
  });
}

async function open(size, hash) {
  const app = await openApp({ width: size.width, height: size.height, panels: false, hash });
  await app.page.locator('.view-panel svg.hc-scene').first().waitFor();
  // Laid out for the measured panel (the second layout after the first measure).
  await app.page.waitForFunction(() => {
    const svg = document.querySelector('.view-panel svg.hc-scene');
    return svg && svg.getAttribute('width') && svg.getBoundingClientRect().width > 0;
  });
  await app.page.waitForTimeout(100);
  return app;
}

for (const size of SIZES) {
  for (const m of MODELS) {
    for (const view of ['tree', 'gantt']) {
      for (const lecture of [false, true]) {
        for (const compare of [false, true]) {
          const name = `${m.example} ${view}${lecture ? ' lecture' : ''}${compare ? ' compared' : ''} at ${size.width}x${size.height}`;
          test(`the smallest text is readable: ${name}`, async () => {
            // The link runs the algorithm looked at (and the one compared with).
            let hash = `example=${m.example}&algo=${m.algo}&view=${view}`;
            if (lecture) hash += '&lecture=1';
            if (compare) hash += `&compare=${m.other}`;
            const app = await open(size, hash);
            try {
              if (compare) await app.page.locator('#compare-1').waitFor();
              await app.page.waitForTimeout(150);
              const floor = lecture ? LECTURE_FLOOR : size.floor;
              const text = await smallestText(app.page);
              assert.ok(text.count > 0, `${name}: no drawing text`);
              assert.ok(text.min >= floor - 0.05,
                `${name}: smallest text ${text.min.toFixed(1)} px < ${floor} px at ${text.where}`);
              if (lecture) {
                const c = await smallestControl(app.page);
                assert.ok(c.min >= LECTURE_FLOOR - 0.05,
                  `${name}: a control's text is ${c.min} px < ${LECTURE_FLOOR} px (${c.where})`);
              }
              assert.deepEqual(await cutOff(app.page), [], `${name}: cut off at the right`);
              await app.page.screenshot({ path: `${ARTIFACTS}/floor-${name.replace(/[^a-z0-9]+/gi, '-')}.png` });
            } finally {
              await app.page.close();
            }
          });
        }
      }
    }
  }
}

test('at 1280x720 every line of greedy\'s pseudo-code is in sight while stepping', async () => {
  for (const lecture of [false, true]) {
    const app = await open({ width: 1280, height: 720 },
      `example=lh-fig1&algo=greedy&view=tree&mode=steps${lecture ? '&lecture=1' : ''}`);
    try {
      const lines = app.page.locator('#pseudo li');
      assert.equal(await lines.count(), 6);
      for (let step = 0; step < 12; step += 1) {
        const hidden = await app.page.evaluate(() => {
          const box = document.querySelector('.stepper-code').getBoundingClientRect();
          return [...document.querySelectorAll('#pseudo li')]
            .filter((li) => {
              const r = li.getBoundingClientRect();
              return r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5 || r.height === 0;
            })
            .map((li) => li.id);
        });
        assert.deepEqual(hidden, [], `lecture ${lecture}, step ${step}: lines out of sight`);
        await app.page.keyboard.press('ArrowRight');
      }
    } finally {
      await app.page.close();
    }
  }
});

test('the node model\'s greedy pseudo-code has no latency and no receive cost', async () => {
  const app = await open({ width: 1280, height: 720 }, 'example=lh-fig1&algo=greedy&view=tree&mode=steps');
  try {
    const text = await app.page.locator('#pseudo').textContent();
    assert.ok(!text.includes('r(Q)') && !text.includes('+ L'), text);
    assert.ok(text.includes('holds the message at t'), text);
  } finally {
    await app.page.close();
  }
});
