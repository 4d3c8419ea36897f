// End-to-end test of keeping and sharing work on the release build in dist/: a reload keeps
// the results and the view; the share link, copied to the clipboard, opens the same scenario in
// a fresh browser; the PNG export is the view at 2x.
// Run: cd tests/e2e && node --test
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useApp } from './harness.mjs';

const openApp = useApp();

test('a reload keeps the work; the share link opens it in a fresh browser; PNG at 2x', async () => {
  const app = await openApp();
  const page = app.page;
  try {
    await app.loadExample('liu-fig1');
    await app.run('greedy');
    await app.run('optimal');
    await page.click('#row-greedy');
    await page.click('#tab-gantt');
    await page.reload();
    await page.locator('#time-greedy').waitFor();
    assert.equal((await page.textContent('#time-greedy')).trim(), '6');
    assert.equal((await page.textContent('#view-caption')).trim(), 'FNF: T = 6');
    assert.equal(await page.getAttribute('#tab-gantt', 'aria-selected'), 'true');

    // PNG of the Gantt view: the figure at the width asked for (not the window's), at 2x.
    await page.click('#export-button');
    await page.fill('#figure-width', '1000');
    const download = page.waitForEvent('download');
    await page.click('#export-png');
    const png = await download;
    assert.equal(png.suggestedFilename(), 'hetcast-liu-fig1-greedy-gantt.png');
    const bytes = await new Promise(async (resolve) => {
      const chunks = [];
      const stream = await png.createReadStream();
      stream.on('data', (c) => chunks.push(c));
      stream.on('end', () => resolve(Buffer.concat(chunks)));
    });
    assert.equal(bytes.subarray(1, 4).toString(), 'PNG');
    assert.equal(bytes.readUInt32BE(16), 2000);
    // Its height: the SVG export's at the same width, at 2x (rounded up, src/png.rs).
    const svg = await app.exportSvg();
    const svgHeight = Number(svg.text.match(/<svg[^>]* height="([\d.]+)"/)[1]);
    assert.equal(bytes.readUInt32BE(20), Math.ceil(2 * svgHeight), `SVG height ${svgHeight}`);

    // The share link.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.click('#share-button');
    await page.locator('#share-said', { hasText: 'Copied' }).waitFor();
    const link = await page.inputValue('#share-link');
    assert.match(link, /#s=[A-Za-z0-9_-]+$/);
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), link);

    const fresh = await page.context().browser().newContext({ viewport: { width: 1280, height: 720 } });
    try {
      const other = await fresh.newPage();
      await other.goto(link);
      await other.locator('#time-greedy').waitFor();
      assert.equal((await other.textContent('#time-greedy')).trim(), '6');
      assert.equal((await other.textContent('#view-caption')).trim(), 'FNF: T = 6');
      assert.equal(await other.getAttribute('#tab-gantt', 'aria-selected'), 'true');
      assert.ok(!other.url().includes('#'), `the link's fragment is taken off: ${other.url()}`);
    } finally {
      await fresh.close();
    }
    assert.deepEqual(app.errors, []);
  } finally {
    await page.close();
  }
});
