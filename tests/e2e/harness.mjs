// Shared setup of the end-to-end tests (*.test.mjs): the server of dist/ (or HETCAST_URL), one
// headless Chromium per test file, a fresh app page per test, and checks of exported SVG.
import { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync } from 'node:fs';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { AppPage, launch } from './app-page.mjs';
import { serveDir } from './static-server.mjs';

/** Where the tests write screenshots. */
export const ARTIFACTS = new URL('./artifacts/', import.meta.url).pathname;
const DIST = new URL('../../dist/', import.meta.url).pathname;

/**
 * Register the file's `before`/`after` hooks: serve dist/ on a free loopback port (unless
 * HETCAST_URL is set) and launch the browser. Returns `openApp()`, which opens the app in a
 * new 1280x720 page with empty local storage and returns its {@link AppPage}.
 */
export function useApp() {
  mkdirSync(ARTIFACTS, { recursive: true });
  let browser;
  let server;
  let baseUrl = process.env.HETCAST_URL;
  before(async () => {
    if (!baseUrl) {
      assert.ok(existsSync(`${DIST}/index.html`), 'build the app first: trunk build --release');
      server = await serveDir(DIST);
      baseUrl = server.url;
    }
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });
  /**
   * `openApp({ width, height, panels, hash, serviceWorkers })`: a page of that viewport
   * (1280x720 by default), opened at `#hash` when given; `panels: false` keeps the layout the
   * window opens with (see AppPage.open); `serviceWorkers: 'block'` keeps the offline service
   * worker out (it would fetch every file of the build in the background).
   */
  return async function openApp({ width = 1280, height = 720, panels = true, hash = '', serviceWorkers = 'allow' } = {}) {
    const page = await browser.newPage({ viewport: { width, height }, acceptDownloads: true, serviceWorkers });
    const app = new AppPage(page, baseUrl);
    await app.open({ panels, hash });
    return app;
  };
}

/** All attribute values `@_id` (any depth) of a parsed XML tree that match `re`. */
export function findIds(node, re, out = []) {
  if (Array.isArray(node)) {
    node.forEach((n) => findIds(n, re, out));
  } else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k === '@_id' && typeof v === 'string' && re.test(v)) out.push(v);
      else findIds(v, re, out);
    }
  }
  return out;
}

/**
 * Check that `text` is an SVG document (well-formed XML with an <svg> root, which the browser
 * of `app` parses as SVG too) and return it parsed (attributes as `@_name`).
 */
export async function parseSvg(app, text) {
  assert.equal(XMLValidator.validate(text), true, 'the exported SVG is well-formed XML');
  const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_' }).parse(text);
  assert.ok(doc.svg, 'root element is <svg>');
  const ok = await app.page.evaluate((t) => {
    const d = new DOMParser().parseFromString(t, 'image/svg+xml');
    return !d.querySelector('parsererror') && d.documentElement.localName === 'svg';
  }, text);
  assert.ok(ok, 'the browser parses the SVG');
  return doc;
}

/**
 * How late the page's main thread answers: the median, over five 0 ms timers set one after
 * the other, of how late each fired. A page blocked by a computation fires all five late; one
 * slice lost to another process on a loaded machine moves one sample, not the median.
 */
export async function timerLag(page) {
  return page.evaluate(async () => {
    const lags = [];
    for (let i = 0; i < 5; i += 1) {
      lags.push(await new Promise((r) => {
        const s = performance.now();
        setTimeout(() => r(performance.now() - s), 0);
      }));
    }
    lags.sort((a, b) => a - b);
    return lags[2];
  });
}
