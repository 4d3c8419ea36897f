// End-to-end tests of the animated SVG export (issue 22 A): the file downloaded from the
// Export menu, opened in Chromium and sampled at times t (SMIL paused with
// svg.pauseAnimations() + svg.setCurrentTime()), shows what the app's player shows at t: the
// same boxes lit, the same number of dots in transit, the same Gantt bars begun; two results
// compared; and the file plays in a reveal.js-style slide page (<img> and <object>), with no
// network.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ARTIFACTS, parseSvg, useApp } from './harness.mjs';

const openApp = useApp();

/** Seconds of play at 1x for a whole schedule (the player's PLAY_SECONDS). */
const PLAY_SECONDS = 10;

async function scrubTo(page, t) {
  await page.locator('#play-scrub').evaluate((el, v) => {
    el.value = String(v);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  }, t);
}

/** What the player's layer `svgId` says at the current time: lit nodes, dots, cursor x. */
async function playerFrame(page, svgId) {
  await page.locator(`#${svgId}-overlay[data-at]`).waitFor({ state: 'attached' });
  return page.evaluate((id) => {
    const l = document.getElementById(`${id}-overlay`);
    return {
      lit: (l.getAttribute('data-lit') || '').split(' ').filter(Boolean).map(Number),
      moving: Number(l.getAttribute('data-moving')),
      cursor: l.hasAttribute('data-cursor') ? Number(l.getAttribute('data-cursor')) : null,
    };
  }, svgId);
}

/** The ids of the Gantt bars of the drawing `root` whose left edge is before x `x`. */
function begunIn(root, x) {
  return [...root.querySelectorAll('rect[id]')]
    .filter((r) => /^(s\d-)?(send|transit|recv|blocked)-/.test(r.id))
    .filter((r) => Number(r.getAttribute('x')) < x)
    .map((r) => r.id.replace(/^s\d-/, ''))
    .sort();
}

/** The bars begun in the app's drawing `svgId` by its cursor. */
async function playerBegun(page, svgId, cursor) {
  return page.evaluate(({ id, x, src }) => {
    // eslint-disable-next-line no-new-func
    const begun = new Function(`return ${src}`)();
    return begun(document.getElementById(id), x);
  }, { id: svgId, x: cursor, src: begunIn.toString() });
}

/**
 * Open `text` (an SVG) as its own document in a new page of `browser` (served from memory,
 * every other request refused) and return a sampler: `at(secs, prefix)` gives the lit nodes,
 * the dots shown and the bars begun at `secs` seconds of the animation.
 */
async function openFile(browser, text) {
  const page = await browser.newPage({ viewport: { width: 1300, height: 900 } });
  await page.route('**/*', (r) => (r.request().url() === 'http://file.test/a.svg'
    ? r.fulfill({ contentType: 'image/svg+xml', body: text })
    : r.abort()));
  await page.goto('http://file.test/a.svg');
  const at = (secs, prefix = '') => page.evaluate(({ secs, prefix, src }) => {
    // eslint-disable-next-line no-new-func
    const begun = new Function(`return ${src}`)();
    const svg = document.documentElement;
    svg.pauseAnimations();
    svg.setCurrentTime(secs);
    const shown = (el) => getComputedStyle(el).visibility === 'visible';
    const nodes = [...svg.querySelectorAll(`rect[id^="${prefix}node-"]`)]
      .map((r) => Number(r.id.slice(prefix.length + 5)));
    const waiting = new Set([...svg.querySelectorAll(`[id^="${prefix}hc-wait-"]`)]
      .filter(shown).map((r) => Number(r.id.slice(prefix.length + 8))));
    const dots = [...svg.querySelectorAll(`[id^="${prefix}hc-dot-"]`)].filter(shown).length;
    const cursor = svg.getElementById(`${prefix}hc-cursor`);
    const x = cursor && shown(cursor) ? cursor.x1.animVal.value : null;
    const bars = [...svg.querySelectorAll('rect[id]')].filter((r) => r.id.startsWith(prefix) || !/^s\d-/.test(r.id));
    const root = { querySelectorAll: () => bars };
    return {
      lit: nodes.filter((v) => !waiting.has(v)).sort((a, b) => a - b),
      moving: dots,
      begun: x === null ? null : begun(root, x),
    };
  }, { secs, prefix, src: begunIn.toString() });
  return { page, at };
}

/** Sample times of a schedule of completion time `total` (never on an event of `events`). */
function samples(events, total) {
  const ev = [...new Set([0, ...events, total])].sort((a, b) => a - b);
  const out = [];
  for (let i = 0; i + 1 < ev.length; i += 1) out.push((ev[i] + ev[i + 1]) / 2);
  return out;
}

/**
 * Export the current view as an animated SVG, open it and check at every sample time that it
 * shows the player's frame: `sides` lists the app's drawings and their prefixes in the file.
 */
