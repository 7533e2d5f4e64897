// The rent-or-buy view in headless Chromium, as a person uses it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, open, value, text, pixels, drag } from './harness.mjs';

const s = suite();

test('the default page shows the guide’s worked example', async () => {
  const { context, page, errors } = await s.fresh();
  try {
    assert.ok(Math.abs((await value(page, 'own-monthly')) - 46853.333333) < 0.01);
    assert.equal(await value(page, 'rent-monthly'), 43200);
    assert.equal((await value(page, 'break-even-utilization')).toFixed(4), '0.5423');
    assert.equal(await text(page, 'verdict'), 'rent');
    assert.match(await page.textContent('[data-testid=sentence]'), /Below 54\.2% utilisation, renting is cheaper/);
    assert.match(await page.textContent('[data-testid=own-monthly]'), /46,853\.33/);
    assert.equal(await page.getAttribute('html', 'lang'), 'en');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('dragging the utilisation slider flips the verdict and redraws the chart', async () => {
  const { context, page, errors } = await s.fresh();
  try {
    const before = await pixels(page, 'chart-cost-vs-util');
    const draws = Number(await page.getAttribute('[data-testid=chart-cost-vs-util]', 'data-draws'));
    const entries = await page.evaluate(() => history.length);
    await drag(page, 'input-util', 0.9);
    await page.waitForFunction(() => document.querySelector('[data-testid=verdict]').dataset.value === 'buy');
    const util = Number(await page.inputValue('[data-testid=input-util]'));
    assert.ok(util > 80 && util <= 100, `slider at ${util}`);
    assert.ok((await value(page, 'rent-monthly')) > 46853.34);
    assert.notEqual(await pixels(page, 'chart-cost-vs-util'), before);
    assert.ok(Number(await page.getAttribute('[data-testid=chart-cost-vs-util]', 'data-draws')) > draws);
    // The link follows the slider without adding history entries.
    await page.waitForURL(/util=\d/);
    assert.equal(await page.evaluate(() => history.length), entries);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('a shared link sets the inputs: ?price=200&util=30', async () => {
  const { context, page } = await s.fresh('?price=200&util=30');
  try {
    assert.equal((await value(page, 'break-even-utilization')).toFixed(4), '0.3254');
    assert.equal(await page.inputValue('[data-testid=input-price-box]'), '200');
    assert.equal(await text(page, 'verdict'), 'rent');
  } finally {
    await context.close();
  }
});

test('the rent slider stands at the rent in force, in dollars and beyond its range', async () => {
  // In dollars (15 an hour, below the yuan range's 40), and typed past the range's top: the
  // slider's range follows, so its thumb never shows another figure than the box.
  const { context, page, errors } = await s.fresh('?cur=USD&price=15');
  try {
    const slider = '[data-testid=input-price]';
    const range = () => page.$eval(slider, (e) => [Number(e.min), Number(e.max), Number(e.value)]);
    const [min, max, at] = await range();
    assert.ok(min < 15 && max > 15 && max < 100, `dollar range ${min}..${max}`);
    assert.equal(at, 15);
    const box = page.locator('[data-testid=input-price-box]');
    await box.click();
    await box.press('Control+A');
    await box.pressSequentially('95', { delay: 30 });
    await page.waitForFunction((sel) => document.querySelector(sel).value === '95', slider);
    assert.equal((await range())[1], 95);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('edited inputs survive a reload, and a bare address restores them from storage', async () => {
  const { context, page } = await s.fresh();
  try {
    await page.fill('[data-testid=input-purchase]', '900000');
    await page.waitForFunction(() => Number(document.querySelector('[data-testid=own-monthly]').dataset.value) < 40000);
    const edited = await value(page, 'own-monthly');
    assert.ok(Math.abs(edited - (900000 / 36 + 2520 + 11000)) < 0.01);
    await page.reload();
    await page.waitForSelector('[data-testid=own-monthly]');
    assert.equal(await value(page, 'own-monthly'), edited);
    const bare = page.url().split('?')[0];
    await page.goto(bare);
    await page.waitForSelector('[data-testid=own-monthly]');
    assert.equal(await value(page, 'own-monthly'), edited);
    assert.equal(await page.inputValue('[data-testid=input-purchase]'), '900,000');
  } finally {
    await context.close();
  }
});

test('a garbage link value shows a message and the default, without crashing', async () => {
  const { context, page, errors } = await s.fresh('?price=abc');
  try {
    const msg = await page.textContent('[data-testid=error-price]');
    assert.match(msg, /^Rent per machine-hour: “abc” is not a number; the default is used$/);
    assert.equal(await value(page, 'rent-monthly'), 43200);
    assert.equal((await value(page, 'break-even-utilization')).toFixed(4), '0.5423');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('invalid typing keeps the last good result and says what is wrong', async () => {
  const { context, page, errors } = await s.fresh();
  try {
    await page.fill('[data-testid=input-months]', '0');
    assert.match(await page.textContent('[data-testid=error-months]'), /^Amortisation must be between 1 and 240; not used, still using 36$/);
    assert.ok(Math.abs((await value(page, 'own-monthly')) - 46853.333333) < 0.01);
    assert.equal(await page.getAttribute('[data-testid=input-months]', 'aria-invalid'), 'true');
    await page.fill('[data-testid=input-months]', '48');
    assert.equal(await page.textContent('[data-testid=error-months]'), '');
    assert.ok(Math.abs((await value(page, 'own-monthly')) - (1200000 / 48 + 13520)) < 0.01);
    // A contradiction between two fields: resale above purchase.
    await page.fill('[data-testid=input-resale]', '5000000');
    assert.match(await page.textContent('[data-testid=error-resale]'), /Resale value at the end \(CN¥5,000,000\) is above the purchase price \(CN¥1,200,000\)/);
    assert.ok(Math.abs((await value(page, 'own-monthly')) - (1200000 / 48 + 13520)) < 0.01);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('damaged saved data is reported and set aside, not lost', async () => {
  const context = await s.browser.newContext();
  // Saved data damaged while the page was closed (before the app's first read).
  await context.addInitScript(() => {
    if (!sessionStorage.getItem('damaged')) {
      sessionStorage.setItem('damaged', '1');
      localStorage.setItem('gpuplan/v1/current', '{broken');
    }
  });
  try {
    const first = await open(context, s.url);
    await first.page.waitForSelector('[data-testid=storage-notice]');
    assert.match(await first.page.textContent('[data-testid=storage-notice]'), /could not be read/);
    const kept = await first.page.evaluate(() =>
      Object.keys(localStorage).filter((k) => k.startsWith('gpuplan/v1/damaged/')).map((k) => localStorage.getItem(k)),
    );
    assert.deepEqual(kept, ['{broken']);
    assert.ok(Math.abs((await value(first.page, 'own-monthly')) - 46853.333333) < 0.01);
  } finally {
    await context.close();
  }
});

test('a demand profile gives the hybrid plan', async () => {
  const { context, page } = await s.fresh('?demand=1440,1440,1440,2160');
  try {
    assert.equal(await value(page, 'hybrid-owned'), 2);
    assert.ok(Math.abs((await value(page, 'hybrid-monthly')) - (2 * 46853.333333 + 21600)) < 0.01);
  } finally {
    await context.close();
  }
});

test('embed=1 shows the view alone', async () => {
  const { context, page } = await s.fresh('?embed=1');
  try {
    assert.equal(await page.locator('header.top').count(), 0);
    assert.equal(await page.locator('[data-testid=view-rent-buy]').count(), 1);
  } finally {
    await context.close();
  }
});
