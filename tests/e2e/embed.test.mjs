// Embed mode (src/embed.rs): a course page with two <iframe>s of the app, `#…&embed=1`. Each
// shows only its drawing, the player's bar and the "open in hetcast" link; each plays on its
// own, with its keys when it has the focus; the 480x270 frame shows its drawing whole (no
// scrolling; its text is then under the 11 px floor, and the test prints how large), the
// 800x450 frame (the Share menu's size) whole with its text at 11 px or more; and neither
// writes the browser's saved work. Also: the Share menu's <iframe> snippet opens the same scenario embedded.
// Run: cd tests/e2e && node --test embed.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ARTIFACTS, useApp } from './harness.mjs';

const openApp = useApp();

const SMALL = { link: 'example=lh-fig1&algo=greedy&view=tree', width: 480, height: 270 };
const LARGE = { link: 'example=lh-fig1&algo=greedy&view=gantt', width: 800, height: 450 };
/** The smallest on-screen text of a drawing in the default layout (see floors.test.mjs). */
const FLOOR = 11;

function hostPage(frames) {
  return `<!DOCTYPE html><html><head><meta charset="utf-8"><title>course page</title></head>
<body style="margin:8px"><h1 style="font-size:16px;margin:0 0 8px 0">A course page</h1>
${frames.map((f, i) => `<iframe id="f${i}" src="./#${f.link}&embed=1" width="${f.width}" height="${f.height}" style="border:0;display:block;margin-bottom:8px"></iframe>`).join('\n')}
</body></html>`;
}

/** Open a course page holding `frames` in a new context (empty storage) of the app's origin. */
async function openHost(app, frames) {
  const ctx = await app.page.context().browser().newContext({ viewport: { width: 1280, height: 900 } });
  const page = await ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.route('**/course-page.html', (r) =>
    r.fulfill({ body: hostPage(frames), contentType: 'text/html' }));
  await page.goto(new URL('course-page.html', app.url).href);
  const handles = [];
  for (let i = 0; i < frames.length; i += 1) {
    const frame = await (await page.$(`#f${i}`)).contentFrame();
    await frame.locator('.app.embed .view-panel svg.hc-scene').first().waitFor();
    handles.push(frame);
  }
  return { ctx, page, frames: handles, errors };
}

async function playing(frame) {
  return (await frame.locator('#play').getAttribute('aria-pressed')) === 'true';
}

async function time(frame) {
  return (await frame.locator('#play-time').textContent()).trim();
}

/** The drawing against its panel and the frame, and its smallest text on screen. */
async function fitOf(frame) {
  return frame.evaluate(() => {
    const panel = document.querySelector('.view-panel');
    const svgs = [...panel.querySelectorAll('svg.hc-scene')];
    let min = Infinity;
    for (const svg of svgs) {
      const ctm = svg.getScreenCTM();
      const scale = Math.hypot(ctm.a, ctm.b);
      for (const t of svg.querySelectorAll('text')) {
        if (t.textContent.trim()) min = Math.min(min, parseFloat(getComputedStyle(t).fontSize) * scale);
      }
    }
    const r = svgs.map((s) => s.getBoundingClientRect());
    return {
      scrolls: panel.scrollHeight > panel.clientHeight + 1 || panel.scrollWidth > panel.clientWidth + 1,
      inside: r.every((b) => b.left >= 0 && b.top >= 0 && b.right <= innerWidth + 0.5 && b.bottom <= innerHeight + 0.5),
      min,
      page: document.documentElement.scrollHeight > innerHeight + 1,
    };
  });
}

