// Charts in words and as files, tables on a phone, and the navigation on a phone:
// - every chart says how to read it (shown) and what it shows in numbers (for screen readers), in
//   the reader's language;
// - the rent-or-buy cost summary carries the break-even tile's figure and follows the slider;
// - a chart's PNG and CSV buttons hand over a real PNG image and a table of finite numbers;
// - at 360 px the bill's stacked cells name their columns, and its inputs are named by column and
//   line;
// - the current view's tab is scrolled into the phone's tab bar, on load and after a switch.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { suite, open, value } from './harness.mjs';
import { RentBuyPage } from './pages.mjs';
import { texts } from './locales.mjs';

const LANGS = ['en', 'zh'];
const PHONE = { width: 360, height: 740 };
const CJK = /[\u4e00-\u9fff]/;

const s = suite();

/** Every view the navigation offers, in its order. */
async function allViews() {
  const { context, page } = await s.fresh('?lang=en');
  try {
    return await page.$$eval('header.top nav a', (as) => as.map((a) => a.dataset.testid.replace(/^nav-/, '')));
  } finally {
    await context.close();
  }
}

/** Every chart of the page: its test hook, its how-to-read line, its summary and its buttons. */
function charts(page) {
  return page.$$eval('main figure.chart', (figs) =>
    figs.map((f) => {
      const id = f.querySelector('canvas').dataset.testid;
      const hook = (suffix) => f.querySelector(`[data-testid="${id}-${suffix}"]`);
      return {
        id,
        how: hook('how')?.textContent.trim() ?? null,
        summary: hook('summary')?.textContent.trim() ?? null,
        png: hook('png') !== null,
        csv: hook('csv') !== null,
      };
    }));
}

/** The percentage as the page writes it for `lang` (`Intl`, as the page's own formatter). */
function percent(fraction, lang) {
  const locale = lang === 'zh' ? 'zh-CN' : 'en-US';
  return new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 })
    .format(fraction);
}

const summaryOf = (page, id) => page.textContent(`[data-testid="${id}-summary"]`);

test('every chart on every view says how to read it and what it shows, in both languages', async () => {
  const views = await allViews();
  const context = await s.browser.newContext();
  try {
    let seen = 0;
    const missing = [];
    for (const lang of LANGS) {
      const hows = Object.values(texts(lang).chart_how);
      for (const view of views) {
        const { page, errors } = await open(context, s.url, `?view=${view}&lang=${lang}`);
        for (const c of await charts(page)) {
          seen += 1;
          const where = `${view} [${lang}] ${c.id}`;
          if (!c.how) missing.push(`${where}: no how-to-read line`);
          if (!c.summary) missing.push(`${where}: no summary`);
          if (!c.png || !c.csv) missing.push(`${where}: no PNG or CSV button`);
          if (!c.how || !c.summary) continue;
          // The line is one the translator wrote for this language.
          assert.ok(hows.includes(c.how), `${where}: "${c.how}" is not in [chart_how] of ${lang}`);
          // The summary is in the reader's language and carries figures.
          assert.equal(CJK.test(c.summary), lang === 'zh', `${where}: "${c.summary}"`);
          assert.match(c.summary, /\d/, `${where}: no figure in "${c.summary}"`);
        }
        assert.deepEqual(errors, [], `${view} [${lang}]`);
        await page.close();
      }
    }
    assert.deepEqual(missing, []);
    // Rent or buy alone has three charts in each language.
    assert.ok(seen >= 6, `only ${seen} charts seen`);
  } finally {
    await context.close();
  }
});

test('after a switch to Chinese every chart words its caption, how-line and summary in Chinese', async () => {
  const context = await s.browser.newContext();
  try {
    for (const view of ['rent-buy', 'training', 'inference', 'serving']) {
      const { page, errors } = await open(context, s.url, `?view=${view}&lang=en`);
      await page.click('[data-testid=lang-zh]');
      await page.waitForFunction(() => document.documentElement.lang === 'zh-CN');
      const words = await page.$$eval('main figure.chart', (figs) =>
        figs.map((f) => ({
          id: f.querySelector('canvas').dataset.testid,
          caption: f.querySelector('figcaption').textContent,
          label: f.querySelector('canvas').getAttribute('aria-label'),
          how: f.querySelector('.chart-how').textContent,
          summary: f.querySelector('.visually-hidden').textContent,
        })));
      assert.ok(words.length > 0, view);
      for (const w of words) {
        for (const k of ['caption', 'label', 'how', 'summary']) assert.match(w[k], CJK, `${view} ${w.id} ${k}: ${w[k]}`);
      }
      assert.deepEqual(errors, [], view);
      await page.close();
    }
  } finally {
    await context.close();
  }
});

