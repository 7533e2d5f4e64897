// Embedding (embed=1), the printed page, and the toolbar's reset, copy-link and results-CSV
// actions, in headless Chromium.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, open, value } from './harness.mjs';
import { visit } from './pages.mjs';
import { ToolbarPage, Host, parseCsv } from './toolbar.mjs';

const s = suite();
const FRAME = { width: 900, height: 600 };

/** The query's keys of an address, in order. */
const keys = (href) => [...new URL(href).searchParams.keys()];

/** Opens `query` in a fresh profile with a 900 x 600 window. */
async function small(query, options = {}) {
  const context = await s.browser.newContext({ viewport: FRAME, ...options });
  return { context, ...(await open(context, s.url, query)) };
}

for (const view of ['rent-buy', 'training', 'inference', 'serving', 'spot']) {
  test(`an embedded ${view} view is alone, and its answer and first result fit a 900 x 600 frame`, async () => {
    const { context, page, errors } = await small(`?embed=1&view=${view}`);
    try {
      for (const gone of ['header.top', 'nav', 'footer', '[data-testid=reset-view]', '[data-testid=copy-link]', '[data-testid=storage-notice]']) {
        assert.equal(await page.locator(gone).count(), 0, gone);
      }
      assert.equal(await page.locator('main [data-testid^="view-"]').count(), 1);
      const bottom = (sel) => page.$eval(sel, (e) => e.getBoundingClientRect().bottom);
      assert.ok((await bottom('[data-testid=headline]')) <= FRAME.height, 'headline below the fold');
      assert.ok((await bottom('main .stat')) <= FRAME.height, `first result at ${await bottom('main .stat')} px`);
      // The inputs are folded; opened, they show under their summary.
      const visible = (sel) => page.locator(sel).evaluateAll((es) => es.filter((e) => e.checkVisibility()).length);
      assert.equal(await visible('main form.inputs'), 0);
      await page.click('[data-testid=embed-inputs] > summary');
      assert.ok((await visible('main form.inputs')) >= 1);
      assert.equal(await page.locator('[data-testid=embed-open]').count(), 1);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
}

test('an embed tells the page that frames it its height, and again when it changes', async () => {
  const context = await s.browser.newContext({ viewport: { width: 1200, height: 900 } });
  try {
    const host = new Host(await context.newPage());
    const frame = await host.frame(`${s.url}?embed=1&view=rent-buy&util=70`, FRAME.width, FRAME.height);
    const first = await host.nextHeight();
    const own = await frame.evaluate(() => Math.ceil(document.documentElement.getBoundingClientRect().height));
    assert.equal(first, own);
    assert.ok(first > FRAME.height, `${first} px: the whole page, not the frame`);
    // A narrower frame stacks the page taller: a new height is posted.
    const seen = (await host.heights()).length;
    await host.resize(420, FRAME.height);
    const taller = await host.nextHeight(seen);
    assert.ok(taller > first, `${taller} after ${first}`);
    assert.equal(taller, await frame.evaluate(() => Math.ceil(document.documentElement.getBoundingClientRect().height)));
    // The frame sized to the height it gave shows everything without a scroll bar of its own.
    await host.resize(420, taller);
    await frame.waitForFunction(() => document.documentElement.scrollHeight <= innerHeight);
  } finally {
    await context.close();
  }
});

test('an embed opened as a page of its own posts nothing', async () => {
  const context = await s.browser.newContext();
  await context.addInitScript(() => {
    window.posted = [];
    window.addEventListener('message', (e) => window.posted.push(e.data));
  });
  try {
    const { page } = await open(context, s.url, '?embed=1');
    await page.waitForTimeout(500);
    assert.deepEqual(await page.evaluate(() => window.posted), []);
  } finally {
    await context.close();
  }
});

test('the embed\'s "open in gpuplan" link carries the same state without embed', async () => {
  const { context, page, errors } = await small('?embed=1&view=spot&spot_price=40');
  try {
    const link = page.locator('[data-testid=embed-open]');
    assert.equal(await link.getAttribute('target'), '_blank');
    assert.match(await link.getAttribute('rel'), /\bnoopener\b/);
    let href = await link.getAttribute('href');
    assert.ok(!keys(href).includes('embed'), href);
    assert.equal(new URL(href).searchParams.get('spot_price'), '40');
    // An edit in the embed (its inputs opened) reaches the link once edits pause.
    await page.click('[data-testid=embed-inputs] > summary');
    await page.fill('[data-testid=input-job_hours]', '123');
    await page.waitForFunction(() =>
      new URL(document.querySelector('[data-testid=embed-open]').href).searchParams.get('job_hours') === '123');
    href = await link.getAttribute('href');
    // The link opens the full page on the same inputs and figures.
    const cost = await value(page, 'spot-cost');
    const full = await context.newPage();
    await full.goto(href);
    await full.waitForSelector('[data-testid=view-spot]');
    assert.equal(await full.locator('header.top').count(), 1);
    assert.equal(await full.inputValue('[data-testid=input-job_hours]'), '123');
    assert.equal(await value(full, 'spot-cost'), cost);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('an embed never writes storage and does not open the reader\'s saved scenario', async () => {
  const context = await s.browser.newContext({ viewport: FRAME });
  await context.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) {
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('gpuplan/v2/current', 'schema=2&price=77');
    }
  });
  const everything = (page) => page.evaluate(() => JSON.stringify(Object.entries(localStorage).sort()));
  try {
    // The reader's own page opens their save.
    const { page: own } = await open(context, s.url, '');
    assert.equal(await own.inputValue('[data-testid=input-price-box]'), '77');
    const before = await everything(own);
    await own.close();
    // The embed without inputs shows the guide's example, and an edit there is not saved.
    const { page, errors } = await open(context, s.url, '?embed=1');
    assert.equal(await page.inputValue('[data-testid=input-price-box]'), '120');
    await page.click('[data-testid=embed-inputs] > summary');
    await page.fill('[data-testid=input-purchase]', '999999');
    await page.waitForURL(/purchase=999999/);
    await page.reload();
    await page.waitForSelector('[data-testid=view-rent-buy]');
    assert.equal(await page.inputValue('[data-testid=input-purchase]'), '999,999');
    assert.equal(await everything(page), before);
    assert.equal(await page.locator('[data-testid=storage-notice]').count(), 0);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('printed: results first, then formulas and charts, no controls, the link and the date on top', async () => {
  const { context, page, errors } = await small('?util=70');
  try {
    const t = new ToolbarPage(page);
    await page.fill('[data-testid=input-purchase]', '900000');
    await t.addressHas(/purchase=900000/);
    await page.emulateMedia({ media: 'print' });
    for (const hidden of ['main form.inputs', 'header.top', '[data-testid=reset-all]', '[data-testid=copy-link]', 'a.skip', 'footer', 'main button']) {
      const shown = await page.locator(hidden).evaluateAll((es) => es.filter((e) => e.checkVisibility()).length);
      assert.equal(shown, 0, hidden);
    }
    const stamp = page.locator('[data-testid=print-stamp]');
    assert.ok(await stamp.isVisible());
    // The stamp follows the state (its line waits for edits to pause, as the address does).
    await page.waitForFunction((href) =>
      document.querySelector('[data-testid=print-stamp]').textContent.startsWith(href), await t.href());
    const text = await stamp.textContent();
    assert.ok(text.includes('purchase=900000') && text.includes('util=70'), text);
    assert.ok(text.includes(String(new Date().getFullYear())), text);
    // In reading order: headline, results, formulas (unfolded), charts, each chart the page's width.
    const top = (sel) => page.$eval(sel, (e) => e.getBoundingClientRect().top);
    const order = [await top('[data-testid=headline]'), await top('main .stat'), await top('main .formula'), await top('main .chart')];
    assert.deepEqual([...order].sort((a, b) => a - b), order);
    assert.ok(await page.locator('main .formula .formula-numbers').first().isVisible());
    const widths = await page.$$eval('main .chart', (cs) => cs.map((c) => [
      c.getBoundingClientRect().width, c.closest('main').getBoundingClientRect().width, getComputedStyle(c).breakInside,
    ]));
    assert.ok(widths.length >= 2);
    for (const [w, main, brk] of widths) {
      assert.ok(w >= main - 1, `${w} of ${main}`);
      assert.equal(brk, 'avoid');
    }
    // Back on screen, the stamp is gone and the form is back.
    await page.emulateMedia({ media: 'screen' });
    assert.ok(!(await stamp.isVisible()));
    assert.ok(await page.locator('main form.inputs').isVisible());
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('printed in Chinese, the date is written the Chinese way', async () => {
  const { context, page } = await small('?lang=zh&view=training');
  try {
    await page.emulateMedia({ media: 'print' });
    const text = await page.textContent('[data-testid=print-stamp]');
    assert.match(text, /打印于 \d{4}年\d{1,2}月\d{1,2}日$/);
    assert.ok(text.includes('view=training'), text);
  } finally {
    await context.close();
  }
});

test('reset this view puts the example back, keeps the other views, and can be undone', () =>
  visit(s, '?seq=4096', ToolbarPage, async (t, page) => {
    const example = await t.input('purchase');
    const own = await t.value('own-monthly');
    await t.type('purchase', '3000000');
    await t.addressHas(/purchase=3000000/);
    assert.notEqual(await t.value('own-monthly'), own);
    await t.resetView();
    assert.equal(await t.input('purchase'), example);
    assert.equal(await t.value('own-monthly'), own);
    assert.match(await t.status(), /“Rent or buy” is back to the guide's example/);
    await page.waitForFunction(() => !location.search.includes('purchase='));
    // Another view's input is not this view's to reset.
    assert.match(t.query(), /seq=4096/);
    await t.undo();
    assert.equal(await t.input('purchase'), '3,000,000');
    await t.addressHas(/purchase=3000000/);
    assert.match(await t.status(), /Undone/);
  }));

test('reset this view in dollars gives the example converted at the rate in use', async () => {
  const { context, page } = await small('?cur=USD&fx=8');
  const { context: c2, page: changed } = await small('?cur=USD&fx=8&price=50&purchase=200000&hosting=10');
  try {
    const example = {
      own: await value(page, 'own-monthly'),
      rent: await value(page, 'rent-monthly'),
      price: await page.inputValue('[data-testid=input-price-box]'),
    };
    assert.equal(example.price, '15');
    const t = new ToolbarPage(changed);
    assert.notEqual(await t.value('own-monthly'), example.own);
    await t.resetView();
    assert.equal(await t.input('price-box'), example.price);
    assert.ok(Math.abs((await t.value('own-monthly')) - example.own) < 1e-6);
    assert.ok(Math.abs((await t.value('rent-monthly')) - example.rent) < 1e-6);
    // The currency and the rate stay.
    await changed.waitForFunction(() => !location.search.includes('price='));
    assert.match(t.query(), /cur=USD/);
    assert.match(t.query(), /fx=8/);
  } finally {
    await context.close();
    await c2.close();
  }
});

test('reset everything asks first, then restores every view, and can be undone', () =>
  visit(s, '?view=spot&cur=USD&job_hours=123&seq=4096&price=50', ToolbarPage, async (t, page) => {
    const before = t.query();
    await t.resetAll('cancel');
    assert.equal(t.query(), before);
    assert.ok(!(await page.locator('[data-testid=reset-undo]').isVisible()));
    await t.resetAll('confirm');
    assert.match(await t.status(), /Every view is back to the guide's example/);
    // Only the view is left in the link: every input is the example's again.
    await page.waitForFunction(() => [...new URLSearchParams(location.search).keys()].join() === 'view');
    assert.equal(await t.input('job_hours'), (await (async () => {
      const fresh = await s.fresh('?view=spot');
      try {
        return await fresh.page.inputValue('[data-testid=input-job_hours]');
      } finally {
        await fresh.context.close();
      }
    })()));
    await t.go('training');
    assert.notEqual(await t.input('seq-box'), '4,096');
    await t.undo();
    await t.addressHas(/job_hours=123/);
    assert.match(t.query(), /seq=4096/);
    assert.match(t.query(), /cur=USD/);
    assert.equal(await t.input('seq-box'), '4,096');
  }));

test('copy link puts the page\'s address on the clipboard', async () => {
  const { context, page, errors } = await small('?util=70', { permissions: ['clipboard-read', 'clipboard-write'] });
  try {
    const t = new ToolbarPage(page);
    await t.type('purchase', '950000');
    // Copied straight after an edit: the link is the state's, even before the address catches up.
    await t.copyLink();
    await page.waitForFunction(() =>
      document.querySelector('[data-testid=toolbar-status]').textContent.includes('Link copied.'));
    assert.equal(await page.getAttribute('[data-testid=toolbar-status]', 'role'), 'status');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    await t.addressHas(/purchase=950000/);
    assert.equal(copied, await t.href());
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('without a clipboard, copy link shows the link selected to copy by hand', async () => {
  const context = await s.browser.newContext({ viewport: FRAME, locale: 'zh-CN' });
  await context.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => undefined, configurable: true });
  });
  try {
    const { page, errors } = await open(context, s.url, '?util=70');
    const t = new ToolbarPage(page);
    await t.copyLink();
    const box = page.locator('[data-testid=copy-link-text]');
    await box.waitFor();
    assert.equal(await box.inputValue(), await t.href());
    assert.ok(await box.evaluate((b) => document.activeElement === b && b.selectionStart === 0 && b.selectionEnd === b.value.length));
    assert.match(await t.status(), /Ctrl\+C/);
    assert.match(await t.status(), /浏览器/);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('results as CSV: every key result of the view, with its label, value and text', () =>
  visit(s, '?util=70&price=95', ToolbarPage, async (t, page) => {
    const { name, text } = await t.resultsCsv();
    assert.equal(name, 'gpuplan-rent-buy.csv');
    const rows = parseCsv(text.replace(/^\uFEFF/, ''));
    assert.deepEqual(rows[0], ['testid', 'label', 'value', 'text']);
    const hooks = await page.$$eval('main [data-testid][data-value]', (es) => es.map((e) => e.dataset.testid));
    assert.deepEqual(rows.slice(1).map((r) => r[0]), hooks);
    for (const r of rows) assert.equal(r.length, 4, r.join('|'));
    const breakEven = rows.find((r) => r[0] === 'break-even-utilization');
    assert.ok(breakEven, text);
    assert.equal(breakEven[2], await page.getAttribute('[data-testid=break-even-utilization]', 'data-value'));
    assert.equal(breakEven[1], await page.textContent('.stat:has([data-testid=break-even-utilization]) .stat-label'));
    assert.equal(breakEven[3], (await page.textContent('[data-testid=break-even-utilization]')).trim());
    const rent = rows.find((r) => r[0] === 'rent-monthly');
    assert.equal(Number(rent[2]), 95 * 720 * 0.7);
    // The headline's sentence has commas: quoted, it still reads back as one field.
    const headline = rows.find((r) => r[0] === 'headline');
    assert.equal(headline[1], 'Answer');
    assert.ok(headline[3].length > 20 && !headline[3].includes('?'), headline[3]);
  }));
