// The page keeps to its own origin and its Content-Security-Policy (index.html): no request
// leaves it in a whole session, no rule of the policy is broken, the policy is in force, and
// text a person types or a link carries is shown as text, never run as markup.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { suite, open } from './harness.mjs';
import { InferencePage, Page } from './pages.mjs';

const s = suite();

/** Markup that would run if it were ever put into the page as HTML. */
const HOSTILE = '<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>';

/**
 * A new profile that records every request (the service worker's too), every violation of the
 * policy (from before the app starts) and every console message about the policy.
 */
async function watched() {
  const context = await s.browser.newContext();
  const requests = [];
  context.on('request', (r) => requests.push(r.url()));
  // Init scripts run in every document before its own scripts, outside the page's policy.
  await context.addInitScript(() => {
    window.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      window.__violations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
  });
  const policyMessages = [];
  const watch = (page) =>
    page.on('console', (m) => {
      if (m.text().includes('Content Security Policy')) policyMessages.push(m.text());
    });
  context.on('page', watch);
  return { context, requests, policyMessages };
}

const violations = (page) => page.evaluate(() => window.__violations ?? []);

test('the built page has no inline script and checks the integrity of what it loads', async () => {
  const { context } = await watched();
  try {
    const { page } = await open(context, s.url, '');
    const csp = await page.getAttribute('meta[http-equiv="Content-Security-Policy"]', 'content');
    for (const rule of ["default-src 'self'", "script-src 'self' 'wasm-unsafe-eval'", "object-src 'none'", "base-uri 'self'", "form-action 'none'", "connect-src 'self'"]) {
      assert.ok(csp.includes(rule), `policy lacks ${rule}: ${csp}`);
    }
    assert.ok(!/unsafe-inline|unsafe-eval'|\*|https?:/.test(csp.replace("'wasm-unsafe-eval'", '')), csp);
    // The policy must come before anything it governs.
    const first = await page.evaluate(() =>
      document.head.firstElementChild.nextElementSibling.getAttribute('http-equiv'));
    assert.equal(first, 'Content-Security-Policy');
    assert.equal(await page.locator('script:not([src])').count(), 0, 'an inline script');
    const unchecked = await page.$$eval(
      'link[rel=modulepreload], link[rel=preload], link[rel=stylesheet]',
      (links) => links.filter((l) => !/^sha(256|384|512)-/.test(l.integrity)).map((l) => l.href));
    assert.deepEqual(unchecked, []);
  } finally {
    await context.close();
  }
});

test('a changed wasm or JavaScript file is refused, not run', async () => {
  // The integrity hashes trunk writes are checked: start.js fetches the wasm with its hash, and
  // the module preload carries the JavaScript's.
  for (const [name, tail] of [['_bg.wasm', Buffer.from([0])], ['.js', Buffer.from('\n;')]]) {
    const context = await s.browser.newContext();
    try {
      await context.route(
        (url) => url.pathname.endsWith(name) && /gpuplan-[0-9a-f]+/.test(url.pathname),
        async (route) => {
          const response = await route.fetch();
          await route.fulfill({ response, body: Buffer.concat([await response.body(), tail]) });
        },
      );
      const page = await context.newPage();
      const messages = [];
      page.on('console', (m) => messages.push(m.text()));
      await page.goto(s.url);
      await page.waitForFunction(
        () => document.querySelector('main [data-testid^="view-"]') !== null,
        null,
        { timeout: 3000 },
      ).then(
        () => assert.fail(`the app started with a changed ${name}`),
        () => {},
      );
      assert.ok(messages.some((m) => m.includes('integrity')), `${name}: ${messages.join(' | ')}`);
    } finally {
      await context.close();
    }
  }
});

test('the policy is in force: no eval, no inline script, no other origin', async () => {
  const { context } = await watched();
  try {
    const { page } = await open(context, s.url, '');
    // Code the test runs in the page is exempt from the policy, so eval is tried from a click
    // handler that a real click (from outside the page) sets off.
    await page.evaluate(() => {
      window.__probe = {};
      const button = document.createElement('button');
      button.id = 'csp-probe';
      button.textContent = 'probe';
      button.addEventListener('click', () => {
        try {
          eval('1');
          window.__probe.eval = 'allowed';
        } catch {
          window.__probe.eval = 'blocked';
        }
        try {
          new Function('return 1')();
          window.__probe.function = 'allowed';
        } catch {
          window.__probe.function = 'blocked';
        }
      });
      document.body.prepend(button);
    });
    await page.click('#csp-probe');
    const outcome = await page.evaluate(async () => {
      const out = { ...window.__probe };
      setTimeout('window.__timer = 1', 0);
      const inline = document.createElement('script');
      inline.textContent = 'window.__inline = 1';
      document.body.append(inline);
      const data = document.createElement('script');
      data.src = 'data:text/javascript,window.__data=1';
      const loaded = new Promise((resolve) => {
        data.onload = () => resolve('allowed');
        data.onerror = () => resolve('blocked');
      });
      document.body.append(data);
      out.dataScript = await loaded;
      try {
        await fetch('http://example.invalid/x');
        out.fetch = 'allowed';
      } catch {
        out.fetch = 'blocked';
      }
      await new Promise((r) => setTimeout(r, 100));
      out.timer = window.__timer === 1 ? 'allowed' : 'blocked';
      out.inline = window.__inline === 1 ? 'allowed' : 'blocked';
      return out;
    });
    assert.deepEqual(outcome, {
      eval: 'blocked',
      function: 'blocked',
      dataScript: 'blocked',
      fetch: 'blocked',
      timer: 'blocked',
      inline: 'blocked',
    });
    // And each was reported as a violation of the policy, which the session test counts on.
    const seen = (await violations(page)).map((v) => v.split(' ')[0]);
    for (const d of ['script-src', 'script-src-elem', 'connect-src']) {
      assert.ok(seen.includes(d), `no ${d} violation in ${seen}`);
    }
  } finally {
    await context.close();
  }
});

test('a whole session keeps every request on the page origin and breaks no rule', async () => {
  const { context, requests, policyMessages } = await watched();
  try {
    // A link that carries markup in a bill line's label and in an unknown view's name.
    const label = HOSTILE.replace(/[~;]/g, ' ');
    const { page, errors } = await open(
      context,
      s.url,
      `?view=bill&lines=${encodeURIComponent(`instances~9000~~${label};storage~1200~~disks`)}`,
    );
    const origin = new URL(s.url).origin;
    const p = new Page(page);
    assert.equal(await page.inputValue('[data-testid="bill-line-0-label"]'), label);

    // Every view, typed into, in both languages and both currencies.
    const views = await page.$$eval('nav [data-testid^="nav-"]', (as) =>
      as.map((a) => a.dataset.testid.slice('nav-'.length)));
    assert.ok(views.length >= 8, views.join());
    for (const lang of ['zh', 'en']) {
      await page.click(`[data-testid="lang-${lang}"]`);
      for (const view of views) {
        await p.go(view);
        const boxes = page.locator('main input[type=text], main textarea');
        const n = await boxes.count();
        for (let i = 0; i < Math.min(n, 3); i++) {
          const box = boxes.nth(i);
          if (!(await box.isVisible()) || !(await box.isEditable())) continue;
          await box.fill(i === 0 ? HOSTILE : i === 1 ? '１２０万' : '1e308');
        }
        await page.click(`[data-testid="input-cur"] label:nth-child(${lang === 'zh' ? 2 : 1}) input`);
      }
    }

    // A config.json pasted into the model section.
    await p.go('inference');
    await new InferencePage(page).pasteConfig(JSON.stringify({
      model_type: 'llama',
      num_hidden_layers: 32,
      hidden_size: 4096,
      num_attention_heads: 32,
      num_key_value_heads: 8,
      vocab_size: 128256,
      intermediate_size: 14336,
      [HOSTILE]: 1,
    }));
    // The unknown key is listed back as text.
    assert.ok((await page.textContent('[data-testid=config-result]')).includes(HOSTILE));

    // Offline once the service worker holds the page, then online again.
    await page.evaluate(() =>
      Promise.race([
        navigator.serviceWorker.ready,
        new Promise((_, reject) => setTimeout(() => reject(new Error('no service worker')), 15000)),
      ]));
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
      timeout: 15000,
    });
    await page.waitForSelector('main [data-testid^="view-"]');
    await context.setOffline(true);
    await page.goto(`${s.url}?view=spot&lang=zh`);
    await page.waitForSelector('[data-testid=view-spot]');
    await context.setOffline(false);
    await page.goto(`${s.url}?view=rent-buy`);
    await page.waitForSelector('[data-testid=view-rent-buy]');

    // Nothing typed or linked ever ran.
    assert.equal(await page.evaluate(() => window.__xss), undefined);
    const foreign = requests.filter((u) => !u.startsWith('data:') && new URL(u).origin !== origin);
    assert.deepEqual(foreign, []);
    assert.ok(requests.length > 3, `${requests.length} requests recorded`);
    assert.deepEqual(await violations(page), []);
    assert.deepEqual(policyMessages, []);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('the page source never writes text as HTML', async () => {
  // Leptos renders text nodes; only `inner_html` (or the DOM's own innerHTML/outerHTML and
  // insertAdjacentHTML, or document.write) would parse a string as markup.
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const found = [];
  async function walk(dir) {
    for (const e of await readdir(dir, { withFileTypes: true })) {
      const path = join(dir, e.name);
      if (e.isDirectory()) await walk(path);
      else if (/\.(rs|js|html)$/.test(e.name)) {
        const text = await readFile(path, 'utf8');
        for (const word of ['inner_html', 'innerHTML', 'outerHTML', 'outer_html', 'insertAdjacentHTML', 'insert_adjacent_html', 'document.write']) {
          if (text.includes(word)) found.push(`${path}: ${word}`);
        }
      }
    }
  }
  for (const dir of ['src', 'public']) await walk(join(root, dir));
  const index = await readFile(join(root, 'index.html'), 'utf8');
  assert.ok(!/<script(?![^>]*\bsrc=)[^>]*>/.test(index), 'index.html has an inline script');
  assert.deepEqual(found, []);
});
