// Profile (not a pass/fail test): where the page's time goes in one 65-node platform run, as
// a CPU profile of the page's thread from the click on Run to the row in the table, summed over
// seeds 1..N and printed per run, by function (time inside it and everything it calls).
// Playwright's own calls (its polling for the row) show up too, under query/evaluate.
//
// Function names need a build that keeps them (no wasm-opt, the names section kept):
//   sed 's/data-bin="hetcast-app" data-wasm-opt="z"/data-bin="hetcast-app" data-wasm-opt="0" data-keep-debug="true"/' \
//     index.html > profile.html && trunk build --release --dist /tmp/hetcast-prof profile.html; rm profile.html
// then:  cd tests/e2e && node profile-platform.mjs /tmp/hetcast-prof [seeds] [algorithm]
import { AppPage, clickRun, launch } from './app-page.mjs';
import { serveDir } from './static-server.mjs';

const DIST = process.argv[2];
const SEEDS = Number(process.argv[3] || 5);
const KEY = process.argv[4] || 'broadcast-eb';
if (!DIST) throw new Error('usage: node profile-platform.mjs DIST [seeds] [algorithm]');

const server = await serveDir(DIST);
const browser = await launch();
const inclusive = new Map();
try {
  for (let seed = 1; seed <= SEEDS; seed++) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    const app = new AppPage(page, server.url);
    await app.open();
    await app.generatePlatform(65, { density: 20, seed });
    await page.waitForTimeout(1500); // the spare workers load
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
    await clickRun(page, KEY);
    await page.locator(`#time-${KEY}, #error-${KEY}`).waitFor({ timeout: 600000 });
    const { profile } = await cdp.send('Profiler.stop');
    await page.close();
    // Each sample's time goes to its function and, once each, to every function above it.
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const parent = new Map();
    for (const n of profile.nodes) for (const c of n.children || []) parent.set(c, n.id);
    profile.samples.forEach((id, i) => {
      const dt = profile.timeDeltas[i + 1] ?? 0;
      const names = new Set();
      for (let cur = id; cur !== undefined; cur = parent.get(cur)) names.add(byId.get(cur).callFrame.functionName || '(anonymous)');
      if (names.has('(idle)') || names.has('(program)')) return;
      for (const name of names) inclusive.set(name, (inclusive.get(name) || 0) + dt);
    });
  }
} finally {
  await browser.close();
  await server.close();
}
console.log(`${KEY}, 65 nodes, seeds 1-${SEEDS}: ms per run on the page's thread, by function (with what it calls)`);
for (const [name, us] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, 60)) {
  console.log(`${(us / 1000 / SEEDS).toFixed(1).padStart(7)}  ${name.slice(0, 150)}`);
}
