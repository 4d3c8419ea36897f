// Screenshots at 1280x720 for looking at the app: node screenshots.mjs [outdir]
// Serves ../../dist unless HETCAST_URL is set.
import { mkdirSync } from 'node:fs';
import { AppPage, launch } from './app-page.mjs';
import { serveDir } from './static-server.mjs';

const out = process.argv[2] || new URL('./artifacts/', import.meta.url).pathname;
mkdirSync(out, { recursive: true });
const server = process.env.HETCAST_URL ? null : await serveDir(new URL('../../dist/', import.meta.url).pathname);
const browser = await launch();
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  const app = new AppPage(page, process.env.HETCAST_URL || server.url);
  await app.open();
  await app.screenshot(`${out}/00-start.png`);
  await app.loadExample('lh-fig1');
  await app.runAll();
  await app.select('greedy');
  await app.tab('tree');
  await app.screenshot(`${out}/01-tree.png`);
  await app.tab('gantt');
  await app.screenshot(`${out}/02-gantt.png`);
  await page.keyboard.press('t');
  await app.screenshot(`${out}/02c-gantt-table-folded.png`);
  await page.keyboard.press('t');
  await page.keyboard.press('f');
  await app.screenshot(`${out}/02b-gantt-focus.png`);
  await app.tab('tree');
  await app.screenshot(`${out}/01b-tree-focus.png`);
  await page.keyboard.press('f');
  await app.tab('trace');
  await app.screenshot(`${out}/03-trace.png`);
  await app.loadExample('liu-fig1');
  await app.tab('gantt');
  await app.screenshot(`${out}/04-liu-gantt.png`);
  await page.keyboard.press('?');
  await app.screenshot(`${out}/05-help.png`);
  if (app.errors.length) console.error('page errors:', app.errors);
  console.log(`screenshots in ${out}`);
} finally {
  await browser.close();
  await server?.close();
}
