// Charts out of view draw a slider's move later: when the browser is idle, when they come into
// view, or before printing (src/app/widgets/sight.rs). A chart on screen draws in the move's own
// pass; one out of view is marked `data-stale` in that pass, keeps its last drawing until its
// turn comes, and is then the picture a fresh page draws.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, open, pixels } from './harness.mjs';

const s = suite();
const QUERY = '?view=serving&model=llama-3.1-8b&gpu=h100-sxm&weights=bf16';
const ON = 'chart-serving-throughput';
const OFF = 'chart-serving-cost';

/** Scrolls the concurrency slider to the top of the window: the throughput chart is below it. */
async function sliderOnTop(page) {
  return page.evaluate(
    ({ on, off }) => {
      const slider = document.querySelector('[data-testid=input-serve_conc]');
      scrollTo(0, scrollY + slider.getBoundingClientRect().top - 10);
      const box = (id) => document.querySelector(`[data-testid=${id}]`).getBoundingClientRect();
      return { on: box(on).top < innerHeight, off: box(off).top > innerHeight + 100 };
    },
    { on: ON, off: OFF },
  );
}

/**
 * One move of the slider to `v`, in one task. Reports each chart's state when the move's pass
 * is over (the first microtask after the page's own), and after `then` ran in the same task.
 */
function move(page, v, then = '') {
  return page.evaluate(
    async ({ v, on, off, then }) => {
      const state = (id) => {
        const c = document.querySelector(`[data-testid=${id}]`);
        return { draws: Number(c.dataset.draws), stale: c.hasAttribute('data-stale') };
      };
      const before = { on: state(on), off: state(off) };
      const s = document.querySelector('[data-testid=input-serve_conc]');
      s.value = String(v);
      s.dispatchEvent(new Event('input', { bubbles: true }));
      // The page's reactive pass runs in microtasks queued by the event: a timer-free wait for
      // them is a mutation observer on the chart that always draws.
      await new Promise((done) => {
        const o = new MutationObserver(() => {
          o.disconnect();
          done();
        });
        o.observe(document.querySelector(`[data-testid=${on}]`), { attributes: true });
      });
      const moved = { on: state(on), off: state(off) };
      if (then) new Function(then)();
      // Microtasks only: whatever `then` started runs in them; no idle time can come between.
      for (let i = 0; i < 8; i++) await Promise.resolve();
      return { before, moved, after: { on: state(on), off: state(off) } };
    },
    { v, on: ON, off: OFF, then },
  );
}

for (const lang of ['en', 'zh']) {
  test(`[${lang}] a chart out of view draws a move when the page is idle, a chart in view at once`, async () => {
    const context = await s.browser.newContext({ viewport: { width: 1280, height: 720 } });
    try {
      const { page, errors } = await open(context, s.url, `${QUERY}&lang=${lang}`);
      const where = await sliderOnTop(page);
      assert.deepEqual(where, { on: true, off: true }, 'the window shows the throughput chart, not the cost chart');
      // Let the scroll's intersection reports arrive.
      await page.waitForTimeout(200);
      const first = await pixels(page, OFF);
      const r = await move(page, 37);
      assert.equal(r.moved.on.draws, r.before.on.draws + 1, 'the chart in view drew in the pass');
      assert.equal(r.moved.on.stale, false);
      assert.equal(r.moved.off.draws, r.before.off.draws, 'the chart out of view did not');
      assert.equal(r.moved.off.stale, true, 'and says its drawing is behind');
      // Idle time comes: it draws, and is the picture of the new value.
      await page.waitForSelector(`[data-testid=${OFF}]:not([data-stale])`, { state: 'attached', timeout: 2000 });
      const caught = await pixels(page, OFF);
      assert.notEqual(caught, first);
      const fresh = await open(context, s.url, `${QUERY}&lang=${lang}&serve_conc=37`);
      assert.equal(await pixels(fresh.page, OFF), caught);
      assert.equal(await pixels(fresh.page, ON), await pixels(page, ON));
      assert.deepEqual([...errors, ...fresh.errors], []);
    } finally {
      await context.close();
    }
  });
}

test('a chart out of view is drawn before the page prints, and when scrolled into view', async () => {
  const context = await s.browser.newContext({ viewport: { width: 1280, height: 720 } });
  try {
    const { page, errors } = await open(context, s.url, QUERY);
    await sliderOnTop(page);
    await page.waitForTimeout(200);
    // Printing starts in the same task as the move: no idle time can have come between.
    const r = await move(page, 52, "dispatchEvent(new Event('beforeprint'))");
    assert.equal(r.moved.off.stale, true);
    assert.equal(r.after.off.stale, false, 'drawn for print');
    assert.equal(r.after.off.draws, r.before.off.draws + 1);
    // Another move, then the cost chart is scrolled to: it is current once on screen.
    const m = await move(page, 9);
    assert.equal(m.moved.off.stale, true);
    await page.evaluate((id) => document.querySelector(`[data-testid=${id}]`).scrollIntoView(), OFF);
    const shown = await pixels(page, OFF);
    const fresh = await open(context, s.url, `${QUERY}&serve_conc=9`);
    assert.equal(await pixels(fresh.page, OFF), shown);
    assert.deepEqual([...errors, ...fresh.errors], []);
  } finally {
    await context.close();
  }
});
