// The plan view in headless Chromium: "we serve Llama 3.1 70B to 16 people at 32k context" gets
// a ranked table and a sentence naming the cheapest card, count and way to pay, in both
// languages, on a phone and a wide screen; a row opens the serving view on that card.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, open, pixels, value } from './harness.mjs';
import { PlanPage } from './pages.mjs';

const s = suite();

const SEVENTY_B =
  'view=plan&model=llama-3.1-70b&load=users&users=16&in_tokens=30720&out_tokens=2048&cur=usd';
const WORDS = {
  en: { rent: 'on demand', ttft: 'misses first token', card: 'B200', api: 'A hosted API costs least', stale: 'more than 180 days old' },
  zh: { rent: '按需租用', ttft: '首 token 未达标', card: 'B200', api: '托管 API 最便宜', stale: '已超过 180 天' },
};
const SCREENS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } };

for (const lang of ['en', 'zh']) {
  for (const [screen, viewport] of Object.entries(SCREENS)) {
    test(`${lang}, ${screen}: Llama 3.1 70B for 16 people at 32k gets a ranked table and a sentence`, async () => {
      const context = await s.browser.newContext({ viewport });
      try {
        const { page, errors } = await open(context, s.url, `?${SEVENTY_B}&lang=${lang}`);
        const p = new PlanPage(page);
        await page.waitForSelector('[data-testid=plan-table] tr[data-card]');
        const rows = await p.rows();
        const best = await p.best();
        // Two B200s rented by the card-hour: owning them would be a whole 8-card machine.
        assert.equal(best, 'b200');
        assert.equal(rows[0].id, best, 'the best row is first');
        // Ranked: priced rows that meet the job by their month, then the rest; a row that does
        // not fit is never above one that does.
        const priced = rows.filter((r) => r.meets && r.cost !== null);
        assert.ok(priced.length >= 2);
        assert.deepEqual(rows.slice(0, priced.length), priced);
        for (let k = 1; k < priced.length; k++) assert.ok(priced[k - 1].cost <= priced[k].cost);
        const firstUnfit = rows.findIndex((r) => !r.fits);
        assert.ok(firstUnfit > 0 && rows.slice(firstUnfit).every((r) => !r.fits));
        // Serving has no spot column.
        assert.deepEqual(await p.spotCells(), []);
        const w = WORDS[lang];
        assert.equal(rows[0].why, w.rent);
        assert.ok(rows.some((r) => !r.meets && r.why.startsWith(w.ttft)), 'a reason in words');
        // The hosted API costs less than any card here: the sentence says so first, then names
        // the cheapest card, its count, its way and its price's month.
        const said = await p.sentence();
        assert.ok(said.includes(w.api) && said.indexOf(w.api) < said.indexOf(w.card), said);
        assert.ok(said.includes(w.card) && said.includes(w.rent) && said.includes('2') && said.includes('2026-09'), said);
        // Owning a B200 is one whole DGX B200 at its dated price, said in the row.
        const owned = await p.ownedCell('b200');
        assert.equal(owned.date, '2025-03');
        assert.ok(owned.text.includes('1 × 8 × B200 (DGX B200)') || owned.text.includes('1 台 8 × B200 (DGX B200)'), owned.text);
        assert.ok(owned.text.includes('$515,000') && owned.text.includes('2025-03'), owned.text);
        // Every priced way shows its month.
        for (const cell of await p.pricedCells()) assert.match(cell.date, /^20\d\d-\d\d$/, JSON.stringify(cell));
        // Nothing wider than the screen.
        const wide = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
        assert.ok(wide <= 0, `page overflows by ${wide}px`);
        assert.ok((await pixels(page, 'chart-plan')).length > 1000);
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
      }
    });
  }
}

