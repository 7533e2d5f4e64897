// Chinese and English: every view's labels and tiles in Chinese, read from the locale files;
// the browser's language when the link names none; a switch that keeps every input; currencies
// converted at the rate; numbers typed as Chinese readers type them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, value, VIEWS_WITH_INPUTS } from './harness.mjs';
import { texts } from './locales.mjs';

const s = suite();
const zh = texts('zh');
const en = texts('en');
const VIEWS = VIEWS_WITH_INPUTS;

/** Every string of a locale, to tell whether a text on the page is one of them. */
function strings(t, out = new Set()) {
  for (const v of Object.values(t)) {
    if (typeof v === 'string') out.add(v.trim());
    else strings(v, out);
  }
  return out;
}
const zhStrings = strings(zh);

/** The labels of a view's inputs and tiles, as the page shows them. */
function labels(page) {
  return page.$$eval('main [data-testid^="input-"], main .stat-label', (els) =>
    els
      .map((el) => {
        if (el.classList.contains('stat-label')) return el.textContent.trim();
        const field = el.closest('.field');
        const label = field?.querySelector('.field-label');
        if (label) return label.textContent.trim();
        // A checkbox is labelled by the text after it.
        return el.type === 'checkbox' ? el.closest('label')?.textContent.trim() : null;
      })
      .filter((t) => t));
}

for (const view of VIEWS) {
  test(`the ${view} view in Chinese shows the locale file's labels`, async () => {
    const { context, page, errors } = await s.fresh(`?view=${view}&lang=zh`);
    try {
      assert.equal(await page.getAttribute('html', 'lang'), 'zh-CN');
      assert.equal((await page.textContent(`[data-testid="nav-${view}"]`)).trim(), zh.view[view]);
      assert.ok((await page.title()).startsWith(zh.view[view]), await page.title());
      const shown = await labels(page);
      assert.ok(shown.length > 0, 'no labels found');
      const foreign = shown.filter((t) => !zhStrings.has(t));
      assert.deepEqual(foreign, [], `labels not from zh.toml: ${foreign.join(' | ')}`);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
}

test('a Chinese browser with no language in the link opens in Chinese', async () => {
  const { context, page } = await s.fresh('', { locale: 'zh-CN' });
  try {
    assert.equal(await page.getAttribute('html', 'lang'), 'zh-CN');
    assert.equal((await page.textContent('[data-testid="nav-rent-buy"]')).trim(), zh.view['rent-buy']);
    // The link does not gain a language the reader did not choose.
    assert.ok(!page.url().includes('lang='), page.url());
  } finally {
    await context.close();
  }
});

test('switching language keeps every input and follows in the title, html lang and link', async () => {
  const { context, page } = await s.fresh('?price=90');
  try {
    assert.equal(await page.getAttribute('html', 'lang'), 'en');
    await page.fill('[data-testid="input-hosting"]', '3000');
    const own = await value(page, 'own-monthly');
    await page.click('[data-testid="lang-zh"]');
    await page.waitForFunction(() => document.documentElement.lang === 'zh-CN');
    assert.equal(await value(page, 'own-monthly'), own);
    assert.equal(await value(page, 'rent-monthly'), 90 * 720 * 0.5);
    assert.equal(await page.inputValue('[data-testid="input-hosting"]'), '3,000');
    assert.ok((await page.title()).startsWith(zh.view['rent-buy']));
    await page.waitForURL(/lang=zh/);
    // Back to English, and the choice is remembered for the next visit without a link.
    await page.click('[data-testid="lang-en"]');
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    assert.equal((await page.textContent('[data-testid="nav-rent-buy"]')).trim(), en.view['rent-buy']);
    await page.click('[data-testid="lang-zh"]');
    await page.goto(page.url().replace(/lang=zh&?/, ''));
    await page.waitForSelector('[data-testid="view-rent-buy"]');
    assert.equal(await page.getAttribute('html', 'lang'), 'zh-CN');
  } finally {
    await context.close();
  }
});

test('a link in dollars at 7.2 shows the guide owning cost converted', async () => {
  const { context, page } = await s.fresh('?cur=USD&fx=7.2');
  try {
    const own = await value(page, 'own-monthly');
    assert.ok(Math.abs(own - 46853.33 / 7.2) < 0.01, String(own));
    assert.match(await page.textContent('[data-testid="own-monthly"]'), /\$6,507\.41/);
  } finally {
    await context.close();
  }
});

test('switching currency on the page converts the amounts at the rate', async () => {
  const { context, page } = await s.fresh('?fx=8');
  try {
    const own = await value(page, 'own-monthly');
    await page.check('[data-testid="input-cur"] input[type=radio] >> nth=1');
    await page.waitForFunction(() => document.querySelector('[data-testid="own-monthly"]').textContent.includes('$'));
    assert.ok(Math.abs((await value(page, 'own-monthly')) - own / 8) < 1e-6);
    assert.equal(await page.inputValue('[data-testid="input-purchase"]'), '150,000');
    assert.equal(await page.inputValue('[data-testid="input-price-box"]'), '15');
    // And back: the guide's figures again.
    await page.check('[data-testid="input-cur"] input[type=radio] >> nth=0');
    await page.waitForFunction(() => !document.querySelector('[data-testid="own-monthly"]').textContent.includes('$'));
    assert.ok(Math.abs((await value(page, 'own-monthly')) - own) < 1e-6);
  } finally {
    await context.close();
  }
});

test('numbers typed the way Chinese readers write them are read, and refusals are worded', async () => {
  const { context, page } = await s.fresh(`?lang=zh&purchase=${encodeURIComponent('120万')}&price=${encodeURIComponent('１２０')}`);
  try {
    assert.equal(await page.inputValue('[data-testid="input-purchase"]'), '1,200,000');
    assert.equal(await page.inputValue('[data-testid="input-price-box"]'), '120');
    assert.equal(await page.textContent('[data-testid="error-purchase"]'), '');
    await page.fill('[data-testid="input-purchase"]', '１５０万');
    await page.waitForFunction(() =>
      Number(document.querySelector('[data-testid="own-monthly"]').dataset.value) > 55000);
    await page.fill('[data-testid="input-util-box"]', '70%');
    assert.equal(await page.textContent('[data-testid="error-util"]'), '');
    await page.fill('[data-testid="input-util-box"]', '170');
    const msg = await page.textContent('[data-testid="error-util"]');
    assert.ok(msg.startsWith(zh.field.util), msg);
    assert.match(msg, /0%.*100%/);
    assert.ok(!/util|inf/.test(msg), msg);
    // A decimal comma is refused rather than read ten times too large.
    await page.fill('[data-testid="input-months"]', '3,5');
    assert.ok((await page.textContent('[data-testid="error-months"]')).startsWith(zh.field.months));
  } finally {
    await context.close();
  }
});
