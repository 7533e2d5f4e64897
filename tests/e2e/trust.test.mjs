// Answers a user can trust, in both languages: what is typed is what is computed (never a prefix
// of it, never rewritten while typing), saving under a new name never touches another scenario,
// the embed's link opens its own numbers, and the page says something before the app runs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, open, value } from './harness.mjs';
import { RentBuyPage, ServingPage } from './pages.mjs';
import { ComparePage } from './scenario_pages.mjs';
import { ScenarioBar } from './scenario_pages.mjs';

const s = suite();

const LANGS = [
  {
    lang: 'en',
    locale: 'en-US',
    using: /not used, still using 50%$/,
    fromLink: /from a link/,
    replaced: /over its earlier version/,
    loading: 'Loading the calculator…',
    view: 'Spot and checkpoints',
    failed: /could not be loaded/,
    retry: 'Try again',
    needs: /it needs 4 of these cards with tensor parallelism \(tp = 4\)/,
    typed: /as typed under Load/,
    people: /from the people using it at once/,
    converted: /RunPod, 2026-09, converted at 7\.1/,
    h100: 'NVIDIA H100 80 GB SXM',
  },
  {
    lang: 'zh',
    locale: 'zh-CN',
    using: /未采用，仍按 50% 计算$/,
    fromLink: /来自链接/,
    replaced: /覆盖了之前的版本/,
    loading: '计算器加载中…',
    view: '可中断实例与断点续训',
    failed: /没能加载/,
    retry: '重试',
    needs: /需要 4 张这种卡做张量并行（tp = 4）/,
    typed: /按“负载”中填写的值/,
    people: /由同时在用的人数推算/,
    converted: /RunPod，2026-09，按 7\.1 换算/,
    h100: 'NVIDIA H100 80 GB SXM',
  },
];

/** A fresh profile in the language's locale; closed whatever happens. */
/** The app's wasm file (start.js's own address ends in its name too, in the query). */
const WASM = (url) => url.pathname.endsWith('.wasm');

async function inProfile(l, body) {
  // No service worker: the load test below holds back and fails the wasm's fetch, which a
  // worker's cached copy would answer instead.
  const context = await s.browser.newContext({ locale: l.locale, serviceWorkers: 'block' });
  try {
    await body(context);
  } finally {
    await context.close();
  }
}

