// A phone's first screen and a wide screen's header: at 390 x 844 every view's answer (its
// headline) starts within the screen's top third in both languages; the row of tabs, wider than
// the phone, shows on which side more tabs are (a fade with an arrow) and stops showing it at the
// end; the scenario bar and the page's actions, folded under one line, open with a tap and work;
// at 1280 px the tabs are one row and nothing is folded.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, open, registryViews } from './harness.mjs';

const PHONE = { width: 390, height: 844 };
const WIDE = { width: 1280, height: 800 };
const LANGS = ['en', 'zh'];
const VIEWS = registryViews().filter((v) => v.inNav).map((v) => v.id);

const s = suite();

/** The top of the headline and the screen's height, in CSS px. */
function headlineTop(page) {
  return page.evaluate(() => ({
    top: document.querySelector('main [data-testid=headline]')?.getBoundingClientRect().top ?? null,
    screen: innerHeight,
  }));
}

/** The tabs' row: its overflow, the sides marked, and whether each edge's arrow is drawn. */
function navState(page) {
  return page.evaluate(() => {
    const wrap = document.querySelector('header.top .nav-wrap');
    const nav = wrap.querySelector('nav');
    const drawn = (pseudo) => {
      const st = getComputedStyle(wrap, pseudo);
      return st.content !== 'none' && st.content !== 'normal' && st.display !== 'none';
    };
    return {
      scroll: nav.scrollWidth,
      client: nav.clientWidth,
      more: wrap.dataset.more ?? '',
      start: drawn('::before'),
      end: drawn('::after'),
    };
  });
}

test('at 390 x 844 every view\'s answer starts within the top third, in both languages', async () => {
  const context = await s.browser.newContext({ viewport: PHONE });
  try {
    const low = [];
    for (const lang of LANGS) {
      for (const view of VIEWS) {
        const { page, errors } = await open(context, s.url, `?view=${view}&lang=${lang}`);
        const { top, screen } = await headlineTop(page);
        assert.notEqual(top, null, `${view} [${lang}] has no headline`);
        if (top > screen / 3) low.push(`${view} [${lang}]: ${Math.round(top)} px of ${screen}`);
        assert.deepEqual(errors, [], `${view} [${lang}]`);
        await page.close();
      }
    }
    assert.deepEqual(low, []);
  } finally {
    await context.close();
  }
});

test('on a phone the row of tabs shows that it scrolls, and on which side', async () => {
  const context = await s.browser.newContext({ viewport: PHONE });
  try {
    for (const lang of LANGS) {
      const { page } = await open(context, s.url, `?view=${VIEWS[0]}&lang=${lang}`);
      const first = await navState(page);
      assert.ok(first.scroll > first.client, `[${lang}] the tabs fit: nothing to test`);
      assert.equal(first.more, 'end', `[${lang}] ${JSON.stringify(first)}`);
      assert.ok(first.end && !first.start, `[${lang}] arrows ${JSON.stringify(first)}`);

      // Scrolled to the end: the arrow moves to the start.
      await page.$eval('header.top nav', (n) => n.scrollTo({ left: n.scrollWidth }));
      await page.waitForFunction(() => document.querySelector('.nav-wrap').dataset.more === 'start');
      const last = await navState(page);
      assert.ok(last.start && !last.end, `[${lang}] at the end ${JSON.stringify(last)}`);

      // Halfway: both.
      await page.$eval('header.top nav', (n) => n.scrollTo({ left: (n.scrollWidth - n.clientWidth) / 2 }));
      await page.waitForFunction(() => document.querySelector('.nav-wrap').dataset.more === 'start end');

      // Opened on the last view, the current tab is brought into view and the end is reached.
      await page.goto(`${s.url}?view=${VIEWS[VIEWS.length - 1]}&lang=${lang}`);
      await page.waitForFunction(() => document.querySelector('.nav-wrap')?.dataset.more === 'start');
      await page.close();
    }
  } finally {
    await context.close();
  }
});

