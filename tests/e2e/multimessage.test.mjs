// End-to-end test of the multimessage model (Gonzalez; paper 003) on the release build in
// dist/: Example 1.1 from the gallery, the four algorithms (6 / 4 / 3 steps, gonzalez within
// 2d), Gonzalez's phases in the trace, and the SVG export of the step timeline.
// Run: cd tests/e2e && node --test
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ARTIFACTS, findIds, parseSvg, useApp } from './harness.mjs';

const openApp = useApp();

test('Example 1.1 (Gonzalez): 6 / 4 / 3 steps, the phases, the step timeline as SVG', async () => {
  const app = await openApp();
  try {
    await app.loadExample('gonzalez-example-1-1');
    assert.equal(await app.page.$eval('#model', (s) => s.value), 'multimessage', 'the model menu follows');
    await app.page.locator('#instance-summary', { hasText: /^9 processors, 6 messages, d = 3/ }).waitFor();

    await app.runAll();
    assert.equal(await app.time('single-send'), '6 steps');
    assert.equal(await app.time('no-forwarding'), '4 steps');
    assert.equal(await app.time('optimal'), '3 steps');
    const g = Number((await app.time('gonzalez')).replace(/ steps?$/, ''));
    assert.ok(g >= 3 && g <= 6, `gonzalez within 2d: ${g}`);

    await app.select('gonzalez');
    await app.tab('trace');
    const trace = await app.page.locator('#trace').textContent();
    assert.match(trace, /Input balancing: d = 3/);
    assert.match(trace, /Round i = 1 of 3/);
    assert.match(trace, /line 13: +step d \+ c of X'/);

    await app.select('optimal');
    await app.tab('gantt');
    assert.equal(await app.countInScene('gantt', 'lane-'), 9);
    await app.screenshot(`${ARTIFACTS}/e2e-gonzalez-example-1-1.png`);
    const { name, text } = await app.exportSvg();
    assert.equal(name, 'hetcast-gonzalez-example-1-1-optimal-gantt.svg');
    const doc = await parseSvg(app, text);
    assert.equal(new Set(findIds(doc.svg, /^lane-\d+$/)).size, 9, 'one lane per processor');
    assert.match(text, /T = 3 steps/);
    assert.deepEqual(app.errors, []);
  } finally {
    await app.page.close();
  }
});
