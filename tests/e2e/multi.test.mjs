// End-to-end test of the many-source model (Wu, Yeh, Liu; paper 001) on the release build in
// dist/: the gallery's "WRP beats WR", WRP's Gantt chart (one lane per node, one legend entry
// per message), its SVG export, and the JSON round trip of the instance.
// Run: cd tests/e2e && node --test
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ARTIFACTS, findIds, parseSvg, useApp } from './harness.mjs';

const openApp = useApp();

/** Microseconds of a time as the app prints it ("14 µs", "2.423 ms", "1.5 s"). */
function micros(text) {
  const m = text.trim().match(/^([\d.]+) (µs|ms|s)$/);
  assert.ok(m, `a time: ${text}`);
  return Number(m[1]) * { 'µs': 1, ms: 1e3, s: 1e6 }[m[2]];
}

test('WRP beats WR (Wu et al.): Gantt chart per node and per message, SVG export', async () => {
  const app = await openApp();
  try {
    const entries = await app.galleryEntries();
    const entry = entries.find((e) => /WRP beats WR/.test(e.title));
    assert.ok(entry, `gallery lists "WRP beats WR": ${JSON.stringify(entries)}`);
    await app.loadExample(entry.id);
    assert.equal(await app.page.$eval('#model', (s) => s.value), 'multi', 'the model menu follows');
    // crates/hetcast-core/src/models/multi/gallery.rs: 8 nodes, messages from P0-P3 to 3, 5, 2
    // and 4 destinations (14 receives).
    const summary = await app.page.locator('#instance-summary').textContent();
    const [, nodes, messages] = summary.match(/^(\d+) nodes, (\d+) messages, many-source/);
    assert.deepEqual([nodes, messages], ['8', '4'], summary);

    await app.run('wrp');
    const wrp = micros(await app.time('wrp'));
    const lb = micros(await app.page.locator('#time-lb').textContent());
    assert.ok(wrp >= lb, `WRP ${wrp} is at least the lower bound ${lb}`);
    await app.runAll();
    await app.page.locator('#row-fef').waitFor();
    const wr = micros(await app.time('wr'));
    assert.ok(wrp < wr, `WRP (${wrp}) beats WR (${wr}) on this instance`);
    // The simulated times the gallery's doc gives (crates/hetcast-core/src/models/multi/gallery.rs).
    const times = {};
    for (const k of ['fef', 'ecf', 'wr', 'wrp']) times[k] = await app.time(k);
    assert.deepEqual(times, { fef: '42 µs', ecf: '29 µs', wr: '49 µs', wrp: '14 µs' });
    assert.equal((await app.page.locator('#time-lb').textContent()).trim(), '13 µs');
    assert.equal(await app.page.locator('#results tr.result').count(), 4);
    assert.equal(await app.page.locator('#row-lb').count(), 1);

    await app.select('wrp');
    await app.tab('gantt');
    assert.equal(await app.countInScene('gantt', 'lane-'), Number(nodes), 'one lane per node');
    assert.equal(await app.countInScene('gantt', 'legend-msg-'), Number(messages), 'one legend entry per message');
    await app.screenshot(`${ARTIFACTS}/e2e-multi-gantt.png`);

    const { name, text } = await app.exportSvg();
    assert.equal(name, 'hetcast-wu-wrp-beats-wr-wrp-gantt.svg');
    const doc = await parseSvg(app, text);
    assert.equal(new Set(findIds(doc.svg, /^lane-\d+$/)).size, Number(nodes));
    assert.equal(new Set(findIds(doc.svg, /^legend-msg-\d+$/)).size, Number(messages));
    assert.equal(findIds(doc.svg, /^recv-\d+-\d+-\d+$/).length, 3 + 5 + 2 + 4, 'one receive per destination');
    assert.match(text, /T = [\d.]+ (µs|ms|s)/);

    // The tree of the last message, and its export.
    await app.tab('tree');
    await app.page.selectOption('#tree-msg', String(Number(messages) - 1));
    assert.equal(await app.countInScene('tree', 'node-'), 5, 'm3: its source P3 and 4 destinations');
    const tree = await app.exportSvg();
    assert.equal(tree.name, 'hetcast-wu-wrp-beats-wr-wrp-tree.svg');
    await parseSvg(app, tree.text);
    assert.deepEqual(app.errors, []);
  } finally {
    await app.page.close();
  }
});

