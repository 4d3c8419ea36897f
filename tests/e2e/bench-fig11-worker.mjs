// Benchmark (not a pass/fail test): Figure 11's jobs on the Experiments page's web worker (its
// wasm from a release build) run in Node's V8, without a browser, one job per platform as the
// page posts them, each timed by CPU seconds (`process.cpuUsage()`, which other load on the
// machine disturbs far less than wall time). Then the page's queue (each of W workers takes
// the next job once it has answered, `Pool::queue`) is simulated on those times, in the order
// the jobs are given (the CLI's order: the 30-node platforms, then the 65-node ones), in the
// page's order and largest first, to show how long one worker waits alone at the end.
//
// Run after `trunk build --release --dist DIST`:
//   cd tests/e2e && node bench-fig11-worker.mjs DIST [platforms per point] [workers] [items]
// platforms: default 10 (the paper's; both sizes, the seven densities); workers: default 2;
// items: a comma-separated list of platform numbers (0-based, the CLI's order) to time
// alone, default all. Prints one line per platform: its number, size, density, seed offset,
// CPU seconds.
import fs from 'node:fs';
import vm from 'node:vm';

const DIST = process.argv[2];
if (!DIST) throw new Error('usage: node bench-fig11-worker.mjs DIST [platforms] [workers] [items]');
const PLATFORMS = Number(process.argv[3] || 10);
const WORKERS = Number(process.argv[4] || 2);

globalThis.self = globalThis;
let posted = [];
globalThis.postMessage = (m) => posted.push(m);
vm.runInThisContext(`${fs.readFileSync(`${DIST}/hetcast-worker.js`, 'utf8')}\nglobalThis.wasm_bindgen = wasm_bindgen;`);
await globalThis.wasm_bindgen({ module_or_path: fs.readFileSync(`${DIST}/hetcast-worker_bg.wasm`) });

const DENSITIES = [0.05, 0.1, 0.2, 0.3, 0.5, 0.7, 1];
const settings = { platforms: PLATFORMS, densities: DENSITIES, seed: 1, big: true, per_lan: false };
const all = [];
for (const size of ['small', 'big']) for (const d of DENSITIES) for (let k = 0; k < PLATFORMS; k++) all.push([size, d, k]);
const items = process.argv[5] ? process.argv[5].split(',').map(Number) : all.map((_, i) => i);

/** CPU seconds of Figure 11's job `item`, and its answer. */
function job(item) {
  posted = [];
  const c0 = process.cpuUsage();
  globalThis.onmessage({ data: JSON.stringify({ id: 1, job: { kind: 'fig11', settings, item } }) });
  const c = process.cpuUsage(c0);
  return { cpu: (c.user + c.system) / 1e6, answer: posted[posted.length - 1] };
}

// Warm-up: the browser's workers are warm too (the page's spares).
job(0);
const cost = {};
for (const i of items) {
  const { cpu, answer } = job(i);
  if (!String(answer).includes('fig11_platform')) throw new Error(`platform ${i}: ${answer}`);
  cost[i] = cpu;
  console.log(`${i}\t${all[i].join('\t')}\t${cpu.toFixed(3)}`);
}

/** The queue's end on `WORKERS` workers in `order`, and how long the last worker ran alone. */
function queue(order) {
  const free = Array(WORKERS).fill(0);
  for (const i of order) {
    const w = free.indexOf(Math.min(...free));
    free[w] += cost[i];
  }
  free.sort((a, b) => a - b);
  return [free[free.length - 1], free[free.length - 1] - free[0]];
}
const total = items.reduce((s, i) => s + cost[i], 0);
console.log(`${items.length} platforms: ${total.toFixed(2)} s CPU in all, the largest ${Math.max(...items.map((i) => cost[i])).toFixed(2)} s; ${(total / WORKERS).toFixed(2)} s each on ${WORKERS} workers at best`);
for (const [name, order] of [
  ['in the order given', items],
  // The page's order (src/experiments/plans/fig11.rs, `order`).
  ['the 65-node platforms first, the densest first', [...items].sort((a, b) => (all[a][0] === 'big' ? 0 : 1) - (all[b][0] === 'big' ? 0 : 1) || all[b][1] - all[a][1])],
  ['largest first (times known)', [...items].sort((a, b) => cost[b] - cost[a])],
]) {
  const [end, alone] = queue(order);
  console.log(`queue on ${WORKERS} workers, ${name}: ${end.toFixed(2)} s, the last worker alone for ${alone.toFixed(2)} s`);
}