test('the cost summary carries the break-even tile and follows the utilisation slider', async () => {
  for (const lang of LANGS) {
    const { context, page, errors } = await s.fresh(`?view=rent-buy&lang=${lang}&price=200&util=30`);
    try {
      const rb = new RentBuyPage(page);
      const be = await value(page, 'break-even-utilization');
      assert.ok(be > 0 && be < 1, `break-even ${be}`);
      const before = await summaryOf(page, 'chart-cost-vs-util');
      assert.ok(before.includes(percent(be, lang)), `"${before}" lacks ${percent(be, lang)}`);
      assert.ok(before.includes(percent(await rb.utilisation(), lang)), `"${before}" lacks the utilisation`);

      await rb.dragUtilisation(0.9);
      await page.waitForFunction(
        ([id, old]) => document.querySelector(`[data-testid="${id}-summary"]`).textContent !== old,
        ['chart-cost-vs-util', before],
      );
      const after = await summaryOf(page, 'chart-cost-vs-util');
      const u = await rb.utilisation();
      assert.ok(after.includes(percent(u, lang)), `"${after}" lacks the new utilisation ${percent(u, lang)}`);
      // The rent does not move the break-even.
      assert.ok(after.includes(percent(be, lang)));
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  }
});

/** Clicks a chart's download button and returns the file's name and bytes. */
async function download(page, testid) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.click(`[data-testid="${testid}"]`)]);
  return { name: file.suggestedFilename(), bytes: await readFile(await file.path()) };
}

