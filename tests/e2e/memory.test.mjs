// The training and inference views in headless Chromium.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, value, text, pixels, drag } from './harness.mjs';

const s = suite();

const GIB = 2 ** 30;

test('inference shows the guide’s example: 14 GB, 0.5 MiB a token, 32 GiB, an 80 GB card', async () => {
  const { context, page, errors } = await s.fresh('?view=inference');
  try {
    assert.equal(await value(page, 'weights-bytes'), 14e9);
    assert.equal(await value(page, 'kv-bytes-per-token'), 524288);
    assert.equal(await value(page, 'kv-cache-bytes'), 32 * GIB);
    assert.equal(await text(page, 'card-tier'), '80');
    assert.ok(Math.abs((await value(page, 'required-bytes')) / GIB - 57.65) < 0.01);
    assert.equal(await value(page, 'max-concurrency'), 12);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('moving the context and concurrency sliders changes the numbers and the charts', async () => {
  const { context, page, errors } = await s.fresh('?view=inference');
  try {
    const cache = await value(page, 'kv-cache-bytes');
    const stack = await pixels(page, 'chart-inference-stack');
    const sweep = await pixels(page, 'chart-inference-concurrency');
    await drag(page, 'input-ctx', 0.5);
    await page.waitForFunction((c) => Number(document.querySelector('[data-testid=kv-cache-bytes]').dataset.value) > c, cache);
    const ctx = Number(await page.inputValue('[data-testid=input-ctx]'));
    assert.ok(ctx > 8192, `context ${ctx}`);
    assert.equal(await value(page, 'kv-cache-bytes'), 524288 * ctx * 8);
    assert.notEqual(await pixels(page, 'chart-inference-stack'), stack);
    assert.notEqual(await pixels(page, 'chart-inference-concurrency'), sweep);
    const before = await value(page, 'required-bytes');
    await drag(page, 'input-conc', 0.02);
    await page.waitForFunction((b) => Number(document.querySelector('[data-testid=required-bytes]').dataset.value) < b, before);
    await page.waitForURL(/conc=\d/);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('a pasted config.json fills the architecture', async () => {
  const { context, page, errors } = await s.fresh('?view=inference');
  try {
    await page.click('summary:has-text("Paste a config.json")');
    await page.fill('[data-testid=config-json]', JSON.stringify({
      model_type: 'llama', hidden_size: 4096, intermediate_size: 14336, num_attention_heads: 32,
      num_hidden_layers: 32, num_key_value_heads: 8, vocab_size: 128256, tie_word_embeddings: false,
      rope_theta: 500000, my_extra: true,
    }));
    await page.click('[data-testid=config-apply]');
    assert.match(await page.textContent('[data-testid=config-result]'), /Read a llama config: 8\.03 B parameters.*my_extra/);
    assert.equal(await value(page, 'param-count'), 8030261248);
    assert.equal(await value(page, 'kv-bytes-per-token'), 131072);
    await page.click('summary:has-text("Architecture")');
    assert.equal(await page.inputValue('[data-testid=input-kv_heads]'), '8');
    // Garbage is an error beside the box, and the last result stays.
    await page.fill('[data-testid=config-json]', '{"model_type": "bert"}');
    await page.click('[data-testid=config-apply]');
    assert.match(await page.textContent('[data-testid=config-result]'), /"bert" is not one this page reads/);
    assert.equal(await value(page, 'param-count'), 8030261248);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('training: the guide’s 7B full fine-tune does not fit one 80 GB card; LoRA does', async () => {
  const { context, page, errors } = await s.fresh('?view=training');
  try {
    assert.equal(await value(page, 'train-states-bytes'), 112e9);
    assert.ok((await value(page, 'train-total-bytes')) > 80 * GIB);
    assert.ok((await value(page, 'train-min-gpus')) >= 2);
    await page.selectOption('[data-testid=input-method]', 'lora');
    await page.waitForFunction(() => Number(document.querySelector('[data-testid=train-total-bytes]').dataset.value) < 32 * 2 ** 30);
    assert.ok((await value(page, 'trainable-params')) < 7e7);
    assert.equal(await value(page, 'train-min-gpus'), 1);
    const chart = await pixels(page, 'chart-training-seq');
    const act = await value(page, 'train-activations-bytes');
    await drag(page, 'input-seq', 0.5);
    await page.waitForFunction((a) => Number(document.querySelector('[data-testid=train-activations-bytes]').dataset.value) > a, act);
    assert.notEqual(await pixels(page, 'chart-training-seq'), chart);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('a memory link with a preset and a bad value', async () => {
  const { context, page, errors } = await s.fresh('?view=inference&model=qwen2.5-7b&ctx=abc');
  try {
    assert.equal(await value(page, 'kv-bytes-per-token'), 57344);
    assert.match(await page.textContent('[data-testid=error-ctx]'), /ctx: expected a number, found "abc"/);
    assert.equal(await value(page, 'kv-cache-bytes'), 57344 * 8192 * 8);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
