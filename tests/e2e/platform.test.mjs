// End-to-end tests of the platform model (Beaumont et al., paper 002) on the release build in
// dist/: a 4-node platform drawn with the mouse (click, drag to connect, a cost typed in
// place, a target), every algorithm run (T* = 2.5 by hand: the source sends one message per
// multicast over its only edge, of cost 2.5), the drawing exported as SVG and parsed, Delete
// and Undo; section 3's example in web workers (Multicast-LB = 1: two trees of weight 1/2);
// a generated 30-node platform with progress and Cancel.
// Run: cd tests/e2e && node --test
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ARTIFACTS, findIds, parseSvg, timerLag, useApp } from './harness.mjs';
import { clickRun } from './app-page.mjs';

const openApp = useApp();

// The graph editor's drawing: 700 x 440 units, margin 30 (src/components/graph_canvas.rs).
const W = 700;
const H = 440;
const M = 30;

/** The page point of the drawing's position (x, y) in [0, 1]². */
async function pagePoint(app, x, y) {
  const b = await app.page.locator('#platform-graph').boundingBox();
  const scale = Math.min(b.width / W, b.height / H);
  const ox = (b.width - W * scale) / 2;
  const oy = (b.height - H * scale) / 2;
  return {
    x: b.x + ox + (M + x * (W - 2 * M)) * scale,
    y: b.y + oy + (M + y * (H - 2 * M)) * scale,
  };
}

/** The page point of node v's centre (its drawing coordinates are in data-x / data-y). */
async function nodePoint(app, v) {
  const n = app.page.locator(`#platform-graph-node-${v}`);
  const sx = Number(await n.getAttribute('data-x'));
  const sy = Number(await n.getAttribute('data-y'));
  return pagePoint(app, (sx - M) / (W - 2 * M), (sy - M) / (H - 2 * M));
}

/** Drag node a onto node b with the mouse, in small steps. */
async function connect(app, a, b) {
  const p = await nodePoint(app, a);
  const q = await nodePoint(app, b);
  await app.page.mouse.move(p.x, p.y);
  await app.page.mouse.down();
  await app.page.mouse.move(q.x, q.y, { steps: 8 });
  await app.page.mouse.up();
}

const ALGOS = [
  'multicast-lb', 'multicast-ub', 'broadcast-eb', 'reduced-broadcast',
  'augmented-multicast', 'augmented-sources', 'mcph', 'broadcast',
];

test('draw a 4-node platform with the mouse, run all, read T* = 2.5, export the SVG, delete and undo', async () => {
  const app = await openApp();
  try {
    await app.selectModel('platform');
    await app.page.click('#clear-platform');
    // A new drawing is in progress, not wrong: a hint, no error.
    await app.page.locator('#draw-hint', { hasText: /^Draw nodes/ }).waitFor();
    assert.equal(await app.page.locator('#instance-error').count(), 0);
    for (const x of [0.4, 0.7, 0.95]) {
      const p = await pagePoint(app, x, 0.5);
      await app.page.mouse.click(p.x, p.y);
    }
    assert.equal(await app.page.locator('#platform-graph [id^="platform-graph-node-"]').count(), 4);
    await connect(app, 0, 1);
    await connect(app, 1, 2);
    await connect(app, 2, 3);
    assert.equal(await app.page.locator('#platform-graph [id^="platform-graph-edge-"]').count(), 6,
      'each drag adds both directions');
    await app.page.click('#platform-graph-label-0');
    await app.page.locator('#platform-graph-cost').fill('2.5');
    await app.page.keyboard.press('Enter');
    await app.page.click('#platform-graph-node-3 circle');
    await app.page.click('#is-target');
    await app.page.locator('#instance-summary', { hasText: /^4 nodes, 6 edges, 1 target/ }).waitFor();
    assert.match(await app.page.inputValue('#platform-edges'), /^0 1 2\.5\n1 0 1\n/);

    await app.runAll();
    for (const key of ALGOS) {
      assert.equal(await app.time(key), '2.5', key);
    }
    await app.select('reduced-broadcast');
    await app.tab('graph');
    await app.screenshot(`${ARTIFACTS}/e2e-platform-drawn.png`);
    const { name, text } = await app.exportSvg();
    assert.equal(name, 'hetcast-instance-reduced-broadcast-graph.svg');
    const doc = await parseSvg(app, text);
    assert.equal(new Set(findIds(doc.svg, /^node-\d+$/)).size, 4, 'four nodes drawn');
    assert.match(text, /T\* = 2\.5 per multicast/);

    // Delete the target with the key: no target left, a drawing in progress again (the hint);
    // Undo restores.
    await app.page.click('#platform-graph-node-3 circle');
    await app.page.keyboard.press('Delete');
    await app.page.locator('#draw-hint').waitFor();
    assert.equal(await app.page.locator('#instance-error').count(), 0);
    await app.page.click('#undo');
    await app.page.locator('#instance-summary', { hasText: /^4 nodes, 6 edges, 1 target/ }).waitFor();
    assert.equal(await app.time('multicast-lb'), '2.5');
    // A target cut off from the source is wrong, and said so: a new node, marked a target.
    const lone = await pagePoint(app, 0.2, 0.95);
    await app.page.mouse.click(lone.x, lone.y);
    await app.page.click('#platform-graph-node-4 circle');
    await app.page.click('#is-target');
    await app.page.locator('#instance-error', { hasText: /target P4 \(node 4\) is unreachable from the source/ }).waitFor();
    assert.equal(await app.page.locator('#draw-hint').count(), 0);
    assert.deepEqual(app.errors, []);
  } finally {
    await app.page.close();
  }
});