test('the CSV of the cost chart is a table of finite numbers under named columns', async () => {
  for (const lang of LANGS) {
    const { context, page, errors } = await s.fresh(`?view=rent-buy&lang=${lang}&util=40`);
    try {
      const { name, bytes } = await download(page, 'chart-cost-vs-util-csv');
      assert.equal(name, 'gpuplan-chart-cost-vs-util.csv');
      const lines = bytes.toString('utf8').replace(/^\uFEFF/, '').split('\r\n').filter((l) => l !== '');
      const header = lines[0].split(',');
      const w = texts(lang).rent_buy;
      assert.equal(header.length, 3, lines[0]);
      assert.ok(header[0].startsWith(w.axis_util), `${header[0]} is not ${w.axis_util}`);
      assert.ok(header[1].startsWith(w.line_own) && header[2].startsWith(w.line_rent), lines[0]);
      const rows = lines.slice(1).map((l) => l.split(',').map(Number));
      assert.ok(rows.length >= 10, `${rows.length} rows`);
      for (const r of rows) {
        assert.equal(r.length, 3);
        assert.ok(r.every(Number.isFinite), `not a number in ${r}`);
      }
      // The row at the chosen utilisation holds the costs the tiles show.
      const at = rows.find((r) => r[0] === 40);
      assert.ok(at, 'no row at 40%');
      assert.ok(Math.abs(at[1] - (await value(page, 'own-monthly'))) < 0.01, `own ${at[1]}`);
      assert.ok(Math.abs(at[2] - (await value(page, 'rent-monthly'))) < 0.01, `rent ${at[2]}`);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  }
});

test('the PNG of a chart is a PNG image', async () => {
  const { context, page, errors } = await s.fresh('?view=rent-buy&lang=en');
  try {
    const { name, bytes } = await download(page, 'chart-cost-vs-util-png');
    assert.equal(name, 'gpuplan-chart-cost-vs-util.png');
    assert.deepEqual([...bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    assert.ok(bytes.length > 1000, `${bytes.length} bytes`);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('on a phone the bill table cells name their column, and inputs their column and line', async () => {
  const context = await s.browser.newContext({ viewport: PHONE });
  try {
    for (const lang of LANGS) {
      const { page, errors } = await open(context, s.url, `?view=bill&lang=${lang}`);
      const cells = await page.$$eval('table.bill-lines tbody tr, table.bill-levers tbody tr', (rows) =>
        rows.flatMap((tr) => {
          // A line's last cell holds the remove button, which names itself.
          const tds = [...tr.children].filter((td) => !(tr.closest('.bill-lines') && td === tr.lastElementChild));
          return tds.map((td) => ({
            label: td.dataset.label ?? '',
            shown: getComputedStyle(td, '::before').content,
          }));
        }));
      assert.ok(cells.length >= 10, `${cells.length} cells`);
      const words = Object.values(texts(lang).table_label);
      for (const c of cells) {
        assert.ok(words.includes(c.label), `data-label "${c.label}"`);
        // Stacked, the cell shows its column's name above it.
        assert.equal(c.shown, JSON.stringify(c.label));
      }

      const w = texts(lang).table_label;
      const line = await page.inputValue('[data-testid="bill-line-0-label"]');
      assert.ok(line.length > 0);
      const named = (row) => w.named.replace('{column}', w.amount).replace('{row}', row);
      const amount = page.getByRole('textbox', { name: named(line), exact: true });
      assert.equal(await amount.getAttribute('data-testid'), 'bill-line-0-amount');
      // A renamed line renames its inputs.
      await page.fill('[data-testid="bill-line-0-label"]', 'GPU instances');
      await page.press('[data-testid="bill-line-0-label"]', 'Tab');
      const renamed = page.getByRole('textbox', { name: named('GPU instances'), exact: true });
      assert.equal(await renamed.getAttribute('data-testid'), 'bill-line-0-amount');
      // The group drop-down is named by column and row like the boxes.
      const group = w.named.replace('{column}', w.group).replace('{row}', 'GPU instances');
      const select = page.getByRole('combobox', { name: group, exact: true });
      assert.equal(await select.getAttribute('data-testid'), 'bill-line-0-group');
      assert.deepEqual(errors, [], lang);
      await page.close();
    }
  } finally {
    await context.close();
  }
});

/** Where a navigation tab is, against the window's width. */
function tabBox(page, view) {
  return page.$eval(`[data-testid="nav-${view}"]`, (a) => {
    const r = a.getBoundingClientRect();
    return { left: r.left, right: r.right, width: innerWidth, scrollY };
  });
}

test('on a phone the current tab is scrolled into the tab bar, on load and after a switch', async () => {
  const views = await allViews();
  const [first, last] = [views[0], views[views.length - 1]];
  const context = await s.browser.newContext({ viewport: PHONE });
  try {
    // The tabs are wider than the phone, or there is nothing to show.
    const { page } = await open(context, s.url, `?view=${first}&lang=en`);
    const before = await tabBox(page, last);
    assert.ok(before.right > before.width, `the last tab already fits: ${JSON.stringify(before)}`);

    // A click from a script does not scroll anything by itself, as Playwright's click would.
    await page.$eval(`[data-testid="nav-${last}"]`, (a) => a.click());
    await page.waitForSelector(`[data-testid="view-${last}"]`);
    await page.waitForFunction((id) => {
      const r = document.querySelector(`[data-testid="nav-${id}"]`).getBoundingClientRect();
      return r.left >= 0 && r.right <= innerWidth;
    }, last);
    const after = await tabBox(page, last);
    assert.ok(after.left >= 0 && after.right <= after.width, JSON.stringify(after));
    // Back to the first: scrolled back into view, and the page itself not scrolled down.
    await page.$eval(`[data-testid="nav-${first}"]`, (a) => a.click());
    await page.waitForFunction((id) => {
      const r = document.querySelector(`[data-testid="nav-${id}"]`).getBoundingClientRect();
      return r.left >= 0 && r.right <= innerWidth;
    }, first);
    assert.equal((await tabBox(page, first)).scrollY, 0);
    await page.close();

    // Opened on the last view, its tab is in view from the start.
    const opened = await open(context, s.url, `?view=${last}&lang=zh`);
    await opened.page.waitForFunction((id) => {
      const r = document.querySelector(`[data-testid="nav-${id}"]`).getBoundingClientRect();
      return r.left >= 0 && r.right <= innerWidth;
    }, last, { timeout: 5000 });
    assert.deepEqual(opened.errors, []);
  } finally {
    await context.close();
  }
});
