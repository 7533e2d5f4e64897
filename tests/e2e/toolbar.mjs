// Page objects for the page's own actions (the toolbar under the header), an embedded view in a
// frame of another page, and the printed page.
import { Page } from './pages.mjs';

const byTestid = (id) => `[data-testid="${id}"]`;

/** The toolbar: reset this view or everything (with undo), copy the link, results as CSV. */
export class ToolbarPage extends Page {
  status() {
    return this.page.textContent(byTestid('toolbar-status'));
  }
  async resetView() {
    await this.page.click(byTestid('reset-view'));
    await this.page.waitForSelector(byTestid('reset-undo'));
  }
  /** Opens the confirmation of "reset everything"; `answer` is `confirm` or `cancel`. */
  async resetAll(answer) {
    await this.page.click(byTestid('reset-all'));
    await this.page.waitForSelector(`${byTestid('reset-confirm')}[open]`);
    await this.page.click(byTestid(`reset-all-${answer}`));
    await this.page.waitForSelector(`${byTestid('reset-confirm')}:not([open])`, { state: 'attached' });
  }
  async undo() {
    await this.page.click(byTestid('reset-undo'));
    await this.page.waitForSelector(byTestid('reset-undo'), { state: 'hidden' });
  }
  async copyLink() {
    await this.page.click(byTestid('copy-link'));
  }
  /** Clicks "results as CSV"; resolves to the file's name and text. */
  async resultsCsv() {
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      this.page.click(byTestid('results-csv')),
    ]);
    const stream = await download.createReadStream();
    const chunks = [];
    for await (const c of stream) chunks.push(c);
    return { name: download.suggestedFilename(), text: Buffer.concat(chunks).toString('utf8') };
  }
  /** The text a field box shows. */
  input(key) {
    return this.page.inputValue(byTestid(`input-${key}`));
  }
  /** The whole address as the page shows it. */
  href() {
    return this.page.evaluate(() => location.href);
  }
}

/** Reads RFC 4180 CSV (quoted fields, doubled quotes, CRLF) into rows of fields. */
export function parseCsv(text) {
  const rows = [];
  let row = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') {
        quoted = false;
      } else {
        field += c;
      }
    } else if (c === '"') {
      quoted = true;
    } else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else {
      field += c;
    }
  }
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/**
 * A page of another site that frames the app (`src`) in a `width` x `height` iframe and records
 * the heights the app posts to it.
 */
export class Host {
  constructor(page) {
    this.page = page;
  }
  async frame(src, width, height) {
    await this.page.setContent('<!doctype html><html><body style="margin:0"></body></html>');
    await this.page.evaluate(({ src, width, height }) => {
      window.heights = [];
      window.addEventListener('message', (e) => {
        if (e.data && e.data.gpuplan === 'height') window.heights.push(e.data.height);
      });
      const f = document.createElement('iframe');
      f.id = 'gpuplan';
      f.width = String(width);
      f.height = String(height);
      f.style.border = '0';
      f.src = src;
      document.body.append(f);
    }, { src, width, height });
    const handle = await this.page.waitForSelector('#gpuplan');
    const frame = await handle.contentFrame();
    await frame.waitForSelector('main [data-testid^="view-"]');
    return frame;
  }
  heights() {
    return this.page.evaluate(() => window.heights.slice());
  }
  /** Waits until more than `count` heights have been posted; resolves to the last one. */
  async nextHeight(count = 0) {
    await this.page.waitForFunction((n) => window.heights.length > n, count);
    return this.page.evaluate(() => window.heights[window.heights.length - 1]);
  }
  resize(width, height) {
    return this.page.evaluate(({ width, height }) => {
      const f = document.getElementById('gpuplan');
      f.width = String(width);
      f.height = String(height);
    }, { width, height });
  }
}
