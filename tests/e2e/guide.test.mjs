// "The guide" is named once, where a newcomer looks: the footer links to a section at the top of
// the glossary that says which public guide it is, what it covers and which part each view models.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite } from './harness.mjs';

const s = suite();

for (const [lang, names, view] of [
  ['en', /public field guide to renting GPUs, a long article in Chinese/, /Rent or buy: section 1\.2/],
  ['zh', /公开的中文 GPU 租用实操长文/, /租还是买：第 1\.2 节/],
]) {
  test(`the footer leads to which guide the views follow and which section each models (${lang})`, async () => {
    const { context, page, errors } = await s.fresh(`?view=spot&lang=${lang}`);
    try {
      await page.click('[data-testid=about-guide-link]');
      await page.waitForSelector('[data-testid=view-glossary]');
      const about = page.locator('[data-testid=about-guide]');
      assert.match(await about.textContent(), names);
      assert.match(await about.textContent(), view);
      // One line per view of the navigation that models part of the guide.
      assert.equal(await about.locator('li').count(), 8);
      await page.waitForFunction(() => {
        const r = document.querySelector('[data-testid=about-guide]').getBoundingClientRect();
        return r.top < innerHeight && r.bottom > 0;
      });
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
}