for (const l of LANGS) {
  test(`${l.lang}: a value typed past its range is not used, nor any prefix of it`, () =>
    inProfile(l, async (context) => {
      const { page, errors } = await open(context, s.url, `?lang=${l.lang}`);
      const rb = new RentBuyPage(page);
      const rent = await rb.value('rent-monthly');
      // Key by key: 1 and 15 pass on the way to 150.
      await rb.typeKeys('input-util-box', '150');
      assert.match(await rb.message('util'), l.using);
      assert.equal(await rb.value('rent-monthly'), rent);
      assert.equal(await page.inputValue('[data-testid=input-util]'), '50');
      // A comma that is not a thousands separator is refused whole, never read as 1.
      await rb.typeKeys('input-util-box', '1,5');
      assert.match(await rb.message('util'), l.using);
      assert.equal(await rb.value('rent-monthly'), rent);
      // Neither the link nor storage holds a prefix.
      await page.waitForTimeout(400);
      assert.ok(!rb.query().includes('util='), rb.query());
      const stored = await page.evaluate(() => localStorage.getItem('gpuplan/v2/current'));
      assert.ok(!stored.includes('util='), stored);
      // A value that passes is used at once.
      await rb.typeKeys('input-util-box', '70');
      await rb.messageCleared('util');
      assert.ok(Math.abs((await rb.value('rent-monthly')) - 120 * 720 * 0.7) < 0.01);
      assert.deepEqual(errors, []);
    }));

  test(`${l.lang}: a bill cell keeps what is typed until it is left, and the bill uses all of it`, () =>
    inProfile(l, async (context) => {
      const { page, errors } = await open(context, s.url, `?view=bill&lang=${l.lang}`);
      const cell = page.locator('[data-testid="bill-line-0-amount"]');
      const before = await value(page, 'bill-total');
      const old = Number((await cell.inputValue()).replace(/,/g, ''));
      await cell.fill('');
      await cell.pressSequentially('12000');
      assert.equal(await cell.inputValue(), '12000', 'not rewritten while typing');
      assert.equal(await value(page, 'bill-total'), before - old + 12000);
      await cell.blur();
      assert.equal(await cell.inputValue(), '12,000', 'formatted once left');
      // A refused cell leaves the value it had before typing in force, and says so.
      await cell.fill('');
      await cell.pressSequentially('12x');
      assert.equal(await value(page, 'bill-total'), before - old + 12000);
      const row = page.locator('[data-testid="bill-line-0"] .field-msg');
      assert.match(await row.textContent(), l.lang === 'en' ? /still using 12,000$/ : /仍按 12,000 计算$/);
      assert.equal(await cell.getAttribute('aria-invalid'), 'true');
      // The habit values behave the same.
      const lever = page.locator('[data-testid="bill-lever-0-value"]');
      const after = await value(page, 'bill-after');
      await lever.fill('');
      await lever.pressSequentially('1500');
      assert.equal(await lever.inputValue(), '1500');
      assert.notEqual(await value(page, 'bill-after'), after);
      assert.deepEqual(errors, []);
    }));

  test(`${l.lang}: saving under another name makes a new scenario; a save over one can be undone`, () =>
    inProfile(l, async (context) => {
      const { page, errors } = await open(context, s.url, `?lang=${l.lang}`);
      const bar = new ScenarioBar(page);
      const rb = new RentBuyPage(page);
      await rb.type('price', '95');
      await bar.saveAs('H100');
      await bar.waitForCount(1);
      await rb.type('price', '80');
      await bar.saveAs('A100');
      await bar.waitForCount(2);
      assert.deepEqual(await bar.names(), ['H100', 'A100']);
      const entries = () =>
        page.evaluate(() =>
          Object.keys(localStorage)
            .filter((k) => k.startsWith('gpuplan/v2/saved/'))
            .map((k) => localStorage.getItem(k))
            .sort());
      const h100 = (await entries()).find((e) => e.startsWith('name=H100&'));
      assert.match(h100, /price=95/);
      // A link opened from outside starts an unsaved scenario, whatever the page worked on.
      const other = await open(context, s.url, `?lang=${l.lang}&price=150`);
      const bar2 = new ScenarioBar(other.page);
      assert.equal(await bar2.name(), '');
      assert.match(await other.page.textContent('[data-testid=scenario-status]'), l.fromLink);
      await bar2.saveAs('from link');
      await bar2.waitForCount(3);
      assert.ok((await entries()).some((e) => e.startsWith('name=H100&') && e.includes('price=95')));
      assert.ok((await entries()).some((e) => e.startsWith('name=A100&') && e.includes('price=80')));
      // Saving over the scenario the page works on is undoable.
      await bar2.act('A100', 'open');
      await new RentBuyPage(other.page).type('price', '60');
      await bar2.saveAs('A100');
      assert.match(await bar2.message(), l.replaced);
      assert.ok((await entries()).some((e) => e.startsWith('name=A100&') && e.includes('price=60')));
      await bar2.undo();
      await other.page.waitForFunction(() =>
        Object.keys(localStorage).some((k) => k.startsWith('gpuplan/v2/saved/')
          && localStorage.getItem(k).startsWith('name=A100&') && localStorage.getItem(k).includes('price=80')));
      assert.equal(await bar2.count(), 3);
      assert.deepEqual([...errors, ...other.errors], []);
    }));

  test(`${l.lang}: the embed's "open in gpuplan" shows the embed's numbers, not the reader's saved ones`, () =>
    inProfile(l, async (context) => {
      // The reader has numbers of their own saved in this browser.
      const own = await open(context, s.url, `?lang=${l.lang}`);
      await new RentBuyPage(own.page).type('price', '95');
      await own.page.waitForFunction(() => (localStorage.getItem('gpuplan/v2/current') ?? '').includes('price=95'));
      // An embed of the guide's example: its link must open the example, not price 95.
      const embed = await open(context, s.url, `?embed=1&view=rent-buy&lang=${l.lang}`);
      const href = await embed.page.getAttribute('[data-testid=embed-open]', 'href');
      const full = await open(context, '', href);
      assert.equal(await value(full.page, 'rent-monthly'), 120 * 720 * 0.5);
      assert.equal(await full.page.inputValue('[data-testid=input-price]'), '120');
      assert.deepEqual([...own.errors, ...embed.errors, ...full.errors], []);
    }));

  test(`${l.lang}: before the app runs the page names the view and says it is loading; a failed load says so`, () =>
    inProfile(l, async (context) => {
      // The app's wasm held back: what a slow link shows meanwhile.
      let release;
      const held = new Promise((r) => (release = r));
      await context.route(WASM, async (route) => {
        await held;
        await route.continue();
      });
      const page = await context.newPage();
      await page.goto(`${s.url}?view=spot`, { waitUntil: 'commit' });
      const boot = page.locator('[data-testid=boot]');
      await boot.waitFor();
      // index.html's own words ("Rent or buy") until boot.js, the script after them, has run;
      // a page that never words them fails here.
      await page.waitForFunction(
        (view) => document.querySelector('[data-testid=boot] .boot-view')?.textContent === view,
        l.view,
      );
      assert.equal(await boot.locator('.boot-view').textContent(), l.view);
      assert.equal(await boot.locator('.boot-line').textContent(), l.loading);
      assert.equal(await page.getAttribute('html', 'lang'), l.lang === 'zh' ? 'zh-CN' : 'en');
      release();
      await page.waitForSelector('[data-testid=view-spot]');
      assert.equal(await page.locator('[data-testid=boot]').count(), 0);
      // The wasm cannot be fetched: the page says so and offers to try again. A profile of its
      // own, so that no cached copy from the load above answers instead.
      const other = await s.browser.newContext({ locale: l.locale, serviceWorkers: 'block' });
      await other.route(WASM, (route) => route.abort());
      const broken = await other.newPage();
      await broken.goto(`${s.url}?view=spot&nocache=${Date.now()}`);
      await broken.waitForSelector('[data-testid=boot][data-state=failed]');
      assert.match(await broken.textContent('[data-testid=boot] .boot-line'), l.failed);
      const retry = broken.locator('[data-testid=boot-retry]');
      assert.ok(await retry.isVisible());
      assert.equal(await retry.textContent(), l.retry);
      // Once the network is back, trying again starts the app.
      await other.unroute(WASM);
      await retry.click();
      await broken.waitForSelector('[data-testid=view-spot]');
      await other.close();
    }));
}

