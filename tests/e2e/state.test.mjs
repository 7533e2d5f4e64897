// One source of truth: outputs that agree with each other and with the link, Back between
// views, saved data that is checked like a link, and custom models that survive a link.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, open } from './harness.mjs';
import { Page, RentBuyPage, InferencePage, visit } from './pages.mjs';

const s = suite();

/** Reopens the address of `view` in a new profile, as a colleague opening a shared link. */
async function reopen(view, Kind) {
  const context = await s.browser.newContext();
  const opened = await open(context, s.url, view.query());
  return { context, view: new Kind(opened.page) };
}

test('a refused resale keeps every output consistent with the others and with the link', () =>
  visit(s, '', RentBuyPage, async (rb) => {
    await rb.type('resale', '5000000');
    assert.match(await rb.message('resale'), /Resale value at the end \(CN¥5,000,000\) is above the purchase price \(CN¥1,200,000\); not used, still using CN¥0$/);
    await rb.dragUtilisation(0.9);
    await rb.waitForVerdict('buy');
    const util = await rb.utilisation();
    const out = await rb.outputs();
    // Renting follows the slider; owning is computed with the resale still in use (0).
    assert.ok(Math.abs(out.rent - 120 * 720 * util) < 0.01, `${out.rent} at ${util}`);
    assert.ok(Math.abs(out.own - 46853.333333) < 0.01);
    assert.equal(out.breakEven.toFixed(4), '0.5423');
    const note = await rb.rentNote();
    assert.ok(note.includes(`${(util * 100).toFixed(1)}%`), note);
    // The link holds what is used, never the refused value, and reopens to the same figures.
    await rb.addressHas(/util=/);
    assert.ok(!rb.query().includes('resale='), rb.query());
    const again = await reopen(rb, RentBuyPage);
    try {
      assert.deepEqual(await again.view.outputs(), out);
    } finally {
      await again.context.close();
    }
  }));

test('a value refused by another field is used once that field allows it', () =>
  visit(s, '', RentBuyPage, async (rb) => {
    await rb.type('resale', '2000000');
    assert.match(await rb.message('resale'), /; not used, still using CN¥0$/);
    await rb.type('purchase', '3000000');
    await rb.messageCleared('resale');
    // (3,000,000 - 2,000,000) / 36 + electricity 2,520 + hosting 3,000 + staff 8,000.
    assert.ok(Math.abs((await rb.value('own-monthly')) - (1000000 / 36 + 13520)) < 0.01);
    await rb.addressHas(/resale=2000000/);
  }));

test('a value typed past its range says which value is still used', () =>
  visit(s, '', RentBuyPage, async (rb) => {
    await rb.typeKeys('input-util-box', '150');
    // Not 15%, the last prefix that passed: the value before typing began.
    assert.match(await rb.message('util'), /must be between 0% and 100%; not used, still using 50%$/);
    assert.ok(Math.abs((await rb.value('rent-monthly')) - 120 * 720 * 0.5) < 0.01);
  }));

test('switching views adds history entries: Back returns to the previous view', () =>
  visit(s, '', Page, async (p) => {
    assert.equal(await p.title(), 'Rent or buy · gpuplan');
    await p.go('training');
    assert.equal(await p.title(), 'Training memory · gpuplan');
    assert.match(p.query(), /view=training/);
    assert.equal(await p.current(), 'nav-training');
    await p.go('spot');
    await p.back('training');
    assert.equal(await p.title(), 'Training memory · gpuplan');
    await p.back('rent-buy');
    assert.equal(await p.title(), 'Rent or buy · gpuplan');
    await p.forward('training');
  }));

test('a saved value out of range is set aside with a notice; the page works', async () => {
  const context = await s.browser.newContext();
  const blob = '{"schema":1,"scenario":{"rent_buy":{"months":1e18,"price_per_hour":90}}}';
  // Saved while the page was closed: written before the app's first read.
  await context.addInitScript((b) => {
    if (!sessionStorage.getItem('seeded')) {
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('gpuplan/v1/current', b);
    }
  }, blob);
  try {
    const { page, errors } = await open(context, s.url);
    const rb = new RentBuyPage(page);
    await page.waitForSelector('[data-testid=storage-notice]');
    assert.match(await rb.notice(), /Amortisation must be between 1 and 240/);
    // The valid field is used, the refused one is back at its default.
    assert.equal(await rb.value('rent-monthly'), 90 * 720 * 0.5);
    assert.ok(Math.abs((await rb.value('own-monthly')) - 46853.333333) < 0.01);
    const kept = await page.evaluate(() =>
      Object.keys(localStorage).filter((k) => k.startsWith('gpuplan/v1/damaged/')).map((k) => localStorage.getItem(k)));
    assert.deepEqual(kept, [blob]);
    // A reload works and shows the repaired inputs, and nothing was lost.
    await page.reload();
    await page.waitForSelector('[data-testid=own-monthly]');
    assert.equal(await rb.value('rent-monthly'), 90 * 720 * 0.5);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('a custom latent-attention model survives a link', () =>
  visit(s, '?view=inference&model=deepseek-v3', InferencePage, async (inf) => {
    await inf.openArchitecture();
    await inf.type('kv_lora_rank', '256');
    await inf.type('layers', '20');
    await inf.addressHas(/kv_lora_rank=256/);
    const figures = await inf.figures();
    // (256 + 64) elements x 20 layers x 2 bytes.
    assert.equal(figures.kvPerToken, (256 + 64) * 20 * 2);
    const other = await reopen(inf, InferencePage);
    try {
      assert.deepEqual(await other.view.figures(), figures);
    } finally {
      await other.context.close();
    }
  }));

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
  test(`a pasted ${name} config survives a link`, () =>
    visit(s, '?view=inference', InferencePage, async (inf) => {
      await inf.pasteConfig(config);
      const figures = await inf.figures();
      await inf.addressHas(/experts=/);
      const other = await reopen(inf, InferencePage);
      try {
        assert.deepEqual(await other.view.figures(), figures);
      } finally {
        await other.context.close();
      }
    }));
}