test('on a phone the scenario bar and the page\'s actions are folded, and open with a tap', async () => {
  const context = await s.browser.newContext({ viewport: PHONE });
  try {
    for (const lang of LANGS) {
      const { page } = await open(context, s.url, `?view=rent-buy&lang=${lang}`);
      assert.equal(await page.isVisible('[data-testid=copy-link]'), false);
      assert.equal(await page.isVisible('[data-testid=scenario-name]'), false);
      await page.click('[data-testid=page-tools]');
      assert.equal(await page.isVisible('[data-testid=copy-link]'), true);
      await page.fill('[data-testid=scenario-name]', 'phone');
      await page.click('[data-testid=scenario-save]');
      await page.waitForFunction(() =>
        document.querySelector('[data-testid=scenario-count]')?.dataset.value === '1');
      await page.close();
    }
  } finally {
    await context.close();
  }
});

test('at 1280 px the tabs are one row and nothing is folded, in both languages', async () => {
  const context = await s.browser.newContext({ viewport: WIDE });
  try {
    for (const lang of LANGS) {
      const { page } = await open(context, s.url, `?lang=${lang}`);
      const tops = await page.$$eval('header.top nav a', (as) => as.map((a) => Math.round(a.getBoundingClientRect().top)));
      assert.ok(tops.length >= 8, `${tops.length} tabs`);
      assert.equal(new Set(tops).size, 1, `[${lang}] tabs on rows ${[...new Set(tops)]}`);
      const nav = await navState(page);
      assert.equal(nav.more, '', `[${lang}] ${JSON.stringify(nav)}`);
      assert.ok(!nav.start && !nav.end);
      assert.equal(await page.isVisible('[data-testid=page-tools]'), false);
      assert.equal(await page.isVisible('[data-testid=copy-link]'), true);
      assert.equal(await page.isVisible('[data-testid=scenario-name]'), true);
      await page.close();
    }
  } finally {
    await context.close();
  }
});

test('a phone turned wide opens the folded actions', async () => {
  const context = await s.browser.newContext({ viewport: PHONE });
  try {
    const { page } = await open(context, s.url, '?view=rent-buy&lang=en');
    assert.equal(await page.isVisible('[data-testid=copy-link]'), false);
    await page.setViewportSize(WIDE);
    await page.waitForSelector('[data-testid=copy-link]', { state: 'visible' });
    await page.close();
  } finally {
    await context.close();
  }
});

// A yes/no field's words sit beside its box on a phone, wrapping there when long, not dropped
// under the box whole: every checkbox of every form, in both languages.
for (const lang of LANGS) {
  test(`[${lang}] at 390 px every checkbox's words start on its line`, async () => {
    const context = await s.browser.newContext({ viewport: PHONE });
    try {
      for (const view of ['training', 'spot', 'rent-buy', 'serving']) {
        const { page, errors } = await open(context, s.url, `?lang=${lang}&view=${view}`);
        const rows = await page.$$eval('form .field-control', (cs) => cs
          .map((c) => [c.querySelector('input[type=checkbox]'), c.querySelector('.check-label')])
          .filter(([box, words]) => box && words && box.offsetParent)
          .map(([box, words]) => {
            const b = box.getBoundingClientRect();
            const w = words.getBoundingClientRect();
            return { text: words.textContent, boxTop: b.top, boxBottom: b.bottom, wordsTop: w.top };
          }));
        // Training (FlashAttention) and spot (checkpoints) show one at least.
        if (view === 'training' || view === 'spot') assert.ok(rows.length > 0, `${view}: no checkbox with its words`);
        for (const r of rows) {
          assert.ok(r.wordsTop < r.boxBottom, `${view}: “${r.text}” starts under its box (${r.wordsTop} >= ${r.boxBottom})`);
        }
        assert.deepEqual(errors, []);
        await page.close();
      }
    } finally {
      await context.close();
    }
  });
}