async function checkAgainstPlayer(app, { name, total, events, speed, sides, shot }) {
  const { page } = app;
  const file = await app.exportItem('export-animated');
  assert.equal(file.name, name);
  const doc = await parseSvg(app, file.text);
  assert.ok(doc.svg);
  assert.doesNotMatch(file.text, /<script|\son[a-z]+=|javascript:/i, 'no script');
  const play = PLAY_SECONDS / speed;
  assert.match(file.text, new RegExp(`dur="${play + 2}s" repeatCount="indefinite"`));
  const browser = page.context().browser();
  const opened = await openFile(browser, file.text);
  try {
    let checked = 0;
    for (const t of samples(events, total)) {
      await scrubTo(page, t);
      for (const { svgId, prefix } of sides) {
        const want = await playerFrame(page, svgId);
        const got = await opened.at((t / total) * play, prefix);
        const what = `${name} ${prefix}at t = ${t}`;
        assert.deepEqual(got.lit, want.lit.sort((a, b) => a - b), `${what}: lit`);
        assert.equal(got.moving, want.moving, `${what}: dots`);
        if (want.cursor !== null) {
          assert.deepEqual(got.begun, await playerBegun(page, svgId, want.cursor), `${what}: bars begun`);
        }
        checked += 1;
      }
    }
    assert.ok(checked >= 6, `${checked} samples`);
    // At rest after the play: the whole schedule, nothing over it.
    const rest = await opened.at(play + 1, sides[0].prefix);
    assert.equal(rest.moving, 0);
    if (shot) {
      for (const secs of [0.3 * play, 0.6 * play]) {
        await opened.at(secs, sides[0].prefix);
        await opened.page.screenshot({ path: `${ARTIFACTS}/e2e-animated-${shot}-${secs}.png` });
      }
    }
  } finally {
    await opened.page.close();
  }
  return file;
}

// Greedy's schedule of 000 Figure 1: T = 10, its events.
const FIG1_EVENTS = [0, 3, 5, 6, 7, 8, 9, 10];

test('the animated tree plays the player\'s frames at its speed', async () => {
  const app = await openApp({ panels: false, hash: 'example=lh-fig1&algo=greedy&view=tree' });
  try {
    await app.page.selectOption('#play-speed', '3'); // 2x
    await checkAgainstPlayer(app, {
      name: 'hetcast-lh-fig1-greedy-tree-animated.svg',
      total: 10,
      events: FIG1_EVENTS,
      speed: 2,
      sides: [{ svgId: 'scene-tree', prefix: '' }],
      shot: 'tree',
    });
    assert.deepEqual(app.errors, []);
  } finally {
    await app.page.close();
  }
});

test('the animated Gantt chart: the bars begun are the player\'s; played once it stays', async () => {
  const app = await openApp({ panels: false, hash: 'example=lh-fig1&algo=greedy&view=gantt' });
  try {
    await checkAgainstPlayer(app, {
      name: 'hetcast-lh-fig1-greedy-gantt-animated.svg',
      total: 10,
      events: FIG1_EVENTS,
      speed: 1,
      sides: [{ svgId: 'scene-gantt', prefix: '' }],
      shot: 'gantt',
    });
    await app.page.click('#export-button');
    await app.page.uncheck('#figure-loop');
    const once = await app.download('#export-animated');
    assert.match(once.text, /dur="12s" fill="freeze"/);
    assert.doesNotMatch(once.text, /indefinite/);
    assert.deepEqual(app.errors, []);
  } finally {
    await app.page.close();
  }
});

test('two results compared: each side of the file plays its side of the player', async () => {
  const app = await openApp({ panels: false, hash: 'example=lh-fig1&algo=greedy&view=tree&compare=optimal' });
  try {
    await app.page.locator('#scene-tree-b').waitFor();
    // The optimum's events are not greedy's: sample between the events of both (T = 9, 10).
    const events = [...FIG1_EVENTS, 1, 2, 4, 4.5, 5.5, 6.5, 7.5, 8.5];
    await checkAgainstPlayer(app, {
      name: 'hetcast-lh-fig1-greedy-vs-optimal-tree-animated.svg',
      total: 10,
      events,
      speed: 1,
      sides: [{ svgId: 'scene-tree', prefix: 's0-' }, { svgId: 'scene-tree-b', prefix: 's1-' }],
      shot: 'compare',
    });
    assert.deepEqual(app.errors, []);
  } finally {
    await app.page.close();
  }
});

/**
 * The largest difference of one colour channel between two PNG screenshots of one size, and
 * how many pixels differ at all (compared in a canvas of `page`).
 */
