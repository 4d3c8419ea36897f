// Offline use (static/sw.js, static/offline.js, src/offline.rs), with the app under a sub-path
// (/lecture/hall/): after one visit the network is cut (context.setOffline, and the server
// stopped: Chromium's offline emulation does not reach the service worker's own requests,
// which would still find the server) and, after a reload, 000 Figure 1 runs (greedy 10, optimum 9) and the 30-node Tiers-like platform runs in
// a web worker. Then a new deployment (a new sw.js) is offered with "a new version is ready",
// the page staying as it is until Reload is pressed. Also: the web app manifest.
// Run: cd tests/e2e && node --test offline.test.mjs
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppPage, launch } from './app-page.mjs';
import { serveDir } from './static-server.mjs';
import { ARTIFACTS } from './harness.mjs';

const DIST = new URL('../../dist/', import.meta.url).pathname;
const SUB = 'lecture/hall/';

let cleanup = () => {};
after(() => cleanup());

test('after one visit the app works offline under a sub-path; a new version is offered, not forced', async () => {
  assert.ok(existsSync(`${DIST}/sw.js`), 'build the app first: trunk build --release');
  const root = mkdtempSync(join(tmpdir(), 'hetcast-offline-'));
  const hall = join(root, SUB);
  cpSync(DIST, hall, { recursive: true });
  let server = await serveDir(root);
  const port = Number(new URL(server.url).port);
  const browser = await launch();
  cleanup = async () => {
    await browser.close();
    await server?.close();
    rmSync(root, { recursive: true, force: true });
  };
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const page = await ctx.newPage();
  const app = new AppPage(page, server.url + SUB);

  // One visit: the worker installs (every file of the build cached) and takes the page.
  await app.open({ panels: false });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60000 });
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  assert.equal(scope, app.url, 'the worker\'s scope is the sub-path');
  const manifest = await page.evaluate(async () => {
    const href = document.querySelector('link[rel="manifest"]').href;
    return (await fetch(href)).json();
  });
  assert.equal(manifest.start_url, './');
  assert.deepEqual(manifest.icons.map((i) => i.sizes), ['192x192', '512x512', 'any']);

  // No network: the page, the app and the worker come from the cache.
  await ctx.setOffline(true);
  await server.close();
  server = null;
  await app.reload({ panels: true });
  await app.loadExample('lh-fig1');
  await app.run('greedy');
  await app.run('optimal');
  assert.equal(await app.time('greedy'), '10');
  assert.equal(await app.time('optimal'), '9');
  await app.loadExample('tiers-small');
  await page.locator('#instance-summary', { hasText: /^30 nodes/ }).waitFor();
  await app.runAll();
  await page.locator('tr.running').first().waitFor();
  assert.match(await app.time('mcph'), /^\d/, 'MCPH ran in a worker');
  assert.deepEqual(app.errors.filter((e) => !/integrity/.test(e)), [], 'everything from the cache');
  const reach = await page.evaluate(() => fetch('./not-in-the-cache.txt').then(() => 'reached', () => 'failed'));
  assert.equal(reach, 'failed', 'the network is cut');

  // A new deployment: another sw.js. It is offered; the page does not reload by itself.
  await ctx.setOffline(false);
  server = await serveDir(root, port);
  const sw = readFileSync(join(hall, 'sw.js'), 'utf8');
  const version = sw.match(/const VERSION = '([0-9a-f]+)'/)[1];
  writeFileSync(join(hall, 'sw.js'), sw.replace(version, 'fedcba9876543210'));
  await page.evaluate(() => { window.stillHere = true; });
  await page.evaluate(async () => (await navigator.serviceWorker.ready).update());
  await page.locator('#update-ready').waitFor({ timeout: 60000 });
  await page.waitForTimeout(1000);
  assert.equal(await page.evaluate(() => window.stillHere), true, 'not reloaded by itself');
  assert.match(await page.locator('#update-ready').textContent(), /A new version of hetcast is ready/);
  await page.screenshot({ path: `${ARTIFACTS}/offline-update-ready.png` });
  await Promise.all([page.waitForEvent('load'), page.click('#update-reload')]);
  await page.locator('.view').waitFor();
  assert.equal(await page.evaluate(() => window.stillHere), undefined, 'reloaded on Reload');
  const caches = await page.evaluate(() => caches.keys());
  assert.deepEqual(caches, ['hetcast-fedcba9876543210'], 'the old version\'s cache is gone');
  await ctx.close();
});
