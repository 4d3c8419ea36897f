// Page object of the hetcast app for the end-to-end tests and the screenshot script.
import { chromium } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
export const BASE_URL = process.env.HETCAST_URL || 'http://127.0.0.1:8080/';

/** Launch Debian's Chromium headless (no browser download). */
export async function launch() {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * Milliseconds from the click on Run `key` to the row's time in the table (`ms`), and the time
 * shown (`value`). Both ends are stamped in the page (the click event's time, and a mutation
 * observer that sees the row's time cell appear, left in `window.__clicked` and
 * `window.__shown`): Playwright's own waiting polls, and added up to 0.4 s. For benchmarks.
 */
export async function timeRun(page, key) {
  await page.evaluate((key) => {
    window.__clicked = null;
    window.__shown = null;
    document.addEventListener('click', (e) => { window.__clicked ??= e.timeStamp; }, { capture: true, once: true });
    const seen = () => document.querySelector(`#time-${key}, #error-${key}`);
    new MutationObserver((_, observer) => {
      if (seen()) {
        window.__shown = performance.now();
        observer.disconnect();
      }
    }).observe(document, { subtree: true, childList: true });
  }, key);
  await clickRun(page, key);
  const cell = page.locator(`#time-${key}, #error-${key}`);
  await cell.waitFor({ timeout: 600000 });
  const ms = await page.evaluate(() => window.__shown - window.__clicked);
  return { ms, value: (await cell.textContent()).trim() };
}

/**
 * Click the Run button of algorithm `key`. While the results table is folded to its selected
 * row, the algorithm buttons are under the bar's "Run one" menu (src/components/algorithms.rs):
 * it is opened first, as a user would.
 */
export async function clickRun(page, key) {
  const menu = page.locator('#run-one-button');
  if ((await menu.count()) > 0 && (await menu.getAttribute('aria-expanded')) !== 'true') {
    await menu.click();
  }
  await page.click(`#run-${key}`);
}

export class AppPage {
  /**
   * @param {import('playwright-core').Page} page
   * @param {string} url where the app is served
   */
  constructor(page, url = BASE_URL) {
    this.page = page;
    this.url = url;
    this.errors = [];
    page.on('pageerror', (e) => this.errors.push(String(e)));
    page.on('console', (m) => {
      if (m.type() === 'error') this.errors.push(m.text());
    });
  }

  /**
   * Open the app and wait until it has drawn. The page must be in a new browser context, whose
   * local storage is empty: clearing it after `goto` and reloading raced with the app's first
   * autosave, and a slow start then reopened the autosaved work instead of the first visit.
   */
  async open({ panels = true, hash = '' } = {}) {
    await this.page.goto(hash ? `${this.url}#${hash}` : this.url);
    await this.page.locator('.view').waitFor();
    if (panels) await this.openPanels();
  }

  /** Reload the page (the saved work comes back) and open the panels as `open` does. */
  async reload({ panels = true } = {}) {
    await this.page.reload();
    await this.page.locator('.view').waitFor();
    if (panels) await this.openPanels();
  }

  /**
   * Open the instance panel and the whole results table. A window narrower than 1400 px opens
   * with the panel folded, one lower than 900 px with the table folded to its selected row
   * (the drawing first); the tests of the editor and the table open them as a user would, with
   * keys i and t. `open({ panels: false })` keeps the window's own layout.
   */
  async openPanels() {
    const app = this.page.locator('.app');
    if ((await app.getAttribute('data-side')) === 'folded') {
      await this.page.keyboard.press('i');
      await this.page.locator('.app[data-side="open"]').waitFor();
    }
    if ((await app.getAttribute('data-table')) === 'folded') {
      await this.page.keyboard.press('t');
      await this.page.locator('.app[data-table="open"]').waitFor();
    }
  }

  /** Gallery ids and titles, as the menu lists them (its tours, `tour:ID`, left out). */
  async galleryEntries() {
    return this.page.$$eval('#gallery option', (os) =>
      os.filter((o) => o.value && !o.value.startsWith('tour:'))
        .map((o) => ({ id: o.value, title: o.textContent })));
  }

  async loadExample(id) {
    await this.page.selectOption('#gallery', id);
    await this.page.locator('#notice').waitFor();
  }

  async run(key) {
    await clickRun(this.page, key);
    await this.page.locator(`#row-${key}`).waitFor();
  }

  async runAll() {
    await this.page.click('#run-all');
  }

  /** Completion time of an algorithm as the results table shows it (throws the row's error). */
  async time(key) {
    const cell = this.page.locator(`#time-${key}, #error-${key}`);
    await cell.waitFor();
    const text = (await cell.textContent()).trim();
    if ((await cell.getAttribute('id')).startsWith('error-')) {
      throw new Error(`${key} failed on the page: ${text}`);
    }
    return text;
  }

  async select(key) {
    await this.page.click(`#row-${key} th`);
  }

  async tab(key) {
    await this.page.click(`#tab-${key}`);
  }

  /** The key of the model's first view: `tree`, or `graph` for the models that draw a graph. */
  async firstView() {
    return (await this.page.locator('[role=tab][id^="tab-"]').first().getAttribute('id')).slice(4);
  }

  /** Click `selector` and return the downloaded file's name and text. */
  async download(selector) {
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      this.page.click(selector),
    ]);
    const stream = await download.createReadStream();
    const chunks = [];
    for await (const c of stream) chunks.push(c);
    return { name: download.suggestedFilename(), text: Buffer.concat(chunks).toString('utf8') };
  }

  /** Open the Export menu, click its item `id` and return the downloaded file's name and text. */
  async exportItem(id) {
    await this.page.click('#export-button');
    return this.download(`#${id}`);
  }

  /** Export the current view as SVG and return the downloaded file's name and text. */
  async exportSvg() {
    return this.exportItem('export-svg');
  }

  /** Import a JSON file `name` with the content `text` through the Import button's input. */
  async importFile(name, text) {
    await this.page.setInputFiles('#import-file', {
      name,
      mimeType: 'application/json',
      buffer: Buffer.from(text),
    });
  }

  /** Choose a model in the model menu: 'node', 'sender_receiver', 'multi', 'multimessage' or 'platform'. */
  async selectModel(value) {
    await this.page.selectOption('#model', value);
    await this.page.locator('#instance-summary').waitFor();
  }

  /**
   * Switch to the platform model and generate a Tiers-like platform of `nodes` nodes (`density`
   * % targets, `seed`, or the generator's own when not given); wait until it is the instance.
   */
  async generatePlatform(nodes, { density, seed } = {}) {
    await this.selectModel('platform');
    await this.page.click('#platform-generator summary');
    await this.page.fill('#gen-nodes', String(nodes));
    if (density !== undefined) await this.page.fill('#gen-density', String(density));
    if (seed !== undefined) await this.page.fill('#gen-seed', String(seed));
    await this.page.click('#generate-platform');
    await this.page.locator('#instance-summary', { hasText: new RegExp(`^${nodes} nodes`) }).waitFor();
  }

  /** Count the elements of the drawing on screen whose id starts with `prefix`. */
  async countInScene(view, prefix) {
    return this.page.locator(`#scene-${view} [id^="${prefix}"]`).count();
  }

  async screenshot(path) {
    await this.page.screenshot({ path, fullPage: false });
  }
}
