// End-to-end test of the README's claim that the app works under any sub-path of a static host
// (Trunk.toml: public_url = "./", relative asset URLs): dist/ served only under /sub/path/
// (anything else is 404). The app opens, runs an algorithm on the page, and the platform model's
// web workers load from the sub-path and answer.
// Run: cd tests/e2e && node --test subpath.test.mjs   (after trunk build --release)
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { AppPage, launch } from './app-page.mjs';
import { serveDir } from './static-server.mjs';

const DIST = new URL('../../dist/', import.meta.url).pathname;
const PREFIX = '/sub/path/';
let browser;
let server;

before(async () => {
  assert.ok(existsSync(`${DIST}/index.html`), 'build the app first: trunk build --release');
  server = await serveDir(DIST, 0, PREFIX);
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

test('served under /sub/path/: the app opens, runs on the page, and its web workers load and answer', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  const failed = [];
  page.on('response', (r) => {
    if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
  });
  const app = new AppPage(page, server.url);
  try {
    await app.open();
    assert.ok(server.url.endsWith(PREFIX), server.url);
    // On the page: the first visit's Figure 1, and a run clicked now.
    assert.equal(await app.time('greedy'), '10');
    await app.run('lemma5');
    assert.equal(await app.time('lemma5'), '9');
    // In web workers: section 3's Multicast-LB = 1 (the platform model runs its LPs there).
    await app.loadExample('beaumont-section3');
    await app.runAll();
    assert.equal(await app.time('multicast-lb'), '1');
    assert.equal(await app.time('mcph'), '1.5');
    const workers = server.requests.filter((p) => p.includes('hetcast-worker'));
    assert.ok(workers.includes(`${PREFIX}hetcast-worker_loader.js`), `worker loader asked at ${workers}`);
    assert.ok(workers.some((p) => p.endsWith('.wasm')), `worker wasm asked: ${workers}`);
    // Nothing was asked outside the sub-path, and nothing failed.
    assert.deepEqual(server.requests.filter((p) => !p.startsWith(PREFIX)), []);
    assert.deepEqual(failed, []);
    assert.deepEqual(app.errors, []);
  } finally {
    await page.close();
  }
});
