// Offline use: once the page has loaded, it opens again (with any link) without a network.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, open, value } from './harness.mjs';

const s = suite();

test('after one visit the page works offline, links included', async () => {
  const context = await s.browser.newContext();
  try {
    const { page, errors } = await open(context, s.url, '?view=rent-buy');
    // The service worker takes control once it has activated; a reload then fills its cache.
    // Bounded, so that a missing or broken worker fails the test instead of hanging it.
    await page.evaluate(() =>
      Promise.race([
        navigator.serviceWorker.ready,
        new Promise((_, reject) => setTimeout(() => reject(new Error('no service worker')), 15000)),
      ]),
    );
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
      timeout: 15000,
    });
    await page.waitForSelector('canvas[data-draws]');
    await context.setOffline(true);
    await page.goto(s.url + '?view=bill&cur=USD');
    await page.waitForSelector('[data-testid=view-bill]');
    // A link in dollars without amounts shows the guide's month converted at the default rate.
    assert.ok(Math.abs((await value(page, 'bill-total')) - 21000 / 7.1) < 1e-6);
    assert.match(await page.textContent('[data-testid=bill-total]'), /\$/);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

// A first visit in Chinese, no reload: the page, the app and the Chinese words were fetched before
// the worker took the page over, and are kept once it has; offline, a Chinese link opens.
test('a first visit works offline without a reload, in the language it was read in', async () => {
  const context = await s.browser.newContext();
  try {
    const { page, errors } = await open(context, s.url, '?lang=zh&view=rent-buy');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
      timeout: 15000,
    });
    // Kept once the worker has them: the page and the Chinese words among them.
    await page.waitForFunction(async () => {
      const cache = await caches.open('gpuplan-v1');
      const keys = (await cache.keys()).map((r) => new URL(r.url).pathname);
      return keys.some((k) => /text-zh-.*\.txt$/.test(k)) && keys.some((k) => /_bg\.wasm$/.test(k))
        && (await cache.match(location.href, { ignoreSearch: true })) !== undefined;
    }, null, { timeout: 15000, polling: 200 });
    await context.setOffline(true);
    await page.goto(s.url + '?view=spot&lang=zh');
    await page.waitForSelector('[data-testid=view-spot]', { timeout: 15000 });
    assert.match(await page.textContent('[data-testid=headline]'), /可中断/);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
