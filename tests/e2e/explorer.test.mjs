// End-to-end test of the explorer of every model on the Experiments page: for each model a small
// search runs in the web workers; the page's CSV is the CLI's file byte for byte, the worst
// instance's ratio is the CLI's, and that instance loads into the editor of its model in one
// click (Enter on its row for the node model), where the Export menu gives back the CLI's
// instance file. The CLI's files are in expected/explore/ (the commands: expected/README.md).
// Run: cd tests/e2e && node --test explorer.test.mjs   (after trunk build)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ARTIFACTS, parseSvg, useApp } from './harness.mjs';

const openApp = useApp();
const expected = (name) => readFileSync(new URL(`./expected/explore/${name}`, import.meta.url), 'utf8');

// Per model: its first comparison, its settings on the page (the CLI's command in
// expected/README.md), the comparison whose worst instance is loaded, its worst ratio as the
// page writes it, its size, and the editor's summary of that instance.
const CASES = [
  {
    model: 'node', first: 'greedy / optimum',
    fields: { '#exp-types': 2, '#exp-max-cost': 3, '#exp-n-min': 3, '#exp-n-max': 7 },
    pick: 0, key: 'greedy-optimum', worst: '5 / 4 = 1.250', size: '7 nodes',
    summary: /^7 nodes, node model/, enter: true,
  },
  {
    model: 'sender_receiver', first: 'FNF / optimum', search: 'random',
    fields: { '#exp-types': 3, '#exp-max-cost': 4, '#exp-n-min': 4, '#exp-n-max': 8, '#exp-tries': 300, '#exp-seed': 5 },
    pick: 0, key: 'fnf-optimum', worst: '8 / 5 = 1.600', size: /^\d+ nodes$/,
    summary: /^\d+ nodes, sender-receiver model/,
  },
  {
    model: 'multi', first: 'FEF / lower bound',
    fields: { '#exp-max-cost': 1, '#exp-n-min': 2, '#exp-n-max': 2 },
    pick: 4, key: 'fef-optimum', worst: '6 / 3 = 2.000', size: /^2 nodes/,
    summary: /^2 nodes.*, many-source model/,
  },
  {
    model: 'multimessage', first: 'Gonzalez 2d / optimum',
    fields: { '#exp-p-min': 2, '#exp-p-max': 3, '#exp-messages': 2 },
    pick: 0, key: 'gonzalez-optimum', worst: '2 / 1 = 2.000', size: /^3 processors/,
    summary: /^3 processors.*, multimessage model/,
  },
  {
    model: 'platform', first: 'REDUCED_BROADCAST / Multicast-LB',
    fields: { '#exp-max-cost': 1, '#exp-n-min': 3, '#exp-n-max': 3 },
    pick: 4, key: 'mcph-best-tree', worst: '2 / 1 = 2.000', size: '3 nodes, 3 edges, 2 targets',
    summary: /^3 nodes, 3 edges, 2 targets, platform model/,
  },
];

/** The text of cell `n` (from 1) of the comparisons table's row `c`. */
async function cell(app, c, n) {
  return (await app.page.locator(`#exp-cmp-${c} td:nth-child(${n})`).textContent()).trim();
}

