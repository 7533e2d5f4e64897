// Named scenarios: save, reload, rename, delete and undo, a damaged entry beside good ones,
// export and import into a fresh profile, two tabs, storage that refuses, and the compare view.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, open } from './harness.mjs';
import { RentBuyPage, PlanPage } from './pages.mjs';
import { ScenarioBar, ComparePage } from './scenario_pages.mjs';

const s = suite();

/** A fresh profile on rent or buy, with its bar; closes whatever happens. */
async function withPage(query, body) {
  const { context, page, errors } = await s.fresh(query);
  try {
    await body({ page, rb: new RentBuyPage(page), bar: new ScenarioBar(page), context });
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
}

async function reload(page) {
  await page.reload();
  await page.waitForSelector('main [data-testid^="view-"]');
}

test('two saved scenarios are both there after a reload, each with its inputs', () =>
  withPage('', async ({ page, rb, bar }) => {
    assert.equal(await bar.count(), 0);
    assert.equal(await bar.status(), 'saved');
    await rb.type('price', '90');
    assert.equal(await bar.status(), 'unsaved');
    await bar.saveAs('cheap rent');
    await bar.waitForCount(1);
    assert.match(await bar.message(), /Saved “cheap rent”/);
    assert.equal(await bar.status(), 'saved');
    await rb.type('price', '150');
    assert.equal(await bar.status(), 'unsaved');
    await bar.saveAsNew('dear rent');
    await bar.waitForCount(2);
    await reload(page);
    await bar.waitForCount(2);
    assert.deepEqual(await bar.names(), ['cheap rent', 'dear rent']);
    // The page is still on the last one saved, and says so.
    assert.equal(await bar.name(), 'dear rent');
    await bar.act('cheap rent', 'open');
    await page.waitForFunction(() => document.querySelector('[data-testid="input-price"]').value === '90');
    assert.ok(Math.abs((await rb.value('rent-monthly')) - 90 * 720 * 0.5) < 0.01);
    assert.equal(await bar.name(), 'cheap rent');
  }));

test('renaming, deleting and undoing', () =>
  withPage('', async ({ page, bar }) => {
    await bar.saveAs('alpha');
    await bar.waitForCount(1);
    // Saving under another name keeps the first and saves a new one.
    await bar.saveAs('beta');
    await bar.waitForCount(2);
    assert.deepEqual(await bar.names(), ['alpha', 'beta']);
    await bar.act('alpha', 'delete');
    await bar.waitForCount(1);
    await bar.act('beta', 'duplicate');
    await bar.waitForCount(2);
    assert.deepEqual(await bar.names(), ['beta', 'beta (2)']);
    await bar.act('beta', 'delete');
    await bar.waitForCount(1);
    assert.match(await bar.message(), /Deleted “beta”/);
    await bar.undo();
    await bar.waitForCount(2);
    await reload(page);
    await bar.waitForCount(2);
    assert.deepEqual((await bar.names()).sort(), ['beta', 'beta (2)']);
    // A name that is not usable is refused beside the bar, and nothing is saved.
    await bar.saveAsNew('a,b');
    assert.match(await bar.message(), /cannot hold a comma/);
    await bar.saveAsNew('beta (2)');
    assert.match(await bar.message(), /already saved/);
    assert.equal(await bar.count(), 2);
  }));

test('a damaged entry is set aside alone: the others load and its text is kept', () =>
  withPage('', async ({ page, bar }) => {
    await bar.saveAs('good one');
    await bar.saveAsNew('bad one');
    await bar.waitForCount(2);
    const damaged = await page.evaluate(() => {
      const key = Object.keys(localStorage).find(
        (k) => k.startsWith('gpuplan/v2/saved/') && localStorage.getItem(k).includes('bad'),
      );
      localStorage.setItem(key, 'name=bad%20one&schema=99&price=1');
      return key;
    });
    await reload(page);
    await bar.waitForCount(1);
    assert.deepEqual(await bar.names(), ['good one']);
    assert.match(await bar.message(), /could not be read and were set aside/);
    const kept = await page.evaluate((old) => ({
      gone: localStorage.getItem(old) === null,
      text: Object.keys(localStorage)
        .filter((k) => k.startsWith('gpuplan/v1/damaged/'))
        .map((k) => localStorage.getItem(k)),
    }), damaged);
    assert.ok(kept.gone);
    assert.deepEqual(kept.text, ['name=bad%20one&schema=99&price=1']);
  }));

test('export, then import into a fresh profile, with taken names resolved by the person', async () => {
  let file;
  await withPage('', async ({ rb, bar }) => {
    await rb.type('price', '88');
    await bar.saveAs('eighty-eight');
    await rb.type('purchase', '1500000');
    await bar.saveAsNew('租 1.5M');
    await bar.waitForCount(2);
    file = await bar.exportAll();
  });
  assert.equal(file.name, 'gpuplan-scenarios.json');
  const parsed = JSON.parse(file.text);
  assert.equal(parsed.gpuplan, 'scenarios');
  assert.equal(parsed.scenarios.length, 2);
  await withPage('', async ({ page, rb, bar }) => {
    await bar.importFile(file.name, file.text);
    await bar.waitForCount(2);
    assert.match(await bar.message(), /added “eighty-eight”, “租 1.5M”/);
    await bar.act('租 1.5M', 'open');
    await page.waitForFunction(() => document.querySelector('[data-testid="input-price"]').value === '88');
    assert.ok(Math.abs((await rb.value('own-monthly')) - (1500000 / 36 + 13520)) < 0.01);
    // The same file again: both names are taken, and nothing changes until the person says.
    await bar.importFile(file.name, file.text);
    await page.waitForSelector('[data-testid="import-clash"]');
    assert.equal(await bar.count(), 2);
    await page.click('[data-testid="import-keep-both"]');
    await bar.waitForCount(4);
    assert.deepEqual(await bar.names(), ['eighty-eight', '租 1.5M', 'eighty-eight (2)', '租 1.5M (2)']);
    // Junk is refused whole, with the reason, and nothing saved changes.
    await bar.importFile('junk.json', '{"gpuplan": "scenarios", "scenarios": [');
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="scenario-message"]').textContent.includes('not JSON'));
    await bar.importFile('other.json', '{"gpuplan": "scenarios", "schema": 2, "scenarios": [{"name": "ok", "query": "price=70"}, {"query": "x=1"}]}');
    await bar.waitForCount(5);
    assert.match(await bar.message(), /entry 2 refused: it has no name/);
  });
});

