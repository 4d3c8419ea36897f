// Benchmark (not a pass/fail test): the Experiments page's web worker (its wasm from a release
// build) run in Node's V8, without a browser, timed by CPU seconds (`process.cpuUsage()`), which
// other load on the machine disturbs far less than wall time.
//
// Run after `trunk build --release --dist DIST`:
//   cd tests/e2e && node bench-worker.mjs DIST [runs] [reps]
// Wu Fig. 3 with `runs` runs per point (default 50): the job `wu_items` of every item, `reps`
// times in one process (default 3; the first includes compiling the wasm and its tier-up),
// then, after that warm-up, each of the 21 points alone.
import crypto from 'node:crypto';
import fs from 'node:fs';
import vm from 'node:vm';

const DIST = process.argv[2];
if (!DIST) throw new Error('usage: node bench-worker.mjs DIST [runs] [reps]');
const RUNS = Number(process.argv[3] || 50);
const REPS = Number(process.argv[4] || 3);

// The worker's glue (wasm-bindgen `--target no-modules`) expects a worker's global scope.
globalThis.self = globalThis;
let posted = [];
globalThis.postMessage = (m) => posted.push(m);
vm.runInThisContext(`${fs.readFileSync(`${DIST}/hetcast-worker.js`, 'utf8')}\nglobalThis.wasm_bindgen = wasm_bindgen;`);
await globalThis.wasm_bindgen({ module_or_path: fs.readFileSync(`${DIST}/hetcast-worker_bg.wasm`) });

const spec = {
  network: 'fast', nodes: 64, classes: 4, source_counts: [1, 2, 4, 8, 16, 32, 64],
  mixes: ['small', 'large', 'hybrid'], runs: RUNS, seed: 2001, threads: 1,
};
/** CPU seconds of the job `wu_items` from..to, and its answer. */
function job(from, to) {
  posted = [];
  const c0 = process.cpuUsage();
  globalThis.onmessage({ data: JSON.stringify({ id: 1, job: { kind: 'wu_items', spec, from, to } }) });
  const c = process.cpuUsage(c0);
  return { cpu: (c.user + c.system) / 1e6, answer: posted[posted.length - 1] };
}

const items = 21 * RUNS;
for (let r = 0; r < REPS; r++) {
  const { cpu, answer } = job(0, items);
  const sha = crypto.createHash('sha256').update(answer).digest('hex').slice(0, 12);
  console.log(`wu-fig3, ${RUNS} runs per point, items 0..${items}: ${cpu.toFixed(3)} s CPU (answer ${answer.length} bytes, sha256 ${sha})`);
}
const points = [];
for (let p = 0; p < 21; p++) points.push(job(p * RUNS, (p + 1) * RUNS).cpu.toFixed(3));
console.log(`per point (small, large, hybrid; 1 to 64 sources), s CPU: ${points.join(' ')}`);