test('every model: a small search, the CLI\'s CSV and worst ratio, and its worst loads into the editor', async () => {
  const app = await openApp();
  try {
    for (const c of CASES) {
      await app.page.keyboard.press('e');
      await app.page.locator('#experiments:not(.hidden)').waitFor();
      await app.page.click('#exp-tab-explore');
      // Back from the editor, the last result is still there.
      if (c !== CASES[0]) await app.page.locator('#exp-comparisons').waitFor();
      await app.page.selectOption('#exp-model', c.model);
      await app.page.selectOption('#exp-search', c.search ?? 'every');
      for (const [sel, v] of Object.entries(c.fields)) await app.page.fill(sel, String(v));
      await app.page.click('#exp-run');
      // This run's result (the last model's stays on screen until it comes): its first
      // comparison's name differs from the last model's.
      await app.page.locator('#exp-cmp-0 td:first-child', { hasText: c.first }).waitFor({ timeout: 60000 });
      await app.page.locator('#exp-running').waitFor({ state: 'detached' });
      assert.equal(await cell(app, c.pick, 4), c.worst, c.model);

      const csv = await app.download('#exp-csv');
      assert.equal(csv.name, `explore-${c.model}.csv`);
      assert.equal(csv.text, expected(`explore-${c.model}.csv`), `${c.model}: the CLI's CSV`);

      await app.page.click(`#exp-cmp-pick-${c.pick}`);
      await app.page.locator(`#exp-cmp-${c.pick}.selected`).waitFor();
      const size = (await app.page.locator('#exp-worst-0 td:nth-child(5)').textContent()).trim();
      if (typeof c.size === 'string') assert.equal(size, c.size, c.model);
      else assert.match(size, c.size, c.model);
      assert.equal(
        (await app.page.locator('#exp-worst-0 td:nth-child(4)').textContent()).trim(),
        c.worst.split(' = ')[1],
      );
      await parseSvg(app, await app.page.locator('#exp-chart svg').evaluate((el) => el.outerHTML));
      if (c.model === 'platform') await app.screenshot(`${ARTIFACTS}/e2e-explorer-platform.png`);

      if (c.enter) {
        await app.page.focus('#exp-worst-0');
        await app.page.keyboard.press('Enter');
      } else {
        await app.page.click(`#exp-cmp-load-${c.pick}`);
      }
      await app.page.locator('#experiments.hidden').waitFor({ state: 'attached' });
      await app.page.locator('#instance-summary', { hasText: c.summary }).waitFor();
      const json = JSON.parse((await app.exportItem('export-json')).text);
      assert.deepEqual(json, JSON.parse(expected(`explore-${c.model}-${c.key}.json`)), c.model);
    }
    // Esc leaves the page again.
    await app.page.keyboard.press('e');
    await app.page.locator('#experiments:not(.hidden)').waitFor();
    await app.page.keyboard.press('Escape');
    await app.page.locator('#experiments.hidden').waitFor({ state: 'attached' });
    assert.deepEqual(app.errors, []);
  } finally {
    await app.page.close();
  }
});

test('bad settings get a message naming them, and nothing runs', async () => {
  const app = await openApp();
  try {
    await app.page.keyboard.press('e');
    await app.page.click('#exp-tab-explore');
    await app.page.selectOption('#exp-model', 'multimessage');
    assert.equal(await app.page.inputValue('#exp-p-max'), '4');
    await app.page.fill('#exp-messages', '13');
    await app.page.click('#exp-run');
    assert.equal(await app.page.locator('#exp-error').textContent(), 'Messages must be 1 to 12 (got 13)');
    await app.page.selectOption('#exp-model', 'multi');
    await app.page.fill('#exp-n-max', '8');
    await app.page.fill('#exp-max-cost', '16');
    await app.page.click('#exp-run');
    assert.match(await app.page.locator('#exp-error').textContent(), /^This family has \d+ members; .*choose a random search$/);
    assert.equal(await app.page.isDisabled('#exp-run'), false);
    assert.deepEqual(app.errors, []);
  } finally {
    await app.page.close();
  }
});

// Every menu of the explorer's settings shows each of its choices whole, at the three sizes:
// the menu is at least as wide as the browser makes it for its longest choice (its width set to
// auto: the text, the padding and the arrow), and no choice overflows it. Before, at 19rem,
// "every member" read "every membe" (the arrow over its last letter; 184 px needed, 166 shown)
// and "sender-receiver" 192 px in 166.
test('the explorer\'s menus show every choice whole at 1024x768, 1280x720 and 1920x1080', async () => {
  for (const [width, height] of [[1024, 768], [1280, 720], [1920, 1080]]) {
    const app = await openApp({ width, height });
    try {
      await app.page.keyboard.press('e');
      await app.page.locator('#experiments:not(.hidden)').waitFor();
      await app.page.click('#exp-tab-explore');
      await app.page.locator('#exp-search').waitFor();
      const menus = await app.page.evaluate(() => [...document.querySelectorAll('.exp-settings select')].map((s) => {
        const shown = s.getBoundingClientRect().width;
        s.style.width = 'auto';
        const needed = s.getBoundingClientRect().width;
        s.style.width = '';
        const was = s.selectedIndex;
        const over = [...s.options].filter((o, i) => {
          s.selectedIndex = i;
          return s.scrollWidth > s.clientWidth;
        }).map((o) => o.textContent);
        s.selectedIndex = was;
        return { id: s.id, shown, needed, over, choices: s.options.length };
      }));
      if (width === 1024) await app.screenshot(`${ARTIFACTS}/explorer-menus-1024x768.png`);
      assert.deepEqual(menus.map((m) => m.id), ['exp-model', 'exp-search']);
      for (const m of menus) {
        assert.ok(m.choices >= 3, m.id);
        assert.ok(m.needed <= m.shown + 0.5, `${width}x${height} #${m.id}: ${m.needed} px needed, ${m.shown} shown`);
        assert.deepEqual(m.over, [], `${width}x${height} #${m.id}`);
      }
      assert.deepEqual(app.errors, []);
    } finally {
      await app.page.close();
    }
  }
});
