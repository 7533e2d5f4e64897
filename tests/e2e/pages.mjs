// Page objects: what a person does on each view and what they read there, so the tests say what
// happens rather than which selector it happens in.
import assert from 'node:assert/strict';
import { value, text, drag } from './harness.mjs';

const byTestid = (id) => `[data-testid="${id}"]`;

/** What every view shares: the navigation, the address, the title and the field messages. */
export class Page {
  constructor(page) {
    this.page = page;
  }
  async go(view) {
    await this.page.click(byTestid(`nav-${view}`));
    await this.page.waitForSelector(byTestid(`view-${view}`));
  }
  async back(view) {
    await this.page.goBack();
    await this.page.waitForSelector(byTestid(`view-${view}`));
  }
  async forward(view) {
    await this.page.goForward();
    await this.page.waitForSelector(byTestid(`view-${view}`));
  }
  title() {
    return this.page.title();
  }
  /** The navigation link marked as the current page. */
  current() {
    return this.page.getAttribute('nav [aria-current=page]', 'data-testid');
  }
  /** Presses "Present" in the page's actions (again: leaves presenting). */
  async togglePresent() {
    const before = await this.page.getAttribute(byTestid('present'), 'aria-pressed');
    await this.page.click(byTestid('present'));
    const after = before === 'true' ? 'false' : 'true';
    await this.page.waitForSelector(`${byTestid('present')}[aria-pressed="${after}"]`);
  }
  /**
   * The answer and the view's first formula as the screen shows them: the headline's box, the
   * first formula's box and its numbers' (CSS px from the top of the screen), whether it is
   * unfolded, and the type its numbers are set in.
   */
  working() {
    return this.page.evaluate(() => {
      const box = (el) => {
        const r = el?.getBoundingClientRect();
        return r ? { top: r.top, bottom: r.bottom } : null;
      };
      // The formula shown first on the screen (presenting reorders them under the answer).
      const formulas = [...document.querySelectorAll('main details.formula')]
        .filter((f) => f.getClientRects().length > 0)
        .sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top);
      const first = formulas[0];
      const numbers = first?.querySelector('.formula-numbers');
      const style = numbers ? getComputedStyle(numbers) : null;
      return {
        presenting: !!document.querySelector('.app.present'),
        screen: innerHeight,
        headline: box(document.querySelector('main [data-testid=headline]')),
        formula: box(first),
        numbers: box(numbers),
        open: !!first?.open,
        fontPx: style ? parseFloat(style.fontSize) : 0,
        font: style?.fontFamily ?? '',
        colour: style?.color ?? '',
        inkColour: getComputedStyle(document.querySelector('main [data-testid=headline]')).color,
      };
    });
  }
  /** The query of the address, with its `?`. */
  query() {
    const url = this.page.url();
    const at = url.indexOf('?');
    return at < 0 ? '' : url.slice(at);
  }
  /** Waits until the address holds `pattern` (writes wait for edits to settle). */
  async addressHas(pattern) {
    await this.page.waitForURL(pattern);
  }
  async type(key, text) {
    await this.page.fill(byTestid(`input-${key}`), text);
  }
  /** Types into a box one key at a time, as a person does. */
  async typeKeys(testid, text) {
    const box = this.page.locator(byTestid(testid));
    await box.fill('');
    await box.pressSequentially(text);
  }
  message(key) {
    return this.page.textContent(byTestid(`error-${key}`));
  }
  /**
   * Steps the slider of `key` through `values` as a drag does (one `input` event a step), each
   * step waiting for the chart `chart` to be drawn again.
   */
  async slide(key, values, chart) {
    for (const v of values) {
      await this.page.evaluate(
        ({ slider, chart, v }) =>
          new Promise((done) => {
            const c = document.querySelector(`[data-testid="${chart}"]`);
            const drawn = new MutationObserver(() => {
              drawn.disconnect();
              done();
            });
            drawn.observe(c, { attributes: true, attributeFilter: ['data-draws'] });
            const s = document.querySelector(`[data-testid="${slider}"]`);
            s.value = String(v);
            s.dispatchEvent(new Event('input', { bubbles: true }));
          }),
        { slider: `input-${key}`, chart, v },
      );
    }
  }
  async messageCleared(key) {
    await this.page.waitForFunction(
      (id) => document.querySelector(`[data-testid="${id}"]`).textContent === '',
      `error-${key}`,
    );
  }
  value(testid) {
    return value(this.page, testid);
  }
  notice() {
    return this.page.textContent(byTestid('storage-notice'));
  }
}