async function pixelDiff(page, a, b) {
  return page.evaluate(async ({ a, b }) => {
    const load = (src) => new Promise((ok, bad) => {
      const i = new Image();
      i.onload = () => ok(i);
      i.onerror = bad;
      i.src = src;
    });
    const [ia, ib] = await Promise.all([load(a), load(b)]);
    const px = (img) => {
      const c = document.createElement('canvas');
      c.width = img.width;
      c.height = img.height;
      const x = c.getContext('2d');
      x.drawImage(img, 0, 0);
      return x.getImageData(0, 0, img.width, img.height).data;
    };
    const [da, db] = [px(ia), px(ib)];
    let max = 0;
    let differ = 0;
    for (let i = 0; i < da.length; i += 4) {
      const d = Math.max(...[0, 1, 2].map((k) => Math.abs(da[i + k] - db[i + k])));
      max = Math.max(max, d);
      if (d > 0) differ += 1;
    }
    return { size: [ia.width, ia.height, ib.width, ib.height], max, differ };
  }, { a: `data:image/png;base64,${a.toString('base64')}`, b: `data:image/png;base64,${b.toString('base64')}` });
}

/**
 * Where the layouts are shared (the app's drawing at 100 %, the file exported at the
 * drawing's own width), the file at t is the player's frame at t to the pixel: the file is
 * put in a page at the drawing's place on screen (the same fraction of a pixel), and both are
 * shot. Canvas and SVG edges are smoothed a little differently; anything the frame shows or
 * hides (a dot, a veil, a dashed frame, a covered time, the cursor) differs by far more than
 * this many levels of a colour channel.
 */
const SMOOTHING = 48;

async function pixelsAgree(app, view, times, total) {
  const { page } = app;
  const svgId = `scene-${view}`;
  await page.click('#fit');
  await page.locator('#fit', { hasText: '100%' }).waitFor();
  const width = await page.evaluate((id) => document.getElementById(id).viewBox.baseVal.width, svgId);
  await page.click('#export-button');
  await page.fill('#figure-width', String(width));
  const { text } = await app.download('#export-animated');
  const browser = page.context().browser();
  const filePage = await browser.newPage({ viewport: page.viewportSize() });
  try {
    const maxes = [];
    for (const t of times) {
      await scrubTo(page, t);
      await page.locator(`#${svgId}-overlay[data-at="${t}"]`).waitFor({ state: 'attached' });
      const box = await page.evaluate((id) => {
        const r = document.getElementById(id).getBoundingClientRect();
        return { x: r.x, y: r.y, width: r.width, height: r.height };
      }, svgId);
      const shot = await page.screenshot({ clip: box });
      const html = `<!doctype html><html><head><meta charset="utf-8"></head><body style="margin:0">
        <div style="position:absolute;left:${box.x}px;top:${box.y}px">${text.replace(/^<\?xml[^>]*>/, '')}</div></body></html>`;
      await filePage.setContent(html);
      await filePage.evaluate((secs) => {
        const svg = document.querySelector('svg');
        const vb = svg.viewBox.baseVal;
        svg.setAttribute('width', vb.width);
        svg.setAttribute('height', vb.height);
        svg.style.display = 'block';
        svg.pauseAnimations();
        svg.setCurrentTime(secs);
      }, (t / total) * PLAY_SECONDS);
      const fileShot = await filePage.screenshot({ clip: box });
      const d = await pixelDiff(filePage, shot, fileShot);
      assert.equal(d.size[0], d.size[2]);
      assert.equal(d.size[1], d.size[3]);
      assert.ok(d.max <= SMOOTHING, `${view} at t = ${t}: a pixel differs by ${d.max} (${d.differ} differ)`);
      maxes.push(d.max);
    }
    return maxes;
  } finally {
    await filePage.close();
  }
}

test('to the pixel: the file at t and the player at t, tree and Gantt chart at 100 %', async (ctx) => {
  for (const view of ['tree', 'gantt']) {
    const app = await openApp({ width: 1920, height: 1080, panels: false, hash: `example=lh-fig1&algo=greedy&view=${view}` });
    try {
      const maxes = await pixelsAgree(app, view, [1.5, 4.5, 8.25], 10);
      assert.equal(maxes.length, 3);
      ctx.diagnostic(`${view}: the largest difference of a colour channel at each t: ${maxes.join(', ')}`);
      assert.deepEqual(app.errors, []);
    } finally {
      await app.page.close();
    }
  }
});

