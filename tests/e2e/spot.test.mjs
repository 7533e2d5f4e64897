// The spot view in headless Chromium.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, open, value, pixels } from './harness.mjs';

const s = suite();

test('spot defaults: about 112 h and 0.39x on demand with checkpoints, 2,985 h without', async () => {
  const context = await s.browser.newContext();
  try {
    const { page, errors } = await open(context, s.url, '?view=spot');
    assert.ok(Math.abs((await value(page, 'spot-wall-hours')) - 112.1) < 0.05);
    assert.ok(Math.abs((await value(page, 'spot-cost')) / (await value(page, 'ondemand-cost')) - 0.392) < 0.001);
    assert.ok(Math.abs((await value(page, 'nockpt-wall-hours')) - 2985.3) < 0.1);
    assert.ok(Math.abs((await value(page, 'optimal-interval-hours')) - 1.9339) < 1e-4);
    assert.equal(await value(page, 'young-interval-hours'), 2);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('changing the job length redraws the chart; turning checkpoints off warns', async () => {
  const context = await s.browser.newContext();
  try {
    const { page, errors } = await open(context, s.url, '?view=spot');
    const before = await pixels(page, 'chart-spot-cost');
    await page.fill('[data-testid=input-job_hours]', '20');
    await page.waitForFunction(() => Number(document.querySelector('[data-testid=ondemand-cost]').dataset.value) === 200);
    assert.notEqual(await pixels(page, 'chart-spot-cost'), before);
    assert.equal(await page.locator('[data-testid=spot-warning]').count(), 0, 'a 20 h job is below the crossover');
    await page.uncheck('[data-testid=input-ckpt]');
    await page.waitForSelector('[data-testid=spot-warning]');
    assert.match(await page.textContent('[data-testid=spot-warning]'), /No spot without checkpoint-resume/);
    await page.selectOption('[data-testid=input-band]', '15-20%');
    await page.waitForFunction(() => document.querySelector('[data-testid=input-mtbf_hours]').value !== '20');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('the checkpoint size can be taken from the training view', async () => {
  const context = await s.browser.newContext();
  try {
    const { page, errors } = await open(context, s.url, '?view=spot&method=lora');
    const before = await value(page, 'checkpoint-storage');
    await page.click('[data-testid=ckpt-from-training]');
    // A LoRA checkpoint holds only the adapters and their optimiser state: far below 112 GB.
    await page.waitForFunction(() => Number(document.querySelector('[data-testid=input-ckpt_gb]').value) < 1);
    assert.ok((await value(page, 'checkpoint-storage')) < before);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('a kind that stops after 24 h: a long job without checkpoints never finishes', async () => {
  const context = await s.browser.newContext();
  try {
    const { page, errors } = await open(context, s.url, '?view=spot');
    await page.selectOption('[data-testid=input-band]', '5-10%|24');
    await page.waitForFunction(() => document.querySelector('[data-testid=input-stop_hours]').value === '24');
    // The day's restart and last checkpoint stretch the run; without checkpoints it cannot end.
    await page.waitForFunction(() => document.querySelector('[data-testid=nockpt-wall-hours]').dataset.value === 'Infinity');
    assert.match(await page.textContent('[data-testid=nockpt-wall-hours]'), /never finishes/);
    assert.ok((await value(page, 'optimal-interval-hours')) > 2, 'reclaims are rarer than in the default');
    assert.ok(Number.isFinite(await value(page, 'spot-wall-hours')));
    // The crossing moves to at most the longest job that fits in a day.
    assert.ok((await value(page, 'crossover-hours')) <= 24);
    await page.uncheck('[data-testid=input-ckpt]');
    assert.match(await page.textContent('[data-testid=spot-warning]'), /never finishes without checkpoints/);
    // The link carries the stop; a fresh page from it shows the same.
    const again = await open(context, s.url, (await page.evaluate(() => location.search)));
    assert.equal(await again.page.getAttribute('[data-testid=nockpt-wall-hours]', 'data-value'), 'Infinity');
    assert.deepEqual([...errors, ...again.errors], []);
  } finally {
    await context.close();
  }
});