test('the cost typed in place stays inside the canvas at its left and right edges, error and all', async () => {
  const app = await openApp();
  try {
    await app.selectModel('platform');
    await app.page.click('#clear-platform');
    // Two vertical edges on the canvas's left and right borders.
    for (const [x, y] of [[0, 0.05], [0, 0.95], [1, 0.05], [1, 0.95]]) {
      const p = await pagePoint(app, x, y);
      await app.page.mouse.click(p.x, p.y);
    }
    await connect(app, 1, 2);
    await connect(app, 3, 4);
    const canvas = await app.page.locator('#platform-graph').boundingBox();
    const inside = async (what) => {
      const fieldBox = await app.page.locator('#platform-graph-cost').boundingBox();
      const errorBox = await app.page.locator('.ged-field .field-error').boundingBox();
      for (const [name, b] of [['field', fieldBox], ['error', errorBox]]) {
        assert.ok(b.x >= canvas.x - 0.5 && b.x + b.width <= canvas.x + canvas.width + 0.5,
          `${what}: the ${name} ${JSON.stringify(b)} leaves the canvas ${JSON.stringify(canvas)}`);
      }
    };
    // Edge 0 is P1 → P2 on the left border, edge 2 is P3 → P4 on the right one.
    for (const [edge, what] of [[0, 'left'], [2, 'right']]) {
      await app.page.click(`#platform-graph-label-${edge}`);
      await app.page.locator('#platform-graph-cost').fill('-1');
      await app.page.keyboard.press('Enter');
      await app.page.locator('.ged-field .field-error').waitFor();
      await inside(what);
      await app.screenshot(`${ARTIFACTS}/e2e-platform-cost-${what}.png`);
      await app.page.keyboard.press('Escape');
      await app.page.locator('#platform-graph-cost').waitFor({ state: 'detached' });
    }
    assert.deepEqual(app.errors, []);
  } finally {
    await app.page.close();
  }
});

