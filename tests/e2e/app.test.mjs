// End-to-end tests of the Trunk build in dist/ (scripts/test.sh builds it with --release).
// The tests serve dist/ on a free loopback port themselves; HETCAST_URL points them elsewhere.
// Run: cd tests/e2e && node --test
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ARTIFACTS, findIds, parseSvg, useApp } from './harness.mjs';

const openApp = useApp();

test('Figure 1 of Libeskind-Hadas et al.: greedy 10, optimum 9, Gantt SVG export', async () => {
  const app = await openApp();
  try {
    const entries = await app.galleryEntries();
    assert.ok(entries.some((e) => e.id === 'lh-fig1'), JSON.stringify(entries));

    await app.loadExample('lh-fig1');
    await app.run('greedy');
    assert.equal(await app.time('greedy'), '10');
    await app.run('optimal');
    assert.equal(await app.time('optimal'), '9');
    await app.run('lemma5');
    assert.equal(await app.time('lemma5'), '9');
    assert.equal((await app.page.locator('#ratio-greedy').textContent()).trim(), '1.111');

    await app.select('greedy');
    await app.tab('gantt');
    const lanesOnScreen = await app.page.locator('#scene-gantt [id^="lane-"]').count();
    assert.equal(lanesOnScreen, 12);
    await app.screenshot(`${ARTIFACTS}/e2e-fig1-gantt.png`);

    const { name, text } = await app.exportSvg();
    assert.equal(name, 'hetcast-lh-fig1-greedy-gantt.svg');
    const doc = await parseSvg(app, text);
    const lanes = new Set(findIds(doc.svg, /^lane-\d+$/));
    assert.equal(lanes.size, 12, `one lane per node, got ${[...lanes]}`);
    assert.match(text, /T = 10/);
    assert.deepEqual(app.errors, []);
  } finally {
    await app.page.close();
  }
});

test('a bad import is reported and the instance is kept; the instance survives a reload', async () => {
  const app = await openApp();
  try {
    await app.loadExample('liu-fig1');
    await app.importFile('bad.json', '{"model":"node","source":0,"nodes":[{"cost":-1},{"cost":2}]}');
    const notice = app.page.locator('#notice.error');
    await notice.waitFor();
    assert.match(await notice.textContent(), /bad\.json.*negative/);
    assert.match(await app.page.locator('#instance-summary').textContent(), /^3 nodes, sender-receiver/);

    await app.importFile('good.json', '{"model":"node","source":0,"nodes":[{"cost":3},{"cost":2},{"cost":2}]}');
    await app.page.locator('#instance-summary', { hasText: /^3 nodes, node model/ }).waitFor();
    await app.run('greedy');
    assert.equal(await app.time('greedy'), '5');

    await app.reload();
    await app.page.locator('#instance-summary', { hasText: /^3 nodes, node model/ }).waitFor();
    assert.deepEqual(app.errors, []);
  } finally {
    await app.page.close();
  }
});

test('every control is reachable by Tab and shows a focus ring', async () => {
  const app = await openApp();
  try {
    const seen = new Set();
    for (let i = 0; i < 120; i++) {
      await app.page.keyboard.press('Tab');
      const info = await app.page.evaluate(() => {
        const e = document.activeElement;
        const s = getComputedStyle(e);
        return { id: e.id, tag: e.tagName, outline: s.outlineStyle, width: parseFloat(s.outlineWidth) };
      });
      if (info.tag === 'BODY') continue; // past the last control, the browser's own UI
      if (info.id) seen.add(info.id);
      assert.ok(info.outline !== 'none' && info.width >= 2, `focus ring on ${info.tag}#${info.id}`);
    }
    for (const id of ['model', 'gallery', 'import', 'export-button', 'run-all', 'run-greedy', 'node-1-send', 'add-node']) {
      assert.ok(seen.has(id), `#${id} reachable by Tab (saw ${[...seen].join(' ')})`);
    }
  } finally {
    await app.page.close();
  }
});

test('the gallery menu: arrow keys only choose, Enter loads; r and digits work on the menu', async () => {
  const app = await openApp();
  try {
    await app.loadExample('liu-fig1');
    const summary = app.page.locator('#instance-summary');
    assert.match(await summary.textContent(), /^3 nodes/);
    await app.page.focus('#gallery');
    // The menu is back at its prompt; one step down is the first example (Figure 1, 12 nodes).
    await app.page.keyboard.press('ArrowDown');
    assert.equal(await app.page.$eval('#gallery', (s) => s.value), 'lh-fig1', 'the arrow chose an example');
    assert.match(await summary.textContent(), /^3 nodes/, 'arrows do not load');
    await app.page.keyboard.press('Enter');
    await app.page.locator('#instance-summary', { hasText: /^12 nodes/ }).waitFor();
    await app.page.keyboard.press('r');
    await app.page.locator('#results tr.result').first().waitFor();
    // Greedy, random, the optimum (from the web worker) and Lemma 5: every algorithm of the
    // node model.
    await app.page.locator('#row-lemma5').waitFor();
    await app.page.locator('#row-optimal').waitFor();
    assert.equal(await app.page.locator('#results tr.result').count(), 4);
    await app.page.keyboard.press('2');
    assert.equal(await app.page.getAttribute('#tab-gantt', 'aria-selected'), 'true');
    assert.deepEqual(app.errors, []);
  } finally {
    await app.page.close();
  }
});

test('the help dialog keeps Tab inside and Esc gives the focus back', async () => {
  const app = await openApp();
  try {
    await app.page.focus('#help-button');
    await app.page.keyboard.press('Enter');
    await app.page.locator('#help').waitFor();
    for (let i = 0; i < 4; i++) {
      await app.page.keyboard.press('Tab');
      const inside = await app.page.evaluate(() => !!document.activeElement.closest('#help'));
      assert.ok(inside, 'focus stays in the dialog');
    }
    await app.page.keyboard.press('Escape');
    await app.page.locator('#help').waitFor({ state: 'detached' });
    assert.equal(await app.page.evaluate(() => document.activeElement.id), 'help-button');
  } finally {
    await app.page.close();
  }
});
