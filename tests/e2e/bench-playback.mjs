// Benchmark (not a pass/fail test: CI machines are noisy): play a 500-node schedule in
// headless Chromium at 1280x720 and print the frame rate and the slowest frame, for the tree
// and the Gantt chart, against a baseline measured in the same run (an idle page's frames).
//
// Run after `trunk build --release`:  cd tests/e2e && node bench-playback.mjs [seconds] [dist...]
// More than one build directory (e.g. a copy of `dist/` from before a change, then `dist/`)
// are measured one after the other in the same run, so their figures can be compared.
import { clickRun, launch } from './app-page.mjs';
import { serveDir } from './static-server.mjs';

const SECONDS = Number(process.argv[2] || 5);
const DISTS = process.argv.length > 3 ? process.argv.slice(3) : [new URL('../../dist/', import.meta.url).pathname];

/** A node-model instance of `n` nodes, costs 1..20 from a fixed linear congruential draw. */
function instance(n) {
  let x = 12345;
  const next = () => { x = (x * 1103515245 + 12345) % 2147483648; return x; };
  const nodes = Array.from({ length: n }, () => ({ cost: 1 + (next() % 20) }));
  return JSON.stringify({ model: 'node', source: 0, nodes });
}

/** Frame times (ms) of requestAnimationFrame over `seconds`, measured in the page. */
async function frames(page, seconds) {
  return page.evaluate((ms) => new Promise((resolve) => {
    const t = [];
    const tick = (ts) => {
      t.push(ts);
      if (t.length < 2 || ts - t[0] < ms) requestAnimationFrame(tick);
      else resolve(t.slice(1).map((v, i) => v - t[i]));
    };
    requestAnimationFrame(tick);
  }), seconds * 1000);
}

function summary(d) {
  const total = d.reduce((a, b) => a + b, 0);
  return { fps: (1000 * d.length) / total, slowest: Math.max(...d), frames: d.length };
}

/** Play the 500-node schedule of the build in `dist` and print its figures. */
async function bench(dist) {
  const server = await serveDir(dist);
  const browser = await launch();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    await page.goto(server.url);
    await page.locator('#gallery').waitFor();
    await page.setInputFiles('#import-file', { name: 'n500.json', mimeType: 'application/json', buffer: Buffer.from(instance(500)) });
    // Attached, not visible: a 1280 px window opens with the instance panel folded.
    await page.locator('#instance-summary', { hasText: /^500 nodes/ }).waitFor({ state: 'attached' });
    await clickRun(page, 'greedy');
    await page.locator('#row-greedy').waitFor();
    const base = summary(await frames(page, SECONDS));
    if (DISTS.length > 1) console.log(`build ${dist}:`);
    console.log(`baseline (page at rest): ${base.fps.toFixed(1)} fps, slowest frame ${base.slowest.toFixed(1)} ms`);
    for (const view of ['tree', 'gantt']) {
      await page.click(`#tab-${view}`);
      await page.locator(`#scene-${view}`).waitFor();
      await page.locator('#view-panel').focus();
      await page.keyboard.press('Home');
      // 1x plays the whole schedule in 10 s; 0.5x keeps it playing through the measurement.
      await page.selectOption('#play-speed', '1');
      await page.click('#play');
      const s = summary(await frames(page, SECONDS));
      await page.click('#play');
      const moved = await page.locator('#play-time').textContent();
      console.log(`${view}, 500 nodes, playing: ${s.fps.toFixed(1)} fps (${(s.fps / base.fps).toFixed(2)} of the baseline), slowest frame ${s.slowest.toFixed(1)} ms, ${s.frames} frames; stopped at ${moved.trim()}`);
    }
  } finally {
    await browser.close();
    await server.close();
  }
}

for (const dist of DISTS) await bench(dist);
