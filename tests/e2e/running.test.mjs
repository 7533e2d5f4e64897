// The billing, bill and checklists views in headless Chromium.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, open, value, pixels } from './harness.mjs';

const s = suite();

test('billing: the guide’s ten-minute run is billed as an hour; editing runs and the rule follows', async () => {
  const context = await s.browser.newContext();
  try {
    const { page, errors } = await open(context, s.url, '?view=billing');
    assert.equal(await value(page, 'billed-hours'), 1);
    assert.ok(Math.abs((await value(page, 'used-hours')) - 1 / 6) < 1e-9);
    const before = await pixels(page, 'chart-billing-rules');
    await page.fill('[data-testid=input-runs]', '10m,25m,3h');
    await page.waitForFunction(() => Number(document.querySelector('[data-testid=billed-hours]').dataset.value) === 5);
    assert.notEqual(await pixels(page, 'chart-billing-rules'), before);
    await page.selectOption('[data-testid=input-granularity]', 'day');
    await page.waitForFunction(() => Number(document.querySelector('[data-testid=billed-hours]').dataset.value) === 72);
    await page.waitForFunction(() => location.search.includes('granularity=day'));
    // A bad run list keeps the last good result and says why beside the field.
    await page.fill('[data-testid=input-runs]', '10m,abc');
    await page.waitForFunction(() => document.querySelector('[data-testid=error-runs]').textContent.includes('run 2'));
    assert.equal(await value(page, 'billed-hours'), 72);
    assert.equal(await value(page, 'stopped-per-month'), 298);
    assert.equal(await value(page, 'auto-release-saves'), 416);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('bill: the guide’s month, 21,000 with 4,000 saved; editing a line moves totals and chart', async () => {
  const context = await s.browser.newContext();
  try {
    const { page, errors } = await open(context, s.url, '?view=bill');
    assert.equal(await value(page, 'bill-total'), 21000);
    assert.equal(await value(page, 'bill-savings'), 4000);
    assert.equal((await value(page, 'bill-savings-share')).toFixed(3), '0.190');
    const before = await pixels(page, 'chart-bill-groups');
    // Public traffic doubles: the half-the-traffic lever follows it.
    await page.fill('[data-testid=bill-line-4-amount]', '3600');
    await page.waitForFunction(() => Number(document.querySelector('[data-testid=bill-total]').dataset.value) === 22800);
    assert.equal(await value(page, 'bill-savings'), 4900);
    assert.notEqual(await pixels(page, 'chart-bill-groups'), before);
    // A bad amount is refused beside the row; the totals keep their last good value.
    await page.fill('[data-testid=bill-line-0-amount]', 'lots');
    await page.waitForSelector('[data-testid=bill-line-0] .field-msg:not(:empty)');
    assert.equal(await value(page, 'bill-total'), 22800);
    // Switching a lever off and adding a line.
    await page.uncheck('[data-testid=bill-lever-0-on]');
    await page.waitForFunction(() => Number(document.querySelector('[data-testid=bill-savings]').dataset.value) === 3300);
    await page.click('[data-testid=bill-add-line]');
    await page.fill('[data-testid=bill-line-6-amount]', '200');
    await page.waitForFunction(() => Number(document.querySelector('[data-testid=bill-total]').dataset.value) === 23000);
    // The link carries the edited bill.
    await page.waitForFunction(() =>
      decodeURIComponent(location.search.replace(/\+/g, ' ')).includes('other~200~~new line'));
    const reopened = await open(context, s.url, new URL(page.url()).search);
    assert.equal(await value(reopened.page, 'bill-total'), 23000);
    // The new line is in "other": forgotten instances are 60% of it, 1,500 + 120.
    assert.equal(await value(reopened.page, 'bill-savings'), 3420);
    assert.deepEqual(errors, []);
    assert.deepEqual(reopened.errors, []);
  } finally {
    await context.close();
  }
});

test('a reload right after an edit keeps it, even when the address still shows the one before', async () => {
  const context = await s.browser.newContext();
  try {
    const { page, errors } = await open(context, s.url, '?view=checklists');
    await page.check('[data-testid=check-rel-release]');
    // The address catches up with the first tick; the second follows within the write delay,
    // and the reload starts from the address as it stands, one tick behind.
    await page.waitForFunction(() => location.search.includes('rel-release'));
    await page.check('[data-testid=check-env-smi]');
    await page.reload();
    await page.waitForSelector('[data-testid=view-checklists]');
    assert.ok(await page.isChecked('[data-testid=check-rel-release]'));
    assert.ok(await page.isChecked('[data-testid=check-env-smi]'));
    // The address now holds both, so a copy of it reproduces the page.
    assert.match(await page.evaluate(() => location.search), /env-smi/);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('checklists: a ticked item is still ticked after a reload; the advisor follows the workload', async () => {
  const context = await s.browser.newContext();
  try {
    const { page, errors } = await open(context, s.url, '?view=checklists');
    await page.check('[data-testid=check-rel-release]');
    await page.check('[data-testid=check-env-smi]');
    assert.equal(await value(page, 'checklist-progress'), 2);
    // Leaving the page writes the ticks at once; the reload reads them back from the link and
    // storage alike, so open the bare view too, which has only storage to go on.
    await page.reload();
    await page.waitForSelector('[data-testid=view-checklists]');
    assert.ok(await page.isChecked('[data-testid=check-rel-release]'));
    assert.ok(await page.isChecked('[data-testid=check-env-smi]'));
    assert.ok(!(await page.isChecked('[data-testid=check-rel-copy]')));
    // Advisor: the guide's 7B full fine-tune spans cards, so only a whole machine (and spot with
    // checkpoints) fit; without checkpoint-resume spot is excluded.
    assert.equal(await page.getAttribute('[data-testid=advisor-whole-machine]', 'data-value'), 'fit');
    assert.equal(await page.getAttribute('[data-testid=advisor-per-card]', 'data-value'), 'excluded');
    assert.equal(await page.getAttribute('[data-testid=advisor-spot]', 'data-value'), 'fit');
    await page.uncheck('[data-testid=input-ckpt]');
    await page.waitForFunction(() => document.querySelector('[data-testid=advisor-spot]').dataset.value === 'excluded');
    assert.match(await page.textContent('[data-testid=advisor-spot]'), /checkpoint-resume/);
    await page.selectOption('[data-testid=input-profile]', 'inference');
    await page.waitForFunction(() => document.querySelector('[data-testid=advisor-managed]').dataset.value === 'excluded');
    // Chinese text on request.
    await page.click('[data-testid=checklist-lang-zh]');
    await page.waitForFunction(() => document.querySelector('[data-testid=checklist-release]').textContent.includes('释放'));
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

for (const lang of ['en', 'zh']) {
  test(`[${lang}] bill: after the user's own lines the habits save from the user's groups, and a habit without an amount is asked for`, async () => {
    const context = await s.browser.newContext();
    try {
      const { page, errors } = await open(context, s.url, `?view=bill&lang=${lang}`);
      assert.equal(await value(page, 'bill-savings'), 4000);
      // Storage 1,100 and other 500 of the user's own: old snapshots 72.7% of storage (800),
      // forgotten instances 60% of other (300), half the traffic (900); not the guide's 1,600
      // and 1,500.
      await page.fill('[data-testid=bill-line-3-amount]', '1100');
      await page.fill('[data-testid=bill-line-5-amount]', '500');
      await page.waitForFunction(() => Number(document.querySelector('[data-testid=bill-total]').dataset.value) === 17900);
      await page.waitForFunction(() => Number(document.querySelector('[data-testid=bill-savings]').dataset.value) === 2000);
      assert.equal(await value(page, 'bill-lever-0-saves'), 800);
      assert.equal(await value(page, 'bill-lever-1-saves'), 300);
      // Ticking a habit that has no amount: the headline and the row ask for it.
      await page.check('[data-testid=bill-lever-3-on]');
      await page.waitForFunction(() => document.querySelector('[data-testid=headline]').dataset.value === 'ask');
      assert.notEqual((await page.textContent('[data-testid=bill-lever-3-msg]')).trim(), '');
      await page.fill('[data-testid=bill-lever-3-value]', '700');
      await page.locator('[data-testid=bill-lever-3-value]').blur();
      await page.waitForFunction(() => document.querySelector('[data-testid=headline]').dataset.value === 'saves');
      assert.equal(await value(page, 'bill-savings'), 2700);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
}