test('two tabs: a save in one shows in the other, and neither overwrites a newer save', () =>
  withPage('', async ({ context, rb, bar }) => {
    await rb.type('price', '100');
    await bar.saveAs('shared');
    await bar.waitForCount(1);
    const { page: page2, errors } = await open(context, s.url, '');
    const bar2 = new ScenarioBar(page2);
    const rb2 = new RentBuyPage(page2);
    assert.equal(await bar2.name(), 'shared');
    await bar.saveAsNew('only in tab one');
    await bar2.waitForCount(2);
    // Both work on "shared"; tab one saves first, so tab two's save must not overwrite it.
    await bar.act('shared', 'open');
    await rb.type('price', '101');
    await bar.saveAs('shared');
    await rb2.type('price', '102');
    await bar2.saveAs('shared');
    assert.match(await bar2.message(), /Another tab saved “shared”.*saved as “shared \(2\)”/);
    await bar.waitForCount(3);
    const stored = await page2.evaluate(() =>
      Object.keys(localStorage)
        .filter((k) => k.startsWith('gpuplan/v2/saved/'))
        .map((k) => decodeURIComponent(localStorage.getItem(k))));
    assert.ok(stored.some((e) => e.startsWith('name=shared&') && e.includes('price=101')), stored.join('\n'));
    assert.ok(stored.some((e) => e.startsWith('name=shared+(2)&') && e.includes('price=102')), stored.join('\n'));
    assert.deepEqual(errors, []);
  }));

