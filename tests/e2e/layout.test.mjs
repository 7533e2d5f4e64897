// The page on a phone and the charts on any screen: no view scrolls sideways at 360 px in either
// language, the navigation's names stay whole, every chart's canvas holds at least one pixel per
// device pixel, a resized window redraws the charts at their new size, and on a wide screen the
// inputs stay in view beside the charts they move.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, open, VIEWS_WITH_INPUTS } from './harness.mjs';

// The views named in the issue; every view the navigation lists is checked, these at least.
const NAMED = VIEWS_WITH_INPUTS;
const LANGS = ['zh', 'en'];
const PHONE = { width: 360, height: 740 };

const s = suite();

/** Every view the navigation offers. */
async function allViews() {
  const { context, page } = await s.fresh('?lang=en');
  try {
    const ids = await page.$$eval('header.top nav a', (as) => as.map((a) => a.dataset.testid.replace(/^nav-/, '')));
    for (const v of NAMED) assert.ok(ids.includes(v), `${v} not in the navigation: ${ids}`);
    return ids;
  } finally {
    await context.close();
  }
}

/** A new browser window of `viewport`, at `scale` device pixels per CSS pixel. */
function windowOf(viewport, scale = 1) {
  return s.browser.newContext({ viewport, deviceScaleFactor: scale });
}

