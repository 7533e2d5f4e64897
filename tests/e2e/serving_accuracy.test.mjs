// Serving figures where fleets are sized, in both languages: a goal no fleet meets is said to be
// one, the time per token is the load's, the ranges come from the regime's band, and a pasted
// benchmark calibrates the model and travels in the link.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { suite, open, value } from './harness.mjs';
import { ServingPage } from './pages.mjs';

const s = suite();

const LANGS = [
  { lang: 'en', locale: 'en-US', unmeetable: /no fleet meets the goal: the first token takes at least/, headline: /^The first token takes [\d.,]+ (s|ms) at best/, best: /^The first token takes 25\.\d s at best.*faster card, more tensor-parallel cards, fp8 weights or a shorter prompt/s, read: /Read vllm bench serve output/, calibrated: /Calibrated from your vllm bench serve output: decode × /, likely: /likely/ },
  { lang: 'zh', locale: 'zh-CN', unmeetable: /任何机群都达不到目标：首 token 至少需要/, headline: /^首 token 最快也要 [\d.,]+ ?(秒|毫秒)/, best: /^首 token 最快也要 25\.\d ?秒.*换更快的卡、增加张量并行卡数、改用 fp8 权重或缩短提示词/s, read: /已读取 vllm bench serve 的输出/, calibrated: /已按你粘贴的 vllm bench serve 输出校准：解码 × /, likely: /大致在/ },
];

const note = (page, id) => page.textContent(`.stat:has([data-testid="${id}"]) .stat-note`);

for (const l of LANGS) {
  test(`${l.lang}: a first-token goal below the prefill time is said to be unmeetable, and a tighter goal never takes fewer cards`, async () => {
    const context = await s.browser.newContext({ locale: l.locale });
    try {
      const q = `?view=serving&lang=${l.lang}&model=llama-3.1-70b&gpu=a100-80gb&weights=bf16&tp=4&in_tokens=8192&out_tokens=256&target_rps=5`;
      const loose = await open(context, s.url, `${q}&ttft_ms=5000`);
      const cardsLoose = await value(loose.page, 'cards-needed');
      assert.doesNotMatch(await note(loose.page, 'ttft-seconds'), l.unmeetable);
      const tight = await open(context, s.url, `${q}&ttft_ms=500`);
      assert.match(await note(tight.page, 'ttft-seconds'), l.unmeetable);
      assert.match((await tight.page.textContent('[data-testid=headline]')).trim(), l.headline);
      assert.ok((await value(tight.page, 'cards-needed')) >= cardsLoose);
      // Its first token is not the saturation edge's minutes: the wait is at most a step or so.
      assert.ok((await value(tight.page, 'ttft-seconds')) < 10);
      assert.match(await note(tight.page, 'decode-tokens-per-second'), l.likely);
      assert.deepEqual([...loose.errors, ...tight.errors], []);
    } finally {
      await context.close();
    }
  });

  test(`${l.lang}: a goal no fleet meets leads with the best first token, and grows no fleet; each ranged figure carries its range`, async () => {
    const context = await s.browser.newContext({ locale: l.locale });
    try {
      // 70B on 2 x H20, 32k-token prompts, 16 people: prefill alone takes about 25 s.
      const q = `?view=serving&lang=${l.lang}&model=llama-3.1-70b&gpu=h20&weights=bf16&tp=2&in_tokens=32768&out_tokens=256&load=users&users=16&think_s=10&ttft_ms=26000`;
      const { page, errors } = await open(context, s.url, q);
      const p = new ServingPage(page);
      assert.doesNotMatch(await p.headline(), l.headline);
      const met = await value(page, 'cards-needed');
      await p.setTtftGoal('2000');
      await page.waitForFunction((re) => new RegExp(re, 's').test(document.querySelector('[data-testid=headline]').textContent.trim()), l.best.source);
      assert.match(await p.headline(), l.best);
      const cards = await value(page, 'cards-needed');
      // Never more than a slot for each person (before: 972 cards), nor more than a goal it meets.
      assert.ok(cards <= 16 && cards <= met, `${cards} against ${met}`);
      for (const [id, [low, v, high]] of Object.entries(await p.ranges())) {
        assert.ok(Number.isFinite(low) && Number.isFinite(high) && low < high, `${id}: ${low} ${high}`);
        assert.ok(low <= v && v <= high, `${id}: ${low} ${v} ${high}`);
      }
      // The first token's range is in seconds, around a first token of tens of seconds.
      const [low, ttft] = (await p.ranges())['ttft-seconds'];
      assert.ok(ttft > 20 && low > 20, `${low} ${ttft}`);
      // A tile without a range carries none.
      assert.equal(await page.getAttribute('[data-testid=cards-needed]', 'data-low'), null);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  test(`${l.lang}: pasting vllm bench serve output calibrates the figures, and the link carries it`, async () => {
    const context = await s.browser.newContext({ locale: l.locale });
    try {
      const q = `?view=serving&lang=${l.lang}&model=llama-3.1-8b&gpu=h100-sxm&weights=bf16&in_tokens=1024&out_tokens=128&serve_conc=16`;
      const { page, errors } = await open(context, s.url, q);
      const before = await value(page, 'throughput-tokens-per-second');
      const text = await readFile(new URL('../fixtures/measured/vllm_bench_serve.txt', import.meta.url), 'utf8');
      await page.click('details.calibrate summary');
      // Text that is not a benchmark's is refused with a reason, and nothing changes.
      await page.fill('[data-testid=cal-paste]', 'hello');
      await page.click('[data-testid=cal-apply]');
      assert.ok((await page.textContent('[data-testid=cal-result]')).length > 10);
      assert.equal(await value(page, 'throughput-tokens-per-second'), before);
      await page.fill('[data-testid=cal-paste]', text);
      await page.click('[data-testid=cal-apply]');
      assert.match(await page.textContent('[data-testid=cal-result]'), l.read);
      await page.waitForFunction((b) => Number(document.querySelector('[data-testid=throughput-tokens-per-second]').dataset.value) !== b, before);
      assert.match(await page.textContent('[data-testid=serving-notes]'), l.calibrated);
      // With all 16 slots busy, the replica's time per token is the one measured, 9.37 ms.
      assert.match(await note(page, 'tpot-seconds'), /9\.37/);
      await page.waitForURL(/cal=v/);
      const calibrated = await value(page, 'throughput-tokens-per-second');
      // The link opens the calibrated figures in a fresh page.
      const again = await open(context, s.url, await page.evaluate(() => location.search));
      assert.equal(await value(again.page, 'throughput-tokens-per-second'), calibrated);
      // Cleared, the figures and the link are the model's own again.
      await page.click('[data-testid=cal-clear]');
      await page.waitForFunction((b) => Number(document.querySelector('[data-testid=throughput-tokens-per-second]').dataset.value) === b, before);
      await page.waitForURL((u) => !u.search.includes('cal='));
      assert.deepEqual([...errors, ...again.errors], []);
    } finally {
      await context.close();
    }
  });
}