for (const l of LANGS) {
  test(`${l.lang}: serving a model that does not fit shows no figure, names the cards it needs, and sets them in one click`, () =>
    inProfile(l, async (context) => {
      const { page, errors } = await open(context, s.url, `?view=serving&lang=${l.lang}&model=llama-3.1-70b&gpu=h100-sxm&weights=bf16`);
      assert.equal(await page.getAttribute('[data-testid=headline]', 'data-value'), 'no-fit');
      assert.match(await page.textContent('[data-testid=headline]'), l.needs);
      for (const id of ['cards-needed', 'cost-per-million-tokens', 'ttft-seconds', 'serving-verdict', 'chart-serving-cost']) {
        assert.equal(await page.locator(`[data-testid="${id}"]`).count(), 0, id);
      }
      assert.equal(await value(page, 'way-tp'), 4);
      await page.click('[data-testid=way-tp] button');
      await page.waitForSelector('[data-testid=cards-needed]');
      assert.notEqual(await page.getAttribute('[data-testid=headline]', 'data-value'), 'no-fit');
      assert.equal((await value(page, 'cards-needed')) % 4, 0, 'whole replicas of four cards');
      await page.waitForURL(/tp=4/);
      assert.deepEqual(errors, []);
    }));

  test(`${l.lang}: the load as people using it at once, the rate in force shown, and each card at its own price`, () =>
    inProfile(l, async (context) => {
      const { page, errors } = await open(context, s.url, `?view=serving&lang=${l.lang}&model=llama-3.1-8b&gpu=h100-sxm&weights=bf16`);
      const p = new ServingPage(page);
      assert.equal(await value(page, 'load-rps'), 2);
      assert.match(await page.textContent('.stat:has([data-testid=load-rps]) .stat-note'), l.typed);
      const before = await p.outputs();
      await page.selectOption('[data-testid=input-load]', 'users');
      await page.waitForSelector('[data-testid=input-users]');
      assert.equal(await page.locator('[data-testid=input-target_rps]').count(), 0, 'only the load in force is asked for');
      await p.typeKeys('input-users', '4000');
      await page.waitForFunction(() => Number(document.querySelector('[data-testid=load-rps]').dataset.value) > 100);
      const rps = await value(page, 'load-rps');
      // 4,000 people, 10 s each between an answer and the next request, which takes its first
      // token (prefill, the fixed time and the wait for a slot, which the 2 s goal allows) and 256
      // tokens at the time per output token: a closed loop, under 400 a second.
      const tpot = await value(page, 'tpot-seconds');
      const ttft = await value(page, 'ttft-seconds');
      const loop = 4000 / (10 + ttft + 256 * tpot);
      assert.ok(Math.abs(rps / loop - 1) < 1e-9 && rps < 400, `${rps} against ${loop}`);
      assert.match(await page.textContent('.stat:has([data-testid=load-rps]) .stat-note'), l.people);
      assert.ok((await value(page, 'cards-needed')) > before.cards);
      await page.waitForURL(/load=users/);
      // An H100 and an A100 are priced by their own dated quotes, never the same one.
      const h100 = await value(page, 'cost-per-million-tokens');
      await page.selectOption('[data-testid=input-gpu]', 'a100-80gb');
      await page.waitForFunction((c) => Number(document.querySelector('[data-testid=cost-per-million-tokens]').dataset.value) !== c, h100);
      assert.match(await page.textContent('.stat:has([data-testid=cost-per-million-tokens]) .stat-note'), /AutoDL/);
      // In dollars, a card quoted only in dollars needs no conversion; one quoted only in yuan
      // says it was converted.
      await page.selectOption('[data-testid=input-gpu]', 'l4');
      await page.waitForFunction(() => /RunPod/.test(document.querySelector('.stat:has([data-testid=cost-per-million-tokens]) .stat-note').textContent));
      assert.match(await page.textContent('.stat:has([data-testid=cost-per-million-tokens]) .stat-note'), l.converted);
      assert.deepEqual(errors, []);
    }));

  test(`${l.lang}: compare shows the serving rows and names the cards, and two scenarios that differ only in the card differ there`, () =>
    inProfile(l, async (context) => {
      const { page, errors } = await open(context, s.url, `?view=serving&lang=${l.lang}&model=llama-3.1-8b&gpu=h100-sxm&weights=bf16`);
      const bar = new ScenarioBar(page);
      await bar.saveAs('H100');
      await bar.waitForCount(1);
      await page.selectOption('[data-testid=input-gpu]', 'a100-80gb');
      await bar.saveAs('A100');
      await bar.waitForCount(2);
      await page.goto(`${s.url}?view=compare&compare=H100,A100&lang=${l.lang}`);
      await page.waitForSelector('[data-testid="compare-table"]');
      const cmp = new ComparePage(page);
      for (const metric of ['serving-tokens-per-second', 'serving-tpot', 'serving-ttft', 'serving-cards', 'serving-per-million']) {
        const row = await cmp.row(metric);
        assert.equal(row.length, 2, metric);
        assert.ok(row.every((c) => Number.isFinite(c.value)), metric);
        if (metric !== 'serving-cards') assert.notEqual(row[0].value, row[1].value, metric);
      }
      const tps = await cmp.row('serving-tokens-per-second');
      assert.deepEqual(tps.map((c) => c.best), [tps[0].value > tps[1].value, tps[1].value > tps[0].value], 'more tokens a second is better');
      assert.deepEqual(await cmp.differing(), ['gpu']);
      const named = await page.textContent('[data-testid=compare-diff] tr[data-key=gpu]');
      assert.ok(named.includes(l.h100) && !named.includes('h100-sxm'), named);
      assert.deepEqual(errors, []);
    }));
}
