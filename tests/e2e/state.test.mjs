// One source of truth: outputs that agree with each other and with the link, Back between
// views, saved data that is checked like a link, and custom models that survive a link.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, open, value, text, drag } from './harness.mjs';

const s = suite();

/** Every key output of the rent-or-buy view, read from its test hooks. */
async function rentBuyOutputs(page) {
  return {
    own: await value(page, 'own-monthly'),
    rent: await value(page, 'rent-monthly'),
    breakEven: await value(page, 'break-even-utilization'),
    verdict: await text(page, 'verdict'),
  };
}

test('a refused resale keeps every output consistent with the others and with the link', async () => {
  const { context, page, errors } = await s.fresh();
  try {
    await page.fill('[data-testid=input-resale]', '5000000');
    const msg = await page.textContent('[data-testid=error-resale]');
    assert.match(msg, /resale value 5000000 is above the purchase price 1200000; using 0/);
    await drag(page, 'input-util', 0.9);
    await page.waitForFunction(() => document.querySelector('[data-testid=verdict]').dataset.value === 'buy');
    const util = Number(await page.inputValue('[data-testid=input-util]')) / 100;
    const out = await rentBuyOutputs(page);
    // Renting follows the slider; owning is computed with the resale still in use (0).
    assert.ok(Math.abs(out.rent - 120 * 720 * util) < 0.01, `${out.rent} at ${util}`);
    assert.ok(Math.abs(out.own - 46853.333333) < 0.01);
    assert.equal(out.breakEven.toFixed(4), '0.5423');
    assert.match(await page.textContent('[data-testid=rent-monthly]'), /./);
    const note = await page.textContent('.stat:has([data-testid=rent-monthly]) .stat-note');
    assert.ok(note.includes(`${(util * 100).toFixed(1)}%`), note);
    // The link holds what is used, never the refused value, and reopens to the same figures.
    await page.waitForURL(/util=/);
    const url = page.url();
    assert.ok(!url.includes('resale='), url);
    const again = await reopen(page);
    try {
      assert.deepEqual(await rentBuyOutputs(again.page), out);
    } finally {
      await again.context.close();
    }
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('a value refused by another field is used once that field allows it', async () => {
  const { context, page, errors } = await s.fresh();
  try {
    await page.fill('[data-testid=input-resale]', '2000000');
    assert.match(await page.textContent('[data-testid=error-resale]'), /; using 0/);
    await page.fill('[data-testid=input-purchase]', '3000000');
    await page.waitForFunction(() => document.querySelector('[data-testid=error-resale]').textContent === '');
    // (3,000,000 - 2,000,000) / 36 + electricity 2,520 + hosting 3,000 + staff 8,000.
    assert.ok(Math.abs((await value(page, 'own-monthly')) - (1000000 / 36 + 13520)) < 0.01);
    await page.waitForURL(/resale=2000000/);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('a value typed past its range says which value is still used', async () => {
  const { context, page, errors } = await s.fresh();
  try {
    const box = page.locator('[data-testid=input-util-box]');
    await box.fill('');
    await box.pressSequentially('150');
    assert.match(await page.textContent('[data-testid=error-util]'), /150 is outside the allowed range 0 to 100; using 15/);
    await page.waitForURL(/util=15(&|$)/);
    assert.ok(Math.abs((await value(page, 'rent-monthly')) - 120 * 720 * 0.15) < 0.01);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('switching views adds history entries: Back returns to the previous view', async () => {
  const { context, page, errors } = await s.fresh();
  try {
    assert.equal(await page.title(), 'Rent or buy · gpuplan');
    await page.click('[data-testid=nav-training]');
    await page.waitForSelector('[data-testid=view-training]');
    assert.equal(await page.title(), 'Training memory · gpuplan');
    assert.match(page.url(), /view=training/);
    assert.equal(await page.getAttribute('[data-testid=nav-training]', 'aria-current'), 'page');
    await page.click('[data-testid=nav-spot]');
    await page.waitForSelector('[data-testid=view-spot]');
    await page.goBack();
    await page.waitForSelector('[data-testid=view-training]');
    assert.equal(await page.title(), 'Training memory · gpuplan');
    await page.goBack();
    await page.waitForSelector('[data-testid=view-rent-buy]');
    assert.equal(await page.title(), 'Rent or buy · gpuplan');
    await page.goForward();
    await page.waitForSelector('[data-testid=view-training]');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('a saved value out of range is set aside with a notice; the page works', async () => {
  const context = await s.browser.newContext();
  const blob = '{"schema":1,"scenario":{"rent_buy":{"months":1e18,"price_per_hour":90}}}';
  await context.addInitScript((b) => {
    if (!sessionStorage.getItem('seeded')) {
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('gpuplan/v1/current', b);
    }
  }, blob);
  try {
    const { page, errors } = await open(context, s.url);
    await page.waitForSelector('[data-testid=storage-notice]');
    assert.match(await page.textContent('[data-testid=storage-notice]'), /months/);
    // The valid field is used, the refused one is back at its default.
    assert.equal(await value(page, 'rent-monthly'), 90 * 720 * 0.5);
    assert.ok(Math.abs((await value(page, 'own-monthly')) - 46853.333333) < 0.01);
    const kept = await page.evaluate(() =>
      Object.keys(localStorage).filter((k) => k.startsWith('gpuplan/v1/damaged/')).map((k) => localStorage.getItem(k)));
    assert.deepEqual(kept, [blob]);
    // A reload works and shows the repaired inputs, and nothing was lost.
    await page.reload();
    await page.waitForSelector('[data-testid=own-monthly]');
    assert.equal(await value(page, 'rent-monthly'), 90 * 720 * 0.5);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

/** Reopens the page's current address in a new profile and returns that page. */
async function reopen(page) {
  const url = page.url();
  const context = await s.browser.newContext();
  const opened = await open(context, s.url, url.slice(url.indexOf('?')));
  return { context, ...opened };
}

test('a custom latent-attention model survives a link', async () => {
  const { context, page, errors } = await s.fresh('?view=inference&model=deepseek-v3');
  try {
    await page.click('details.arch summary');
    await page.fill('[data-testid=input-kv_lora_rank]', '256');
    await page.fill('[data-testid=input-layers]', '20');
    await page.waitForURL(/kv_lora_rank=256/);
    const perToken = await value(page, 'kv-bytes-per-token');
    // (256 + 64) elements x 20 layers x 2 bytes.
    assert.equal(perToken, (256 + 64) * 20 * 2);
    const other = await reopen(page);
    try {
      assert.equal(await value(other.page, 'kv-bytes-per-token'), perToken);
      assert.equal(await value(other.page, 'param-count'), await value(page, 'param-count'));
    } finally {
      await other.context.close();
    }
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

const DEEPSEEK_V2_LITE = JSON.stringify({
  model_type: 'deepseek_v2', vocab_size: 102400, hidden_size: 2048, intermediate_size: 10944,
  moe_intermediate_size: 1408, num_hidden_layers: 27, num_attention_heads: 16, num_key_value_heads: 16,
  n_shared_experts: 2, n_routed_experts: 64, num_experts_per_tok: 6, first_k_dense_replace: 1,
  kv_lora_rank: 512, q_lora_rank: null, qk_rope_head_dim: 64, v_head_dim: 128, qk_nope_head_dim: 128,
  tie_word_embeddings: false,
});
const QWEN_MOE = JSON.stringify({
  model_type: 'qwen2_moe', vocab_size: 151936, hidden_size: 2048, intermediate_size: 5632,
  moe_intermediate_size: 1408, shared_expert_intermediate_size: 5632, num_hidden_layers: 24,
  num_attention_heads: 16, num_key_value_heads: 16, num_experts: 60, num_experts_per_tok: 4,
  tie_word_embeddings: false,
});

for (const [name, config] of [['DeepSeek-V2-Lite', DEEPSEEK_V2_LITE], ['Qwen MoE', QWEN_MOE]]) {
  test(`a pasted ${name} config survives a link`, async () => {
    const { context, page, errors } = await s.fresh('?view=inference');
    try {
      await page.click('details.config summary');
      await page.fill('[data-testid=config-json]', config);
      await page.click('[data-testid=config-apply]');
      await page.waitForFunction(() => document.querySelector('[data-testid=config-result]').textContent.startsWith('Read'));
      const params = await value(page, 'param-count');
      const perToken = await value(page, 'kv-bytes-per-token');
      await page.waitForFunction(() => location.search.includes('experts='));
      const other = await reopen(page);
      try {
        assert.equal(await value(other.page, 'param-count'), params);
        assert.equal(await value(other.page, 'kv-bytes-per-token'), perToken);
      } finally {
        await other.context.close();
      }
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
}
