// Page objects for the named scenarios: the scenario bar on every view and the compare view.
import { value } from './harness.mjs';

const byTestid = (id) => `[data-testid="${id}"]`;

/** The scenario bar: the current name, save, the saved list and its actions. */
export class ScenarioBar {
  constructor(page) {
    this.page = page;
  }
  async saveAs(name) {
    await this.page.fill(byTestid('scenario-name'), name);
    await this.page.click(byTestid('scenario-save'));
  }
  async saveAsNew(name) {
    await this.page.fill(byTestid('scenario-name'), name);
    await this.openMenu();
    await this.page.click(byTestid('scenario-save-new'));
  }
  name() {
    return this.page.inputValue(byTestid('scenario-name'));
  }
  count() {
    return value(this.page, 'scenario-count');
  }
  async waitForCount(n) {
    await this.page.waitForFunction(
      ([sel, n]) => document.querySelector(sel)?.getAttribute('data-value') === String(n),
      [byTestid('scenario-count'), n],
    );
  }
  status() {
    return this.page.getAttribute(byTestid('scenario-status'), 'data-value');
  }
  message() {
    return this.page.textContent(byTestid('scenario-message'));
  }
  async openMenu() {
    const open = await this.page.$eval('details.scenario-menu', (d) => d.open);
    if (!open) await this.page.click('details.scenario-menu > summary');
  }
  /** The names in the saved list, in order. */
  async names() {
    await this.openMenu();
    return this.page.$$eval('[data-testid="scenario-list"] li', (li) => li.map((l) => l.dataset.name));
  }
  async act(name, action) {
    await this.openMenu();
    await this.page.click(`[data-testid="scenario-list"] li[data-name="${name}"] ${byTestid(`scenario-${action}`)}`);
  }
  async undo() {
    await this.page.click(byTestid('scenario-undo'));
  }
  /** Exports every saved scenario; resolves to the file's text. */
  async exportAll() {
    await this.openMenu();
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      this.page.click(byTestid('scenario-export')),
    ]);
    const stream = await download.createReadStream();
    const chunks = [];
    for await (const c of stream) chunks.push(c);
    return { name: download.suggestedFilename(), text: Buffer.concat(chunks).toString('utf8') };
  }
  async importFile(name, text) {
    await this.openMenu();
    await this.page.setInputFiles(byTestid('scenario-import'), {
      name,
      mimeType: 'application/json',
      buffer: Buffer.from(text, 'utf8'),
    });
  }
}

/** The compare view. */
export class ComparePage {
  constructor(page) {
    this.page = page;
  }
  shown() {
    return value(this.page, 'compare-table');
  }
  /** Each scenario's value of a result row, and which are marked better. */
  async row(metric) {
    return this.page.$$eval(`${byTestid('compare-table')} tr[data-metric="${metric}"] td`, (tds) =>
      tds.map((td) => ({ value: Number(td.dataset.value), best: td.classList.contains('best') })));
  }
  /** Each scenario's `data-value` of a result row as written (a catalogue id stays text). */
  raw(metric) {
    return this.page.$$eval(`${byTestid('compare-table')} tr[data-metric="${metric}"] td`, (tds) =>
      tds.map((td) => td.dataset.value));
  }
  /** The link keys of the inputs that differ. */
  differing() {
    return this.page.$$eval(`${byTestid('compare-diff')} tbody tr`, (trs) => trs.map((t) => t.dataset.key));
  }
  async pick(name) {
    await this.page.check(`${byTestid('compare-pick')}[data-name="${name}"]`);
  }
  /** The headline as read. */
  headline() {
    return this.page.textContent(byTestid('headline'));
  }
  /** The result rows' metric ids, top to bottom. */
  metrics() {
    return this.page.$$eval(`${byTestid('compare-table')} tbody tr`, (trs) => trs.map((t) => t.dataset.metric));
  }
  /** A differing input's row: its heading and each scenario's value, as shown. */
  input(key) {
    return this.page.$eval(`${byTestid('compare-diff')} tbody tr[data-key="${key}"]`, (tr) => ({
      label: tr.querySelector('th').textContent,
      cells: [...tr.querySelectorAll('td')].map((td) => td.textContent),
    }));
  }
}
