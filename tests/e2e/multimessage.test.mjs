// End-to-end test of the multimessage model (Gonzalez; paper 003) on the release build in
// dist/: Example 1.1 from the gallery, the four algorithms (6 / 4 / 3 steps, gonzalez 6 = 2d),
// the editor's numbering (P1..P9, as drawn), Gonzalez's phases in the trace, and the SVG export of the step timeline.
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
    // One numbering, the paper's: message a goes from P1 to P4 and P5 (file indices 0, 3, 4),
    // and the editor's rows and fields say 1, and 4, 5, as the drawing's boxes say P1, P4, P5.
    assert.equal((await app.page.locator('#msg-0 th').textContent()).trim(), '1');
    assert.equal(await app.page.inputValue('#msg-0-source'), '1');
    assert.equal(await app.page.inputValue('#msg-0-dests'), '4, 5');
    assert.equal(await app.page.inputValue('#msg-2-dests'), '4, 6, 8, 9');

    await app.runAll();
    assert.equal(await app.time('single-send'), '6 steps');
    assert.equal(await app.time('no-forwarding'), '4 steps');
    assert.equal(await app.time('optimal'), '3 steps');
    // Gonzalez's 6 = 2d: three steps of X, three of X' (crates/hetcast-core/tests/multimessage.rs).
    assert.equal(await app.time('gonzalez'), '6 steps');

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

    // The multigraph names the processors P1..P9; the editor's 1 is the drawing's P1.
    await app.tab('graph');
    const boxes = await app.page.locator('#scene-graph text').allTextContents();
    for (const p of ['P1', 'P4', 'P5', 'P9']) assert.ok(boxes.includes(p), `${p} drawn: ${boxes}`);
    // An error names the processor as drawn: 1 is P1, the source of a.
    await app.page.fill('#msg-0-dests', '4, 1');
    assert.equal((await app.page.locator('#msg-0-dests-error').textContent()).trim(),
      '⚠ invalid instance: message 1 ("a"): destination P1 is its source; a processor does not send to itself');
    await app.page.fill('#msg-0-dests', '4, 10');
    assert.match(await app.page.locator('#msg-0-dests-error').textContent(),
      /destination P10 does not exist \(processors are P1 to P9\)/);
    assert.deepEqual(app.errors, []);
  } finally {
    await app.page.close();
  }
});