test('many-source JSON: export, import, bad import kept out, survives a reload', async () => {
  const app = await openApp();
  try {
    await app.selectModel('multi');
    const entry = (await app.galleryEntries()).find((e) => /WRP beats WR/.test(e.title));
    await app.loadExample(entry.id);
    const json = JSON.parse((await app.exportItem('export-json')).text);
    assert.equal(json.model, 'multi');
    // Back to the node model, then import the file: the many-source model comes back.
    await app.selectModel('node');
    await app.page.locator('#instance-summary', { hasText: /node model/ }).waitFor();
    await app.importFile('wu.json', JSON.stringify(json));
    await app.page.locator('#instance-summary', { hasText: /many-source/ }).waitFor();
    // A destination that is the source: refused, the instance is kept.
    const bad = structuredClone(json);
    bad.messages[0].destinations.push(bad.messages[0].source);
    await app.importFile('bad.json', JSON.stringify(bad));
    const notice = app.page.locator('#notice.error');
    await notice.waitFor();
    assert.match(await notice.textContent(), /bad\.json.*also listed as a destination/);
    await app.reload();
    await app.page.locator('#instance-summary', { hasText: /many-source/ }).waitFor();
    assert.equal(await app.page.$eval('#model', (s) => s.value), 'multi');
    assert.deepEqual(app.errors, []);
  } finally {
    await app.page.close();
  }
});

test('a 64-node section 5 instance stays readable: tree opens at its source, times on top of the Gantt chart', async () => {
  const app = await openApp();
  try {
    await app.selectModel('multi');
    await app.page.click('#generators > summary');
    await app.page.fill('#gen-m-nodes', '64');
    await app.page.fill('#gen-m-sources', '4');
    await app.page.click('#gen-multi-build');
    await app.page.locator('#instance-summary', { hasText: /^64 nodes/ }).waitFor();
    // Focus mode and back keeps the generator's section open and its fields as typed.
    await app.page.locator('body').click({ position: { x: 1270, y: 710 } });
    await app.page.keyboard.press('f');
    await app.page.keyboard.press('f');
    assert.equal(await app.page.$eval('#generators', (d) => d.open), true);
    assert.equal(await app.page.inputValue('#gen-m-nodes'), '64');
    await app.run('wrp');
    await app.select('wrp');
    // The tree of a message from a source deep in the node list, at 100% (key v; fit shows it
    // whole): wider than the view, it opens scrolled so that the source box is on screen.
    await app.tab('tree');
    await app.page.keyboard.press('v');
    const menu = app.page.locator('#tree-msg');
    const options = await menu.locator('option').allTextContents();
    const last = options.length - 1;
    await menu.selectOption(String(last));
    const source = app.page.locator('#scene-tree rect[id^="node-"].source');
    await source.waitFor();
    await app.page.waitForTimeout(200);
    const box = await source.boundingBox();
    const wrap = await app.page.locator('#scene-tree').evaluate((svg) => {
      const wrap = svg.closest('.scene-wrap'); const r = wrap.getBoundingClientRect();
      return { left: r.left, right: r.right, scrolls: wrap.scrollWidth > wrap.clientWidth };
    });
    assert.ok(box.x >= wrap.left && box.x + box.width <= wrap.right,
      `source box ${JSON.stringify(box)} inside the view ${JSON.stringify(wrap)} (${options[last]})`);
    // At 100% the text is at its size: the drawing scrolls.
    const scale = await app.page.locator('#scene-tree').evaluate((svg) =>
      svg.getBoundingClientRect().width / svg.viewBox.baseVal.width);
    assert.ok(Math.abs(scale - 1) < 0.01, `tree scale ${scale}`);
    // 64 lanes: the time axis is drawn above the lanes too.
    await app.tab('gantt');
    assert.equal(await app.countInScene('gantt', 'lane-'), 64);
    assert.equal(await app.page.locator('#scene-gantt .top-axis').count(), 1, 'time axis on top');
    await app.screenshot(`${ARTIFACTS}/e2e-multi-64.png`);
    assert.deepEqual(app.errors, []);
  } finally {
    await app.page.close();
  }
});