/** The rent-or-buy view. */
export class RentBuyPage extends Page {
  /** Every key output, read from its test hooks. */
  async outputs() {
    return {
      own: await value(this.page, 'own-monthly'),
      rent: await value(this.page, 'rent-monthly'),
      breakEven: await value(this.page, 'break-even-utilization'),
      verdict: await text(this.page, 'verdict'),
    };
  }
  async dragUtilisation(fraction) {
    await drag(this.page, 'input-util', fraction);
  }
  async utilisation() {
    return Number(await this.page.inputValue(byTestid('input-util'))) / 100;
  }
  async waitForVerdict(verdict) {
    await this.page.waitForFunction(
      (v) => document.querySelector('[data-testid=verdict]')?.dataset.value === v,
      verdict,
    );
  }
  rentNote() {
    return this.page.textContent('.stat:has([data-testid=rent-monthly]) .stat-note');
  }
  /** Picks a catalogue row (`8x-h100`, `rtx-4090`) as a person chooses it from the list. */
  async pick(id) {
    await this.page.selectOption(byTestid('catalogue-pick'), id);
    await this.page.waitForFunction(
      (v) => document.querySelector('[data-testid=catalogue-filled]')?.dataset.value === v,
      id,
    );
  }
  /** A box's text and the message beside it. */
  async box(key) {
    return {
      text: await this.page.inputValue(byTestid(`input-${key}`)),
      message: (await this.page.textContent(byTestid(`error-${key}`))).trim(),
    };
  }
  /** Ticks "compare reserving" and picks the term (`1m`, `1y`, `3y`), as a person clicks. */
  async compareReserving(term) {
    await this.page.check(byTestid('input-reserve'));
    await this.page.waitForSelector(byTestid('three-ways'));
    await this.page.check(`${byTestid('input-reserve_term')} input[value="${term}"]`);
  }
  /** The three monthly costs and the cheapest way, from the three-way tiles. */
  async threeWays() {
    return {
      own: await value(this.page, 'three-own'),
      rent: await value(this.page, 'three-rent'),
      reserve: await value(this.page, 'three-reserve'),
      best: await text(this.page, 'three-best'),
      bands: await this.page.textContent(byTestid('three-bands')),
    };
  }
  /** The verdict at the point the heatmap marks (`rent`, `buy`, or `reserve` with reserving on). */
  heatmapPoint() {
    return text(this.page, 'heatmap-point');
  }
  /**
   * How many pixels of chart `testid` are drawn in reserving's violet (any shade of it towards
   * white), once the chart is in view and drawn: 0 where reserving colours nothing.
   */
  async reservePixels(testid) {
    const chart = `[data-testid="${testid}"]`;
    await this.page.$eval(chart, (c) => c.scrollIntoView());
    await this.page.waitForSelector(`${chart}:not([data-stale])`, { state: 'attached' });
    return this.page.$eval(chart, (c) => {
      const { data } = c.getContext('2d').getImageData(0, 0, c.width, c.height);
      let n = 0;
      for (let k = 0; k < data.length; k += 4) {
        const [r, g, b] = [data[k], data[k + 1], data[k + 2]];
        // Violet: blue well above green, red above green; teal, amber and slate are not.
        if (b - g > 50 && r - g > 20) n += 1;
      }
      return n;
    });
  }
}