test('storage that refuses a save: the scenario is kept in the tab, with a clear message', async () => {
  const context = await s.browser.newContext();
  await context.addInitScript(() => {
    const set = Storage.prototype.setItem;
    Storage.prototype.setItem = function (k, v) {
      if (String(k).startsWith('gpuplan/v2/saved/')) throw new DOMException('full', 'QuotaExceededError');
      return set.call(this, k, v);
    };
  });
  try {
    const { page, errors } = await open(context, s.url, '');
    const bar = new ScenarioBar(page);
    await bar.saveAs('not stored');
    await bar.waitForCount(1);
    assert.match(await bar.message(), /kept in this tab only, because the browser's storage is full/);
    // The page still computes.
    await new RentBuyPage(page).type('price', '95');
    assert.ok(Math.abs((await value(page)) - 95 * 720 * 0.5) < 0.01);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

async function value(page) {
  return Number(await page.getAttribute('[data-testid="rent-monthly"]', 'data-value'));
}

test('compare shows both scenarios, marks the cheaper, lists what differs and overlays the charts', () =>
  withPage('', async ({ page, rb, bar }) => {
    await rb.type('price', '90');
    await bar.saveAs('alpha');
    await rb.type('price', '130');
    await bar.saveAsNew('beta');
    await bar.waitForCount(2);
    await page.goto(`${s.url}?view=compare&compare=alpha,beta,gamma`);
    await page.waitForSelector('[data-testid="compare-table"]');
    const cmp = new ComparePage(page);
    assert.equal(await cmp.shown(), 2);
    const rent = await cmp.row('rent-monthly');
    assert.deepEqual(rent.map((r) => r.best), [true, false]);
    assert.ok(Math.abs(rent[0].value - 90 * 720 * 0.5) < 0.01);
    assert.ok(Math.abs(rent[1].value - 130 * 720 * 0.5) < 0.01);
    assert.deepEqual(await cmp.differing(), ['price']);
    assert.match(await cmp.headline(), /1 input differs;/);
    // The results that differ come first: renting, not owning (the first metric, the same in both).
    assert.equal((await cmp.metrics())[0], 'rent-monthly');
    assert.equal((await cmp.input('price')).label, 'Rent per machine-hour');
    assert.match(await page.textContent('[data-testid="compare-missing"]'), /gamma/);
    for (const id of ['chart-compare-cost', 'chart-compare-memory']) {
      await page.waitForSelector(`[data-testid="${id}"][data-draws]`);
    }
    // Choosing in the view writes the link.
    await page.uncheck('[data-testid="compare-pick"][data-name="beta"]');
    await page.waitForFunction(() => document.querySelector('[data-testid="compare-table"]') === null);
    // The link follows (its writes wait for edits to settle): beta leaves it, gamma, not saved
    // here, stays so that the link still names it for a browser that has it.
    await page.waitForURL((u) => /compare=alpha(%2C|,)gamma(&|$)/.test(u.search));
    await cmp.pick('beta');
    await page.waitForURL(/compare=alpha(%2C|,)gamma(%2C|,)beta(&|$)/);
    assert.equal(await cmp.shown(), 2);
  }));

for (const lang of ['en', 'zh']) {
  test(`[${lang}] compare with nothing ticked asks for two or three, without stray punctuation`, () =>
    withPage(`?lang=${lang}&view=compare`, async ({ page }) => {
      const said = await new ComparePage(page).headline();
      assert.match(said, lang === 'en' ? /^Choose two or three saved scenarios to compare: Save/ : /^选择两到三个已保存的方案进行对比：先用/);
      assert.doesNotMatch(said, /\.:|。：/);
    }));
}

test('compare gives each scenario’s best plan row by its id, as the plan view does', () =>
  withPage('', async ({ page, bar }) => {
    const bests = [];
    const jobs = [
      ['serve', 'model=qwen2.5-7b&load=users&users=16&in_tokens=2048&out_tokens=512&cur=usd'],
      ['train', 'job=train&model=qwen2.5-7b&method=lora&train_tokens=200000000&deadline_h=48&cur=usd'],
    ];
    for (const [n, [name, query]] of jobs.entries()) {
      await page.goto(`${s.url}?view=plan&${query}`);
      await page.waitForSelector('[data-testid=plan-table] tr[data-card]');
      bests.push(await new PlanPage(page).best());
      await (n === 0 ? bar.saveAs(name) : bar.saveAsNew(name));
      await bar.waitForCount(n + 1);
    }
    assert.deepEqual(bests, ['rtx-4090', 'l40s']);
    await page.goto(`${s.url}?view=compare&compare=serve,train`);
    await page.waitForSelector('[data-testid="compare-table"]');
    const cmp = new ComparePage(page);
    assert.deepEqual(await cmp.raw('plan-best'), bests);
    assert.match(await page.textContent('[data-testid="compare-table"] tr[data-metric="plan-best"]'), /4090.*L40S/s);
  }));

test('compare names each scenario’s card, the default one too, under the field’s label', () =>
  withPage('', async ({ page, bar }) => {
    await bar.saveAs('alpha');
    await bar.waitForCount(1);
    await page.goto(`${s.url}?view=inference&gpu=h100-sxm`);
    await page.waitForSelector('[data-testid="view-inference"]');
    await bar.saveAsNew('beta');
    await bar.waitForCount(2);
    await page.goto(`${s.url}?view=compare&compare=alpha,beta`);
    await page.waitForSelector('[data-testid="compare-diff"]');
    const cmp = new ComparePage(page);
    assert.ok((await cmp.differing()).includes('gpu'));
    const card = await cmp.input('gpu');
    assert.equal(card.label, 'Card');
    assert.deepEqual(card.cells, ['NVIDIA A100 80 GB SXM', 'NVIDIA H100 80 GB SXM']);
  }));
