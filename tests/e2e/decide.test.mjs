// Deciding with real prices on the rent-or-buy view, as a person does it: a reserved machine as
// a third way, a resale curve and what moves the answer, in both languages.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, value, text } from './harness.mjs';
import { RentBuyPage } from './pages.mjs';

const s = suite();

for (const lang of ['en', 'zh']) {
  test(`[${lang}] a three-year reservation beats both at 50%, and the headline says so`, async () => {
    const { context, page, errors } = await s.fresh(`?lang=${lang}`);
    try {
      const v = new RentBuyPage(page);
      // Off by default: the guide's answer stands, and the page says how to compare.
      assert.equal(await page.$('[data-testid=three-ways]'), null);
      await page.waitForSelector('[data-testid=three-off]');
      await v.compareReserving('3y');
      await v.addressHas(/reserve=1.*reserve_term=3y|reserve_term=3y.*reserve=1/);
      // 55% off 120 x 720 = 38,880 a month, against renting 43,200 and owning 46,853.33.
      await page.waitForFunction(() => document.querySelector('[data-testid=three-best]').dataset.value === 'reserve');
      const w = await v.threeWays();
      assert.equal(w.rent, 43200);
      assert.ok(Math.abs(w.reserve - 38880) < 0.01, `reserve ${w.reserve}`);
      assert.ok(Math.abs(w.own - 46853.333333) < 0.01);
      assert.equal(w.best, 'reserve');
      assert.equal(await text(page, 'verdict'), 'reserve');
      // The bands name rent, then reserve: 38,880 / 86,400 = 45.0%.
      assert.match(w.bands, /0\.0%–45\.0%/);
      // The tile's best is the cheapest of the three figures it shows.
      assert.equal(Math.min(w.own, w.rent, w.reserve), w.reserve);
      // A year's term at 35% off (56,160) no longer beats renting at 50%: the guide's answer.
      await page.check('[data-testid=input-reserve_term] input[value="1y"]');
      await page.waitForFunction(() => document.querySelector('[data-testid=three-best]').dataset.value === 'rent');
      assert.equal(await text(page, 'verdict'), 'rent');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  test(`[${lang}] a resale curve typed key by key lowers owning, and a bad year is named`, async () => {
    const { context, page, errors } = await s.fresh(`?lang=${lang}`);
    try {
      const v = new RentBuyPage(page);
      await v.typeKeys('input-resale_curve', '78,6x');
      // The year that is not a number is said beside the box; the result stays the guide's.
      await page.waitForFunction(() => document.querySelector('[data-testid=error-resale_curve]').textContent.includes('6x'));
      assert.ok(Math.abs((await value(page, 'own-monthly')) - 46853.333333) < 0.01);
      await page.keyboard.press('Backspace');
      await page.keyboard.type('0,46,35');
      await v.messageCleared('resale_curve');
      // 46% back after three years: (1,200,000 - 552,000) / 36 = 18,000 a month of depreciation.
      await page.waitForFunction(() => Math.abs(Number(document.querySelector('[data-testid=own-monthly]').dataset.value) - 31520) < 0.01);
      await v.addressHas(/resale_curve=78%2C60%2C46%2C35/);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
}

test('the heatmap marks the verdict of the headline at every utilisation', async () => {
  const { context, page, errors } = await s.fresh();
  try {
    const v = new RentBuyPage(page);
    for (const util of ['20', '54', '55', '90']) {
      await v.slide('util', [Number(util)], 'chart-cost-vs-util');
      await page.waitForFunction(
        () => document.querySelector('[data-testid=heatmap-point]').dataset.value ===
          document.querySelector('[data-testid=verdict]').dataset.value,
      );
      const point = await v.heatmapPoint();
      assert.equal(point, await text(page, 'verdict'), `at ${util}%`);
      assert.equal(point, Number(util) > 54.23 ? 'buy' : 'rent', `at ${util}%`);
    }
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('what moves the answer: the swing is typed, the largest bar is named, untouched inputs are listed', async () => {
  const { context, page, errors } = await s.fresh();
  try {
    const v = new RentBuyPage(page);
    const summary = () =>
      page.evaluate(() => {
        const c = document.querySelector('[data-testid=chart-tornado-difference]');
        const id = c.getAttribute('aria-describedby');
        return document.getElementById(id)?.textContent ?? '';
      });
    // At 20% the rent moves the monthly difference most: 96 to 144 an hour.
    await page.waitForFunction(() => !!document.querySelector('[data-testid=chart-tornado-difference]'));
    assert.match(await summary(), /moves it most: from CN¥12,293 to -CN¥4,987|moves it most: from CN¥12,293 to −CN¥4,987/);
    await v.typeKeys('input-swing', '10');
    await v.addressHas(/swing=10/);
    await page.waitForFunction(
      (id) => {
        const c = document.querySelector(id);
        return (document.getElementById(c.getAttribute('aria-describedby'))?.textContent ?? '').includes('7,973');
      },
      '[data-testid=chart-tornado-difference]',
    );
    const skipped = await page.textContent('[data-testid=moves-skipped]');
    assert.match(skipped, /Resale value/);
    assert.doesNotMatch(skipped, /reserved for a year/i);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('the classroom example opens rent or buy with its figures', async () => {
  const { context, page, errors } = await s.fresh();
  try {
    await page.click('[data-testid=presets] summary');
    await page.click('[data-testid=preset-classroom]');
    await page.waitForFunction(() => Math.abs(Number(document.querySelector('[data-testid=rent-monthly]').dataset.value) - 4986.63) < 0.01);
    assert.ok(Math.abs((await value(page, 'own-monthly')) - 10594.08) < 0.01);
    assert.match(await page.textContent('[data-testid=preset-note]'), /30 students/);
    assert.match(await page.textContent('[data-testid=preset-note]'), /28\.2%/);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

for (const [lang, cur] of [['en', 'usd'], ['zh', 'cny']]) {
  test(`[${lang}] picking a catalogue machine fills every view's inputs in ${cur}, and says how old its prices are`, async () => {
    const { context, page, errors } = await s.fresh(`?lang=${lang}&cur=${cur}`);
    try {
      await page.selectOption('[data-testid=catalogue-pick]', '8x-h100');
      await page.waitForSelector('[data-testid=catalogue-filled]');
      // Rent or buy: the machine's purchase, rent and draw, each from a quote in this currency.
      await page.waitForURL(/purchase=/);
      const q = new URL(page.url()).searchParams;
      assert.equal(q.get('purchase'), cur === 'usd' ? '317000' : '2700000');
      assert.equal(q.get('power_kw'), '10.2');
      assert.equal(q.get('gpu'), 'h100-sxm');
      if (cur === 'usd') {
        // Lambda's on-demand $31.92 a machine-hour, and $3.99 a card-hour for serving.
        assert.ok(Math.abs(Number(q.get('price')) - 31.92) < 0.01, q.get('price'));
        assert.ok(Number(q.get('card_price')) > 0);
      } else {
        // In yuan the machine rents only by the month (包月): a month reserved, not an hourly
        // price, so the hourly rent is asked for, not filled with 62,500 / 730.
        assert.equal(q.get('ask'), 'price');
        assert.match(
          await page.textContent('[data-testid=catalogue-filled]'),
          /包月|by the month/,
        );
        // It is a month reserved: reserving is compared for a month, and a reserved machine
        // costs exactly the ¥62,500 quoted, while the hourly rent stays asked for (no best way).
        assert.equal(q.get('reserve_month'), '62500');
        assert.equal(q.get('reserve'), '1');
        assert.equal(q.get('reserve_term'), '1m');
        await page.waitForSelector('[data-testid=three-reserve]');
        assert.equal(await value(page, 'three-reserve'), 62500);
        assert.equal(await page.getAttribute('[data-testid=three-rent]', 'data-value'), '');
        assert.equal(await page.getAttribute('[data-testid=three-best]', 'data-value'), '');
        assert.equal(await page.$('[data-testid=chart-three-ways]'), null);
        assert.match(
          await page.textContent('[data-testid=catalogue-filled]'),
          lang === 'en' ? /Price of a month reserved.*62,500/ : /包月价格.*62,500/,
        );
      }
      // The 2024 purchase price is older than 180 days: the month is said beside it.
      const filled = await page.textContent('[data-testid=catalogue-filled]');
      assert.match(filled, lang === 'en' ? /price from 2024-0\d/ : /2024-0\d 的价格/);
      // The memory view now shows the card the pick filled.
      await page.click('[data-testid=nav-inference]');
      await page.waitForSelector('[data-testid=view-inference]');
      assert.equal(await page.inputValue('[data-testid=input-gpu]'), 'h100-sxm');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
}

test('the break-even by card lists only rows priced in the currency, by tier, whole machines first, each lowest first', async () => {
  const { context, page, errors } = await s.fresh('?cur=usd');
  try {
    const rows = await page.$$eval('tr[data-testid^=by-card-]', (els) =>
      els.map((e) => ({
        id: e.dataset.testid.slice(8),
        u: e.dataset.value,
        cards: e.dataset.cardsOnly === 'true',
        tier: e.querySelector('[data-testid=by-card-tier]').dataset.value,
      })));
    assert.ok(rows.length >= 3, JSON.stringify(rows));
    // Rows of one tier stand together; within a tier, card rows (eight cards without a host)
    // come after every whole machine, and each part is sorted lowest U* first.
    const tiers = [...new Set(rows.map((r) => r.tier))];
    assert.deepEqual(tiers, rows.map((r) => r.tier).filter((t, i, a) => i === 0 || a[i - 1] !== t));
    for (const tier of tiers) {
      const part = rows.filter((r) => r.tier === tier);
      const first = part.findIndex((r) => r.cards);
      const cut = first < 0 ? part.length : first;
      assert.ok(part.slice(cut).every((r) => r.cards), JSON.stringify(part));
      for (const p of [part.slice(0, cut), part.slice(cut)]) {
        const finite = p.filter((r) => r.u !== '').map((r) => Number(r.u));
        assert.deepEqual(finite, [...finite].sort((a, b) => a - b));
      }
    }
    assert.ok(rows.some((r) => !r.cards), JSON.stringify(rows));
    assert.ok(rows.some((r) => r.id === '8x-h100'));
    // Each row states the hosting and staff it assumes: the guide's, hosting at the row's draw.
    assert.match(await page.textContent('[data-testid=card-costs-8x-h100]'), /616 \+ .*1,127/);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

// A team choosing a card picks one row after another: a row without a quote for a price asks for
// it (empty box, a message beside it, a question in the headline) and shows no verdict, where the
// last machine's figure used to stay and meet this one's ("renting 8 RTX 4090s saves ¥83,133 a
// month" against an 8 x H100 machine's ¥2.7M).
for (const lang of ['en', 'zh']) {
  test(`[${lang}] picking the H100 machine then the RTX 4090 in yuan asks for the 4090's purchase, and a price typed brings the verdict back`, async () => {
    const { context, page, errors } = await s.fresh(`?lang=${lang}&cur=cny`);
    try {
      const v = new RentBuyPage(page);
      await v.pick('8x-h100');
      await v.pick('rtx-4090');
      await v.addressHas(/ask=purchase(?!,)/);
      // The box is empty with the message beside it; the rent is the 4090's own (8 x ¥1.98).
      const box = await v.box('purchase');
      assert.equal(box.text, '');
      assert.match(box.message, lang === 'en' ? /no figure for this machine/ : /这台机器没有这一项的数字/);
      assert.ok(Math.abs(Number(await page.inputValue('[data-testid=input-price-box]')) - 15.84) < 1e-9);
      // The headline asks; no verdict, no tiles that stand on the missing price.
      await v.waitForVerdict('ask');
      assert.match(
        await page.textContent('[data-testid=view-rent-buy] [data-testid=headline]'),
        lang === 'en' ? /purchase price/ : /购置价/,
      );
      assert.equal(await page.$('[data-testid=own-monthly]'), null);
      assert.match(
        await page.textContent('[data-testid=catalogue-filled]'),
        lang === 'en' ? /no purchase price quoted in/ : /没有以.*报的购置价/,
      );
      // The question survives a reload.
      await page.reload();
      await v.waitForVerdict('ask');
      assert.equal((await v.box('purchase')).text, '');
      // The team gives eight cards' price: the question is answered and the verdict is back.
      await page.fill('[data-testid=input-purchase]', '140000');
      await page.waitForFunction(() => ['rent', 'buy'].includes(document.querySelector('[data-testid=verdict]')?.dataset.value));
      await page.waitForSelector('[data-testid=own-monthly]');
      assert.equal((await v.box('purchase')).message, '');
      await v.addressHas(/purchase=140000/);
      assert.doesNotMatch(page.url(), /ask=/);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
}

for (const lang of ['en', 'zh']) {
  test(`[${lang}] with reserving on, the tornado and the map answer three ways, in three colours`, async () => {
    // Three years reserved at 60%: reserving 38,880, owning 46,853.33, renting 51,840.
    const { context, page, errors } = await s.fresh(`?lang=${lang}&reserve=1&reserve_term=3y&util=60`);
    try {
      const v = new RentBuyPage(page);
      await page.waitForFunction(() => document.querySelector('[data-testid=heatmap-point]')?.dataset.value === 'reserve');
      assert.equal(await v.heatmapPoint(), 'reserve');
      // The map colours reserving's region, and the tornado marks the ends' answers in it.
      assert.ok((await v.reservePixels('chart-heatmap')) > 500);
      assert.ok((await v.reservePixels('chart-tornado-difference')) > 0);
      // The three-year discount moves the answer: it has a bar, not "no effect".
      const skipped = await page.textContent('[data-testid=moves-skipped]');
      assert.doesNotMatch(skipped, lang === 'en' ? /3 years|three years/i : /三年/);
      // Reserving off: the two-way map has no violet.
      await page.uncheck('[data-testid=input-reserve]');
      await page.waitForFunction(() => document.querySelector('[data-testid=heatmap-point]')?.dataset.value === 'buy');
      assert.equal(await v.reservePixels('chart-heatmap'), 0);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  test(`[${lang}] the resale curve box refuses "1,5" with both readings and keeps the answer`, async () => {
    const { context, page, errors } = await s.fresh(`?lang=${lang}`);
    try {
      const v = new RentBuyPage(page);
      await v.typeKeys('input-resale_curve', '1,5');
      await page.waitForFunction(() => document.querySelector('[data-testid=error-resale_curve]').textContent.includes('1.5'));
      const said = await page.textContent('[data-testid=error-resale_curve]');
      assert.match(said, /1, 5/);
      // The headline's figures stay the guide's: nothing was read as two years.
      assert.ok(Math.abs((await value(page, 'own-monthly')) - 46853.333333) < 0.01);
      assert.doesNotMatch(page.url(), /resale_curve=/);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
}
