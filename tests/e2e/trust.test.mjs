// Answers a user can trust, in both languages: what is typed is what is computed (never a prefix
// of it, never rewritten while typing), saving under a new name never touches another scenario,
// the embed's link opens its own numbers, and the page says something before the app runs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, open, value } from './harness.mjs';
import { RentBuyPage } from './pages.mjs';
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
      assert.equal(await boot.locator('.boot-view').textContent(), l.view);
      assert.equal(await boot.locator('.boot-line').textContent(), l.loading);
      assert.equal(await page.getAttribute('html', 'lang'), l.lang === 'zh' ? 'zh-CN' : 'en');
      release();
      await page.waitForSelector('[data-testid=view-spot]');
      assert.equal(await page.locator('[data-testid=boot]').count(), 0);
      // The wasm cannot be fetched: the page says so and offers to try again.
      await context.unroute(WASM);
      await context.route(WASM, (route) => route.abort());
      const broken = await context.newPage();
      await broken.goto(`${s.url}?view=spot&nocache=${Date.now()}`);
      await broken.waitForSelector('[data-testid=boot][data-state=failed]');
      assert.match(await broken.textContent('[data-testid=boot] .boot-line'), l.failed);
      const retry = broken.locator('[data-testid=boot-retry]');
      assert.ok(await retry.isVisible());
      assert.equal(await retry.textContent(), l.retry);
      // Once the network is back, trying again starts the app.
      await context.unroute(WASM);
      await retry.click();
      await broken.waitForSelector('[data-testid=view-spot]');
    }));
}