/** The inference view with the shared model section. */
export class InferencePage extends Page {
  async openArchitecture() {
    await this.page.click('details.arch summary');
  }
  async pasteConfig(json) {
    await this.page.click('details.config summary');
    await this.page.fill(byTestid('config-json'), json);
    await this.page.click(byTestid('config-apply'));
    await this.page.waitForFunction(() =>
      document.querySelector('[data-testid=config-result]').textContent.startsWith('Read'));
  }
  /** Pastes a config.json that may be refused: the message as shown, and its height in pixels. */
  async tryConfig(json) {
    if (!(await this.page.$eval('details.config', (d) => d.open))) await this.page.click('details.config summary');
    await this.page.fill(byTestid('config-json'), json);
    await this.page.click(byTestid('config-apply'));
    return this.page.$eval(byTestid('config-result'), (p) => ({
      text: p.textContent,
      height: p.getBoundingClientRect().height,
    }));
  }
  /** What the preset box shows for the model chosen. */
  presetShown() {
    return this.page.$eval(byTestid('input-model'), (s) => s.options[s.selectedIndex].textContent);
  }
  async figures() {
    return {
      params: await value(this.page, 'param-count'),
      kvPerToken: await value(this.page, 'kv-bytes-per-token'),
      required: await value(this.page, 'required-bytes'),
    };
  }
  /** The most sequences: the guide's whole count, or vLLM's stated figure with engine=vllm. */
  maxConcurrency() {
    return value(this.page, 'max-concurrency');
  }
  /** Chooses how memory is counted (`guide` or `vllm`). */
  async chooseEngine(id) {
    await this.page.selectOption(byTestid('input-engine'), id);
    await this.page.waitForSelector(byTestid(id === 'vllm' ? 'engine-vllm' : 'view-inference'));
  }
  /** What vLLM would allocate per card and the launch flags to copy, or null in guide mode. */
  async enginePool() {
    if ((await this.page.locator(byTestid('engine-vllm')).count()) === 0) return null;
    return {
      bytes: await value(this.page, 'kv-pool-bytes'),
      tokens: await value(this.page, 'kv-pool-tokens'),
      concurrency: await value(this.page, 'max-concurrency'),
      flags: await text(this.page, 'vllm-flags'),
    };
  }
}

/**
 * Opens `query` in a fresh profile as a page object of `Kind`, runs `body` with it, checks the
 * page logged no error, and closes the profile whatever happens.
 */