test('section 3 in web workers: Multicast-LB = 1, the table fills while the page answers', async () => {
  const app = await openApp();
  try {
    await app.loadExample('beaumont-section3');
    await app.runAll();
    // Each T* as crates/hetcast-core/tests/platform.rs (section3_every_algorithm) derives it:
    // Multicast-LB 1 (two trees of weight 1/2), Multicast-UB 14/3 and broadcast 2 by hand,
    // MCPH 1.5 = the best single tree (brute force); the three refined heuristics' values are
    // regression pins there.
    const want = {
      'multicast-lb': '1', 'multicast-ub': '4.667', 'broadcast-eb': '2', 'reduced-broadcast': '1.25',
      'augmented-multicast': '1.25', 'augmented-sources': '1.2', mcph: '1.5', broadcast: '2',
      'multicast-lb-printed': '1', 'best-tree': '1.5',
    };
    for (const [key, t] of Object.entries(want)) assert.equal(await app.time(key), t, key);
    assert.equal(await app.page.locator('#results tr.result').count(), Object.keys(want).length);
    // Run all selects the best schedule (AUGMENTED_SOURCES' 1.2), not the first row nor the scatter.
    await app.page.locator('#row-augmented-sources.selected').waitFor();
    assert.equal(await app.page.locator('#results tr.result.selected').count(), 1);
    await app.select('multicast-lb');
    await app.tab('gantt');
    await app.screenshot(`${ARTIFACTS}/e2e-platform-section3-gantt.png`);
    assert.deepEqual(app.errors, []);
  } finally {
    await app.page.close();
  }
});

// The platform has 80 % targets (seed 1): there AUGMENTED_SOURCES takes 7.7 s natively (release
// CLI), so Cancel always comes first; AUGMENTED_MULTICAST takes 0.7 s, and under load it may
// end before the test's checks reach Cancel. At 20 % targets both took under 1.3 s, and under
// load the test met Cancel after both had ended (seen twice at a load of 16-17).
test('a generated 65-node platform\'s long heuristics run in workers with progress; Cancel stops them', async () => {
  const app = await openApp();
  try {
    await app.generatePlatform(65, { density: 80, seed: 1 });
    // The table folded to its selected row, as a window under 900 px high opens it: the runs
    // show as one status line above the table, with Cancel in sight.
    await app.page.keyboard.press('t');
    await app.page.locator('.app[data-table="folded"]').waitFor();
    // The two long heuristics (seconds each in a release build: Cancel comes first), one
    // worker each on a 2-core machine, so that the page's own thread is not starved. With the
    // table folded, their buttons are under the bar's "Run one" menu.
    await clickRun(app.page, 'augmented-multicast');
    await clickRun(app.page, 'augmented-sources');
    await app.page.locator('#run-status', { hasText: /[12] queued or running in web workers \(\d+ of about \d+ linear programs\)/ }).waitFor();
    assert.equal(await app.page.locator('tr.running').count(), 0, 'no running rows in the folded table');
    const onTop = await app.page.evaluate(() => {
      const r = document.querySelector('#cancel-runs').getBoundingClientRect();
      const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
      return hit?.id === 'cancel-runs' && r.bottom <= innerHeight;
    });
    assert.ok(onTop, 'Cancel is in the window and not covered');
    // The page answers while the worker computes.
    const late = await timerLag(app.page);
    assert.ok(late < 250, `0 ms timers fired ${late} ms late (the median of five)`);
    // The button moves while finished rows replace running ones (a click would wait for it to
    // stand still, and the runs could end first): its click event, at once.
    await app.page.locator('#cancel-runs').dispatchEvent('click');
    const notice = app.page.locator('#notice', { hasText: /Cancelled [12] runs?\./ });
    await notice.waitFor();
    // Every run not ended is cancelled: the long one always, the short one when it was still on.
    const ended = await app.page.locator('#time-augmented-multicast, #time-augmented-sources').count();
    assert.equal(await app.page.locator('#time-augmented-sources').count(), 0, 'AUGMENTED_SOURCES cancelled');
    assert.match(await notice.textContent(), new RegExp(`^Cancelled ${2 - ended} run${ended ? '' : 's'}\\.`));
    assert.equal(await app.page.locator('#run-status').count(), 0);
    await app.run('broadcast-eb');
    const t = await app.time('broadcast-eb');
    assert.match(t, /^\d/);
    // Autosaved: a reload brings the platform back and runs Broadcast-EB again.
    await app.reload();
    await app.page.locator('#instance-summary', { hasText: /^65 nodes/ }).waitFor();
    assert.equal(await app.time('broadcast-eb'), t);
    assert.deepEqual(app.errors, []);
  } finally {
    await app.page.close();
  }
});
