// Colour means a state the reader must act on: a note that needs nothing done (how the serving
// figures are made, checkpoints already on) is not drawn in warning colours; a warning is.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite } from './harness.mjs';

const s = suite();

/** The computed background and text colour of `el`, and whether it counts as alarm-coloured. */
async function colours(locator) {
  return locator.evaluate((el) => {
    const cs = getComputedStyle(el);
    const rgb = (c) => (c.match(/[\d.]+/g) ?? []).map(Number);
    const [r, g, b, a = 1] = rgb(cs.backgroundColor);
    const [tr, tg, tb] = rgb(cs.color);
    // Warm: red well above blue (the orange and red notice palettes, light and dark).
    const warmBg = a > 0 && r - b > 8;
    const warmText = tr - tb > 60;
    return { bg: cs.backgroundColor, color: cs.color, alarm: warmBg || warmText };
  });
}

test('the serving view\'s notes on how its figures are made are not in warning colours', async () => {
  for (const query of ['?view=serving', '?view=serving&gpu=h100-sxm&model=qwen2.5-7b&runtime=llamacpp']) {
    const { context, page, errors } = await s.fresh(query);
    try {
      const notes = page.locator('[data-testid=serving-notes] > p');
      const count = await notes.count();
      assert.ok(count >= 1, query);
      const constants = notes.filter({ hasText: /Constants:/ });
      assert.equal(await constants.count(), 1);
      const c = await colours(constants);
      assert.equal(c.alarm, false, `${query}: ${JSON.stringify(c)}`);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  }
});

test('a note asking for action keeps its colour: a model that does not fit the card', async () => {
  const { context, page, errors } = await s.fresh('?view=serving&model=llama-3.1-70b&gpu=t4');
  try {
    const acting = page.locator('[data-testid=serving-notes] > p.notice');
    await acting.first().waitFor();
    assert.equal((await colours(acting.first())).alarm, true);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('spot: "keep the checkpoints on" while they are on is a plain note; without them the warning is red', async () => {
  const { context, page, errors } = await s.fresh('?view=spot');
  try {
    const note = page.locator('[data-testid=spot-warning]');
    await note.waitFor();
    assert.match(await note.textContent(), /keep the checkpoints on/);
    assert.equal(await note.getAttribute('role'), 'note');
    assert.equal((await colours(note)).alarm, false, JSON.stringify(await colours(note)));
    await page.uncheck('[data-testid=input-ckpt]');
    await page.waitForFunction(() => document.querySelector('[data-testid=spot-warning]')?.getAttribute('role') === 'alert');
    assert.equal((await colours(page.locator('[data-testid=spot-warning]'))).alarm, true);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