export async function visit(suite, query, Kind, body) {
  const { context, page, errors } = await suite.fresh(query);
  try {
    await body(new Kind(page), page);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
}

/** The serving view: one request's speed, the replica's throughput, the fleet and its cost. */
export class ServingPage extends Page {
  async outputs() {
    const v = (id) => value(this.page, id);
    return {
      decode: await v('decode-tokens-per-second'),
      throughput: await v('throughput-tokens-per-second'),
      maxThroughput: await v('max-throughput-tokens-per-second'),
      ttft: await v('ttft-seconds'),
      tpot: await v('tpot-seconds'),
      cards: await v('cards-needed'),
      cost: await v('cost-per-million-tokens'),
    };
  }
  /** Drags the concurrency slider to `fraction` of its track. */
  async dragConcurrency(fraction) {
    await drag(this.page, 'input-serve_conc', fraction);
  }
  concurrency() {
    return this.page.inputValue(byTestid('input-serve_conc-box'));
  }
  /** Types the hours the fleet is held a day, key by key. */
  async setRentHours(text) {
    await this.typeKeys('input-rent_hours', text);
  }
  /** Types the first-token goal (ms), key by key. */
  async setTtftGoal(text) {
    await this.typeKeys('input-ttft_ms', text);
  }
  /**
   * The figures shown with a range to trust: for each, its `data-low`, `data-value` and
   * `data-high` (base units: tokens a second, seconds), as numbers.
   */
  async ranges() {
    const out = {};
    for (const id of ['decode-tokens-per-second', 'throughput-tokens-per-second', 'max-throughput-tokens-per-second', 'ttft-seconds']) {
      const el = this.page.locator(`[data-testid="${id}"]`);
      out[id] = await Promise.all(['data-low', 'data-value', 'data-high'].map(async (a) => Number(await el.getAttribute(a))));
    }
    return out;
  }
  /** The headline's words. */
  async headline() {
    return (await this.page.textContent('[data-testid=headline]')).trim();
  }
  charts() {
    return ['chart-serving-throughput', 'chart-serving-latency', 'chart-serving-cost'];
  }
  /** A way out under the headline (`way-<kind>`): its value and words, or null when not offered. */
  async way(kind) {
    const el = this.page.locator(byTestid(`way-${kind}`));
    if ((await el.count()) === 0) return null;
    return { value: await el.getAttribute('data-value'), text: (await el.textContent()).trim() };
  }
  /** Presses a way's "Try it". */
  async tryWay(kind) {
    await this.page.click(`${byTestid(`way-${kind}`)} button`);
  }
}

/** The plan view: every card and machine ranked for the job, and the sentence naming the best. */
export class PlanPage extends Page {
  /** The id of the cheapest row that meets the job (`plan-best`), or '' when none does. */
  best() {
    return this.page.getAttribute(byTestid('plan-best'), 'data-value');
  }
  /** The headline's words. */
  sentence() {
    return this.page.textContent(byTestid('headline'));
  }
  /** Each row's spot cell as shown, top to bottom (training only; none when serving). */
  spotCells() {
    return this.page.$$eval(`${byTestid('plan-table')} tr[data-card] ${byTestid('plan-spot')}`, (tds) =>
      tds.map((td) => td.textContent.trim()));
  }
  /** The note under a training table on what spot counts. */
  spotNote() {
    return this.page.textContent(byTestid('plan-spot-note'));
  }
  /** Every row of the table in order: id, month's cost (null: none), count, fits, meets, words. */
  rows() {
    return this.page.$$eval(`${byTestid('plan-table')} tr[data-card]`, (trs) =>
      trs.map((tr) => ({
        id: tr.dataset.card,
        cost: tr.dataset.cost === '' ? null : Number(tr.dataset.cost),
        count: Number(tr.dataset.count),
        fits: tr.dataset.fits === '1',
        meets: tr.dataset.meets === '1',
        why: tr.querySelector('[data-testid=plan-way]').textContent,
      })),
    );
  }
  /** A row's owned cell: its words (the month, the units bought, the price's month) and the
   *  month of the quote it stands on (`data-date`). */
  ownedCell(id) {
    return this.page.$eval(`${byTestid('plan-table')} tr[data-card="${id}"] ${byTestid('plan-owned')}`, (td) => ({
      text: td.textContent,
      date: td.dataset.date,
    }));
  }
  /** Every cell with a price, with the month of its quote (`data-date`). */
  pricedCells() {
    return this.page.$$eval(`${byTestid('plan-table')} tr[data-card] td[data-date]`, (tds) =>
      tds.filter((td) => !td.textContent.trim().startsWith('–')).map((td) => ({ text: td.textContent.trim(), date: td.dataset.date })));
  }
  /** Opens a row's card in the serving view, as a person clicks its name. */
  async open(id) {
    await this.page.click(`${byTestid('plan-table')} tr[data-card="${id}"] a`);
    await this.page.waitForSelector(byTestid('view-serving'));
  }
}

/** The training view's time and cost: speed per card, wall time, card-hours, the job's cost. */
export class TrainingPage extends Page {
  async time() {
    const v = (id) => value(this.page, id);
    return {
      perCard: await v('train-tokens-per-second'),
      hours: await v('train-hours'),
      cardHours: await v('train-card-hours'),
    };
  }
  /** Types the tokens to train one key at a time and waits for the wall time to follow. */
  async trainOn(typed) {
    const before = await value(this.page, 'train-hours');
    await this.typeKeys('input-train_tokens', typed);
    await this.page.waitForFunction(
      (b) => Number(document.querySelector('[data-testid=train-hours]').dataset.value) !== b,
      before,
    );
  }
  /** A time-and-cost tile's text and note. */
  async tile(testid) {
    const stat = this.page.locator(`.stat:has([data-testid="${testid}"])`);
    return {
      text: (await stat.locator('.stat-value').textContent()).trim(),
      note: (await stat.locator('.stat-note').textContent()).trim(),
      value: await stat.locator('.stat-value').getAttribute('data-value'),
    };
  }
}
