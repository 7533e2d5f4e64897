// The serving view in headless Chromium.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, open, pixels, text, value } from './harness.mjs';
import { ServingPage } from './pages.mjs';

const s = suite();

test('moving the concurrency slider changes the numbers and both charts', async () => {
  const context = await s.browser.newContext();
  try {
    const { page, errors } = await open(context, s.url, '?view=serving&model=llama-3.1-8b&gpu=h100-sxm&weights=bf16&target_rps=40');
    const p = new ServingPage(page);
    const before = await p.outputs();
    assert.ok(before.decode > 0 && before.throughput > before.decode);
    assert.ok(before.maxThroughput >= before.throughput);
    assert.ok(before.cards >= 1 && before.cost > 0);
    const drawn = {};
    for (const c of p.charts()) drawn[c] = await pixels(page, c);
    await p.dragConcurrency(0.9);
    await page.waitForFunction(
      (t) => Number(document.querySelector('[data-testid=throughput-tokens-per-second]').dataset.value) !== t,
      before.throughput,
    );
    const after = await p.outputs();
    assert.ok(Number(await p.concurrency()) > 16);
    assert.ok(after.throughput > before.throughput, 'more requests in flight: more tokens a second');
    assert.ok(after.tpot > before.tpot, 'and each token waits longer');
    assert.ok(after.cards < before.cards, 'a busier replica: fewer cards for the same load');
    assert.ok(after.cost < before.cost);
    for (const c of p.charts()) assert.notEqual(await pixels(page, c), drawn[c], c);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('a link reproduces a fleet', async () => {
  const context = await s.browser.newContext();
  try {
    const q = '?view=serving&model=llama-3.1-70b&gpu=h100-sxm&weights=fp8&tp=4&runtime=trtllm&in_tokens=2048&out_tokens=512&serve_conc=32&target_rps=5&tpot_ms=60&ttft_ms=3000&card_price=20';
    const { page, errors } = await open(context, s.url, q);
    const p = new ServingPage(page);
    const first = await p.outputs();
    assert.equal(first.cards % 4, 0, 'whole replicas of four cards');
    const tph = 5 * 512 * 3600;
    assert.ok(Math.abs(first.cost - (20 * first.cards) / tph * 1e6) < 1e-6 * first.cost);
    // The page's own link, opened fresh, shows the same fleet.
    await page.waitForURL(/serve_conc=32/);
    const again = await open(context, s.url, await page.evaluate(() => location.search));
    assert.deepEqual(await new ServingPage(again.page).outputs(), first);
    assert.deepEqual([...errors, ...again.errors], []);
  } finally {
    await context.close();
  }
});

test('the hours a fleet is held a day and the billing rule set what a rented token costs', async () => {
  const context = await s.browser.newContext();
  try {
    // One card carries the default load; per started day bills 24 h whatever is held.
    const base = '?view=serving&card_price=15&granularity=day';
    const { page, errors } = await open(context, s.url, base);
    const p = new ServingPage(page);
    const allDay = await p.outputs();
    const billedAllDay = await page.textContent('[data-testid=serving-billed]');
    await p.setRentHours('8');
    await page.waitForFunction(
      (c) => Number(document.querySelector('[data-testid=cost-per-million-tokens]').dataset.value) !== c,
      allDay.cost,
    );
    const eight = await p.outputs();
    assert.equal(eight.cards, allDay.cards, 'the fleet is sized by the load while it runs');
    assert.ok(Math.abs(eight.cost / allDay.cost - 3) < 1e-9, `${eight.cost} / ${allDay.cost}`);
    assert.notEqual(await page.textContent('[data-testid=serving-billed]'), billedAllDay);
    // The verdict follows the two costs it sits beside.
    const verdict = await page.getAttribute('[data-testid=serving-verdict]', 'data-value');
    const owned = await value(page, 'cost-per-million-tokens-owned');
    assert.equal(verdict, eight.cost <= owned ? 'rent' : 'buy');
    // The link carries the hours: opened fresh, the same cost.
    await page.waitForURL(/rent_hours=8/);
    const again = await open(context, s.url, await page.evaluate(() => location.search));
    assert.deepEqual(await new ServingPage(again.page).outputs(), eight);
    // Billed per second, 8 hours cost what 24 do: each token pays only its own hours.
    const perSecond = await open(context, s.url, '?view=serving&card_price=15&granularity=second-1m&rent_hours=8');
    const ps = await new ServingPage(perSecond.page).outputs();
    assert.ok(Math.abs(ps.cost - allDay.cost) < 1e-9 * allDay.cost);
    assert.deepEqual([...errors, ...again.errors, ...perSecond.errors], []);
  } finally {
    await context.close();
  }
});

// A card without a purchase price is not "owned" at another machine's: a T4 has no street price
// in either currency, so there is no owned cost and no verdict until a purchase per card is typed
// where a host that takes it is priced (in dollars); in yuan no host is, so the note still asks.
for (const lang of ['en', 'zh']) {
  test(`[${lang}] a card without a purchase price has no owned cost and no verdict until one is given`, async () => {
    const context = await s.browser.newContext();
    try {
      const { page, errors } = await open(context, s.url, `?lang=${lang}&view=serving&model=phi-3-mini&gpu=t4&weights=int8`);
      await page.waitForSelector('[data-testid=serving-verdict]');
      assert.equal(await page.getAttribute('[data-testid=serving-verdict]', 'data-value'), '');
      assert.equal(await page.getAttribute('[data-testid=cost-per-million-tokens-owned]', 'data-value'), '');
      const note = await page.textContent('.stat:has([data-testid=cost-per-million-tokens-owned]) .stat-note');
      const asks = lang === 'en' ? /No price of a unit that sells this card/ : /没有以这种货币出售这张卡的整套设备价/;
      assert.match(note, asks);
      await page.fill('[data-testid=input-card_buy]', '9000');
      await page.waitForURL(/card_buy=9000/);
      assert.equal(await page.getAttribute('[data-testid=cost-per-million-tokens-owned]', 'data-value'), '');
      assert.match(await page.textContent('.stat:has([data-testid=cost-per-million-tokens-owned]) .stat-note'), asks);
      const usd = await open(context, s.url, `?lang=${lang}&view=serving&model=phi-3-mini&gpu=t4&weights=int8&cur=USD`);
      await usd.page.fill('[data-testid=input-card_buy]', '1500');
      await usd.page.waitForFunction(() => ['rent', 'buy'].includes(document.querySelector('[data-testid=serving-verdict]').dataset.value));
      assert.ok(Number(await usd.page.getAttribute('[data-testid=cost-per-million-tokens-owned]', 'data-value')) > 0);
      assert.match(await usd.page.textContent('.stat:has([data-testid=cost-per-million-tokens-owned]) .stat-note'), /tinybox G4/);
      assert.deepEqual([...errors, ...usd.errors], []);
    } finally {
      await context.close();
    }
  });
}

test('llama.cpp starts where its own allocation fits, beside the guide\'s rule, in both languages; 3.5k typed is 3,584 tokens', async () => {
  for (const [lang, said] of [['en', /llama\.cpp allocates/], ['zh', /llama\.cpp 实际分配/]]) {
    const context = await s.browser.newContext();
    try {
      // Llama 3 8B in F16 on a 16 GB RTX 4080: llama-bench ran it (the guide's rule refuses it).
      const q = `?lang=${lang}&view=serving&model=llama-3.1-8b&gpu=rtx-4080&weights=fp16&runtime=llamacpp&in_tokens=512&out_tokens=128&serve_conc=1`;
      const { page, errors } = await open(context, s.url, q);
      const p = new ServingPage(page);
      assert.notEqual(await text(page, 'headline'), 'no-fit');
      assert.match(await page.textContent('[data-testid=serving-notes]'), said);
      // A prompt typed key by key as people write context lengths.
      await p.typeKeys('input-in_tokens', '3.5k');
      await page.waitForURL(/in_tokens=3584/);
      assert.notEqual(await text(page, 'headline'), 'no-fit');
      assert.ok((await p.outputs()).decode > 0);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  }
});

// Pricing input tokens moves part of the day's cost onto them: an output token's cost falls,
// and the tile's note says why.
for (const lang of ['en', 'zh']) {
  test(`[${lang}] the output-token cost says that priced input tokens carry part of the cost`, async () => {
    const context = await s.browser.newContext();
    try {
      const base = `?lang=${lang}&view=serving&card_price=15`;
      const { page, errors } = await open(context, s.url, `${base}&in_price_pct=0`);
      const tile = '.stat:has([data-testid=cost-per-million-tokens]) .stat-note';
      const why = lang === 'en' ? /input tokens are priced too .* carry part of the cost/ : /输入 token 也按“价格”中设定的比例计价，分担了一部分成本/;
      const unpriced = await new ServingPage(page).outputs();
      assert.doesNotMatch(await page.textContent(tile), why);
      const priced = await open(context, s.url, `${base}&in_price_pct=50`);
      const cost = await new ServingPage(priced.page).outputs();
      assert.ok(cost.cost < unpriced.cost, `${cost.cost} < ${unpriced.cost}`);
      assert.match(await priced.page.textContent(tile), why);
      assert.match(await priced.page.textContent('.stat:has([data-testid=cost-per-million-tokens-owned]) .stat-note'), why);
      assert.deepEqual([...errors, ...priced.errors], []);
    } finally {
      await context.close();
    }
  });
}

// The card line quotes each rent as its source does: a monthly term (包月) is a card-month, and
// the line says so beside the hourly label instead of passing it off as an hour's rent.
for (const lang of ['en', 'zh']) {
  test(`[${lang}] the card line calls a monthly term a card-month, not an hour`, async () => {
    const context = await s.browser.newContext();
    try {
      const { page, errors } = await open(context, s.url, `?lang=${lang}&view=serving&gpu=h100-sxm`);
      await page.waitForSelector('[data-testid=gpu-specs]');
      const line = await page.textContent('[data-testid=gpu-specs]');
      assert.match(line, /7,812\.50/);
      assert.match(line, lang === 'en' ? /7,812\.50 \([^)]*a card-month, not an hour/ : /7,812\.50（?\(?[^)）]*每卡每月而非每小时/);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
}

// One RTX 4090 a replica keeps 16 GB of Llama 3.1 8B beside room for one 9k-token request, so 16
// people take sixteen cards; a pair holds one copy of the weights and carries all of them. The
// headline offers the pair and its button sets it.
for (const [lang, width, words, title] of [
  ['en', 1280, /2 cards a replica: 2 cards in all instead of 16/, /^The same job with fewer cards/],
  ['zh', 390, /每个副本 2 张卡：总共 2 张，而不是 16 张/, /^用更少的卡完成同样的负载/],
]) {
  test(`[${lang}] a split with fewer cards in all is offered and taken at ${width} px`, async () => {
    const context = await s.browser.newContext({ viewport: { width, height: 844 } });
    try {
      const { page, errors } = await open(context, s.url, `?lang=${lang}&view=serving&model=llama-3.1-8b&weights=bf16&gpu=rtx-4090&in_tokens=8000&out_tokens=1000&load=users&users=16`);
      const p = new ServingPage(page);
      await page.waitForSelector('[data-testid=way-split]');
      assert.equal((await p.outputs()).cards, 16);
      const way = await p.way('split');
      assert.equal(way.value, '2');
      assert.match(way.text, words);
      assert.match((await page.textContent('.ways-title')).trim(), title);
      await p.tryWay('split');
      await page.waitForFunction(() => document.querySelector('[data-testid=cards-needed]').dataset.value === '2');
      assert.equal(await page.inputValue('[data-testid=input-tp]'), '2');
      assert.equal(await p.way('split'), null);
      await page.waitForFunction(() => new URLSearchParams(location.search).get('tp') === '2');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
}
