// A panic in the wasm leaves the app unable to go on. The release build aborts on a panic, and
// the size build (scripts/release.sh) turns it into a bare trap with no message: either way the
// browser throws a WebAssembly.RuntimeError out of the event that entered the wasm, and the page
// must then say so over the dead page, with a reload, in the language it was showing
// (public/boot.js), never sit there looking alive.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite } from './harness.mjs';
import { texts } from './locales.mjs';

const s = suite();

for (const lang of ['en', 'zh']) {
  test(`a panic in the app covers the page with the failure screen and a reload (${lang})`, async () => {
    const { context, page, errors } = await s.fresh(`?lang=${lang}&view=rent-buy`);
    try {
      // The browser refuses to create elements from now on. The renderer unwraps that answer,
      // so drawing the next view panics inside the wasm: a real trap, not a thrown JS error.
      await page.evaluate(() => {
        Document.prototype.createElement = function () {
          throw new Error('refused by the test');
        };
      });
      assert.equal(await page.$('[data-testid="boot"]'), null, 'the loading screen is gone');
      await page.click('[data-testid="nav-serving"]');
      await page.waitForSelector('[data-testid="boot"][data-state="crashed"]', { timeout: 5000 });
      assert.ok(
        errors.some((e) => /unreachable/i.test(e)),
        `a wasm trap was thrown:\n${errors.join('\n')}`,
      );
      const words = texts(lang).boot;
      assert.equal(await page.textContent('[data-testid="boot"] .boot-line'), words.crashed);
      assert.equal(await page.textContent('[data-testid="boot-retry"]'), words.reload);
      assert.equal(await page.getAttribute('[data-testid="boot"]', 'role'), 'alert');
      // Over the whole page: the middle of the window is the screen, not the dead app.
      const covered = await page.evaluate(() => {
        const hit = document.elementFromPoint(innerWidth / 2, innerHeight / 2);
        return Boolean(hit?.closest('[data-testid="boot"]'));
      });
      assert.ok(covered, 'the failure screen covers the page');
      await Promise.all([page.waitForNavigation(), page.click('[data-testid="boot-retry"]')]);
      await page.waitForSelector('main [data-testid^="view-"]');
      assert.equal(await page.$('[data-testid="boot"]'), null, 'the app is up again');
      assert.equal(await page.getAttribute('html', 'lang'), lang === 'zh' ? 'zh-CN' : 'en');
    } finally {
      await context.close();
    }
  });
}