/** The page's width against the window's, and the innermost elements sticking out, if any. */
function overflow(page) {
  return page.evaluate(() => {
    const inner = innerWidth;
    const out = (el) => el.getBoundingClientRect().right > inner + 0.5;
    // Something inside a box that scrolls or clips sideways is not sticking out of the page.
    const clipped = (el) => {
      for (let a = el.parentElement; a; a = a.parentElement) {
        if (getComputedStyle(a).overflowX !== 'visible' && !out(a)) return true;
      }
      return false;
    };
    const culprits = [...document.querySelectorAll('body *')]
      .filter((el) => out(el) && ![...el.children].some(out) && !clipped(el))
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}${el.className ? '.' + el.className : ''}` +
        ` "${(el.textContent ?? '').trim().slice(0, 30)}"`);
    return { scroll: document.documentElement.scrollWidth, inner, culprits };
  });
}

/** Every chart's canvas: its backing store and its size on screen, in CSS pixels. */
function canvases(page) {
  return page.$$eval('main canvas', (all) =>
    all.map((c) => {
      const r = c.getBoundingClientRect();
      return {
        id: c.dataset.testid,
        width: c.width,
        height: c.height,
        cssWidth: r.width,
        cssHeight: r.height,
        draws: Number(c.dataset.draws),
      };
    }));
}

test('no view scrolls sideways on a 360 px phone, in either language', async () => {
  const views = await allViews();
  const context = await windowOf(PHONE, 2);
  try {
    const wide = [];
    for (const lang of LANGS) {
      for (const view of views) {
        const { page, errors } = await open(context, s.url, `?view=${view}&lang=${lang}`);
        const { scroll, inner, culprits } = await overflow(page);
        if (scroll > inner) wide.push(`${view} [${lang}]: ${scroll} > ${inner} px: ${culprits.join('; ')}`);
        assert.deepEqual(errors, [], `${view} [${lang}]`);
        await page.close();
      }
    }
    assert.deepEqual(wide, []);
  } finally {
    await context.close();
  }
});

test('on a phone the views are a row of tabs that scrolls sideways, no name broken in two', async () => {
  const context = await windowOf(PHONE, 2);
  try {
    for (const lang of LANGS) {
      const { page } = await open(context, s.url, `?lang=${lang}`);
      const tabs = await page.$$eval('header.top nav a', (links) =>
        links.map((a) => {
          const words = document.createRange();
          words.selectNodeContents(a);
          // One box per line the name is set on.
          const lines = new Set([...words.getClientRects()].map((r) => Math.round(r.top))).size;
          return { name: a.textContent, lines, top: Math.round(a.getBoundingClientRect().top) };
        }));
      assert.ok(tabs.length >= 8, `${tabs.length} tabs`);
      for (const t of tabs) assert.equal(t.lines, 1, `[${lang}] "${t.name}" on ${t.lines} lines`);
      // One row: the tabs that do not fit are reached by scrolling the row, not by a second row.
      assert.equal(new Set(tabs.map((t) => t.top)).size, 1, `[${lang}] tabs on several rows`);
      const nav = await page.$eval('header.top nav', (n) => ({ scroll: n.scrollWidth, client: n.clientWidth }));
      if (nav.scroll > nav.client) {
        // The last tab can be scrolled to and chosen.
        const last = await page.getAttribute('header.top nav a:last-child', 'data-testid');
        await page.click('header.top nav a:last-child');
        await page.waitForSelector(`[data-testid="${last.replace(/^nav-/, 'view-')}"]`);
      }
      await page.close();
    }
  } finally {
    await context.close();
  }
});

test('at two device pixels per CSS pixel every chart is drawn at twice its size', async () => {
  const views = await allViews();
  for (const viewport of [PHONE, { width: 1280, height: 800 }]) {
    const context = await windowOf(viewport, 2);
    try {
      for (const view of views) {
        const { page } = await open(context, s.url, `?view=${view}&lang=en`);
        for (const c of await canvases(page)) {
          const at = `${c.id} at ${viewport.width} px`;
          assert.ok(c.cssWidth > 100, `${at}: ${c.cssWidth} px wide on screen`);
          assert.ok(c.width >= 2 * c.cssWidth, `${at}: ${c.width} pixels for ${c.cssWidth} CSS px`);
          assert.ok(c.height >= 2 * c.cssHeight, `${at}: ${c.height} pixels for ${c.cssHeight} CSS px high`);
          // No more than the screen has: a larger store would cost drawing time for nothing.
          assert.ok(c.width <= 2 * c.cssWidth + 2, `${at}: ${c.width} pixels for ${c.cssWidth} CSS px`);
        }
        await page.close();
      }
    } finally {
      await context.close();
    }
  }
});

test('a resized window redraws the charts at their new size', async () => {
  const context = await windowOf({ width: 1280, height: 800 }, 2);
  try {
    const { page } = await open(context, s.url, '?lang=en');
    const id = 'chart-cost-vs-util';
    const pixels = () => page.$eval(`[data-testid=${id}]`, (c) => c.toDataURL());
    const before = (await canvases(page)).find((c) => c.id === id);
    const picture = await pixels();
    await page.setViewportSize(PHONE);
    await page.waitForFunction(
      ([id, draws]) => Number(document.querySelector(`[data-testid=${id}]`).dataset.draws) > draws,
      [id, before.draws],
    );
    const after = (await canvases(page)).find((c) => c.id === id);
    assert.ok(after.cssWidth < before.cssWidth, `${after.cssWidth} px, was ${before.cssWidth}`);
    // Still one pixel per device pixel: narrower, not scaled down from the wide drawing.
    assert.ok(after.width >= 2 * after.cssWidth && after.width < before.width, JSON.stringify(after));
    assert.notEqual(await pixels(), picture);
    const { scroll, inner } = await overflow(page);
    assert.ok(scroll <= inner, `${scroll} > ${inner}`);
  } finally {
    await context.close();
  }
});

test('on a wide screen a slider and a chart far below it are in view together', async () => {
  const context = await windowOf({ width: 1280, height: 800 });
  try {
    const { page } = await open(context, s.url, '?lang=en');
    // The last chart of the view, then the rent slider, each brought into view as a reader would.
    await page.$eval('[data-testid=chart-cumulative]', (c) => c.scrollIntoView({ block: 'end' }));
    await page.$eval('[data-testid=input-price]', (c) => c.scrollIntoView({ block: 'nearest' }));
    const seen = await page.$$eval('[data-testid=chart-cumulative], [data-testid=input-price]', (all) =>
      all.map((el) => {
        const r = el.getBoundingClientRect();
        return { id: el.dataset.testid, top: Math.round(r.top), bottom: Math.round(r.bottom) };
      }));
    for (const el of seen) {
      assert.ok(el.top >= 0 && el.bottom <= 800, `${el.id} out of view: ${JSON.stringify(seen)}`);
    }
  } finally {
    await context.close();
  }
});
