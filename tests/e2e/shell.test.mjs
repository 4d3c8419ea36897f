// The app shell (issue 18): the top bar stays one row from 1024 px up; a Gantt chart taller
// than its panel keeps its time axis in sight as its lanes scroll; the exchanges walk has a
// deep-link key (`exchange=K`) that the Share menu's link carries.
// Run: cd tests/e2e && node --test shell.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useApp } from './harness.mjs';

const openApp = useApp();

/** The top bar's height and the vertical centres of the items laid out in it (px). */
function bar(page) {
  return page.evaluate(() => {
    const b = document.querySelector('.topbar');
    const tops = [...b.children]
      .filter((e) => getComputedStyle(e).position !== 'absolute')
      .map((e) => e.getBoundingClientRect())
      .filter((r) => r.width > 0)
      .map((r) => (r.top + r.bottom) / 2);
    return { height: b.getBoundingClientRect().height, tops };
  });
}

test('the top bar is one row at 1920, 1280, 1279 and 1024 px; below 1280 px Scenarios and Import are under More', async () => {
  const app = await openApp({ width: 1920, height: 1080, panels: false });
  try {
    const { page } = app;
    const wide = await bar(page);
    console.log(`top bar at 1920x1080: ${wide.height} px high`);
    const oneRow = (tops) => Math.max(...tops) - Math.min(...tops) <= 2;
    assert.ok(oneRow(wide.tops), `one row at 1920 px: ${wide.tops}`);
    // 1279 px: the widest window with More (the bar without it needs 1280 px).
    for (const [width, height] of [[1280, 720], [1279, 720], [1024, 768]]) {
      await page.setViewportSize({ width, height });
      const b = await bar(page);
      assert.equal(b.height, wide.height, `the bar's height at ${width} px is one row's`);
      assert.ok(oneRow(b.tops), `every item on one row at ${width} px: ${b.tops}`);
      console.log(`top bar at ${width}x${height}: ${b.height} px high`);
    }
    // At 1024 px the rarely used items are one click away, and still work.
    assert.equal(await page.locator('#scenarios-button').isVisible(), false);
    await page.click('#more-button');
    await page.click('#scenarios-button');
    await page.locator('#scenario-name').waitFor();
    await page.keyboard.press('Escape');
    assert.equal(await page.locator('#import').isVisible(), true);
    await page.keyboard.press('Escape');
    assert.equal(await page.locator('#import').isVisible(), false);
    await page.setViewportSize({ width: 1280, height: 720 });
    assert.equal(await page.locator('#more-button').isVisible(), false);
    assert.equal(await page.locator('#scenarios-button').isVisible(), true);
    assert.deepEqual(app.errors, []);
  } finally {
    await app.page.close();
  }
});

/** Where the Gantt chart's sticky axis, its own axis line, its box and its scroll box are. */
function axisPlaces(page) {
  return page.evaluate(() => {
    const svg = document.querySelector('#scene-gantt');
    const wrap = svg.closest('.scene-wrap');
    const sticky = svg.parentElement.querySelector('svg.sticky-axis');
    const label = sticky.querySelector('text.tick-label');
    const px = parseFloat(getComputedStyle(label).fontSize) * label.getScreenCTM().a;
    const r = (e) => { const b = e.getBoundingClientRect(); return { top: b.top, bottom: b.bottom, left: b.left, right: b.right }; };
    return {
      wrap: r(wrap),
      chart: r(svg),
      sticky: r(sticky),
      stickyLine: r(sticky.querySelector('line.axis')),
      ownLine: r(svg.querySelector('line.axis')),
      px,
      scrollable: wrap.scrollHeight - wrap.clientHeight,
    };
  });
}

test('a Gantt chart of 60 lanes keeps its time axis in sight as it scrolls, at 11 px and more', async () => {
  const app = await openApp();
  try {
    const { page } = app;
    await page.click('#generators summary');
    await page.fill('#gen-n', '60');
    await page.click('#gen-random-build');
    await page.locator('#notice', { hasText: '60 nodes' }).waitFor();
    await app.run('greedy');
    await app.tab('gantt');
    await page.locator('#scene-gantt').waitFor();
    const scrollTo = (f) => page.evaluate((f) => {
      const wrap = document.querySelector('#scene-gantt').closest('.scene-wrap');
      wrap.scrollTop = Math.round(f * (wrap.scrollHeight - wrap.clientHeight));
    }, f);
    for (const f of [0, 0.5]) {
      await scrollTo(f);
      const p = await axisPlaces(page);
      assert.ok(p.scrollable > 500, `the chart scrolls: ${p.scrollable} px`);
      // Stuck to the bottom of the scroll box (its horizontal scroll bar, if any, under it).
      assert.ok(p.sticky.bottom <= p.wrap.bottom + 0.5 && p.sticky.bottom >= p.wrap.bottom - 20,
        `scrolled to ${f}: the axis at the bottom of the scroll box ${JSON.stringify(p)}`);
      assert.ok(p.sticky.top >= p.chart.top && p.sticky.bottom <= p.chart.bottom + 0.5,
        `within the chart's box ${JSON.stringify(p)}`);
      assert.ok(p.stickyLine.left >= p.chart.left && p.stickyLine.right <= p.chart.right + 0.5);
      assert.ok(p.ownLine.top > p.wrap.bottom, 'the chart\'s own axis is out of sight');
      assert.ok(p.px >= 11, `tick labels ${p.px.toFixed(2)} px on screen`);
    }
    // Scrolled to the end, the copy lies on the chart's own axis.
    await scrollTo(1);
    const end = await axisPlaces(page);
    assert.ok(Math.abs(end.stickyLine.top - end.ownLine.top) < 0.5, JSON.stringify(end));
    assert.ok(Math.abs(end.stickyLine.left - end.ownLine.left) < 0.5, JSON.stringify(end));
    console.log(`tick labels on screen at 1280x720: ${end.px.toFixed(2)} px`);
    // The exported SVG is one figure: its axis once under the lanes (and once above them).
    const { text } = await app.exportSvg();
    assert.equal((text.match(/class="axis"/g) || []).length, 1);
    assert.equal((text.match(/class="top-axis"/g) || []).length, 1);
    assert.deepEqual(app.errors, []);
  } finally {
    await app.page.close();
  }
});

test('#…&exchange=3 opens the exchanges walk at exchange 3, and the Share link carries it', async () => {
  const app = await openApp({ panels: false, hash: 'example=lh-fig1&algo=random&exchange=3&view=tree' });
  try {
    const { page } = app;
    await page.locator('#exchange-count', { hasText: 'Exchange 3 / 4' }).waitFor();
    await page.click('#exchange-next');
    await page.locator('#exchange-count', { hasText: 'Exchange 4 / 4' }).waitFor();
    await page.click('#share-button');
    const link = page.locator('#share-link');
    await page.waitForFunction(() => document.querySelector('#share-link')?.value.includes('#s='));
    const url = await link.inputValue();
    assert.match(url, /#s=[A-Za-z0-9_-]+&exchange=4$/);
    // The link, opened in a fresh page, shows the walk at that exchange.
    const other = await openApp({ panels: false, hash: url.split('#')[1] });
    try {
      await other.page.locator('#exchange-count', { hasText: 'Exchange 4 / 4' }).waitFor();
      assert.match(await other.page.locator('#notice').textContent(), /Opened the shared link/);
      assert.deepEqual(other.errors, []);
    } finally {
      await other.page.close();
    }
    assert.deepEqual(app.errors, []);
  } finally {
    await app.page.close();
  }
});
