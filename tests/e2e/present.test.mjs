// Presenting, for a teacher at a projector (1024 x 768 at 150% zoom: 683 x 512 CSS px): after
// each of the guide's examples, in both languages, the view's first formula is on the first
// screen right under the answer, unfolded, in large type that is not grey monospace; the toolbar's
// "Present" turns it on and off and the link keeps it (`present=1`).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite } from './harness.mjs';
import { Page } from './pages.mjs';

const PROJECTOR = { width: 683, height: 512 };
const PRESETS = ['break-even', 'team-240h', 'full-7b', 'lora-7b', 'infer-7b-8k', 'spot', 'bill-21000', 'classroom'];
const LANGS = ['en', 'zh'];

const s = suite();

/** A fresh page at the projector's size. */
async function projector(query) {
  const context = await s.browser.newContext({ viewport: PROJECTOR });
  const { open } = await import('./harness.mjs');
  const opened = await open(context, s.url, query);
  return { context, ...opened };
}

for (const lang of LANGS) {
  test(`presenting at 683 px (${lang}): after each example the first formula is under the answer on the first screen`, async () => {
    for (const id of PRESETS) {
      const { context, page, errors } = await projector(`?preset=${id}&present=1&lang=${lang}`);
      try {
        const w = await new Page(page).working();
        const at = `${id}: ${JSON.stringify(w)}`;
        assert.ok(w.presenting, at);
        assert.ok(w.headline && w.formula && w.numbers, at);
        // Next to the answer: the first thing under the headline is the working.
        assert.ok(w.formula.top >= w.headline.bottom - 1, at);
        assert.ok(w.formula.top - w.headline.bottom < 120, at);
        // On the first screen, numbers and all.
        assert.ok(w.numbers.top < w.screen, at);
        assert.ok(w.open, at);
        // Readable from the back: at least 20 CSS px (30 px on the wall at 150%), the page's
        // own type, in the ink colour of the answer rather than grey.
        assert.ok(w.fontPx >= 20, at);
        assert.ok(!/monospace/i.test(w.font), at);
        assert.equal(w.colour, w.inkColour.replace(/ \/ [\d.]+\)/, ')'), at);
        assert.deepEqual(errors, [], at);
      } finally {
        await context.close();
      }
    }
  });
}

test('"Present" turns presenting on and off, and the link keeps it', async () => {
  const { context, page, errors } = await projector('?view=spot&lang=en');
  try {
    const p = new Page(page);
    const before = await p.working();
    assert.equal(before.presenting, false);
    // Without presenting, the working is far down in small monospace: the reason for the mode.
    assert.ok(before.formula.top > before.screen, JSON.stringify(before));
    await p.togglePresent();
    const on = await p.working();
    assert.ok(on.presenting);
    assert.ok(on.numbers.top < on.screen, JSON.stringify(on));
    await p.addressHas(/present=1/);
    await p.togglePresent();
    assert.equal((await p.working()).presenting, false);
    await page.waitForFunction(() => !location.search.includes('present'));
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('a figure divided by a count is never broken from its count at 390 px', async () => {
  for (const view of ['rent-buy', 'inference', 'billing', 'bill', 'serving']) {
    const context = await s.browser.newContext({ viewport: { width: 390, height: 844 } });
    const { open } = await import('./harness.mjs');
    const { page, errors } = await open(context, s.url, `?view=${view}&lang=zh`);
    try {
      const texts = await page.$$eval('main .formula-numbers, main .stat-value', (els) =>
        els.map((e) => e.textContent));
      // "CN¥46,853.33 / 3" is joined by no-break spaces: a line may end before or after it only.
      const breakable = texts.filter((t) => / \/|\/ /.test(t));
      assert.deepEqual(breakable, [], view);
      assert.ok(texts.some((t) => t.includes('\u00a0/\u00a0')) || view === 'serving', view);
      assert.deepEqual(errors, [], view);
    } finally {
      await context.close();
    }
  }
});