test('the file plays in a reveal.js-style slide page, as <img> and as <object>, offline', async () => {
  const app = await openApp({ panels: false, hash: 'example=lh-fig1&algo=greedy&view=tree' });
  const browser = app.page.context().browser();
  const slides = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  try {
    const { text } = await app.exportItem('export-animated');
    // A minimal slide deck in the shape of reveal.js (.reveal > .slides > section), written
    // here: nothing is fetched from the network.
    const html = `<!doctype html><html><head><meta charset="utf-8"><style>
      html, body { margin: 0; height: 100%; background: #fff; font-family: sans-serif; }
      .reveal .slides section { display: none; width: 100%; height: 100%; text-align: center; }
      .reveal .slides section.present { display: block; }
      .reveal img, .reveal object { max-width: 90vw; max-height: 80vh; }
      </style></head><body><div class="reveal"><div class="slides">
      <section class="present"><h2>Greedy on Figure 1</h2><img id="anim" src="anim.svg" alt="greedy"></section>
      <section><h2>As an object</h2><object id="obj" data="anim.svg" type="image/svg+xml"></object></section>
      </div></div></body></html>`;
    const requested = [];
    await slides.route('**/*', (r) => {
      const url = r.request().url();
      requested.push(url);
      if (url === 'http://slides.test/') return r.fulfill({ contentType: 'text/html', body: html });
      if (url === 'http://slides.test/anim.svg') return r.fulfill({ contentType: 'image/svg+xml', body: text });
      return r.abort();
    });
    await slides.goto('http://slides.test/');
    await slides.waitForFunction(() => {
      const img = document.getElementById('anim');
      return img.complete && img.naturalWidth > 0;
    });
    // It plays inside the <img>: two moments of the slide differ.
    const img = slides.locator('#anim');
    const a = await img.screenshot({ path: `${ARTIFACTS}/e2e-animated-slide-a.png` });
    await slides.waitForTimeout(1500);
    const b = await img.screenshot({ path: `${ARTIFACTS}/e2e-animated-slide-b.png` });
    assert.notDeepEqual(a, b, 'the slide\'s image moves');
    // Next slide: the <object>, whose document's animations run.
    await slides.evaluate(() => {
      const s = [...document.querySelectorAll('.slides section')];
      s[0].classList.remove('present');
      s[1].classList.add('present');
    });
    await slides.waitForFunction(() => {
      const d = document.getElementById('obj').contentDocument;
      const svg = d && d.documentElement;
      return svg && svg.localName === 'svg' && svg.getCurrentTime() > 0.5;
    });
    assert.deepEqual(requested.filter((u) => !u.startsWith('http://slides.test/')), []);
    assert.deepEqual(app.errors, []);
  } finally {
    await slides.close();
    await app.page.close();
  }
});

test('the WebM video of the player: a WebM file that plays and moves', async () => {
  const app = await openApp({ panels: false, hash: 'example=lh-fig1&algo=greedy&view=tree' });
  const { page } = app;
  const browser = page.context().browser();
  const viewer = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  try {
    await page.selectOption('#play-speed', '5'); // 8x: 10 / 8 s of play, 2 s at rest
    await page.click('#export-button');
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 30000 }),
      page.click('#export-webm'),
    ]);
    assert.equal(download.suggestedFilename(), 'hetcast-lh-fig1-greedy-tree-animated.webm');
    const chunks = [];
    for await (const c of await download.createReadStream()) chunks.push(c);
    const bytes = Buffer.concat(chunks);
    assert.deepEqual([...bytes.subarray(0, 4)], [0x1a, 0x45, 0xdf, 0xa3], 'an EBML (WebM) file');
    await viewer.route('**/*', (r) => {
      const url = r.request().url();
      if (url === 'http://video.test/') {
        return r.fulfill({ contentType: 'text/html', body: '<!doctype html><video id="v" src="v.webm" muted></video>' });
      }
      if (url === 'http://video.test/v.webm') return r.fulfill({ contentType: 'video/webm', body: bytes });
      return r.abort();
    });
    await viewer.goto('http://video.test/');
    const seen = await viewer.evaluate(async () => {
      const v = document.getElementById('v');
      if (v.readyState < 2) {
        await new Promise((ok, bad) => {
          v.onloadeddata = ok;
          v.onerror = () => bad(new Error('the video did not load'));
          setTimeout(() => bad(new Error('the video did not load in 10 s')), 10000);
        });
      }
      const c = document.createElement('canvas');
      c.width = v.videoWidth;
      c.height = v.videoHeight;
      const x = c.getContext('2d');
      const frame = () => {
        x.drawImage(v, 0, 0);
        return c.toDataURL();
      };
      await v.play();
      await new Promise((ok) => setTimeout(ok, 150));
      const a = frame();
      await new Promise((ok) => setTimeout(ok, 900));
      const b = frame();
      return { w: v.videoWidth, h: v.videoHeight, moves: a !== b };
    });
    // The figure's width (1200 px by default), its height in proportion, both even.
    assert.equal(seen.w, 1200);
    assert.equal(seen.h % 2, 0);
    assert.ok(seen.moves, 'two moments of the video differ');
    assert.deepEqual(app.errors, []);
  } finally {
    await viewer.close();
    await page.close();
  }
});
