// The training and inference views in headless Chromium.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, value, text, pixels, drag } from './harness.mjs';
import { InferencePage, visit } from './pages.mjs';

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
    assert.match(await page.textContent('[data-testid=config-result]'), /“bert” is not one this page reads/);
    assert.equal(await value(page, 'param-count'), 8030261248);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('a refused paste is quoted short, a missing model_type names its keys, Gemma 3 is read and named', async () => {
  const { context, page, errors } = await s.fresh('?view=inference');
  try {
    const p = new InferencePage(page);
    // A 20 KB paste with a model type this page does not read: the message quotes 80 characters.
    const huge = JSON.stringify({ model_type: 'x'.repeat(20000) });
    const refused = await p.tryConfig(huge);
    assert.match(refused.text, /“x{80}…” is not one this page reads/);
    assert.ok(refused.text.length < 400, `${refused.text.length} characters`);
    assert.ok(refused.height < 200, `${refused.height} px`);
    const missing = await p.tryConfig('{"hidden_size":4096}');
    assert.match(missing.text, /missing: model_type, num_hidden_layers, num_attention_heads, vocab_size/);
    assert.doesNotMatch(missing.text, /“”/);
    assert.equal(await p.presetShown(), 'Custom architecture (the guide\'s 32 × 4096)');
    // Gemma 3 nests its language model under text_config.
    const read = await p.tryConfig(JSON.stringify({
      model_type: 'gemma3',
      text_config: {
        model_type: 'gemma3_text', hidden_size: 5376, intermediate_size: 21504, num_attention_heads: 32,
        num_hidden_layers: 62, num_key_value_heads: 16, head_dim: 128, vocab_size: 262208, sliding_window: 1024,
      },
      vision_config: { hidden_size: 1152 },
    }));
    assert.match(read.text, /Read a gemma3_text config: 2[67](\.\d+)? B parameters/);
    assert.equal(await p.presetShown(), 'Pasted config.json (gemma3_text)');
    // A preset chosen afterwards is named as itself; the custom option is the guide's again.
    await page.selectOption('[data-testid=input-model]', 'llama-3.1-8b');
    await page.selectOption('[data-testid=input-model]', '');
    assert.equal(await p.presetShown(), 'Custom architecture (the guide\'s 32 × 4096)');
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
    assert.match(await page.textContent('[data-testid=error-ctx]'), /^Context length: “abc” is not a number; the default is used$/);
    assert.equal(await value(page, 'kv-cache-bytes'), 57344 * 8192 * 8);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('DeepSeek-V3 in fp8 on 8 x H200 at 32k holds 16 sequences: the latent cache is whole on every card', () =>
  visit(s, '?view=inference&model=deepseek-v3&weights=fp8&gpu=h200&tp=8&ctx=32768', InferencePage, async (inf) => {
    assert.equal(await inf.maxConcurrency(), 16);
    assert.equal(await inf.enginePool(), null, 'the guide’s rule is the default');
  }));

// Gemma 3 27B keeps its whole 128k context in one layer of six (the other 52 hold the last
// 1,024 tokens), so one sequence fits one H100 with 10.41 GiB of cache; the working shows each
// kind of layer's tokens, so its product is the figure it ends with.
for (const [lang, holds] of [['en', /it holds one sequence of 131,072 tokens/], ['zh', /可容纳 1 条 131,072 token 的序列/]]) {
  test(`[${lang}] Gemma 3 27B at 128k fits one H100: its sliding layers hold the window`, () =>
    visit(s, `?lang=${lang}&view=inference&model=gemma-3-27b&ctx=131072&conc=1&gpu=h100-sxm`, InferencePage, async (inf) => {
      const kv = await value(inf.page, 'kv-cache-bytes');
      assert.equal(kv, 507904 / 62 * (10 * 131072 + 52 * 1024));
      assert.equal(await inf.maxConcurrency(), 1);
      assert.match(await inf.page.textContent('[data-testid=headline]'), holds);
      const lines = await inf.page.$$eval('.formula-numbers', (cs) => cs.map((c) => c.textContent));
      assert.ok(lines.some((l) => /\(10\s×\s131,072\s\+\s52\s×\s1,024\)\s\/\s62\s×\s1\s=\s10\.41\sGiB/.test(l)), lines.join('\n'));
    }));
}

test('engine=vllm shows the KV pool vLLM would allocate and the launch flags to copy', () =>
  visit(s, '?view=inference&model=deepseek-v3&weights=fp8&gpu=h200&tp=8&ctx=32768&conc=16', InferencePage, async (inf) => {
    await inf.chooseEngine('vllm');
    const pool = await inf.enginePool();
    // 70,272 B a token of latent cache, whole on each card; whole blocks of 16 tokens.
    assert.ok(pool.bytes > 30 * GIB && pool.bytes < 60 * GIB, `${pool.bytes}`);
    assert.equal(pool.tokens % 16, 0);
    assert.equal(pool.bytes, pool.tokens * 70272);
    assert.equal(pool.concurrency, Math.round((pool.tokens / 32768) * 100) / 100);
    assert.equal(pool.flags, '--gpu-memory-utilization 0.9 --max-model-len 32768 --max-num-seqs 16 --tensor-parallel-size 8 --kv-cache-dtype auto');
    await inf.addressHas(/engine=vllm/);
    // The share moves the pool and the flag.
    await inf.type('gpu_util', '80');
    await inf.page.waitForFunction((b) => Number(document.querySelector('[data-testid=kv-pool-bytes]').dataset.value) < b, pool.bytes);
    assert.match((await inf.enginePool()).flags, /--gpu-memory-utilization 0\.8 /);
  }));
