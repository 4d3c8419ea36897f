// Two tabs of one browser (one context, two pages): each tab's work survives a reload of
// either (issue 20: both autosaved to one key, and a reload of tab A showed tab B's work).
// Run: cd tests/e2e && node --test tabs.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AppPage } from './app-page.mjs';
import { useApp } from './harness.mjs';

const openApp = useApp();

/** The instance summary once it starts with `prefix`. */
async function summary(app, prefix) {
  await app.page.locator('#instance-summary').filter({ hasText: new RegExp(`^${prefix}`) }).waitFor();
  return (await app.page.textContent('#instance-summary')).trim();
}

test('two tabs: a reload of either shows its own work, not the other tab\'s', async () => {
  // openApp's pages each have a context of their own: the two tabs share a new one.
  const first = await openApp();
  const url = first.url;
  const ctx = await first.page.context().browser().newContext({ viewport: { width: 1280, height: 720 } });
  await first.page.close();
  const a = new AppPage(await ctx.newPage(), url);
  const b = new AppPage(await ctx.newPage(), url);
  try {
    await a.open();
    await a.loadExample('liu-fig1');
    await summary(a, '3 nodes');
    await a.page.waitForTimeout(600); // past the autosave's pause
    // A new tab opens with the latest work of the browser, then goes its own way.
    await b.open();
    await summary(b, '3 nodes');
    await b.loadExample('wu-wrp-beats-wr');
    await summary(b, '8 nodes, 4 messages');
    await b.page.waitForTimeout(600);

    await a.reload();
    await summary(a, '3 nodes');
    await b.reload();
    await summary(b, '8 nodes, 4 messages');
    await a.reload();
    await summary(a, '3 nodes');
    assert.deepEqual(a.errors, []);
    assert.deepEqual(b.errors, []);
  } finally {
    await ctx.close();
  }
});
