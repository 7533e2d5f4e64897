// A link's values that no choice has (a typo'd card, an unknown option, an unreadable
// measurement) are reported at the top of the page whichever view is open, with the nearest
// allowed value, in both languages.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, value } from './harness.mjs';

const s = suite();

const notice = (page) => page.locator('[data-testid=link-notice]').textContent();

test('a typo\'d card in a link is reported at the top with the card it is near, in English and Chinese', async () => {
  const cases = [
    ['en', /“h100” in the link is not a card here: did you mean NVIDIA H100 80 GB SXM\? Shown instead: NVIDIA A100 80 GB SXM\./],
    ['zh', /本页没有链接中的显卡“h100”，是不是想用NVIDIA H100 80 GB SXM？现在显示的是NVIDIA A100 80 GB SXM。/],
  ];
  for (const [lang, said] of cases) {
    const { context, page, errors } = await s.fresh(`?gpu=h100&lang=${lang}`);
    try {
      // On the first view, which does not show the card at all.
      await page.waitForSelector('[data-testid=view-rent-buy]');
      assert.match(await notice(page), said);
      // The card in use is still the default, and the page still works.
      assert.ok((await value(page, 'verdict')) !== undefined);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  }
});

test('every kind of unknown value is reported: no near card, an option one letter off, an unreadable text, a yes/no', async () => {
  const { context, page, errors } = await s.fresh('?view=training&gpu=nope&optimizer=adamx&cal=garbage&flash=yes&util=500');
  try {
    const said = await notice(page);
    assert.match(said, /“nope” in the link is not a card here\. Shown instead: NVIDIA A100 80 GB SXM\./);
    assert.doesNotMatch(said, /nope[^.]*did you mean/);
    assert.match(said, /“adamx” in the link is not an option of “[^”]+” here: did you mean AdamW\?/);
    assert.match(said, /“garbage” in the link could not be read as “[^”]+”\./);
    assert.match(said, /“yes” in the link could not be read as “[^”]+”\./);
    // A number out of range is worded beside its field, not at the top.
    assert.doesNotMatch(said, /500/);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('an unknown view or embed part gets the nearest one too', async () => {
  const { context, page, errors } = await s.fresh('?view=servng');
  try {
    assert.match(await notice(page), /“servng” in the link is not a view here: did you mean Serving capacity\? Shown instead: Rent or buy\./);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
  const zh = await s.fresh('?embed=1&part=headlin&lang=zh');
  try {
    assert.match(await notice(zh.page), /本页没有链接中的嵌入部分（可选 headline、results、chart）“headlin”，是不是想用headline？/);
    assert.deepEqual(zh.errors, []);
  } finally {
    await zh.context.close();
  }
});
