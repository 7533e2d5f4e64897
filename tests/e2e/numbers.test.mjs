// Numbers as a reader sees them: no amount of money with a single decimal on any view in either
// language (0 or 2, never `CN¥5,702.4`), and where no context fits on the cards the page says so
// instead of "0, or one context of up to 0 tokens".
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, registryViews } from './harness.mjs';

const s = suite();
const VIEWS = registryViews().filter((v) => v.inNav).map((v) => v.id);

test('no amount of money is shown with one decimal, on any view, in either language', async () => {
  const { context, page } = await s.fresh('?lang=en');
  try {
    const found = [];
    for (const lang of ['en', 'zh']) {
      // 7.92 an hour for 720 hours at 50% is 2,851.20 a month, written 2,851.2 before.
      for (const query of ['', '&price=7.92']) {
        for (const view of VIEWS) {
          await page.goto(`${s.url}?view=${view}&lang=${lang}${query}`);
          await page.waitForSelector('main [data-testid^="view-"]');
          const text = await page.evaluate(() => document.body.innerText);
          for (const m of text.matchAll(/(?:CN¥|US\$|\$|¥)-?[\d,]+\.\d(?!\d)/g)) {
            found.push(`${view} [${lang}${query}]: ${m[0]}`);
          }
        }
      }
    }
    assert.deepEqual(found, []);
  } finally {
    await context.close();
  }
});

test('when not one context fits, the concurrency tile says so rather than "up to 0 tokens"', async () => {
  for (const lang of ['en', 'zh']) {
    const { context, page } = await s.fresh(`?view=inference&model=llama-3.1-70b&gpu=rtx-4090&lang=${lang}`);
    try {
      assert.equal(await page.getAttribute('[data-testid="max-concurrency"]', 'data-value'), '0');
      const note = await page.$eval('[data-testid="max-concurrency"]', (v) =>
        v.closest('.stat').querySelector('.stat-note').textContent);
      assert.doesNotMatch(note, /\b0 tokens|最多 0 个/, `[${lang}] ${note}`);
      assert.match(note, lang === 'en' ? /not one context fits/ : /一条上下文也放不下/, `[${lang}] ${note}`);
    } finally {
      await context.close();
    }
  }
});