test('a row opens the serving view with its card and split, and shows the same count', async () => {
  const context = await s.browser.newContext();
  try {
    const { page, errors } = await open(context, s.url, `?${SEVENTY_B}&card_price=0.01`);
    const p = new PlanPage(page);
    await page.waitForSelector('[data-testid=plan-table] tr[data-card="h200"]');
    const h200 = (await p.rows()).find((r) => r.id === 'h200');
    await p.open('h200');
    await p.addressHas(/gpu=h200/);
    // Two a replica miss the first token; four meet it, and the row opens on four.
    assert.match(p.query(), /tp=4(&|$)/);
    assert.doesNotMatch(p.query(), /card_price/, "a price typed for another card is not this one's");
    assert.equal(await value(page, 'cards-needed'), h200.count);
    await p.back('plan');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

const QWEN_LORA =
  'view=plan&job=train&model=qwen2.5-7b&method=lora&train_tokens=200000000&deadline_h=48&cur=usd';

for (const lang of ['en', 'zh']) {
  test(`${lang}: Qwen2.5 7B with LoRA on 200 M tokens within two days gets a ranked answer`, async () => {
    const context = await s.browser.newContext({ viewport: SCREENS.phone });
    try {
      const { page, errors } = await open(context, s.url, `?${QWEN_LORA}&lang=${lang}`);
      const p = new PlanPage(page);
      await page.waitForSelector('[data-testid=plan-table] tr[data-card]');
      // Renting one L40S for the job's hours: owning a card is a whole month of owning a whole
      // unit, however short the job.
      assert.equal(await p.best(), 'l40s');
      const rows = await p.rows();
      assert.equal(rows[0].id, 'l40s');
      assert.equal(rows[0].count, 1);
      const priced = rows.filter((r) => r.meets && r.cost !== null);
      assert.deepEqual(rows.slice(0, priced.length), priced);
      for (let k = 1; k < priced.length; k++) assert.ok(priced[k - 1].cost <= priced[k].cost);
      const said = await p.sentence();
      assert.ok(said.includes('L40S') && said.includes(WORDS[lang].rent), said);
      assert.ok((await pixels(page, 'chart-plan')).length > 1000);
      // Spot is a training way: a column, empty while the catalogue has no spot quote, and a
      // note saying what it counts and why a cell is empty.
      assert.deepEqual(await p.spotCells(), rows.map(() => '–'));
      assert.match(await p.spotNote(), lang === 'en' ? /highest reclaim band.*catalogue has none/ : /最高回收率档.*显示“–”/);
      // The row opens the training view on that card and count.
      await page.click('[data-testid=plan-table] tr[data-card="h100-sxm"] a');
      await page.waitForSelector('[data-testid=view-training]');
      await p.addressHas(/gpu=h100-sxm/);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
}

// A 70B full fine-tune within a week, in yuan: the top row is a count a team can book (whole
// machines, with a tenth of each card kept free), and the training view it opens agrees.
const SEVENTY_B_FULL =
  'view=plan&job=train&model=llama-3.1-70b&method=full&train_tokens=1000000000&deadline_h=168';
const FULL_WORDS = {
  en: { row: 'NVIDIA H20 96 GB, 5 machines, 40 cards', edge: 'at the edge', more: 'full activation recomputation' },
  zh: { row: 'NVIDIA H20 96 GB，5 台机器，40 张卡', edge: '已到边缘', more: '完整激活重计算' },
};

for (const lang of ['en', 'zh']) {
  test(`${lang}: Llama 3.1 70B in full on 1 B tokens within a week is five H20 machines at the edge`, async () => {
    const context = await s.browser.newContext({ viewport: SCREENS.desktop });
    try {
      const { page, errors } = await open(context, s.url, `?${SEVENTY_B_FULL}&lang=${lang}`);
      const p = new PlanPage(page);
      await page.waitForSelector('[data-testid=plan-table] tr[data-card]');
      assert.equal(await p.best(), 'h20');
      const rows = await p.rows();
      assert.equal(rows[0].id, 'h20');
      assert.equal(rows[0].count, 40);
      assert.ok(Math.abs(rows[0].cost - 12941) < 5, String(rows[0].cost));
      // The row says it is at the edge of its memory.
      assert.ok(rows[0].why.includes(FULL_WORDS[lang].edge), rows[0].why);
      // Every count past one machine is whole machines.
      for (const r of rows.filter((r) => r.fits)) assert.ok(r.count <= 8 || r.count % 8 === 0, `${r.id}: ${r.count}`);
      // And the note says which network the time assumes and the rents do not say they include.
      const beyond = rows.filter((r) => r.fits && r.count > 8).length;
      assert.equal(await page.getAttribute('[data-testid=plan-fabric-note]', 'data-value'), String(beyond));
      assert.match(await page.textContent('[data-testid=plan-fabric-note]'), /InfiniBand/);
      const name = await page.textContent('[data-testid=plan-table] tr[data-card="h20"] a');
      assert.equal(name.trim(), FULL_WORDS[lang].row);
      await page.click('[data-testid=plan-table] tr[data-card="h20"] a');
      await page.waitForSelector('[data-testid=view-training]');
      await p.addressHas(/gpus=40/);
      assert.equal(await page.getAttribute('[data-testid=headline]', 'data-value'), 'fits');
      const said = await page.textContent('[data-testid=headline]');
      assert.ok(said.includes(FULL_WORDS[lang].edge) && said.includes(FULL_WORDS[lang].more), said);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
}
