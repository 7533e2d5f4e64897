// Chinese as a Chinese author writes it, in the built page: a link's unknown example is reported
// with the key's Chinese name, never the raw key "preset："; a price's source is named as Chinese
// readers know the site (虎嗅, not Huxiu); the formulas' brackets around Chinese are full-width.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite } from './harness.mjs';
import { RentBuyPage } from './pages.mjs';

const s = suite();

test('an unknown example in a Chinese link is named 指南示例, not "preset"', async () => {
  const { context, page, errors } = await s.fresh('?preset=qqq&lang=zh');
  try {
    const notice = await page.textContent('[data-testid=link-notice]');
    assert.match(notice, /指南示例/);
    assert.doesNotMatch(notice, /preset/i);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('a machine picked in Chinese names its price source in Chinese, and the working brackets Chinese in （）', async () => {
  const { context, page, errors } = await s.fresh('?view=rent-buy&lang=zh');
  try {
    const working = await page.$$eval('main .formula', (fs) => fs.map((f) => f.textContent).join('\n'));
    assert.match(working, /（购置价 − 残值）/);
    // ASCII brackets stay only for a function's arguments (min(…)) and around numbers alone.
    assert.doesNotMatch(working, /(?<![A-Za-z])\([^()]*[\u4e00-\u9fff][^()]*\)/);
    const rb = new RentBuyPage(page);
    // H100 machines: the purchase read on 虎嗅 (Huxiu), the monthly rent on 东方财富 (Eastmoney).
    await rb.pick('8x-h100');
    const filled = await page.textContent('[data-testid=catalogue-filled]');
    assert.match(filled, /虎嗅/);
    assert.match(filled, /东方财富/);
    assert.doesNotMatch(filled, /Huxiu|Eastmoney/);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
