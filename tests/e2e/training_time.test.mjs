// The training view's time and cost in headless Chromium, in both languages.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite } from './harness.mjs';
import { TrainingPage, visit } from './pages.mjs';

const s = suite();
const JOB = '?view=training&model=llama-3.1-8b&method=lora&gpu=h100-sxm&gpus=2';

for (const [lang, typed, speed, hours, missing] of [
  ['en', '200M', /tokens\/s$/, / h$/, 'needs a price'],
  ['zh', '2亿', /^每秒 .* 个 token$/, / 小时$/, '缺少价格'],
]) {
  test(`${lang}: typing the tokens to train sets the wall time, card-hours and the link`, async () => {
    await visit(s, `${JOB}&lang=${lang}`, TrainingPage, async (p) => {
      await p.trainOn(typed);
      const t = await p.time();
      assert.ok(t.perCard > 100 && t.perCard < 100000, `per card ${t.perCard}`);
      // Two cards: wall time is the tokens over both cards' speed; card-hours twice that.
      assert.ok(Math.abs(t.hours - 200e6 / (2 * t.perCard) / 3600) < 1e-6 * t.hours, `${t.hours}`);
      assert.ok(Math.abs(t.cardHours - 2 * t.hours) < 1e-9 * t.cardHours);
      await p.addressHas(/train_tokens=200000000/);
      assert.match((await p.tile('train-tokens-per-second')).text, speed);
      assert.match((await p.tile('train-hours')).text, hours);
      // Owning has no per-job price here: the page asks rather than inventing one.
      const owned = await p.tile('train-cost-owned');
      assert.equal(owned.value, '');
      assert.equal(owned.text, missing);
      // A cost shown is the card-hours (or whole months) at the dated price it names.
      for (const id of ['train-cost-on-demand', 'train-cost-reserved']) {
        const c = await p.tile(id);
        if (c.value === '') assert.equal(c.text, missing);
        else assert.ok(Number(c.value) > 0 && /20\d\d-\d\d/.test(c.note), `${id}: ${c.note}`);
      }
    });
  });
}

test('eight PCIe cards say they run like about three', async () => {
  await visit(s, '?view=training&gpu=l40s&gpus=8&lang=en', TrainingPage, async (p) => {
    const note = (await p.tile('train-card-hours')).note;
    assert.match(note, /^8 cards over PCIe run like [2-3]\.\d: the link carries more than the cards compute; a second card adds less than half a card$/);
  });
});

test('the spot view takes its job length from the training view', async () => {
  await visit(s, `${JOB}&train_tokens=2000000000&lang=en`, TrainingPage, async (p, page) => {
    const hours = (await p.time()).hours;
    await p.go('spot');
    await page.click('[data-testid=job-from-training]');
    await p.addressHas(/job_hours=/);
    const job = Number(new URL(page.url()).searchParams.get('job_hours'));
    assert.ok(Math.abs(job - hours) <= 0.005, `${job} vs ${hours}`);
  });
});
