// One language per visit: the page downloads the words of the reader's language only, fetches
// the other when the reader switches to it, and says so, staying usable, when it cannot.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, open, value } from './harness.mjs';
import { texts } from './locales.mjs';

const s = suite();
const zh = texts('zh');
const en = texts('en');

/** Opens `query` in a new profile, noting the language files the page asks for. */
async function visit(query, { locale = 'en-US' } = {}) {
  const context = await s.browser.newContext({ locale });
  const asked = [];
  context.on('request', (r) => {
    // The service worker's own fetch of a file the page asked for is not a second request, nor is
    // the page asking again, from the browser's cache, for what it fetched before the worker
    // took it over (public/register-sw.js).
    if (r.serviceWorker() || r.headers()['x-gpuplan-keep']) return;
    const m = /\/text-(en|zh)-[0-9a-f]{16}\.txt$/.exec(new URL(r.url()).pathname);
    if (m) asked.push(m[1]);
  });
  const { page, errors } = await open(context, s.url, query);
  return { context, page, errors, asked };
}

const nav = (page) => page.textContent('[data-testid="nav-rent-buy"]').then((t) => t.trim());

for (const [lang, locale, words, other] of [
  ['en', 'en-US', en, 'zh'],
  ['zh', 'zh-CN', zh, 'en'],
]) {
  test(`a first visit in ${lang} loads only its words; the other language comes on a switch`, async () => {
    const { context, page, errors, asked } = await visit('?view=rent-buy&util=40', { locale });
    try {
      assert.equal(await nav(page), words.view['rent-buy']);
      assert.deepEqual(asked, [lang]);
      const before = await value(page, 'own-monthly');
      await page.click(`[data-testid="lang-${other}"]`);
      const theirs = other === 'zh' ? zh : en;
      await page.waitForFunction(
        (name) => document.querySelector('[data-testid="nav-rent-buy"]').textContent.trim() === name,
        theirs.view['rent-buy'],
      );
      assert.deepEqual(asked, [lang, other]);
      assert.equal(await page.getAttribute('html', 'lang'), other === 'zh' ? 'zh-CN' : 'en');
      // The figures are untouched by the switch, and switching back needs no download.
      assert.equal(await value(page, 'own-monthly'), before);
      await page.click(`[data-testid="lang-${lang}"]`);
      await page.waitForFunction(
        (name) => document.querySelector('[data-testid="nav-rent-buy"]').textContent.trim() === name,
        words.view['rent-buy'],
      );
      assert.deepEqual(asked, [lang, other]);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
}

test('offline before Chinese was ever loaded: the switch says why and the page stays usable', async () => {
  const { context, page, asked } = await visit('?view=serving');
  try {
    await context.setOffline(true);
    await page.click('[data-testid="lang-zh"]');
    const notice = page.locator('[data-testid="storage-notice"]');
    await notice.waitFor();
    assert.match(await notice.textContent(), /Chinese words could not be loaded/);
    assert.equal(await nav(page), en.view['rent-buy']);
    assert.equal(await page.getAttribute('[data-testid="lang-en"]', 'aria-pressed'), 'true');
    // Still a working calculator: a typed value is taken.
    await page.fill('[data-testid="input-out_tokens"]', '300');
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="input-out_tokens"]').getAttribute('aria-invalid') === 'false');
    // Back online, choosing the language again loads it.
    await context.setOffline(false);
    await page.click('[data-testid="lang-zh"]');
    await page.waitForFunction(
      (name) => document.querySelector('[data-testid="nav-rent-buy"]').textContent.trim() === name,
      zh.view['rent-buy'],
    );
    assert.deepEqual(asked, ['en', 'zh', 'zh']);
    assert.equal(await page.$('[data-testid="storage-notice"]'), null);
  } finally {
    await context.close();
  }
});

test("a language file that is not this build's is refused, and the page keeps its language", async () => {
  const { context, page } = await visit('?view=rent-buy');
  try {
    // A stale copy: the English file served under the Chinese file's name.
    const enBody = await page.evaluate(async () => {
      const src = document.querySelector('script[src*="start.js"]').src;
      const name = new URL(src).searchParams.get('en');
      return (await fetch(name)).text();
    });
    await context.route(/\/text-zh-[0-9a-f]{16}\.txt$/, (route) =>
      route.fulfill({ status: 200, contentType: 'text/plain', body: enBody }));
    await page.click('[data-testid="lang-zh"]');
    const notice = page.locator('[data-testid="storage-notice"]');
    await notice.waitFor();
    assert.match(await notice.textContent(), /Chinese words could not be loaded/);
    assert.equal(await nav(page), en.view['rent-buy']);
  } finally {
    await context.close();
  }
});

test('a page whose first language cannot be loaded says so on the loading screen', async () => {
  const context = await s.browser.newContext({ locale: 'zh-CN' });
  try {
    await context.route(/\/text-zh-[0-9a-f]{16}\.txt$/, (route) => route.fulfill({ status: 404, body: '' }));
    const page = await context.newPage();
    await page.goto(s.url + '?view=spot');
    await page.waitForSelector('[data-testid="boot"][data-state="failed"]');
    assert.equal(await page.isVisible('[data-testid="boot-retry"]'), true);
    assert.equal(await page.$('main'), null);
  } finally {
    await context.close();
  }
});