test('two embedded frames: drawing and player only, each plays on its own, nothing saved', async () => {
  const app = await openApp({ panels: false });
  const host = await openHost(app, [SMALL, LARGE]);
  try {
    const [a, b] = host.frames;
    for (const f of [a, b]) {
      assert.equal(await f.locator('.topbar, .side, #results, .algo-bar').count(), 0, 'no top bar, editor or results');
      assert.equal(await f.locator('.tabs').isVisible(), false, 'no tab strip');
      assert.ok(await f.locator('.transport').isVisible(), 'the player bar');
    }
    const href = await a.locator('#embed-open').getAttribute('href');
    assert.equal(new URL(href).hash, `#${SMALL.link}`, 'open in hetcast: the same link without embed');
    assert.equal(await b.locator('#scene-gantt').count(), 1, 'the view of the link');

    // The 480x270 frame: the tree whole, no scroll bar (its text under the floor, printed).
    const fit = await fitOf(a);
    assert.deepEqual({ scrolls: fit.scrolls, inside: fit.inside, page: fit.page },
      { scrolls: false, inside: true, page: false }, JSON.stringify(fit));
    console.log(`480x270 frame: Figure 1's greedy tree whole, smallest text ${fit.min.toFixed(2)} px`);
    // The 800x450 frame: whole, and the text at the floor or above.
    const fitB = await fitOf(b);
    assert.ok(!fitB.scrolls && fitB.inside && fitB.min >= FLOOR - 0.01, JSON.stringify(fitB));
    console.log(`800x450 frame: the Gantt chart whole, smallest text ${fitB.min.toFixed(2)} px`);
    await host.page.screenshot({ path: `${ARTIFACTS}/embed-course-page.png` });

    // Keys go to the frame with the focus: a plays, b stays.
    await a.locator('.view-panel').click();
    await host.page.keyboard.press('Home');
    await host.page.keyboard.press(' ');
    await a.locator('#play[aria-pressed="true"]').waitFor();
    assert.equal(await playing(b), false, 'the other frame does not play');
    const tB = await time(b);
    await host.page.waitForTimeout(400);
    await host.page.keyboard.press(' ');
    await a.locator('#play[aria-pressed="false"]').waitFor();
    const tA = await time(a);
    assert.notEqual(tA, 't = 0 / 10', 'a moved');
    // Now b: its own button; a keeps its time.
    await b.locator('.view-panel').click();
    await host.page.keyboard.press('Home');
    await host.page.keyboard.press(' ');
    await b.locator('#play[aria-pressed="true"]').waitFor();
    assert.equal(await playing(a), false);
    assert.equal(await time(a), tA, 'a keeps its time while b plays');
    assert.equal(tB, 't = 10 / 10', 'b was at rest at the end');

    // An embedded app is a view: nothing in the browser's storage.
    await host.page.waitForTimeout(500);
    const stored = await a.evaluate(() => [localStorage.length, sessionStorage.length]);
    assert.deepEqual(stored, [0, 0], 'no autosave');
    assert.deepEqual(host.errors, []);
  } finally {
    await host.ctx.close();
    await app.page.close();
  }
});

test('the Share menu gives an <iframe> snippet that opens the scenario embedded', async () => {
  const app = await openApp({ panels: false });
  try {
    await app.page.click('#share-button');
    const code = await app.page.locator('#embed-code').inputValue();
    const m = code.match(/^<iframe src="([^"]+)" width="800" height="450" style="border:0" title="[^"]*" loading="lazy"><\/iframe>$/);
    assert.ok(m, code);
    const src = m[1].replaceAll('&amp;', '&');
    assert.ok(src.startsWith(app.url) && src.endsWith('&embed=1'), src);
    const ctx = await app.page.context().browser().newContext({ viewport: { width: 1280, height: 720 } });
    const page = await ctx.newPage();
    await page.route('**/course-page.html', (r) => r.fulfill({ body: `<!DOCTYPE html><body>${code}</body>`, contentType: 'text/html' }));
    await page.goto(new URL('course-page.html', app.url).href);
    const frame = await (await page.$('iframe')).contentFrame();
    await frame.locator('.app.embed #scene-tree').waitFor();
    // The first visit's scenario: greedy selected on Figure 1, T = 10.
    assert.equal(await time(frame), 't = 10 / 10');
    await ctx.close();
  } finally {
    await app.page.close();
  }
});
