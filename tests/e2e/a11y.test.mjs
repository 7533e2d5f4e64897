// Accessibility checked by axe-core on every view, in both languages and both colour schemes:
// no serious or critical violation (contrast, names of controls and images, landmarks, ...).
// Then what axe cannot see: the keyboard's focus is drawn by the page's own outline, and every
// chart has a text alternative.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { suite, open, VIEWS_WITH_INPUTS } from './harness.mjs';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
// The views named in the issue; every view the navigation lists is checked, these at least.
const NAMED = VIEWS_WITH_INPUTS;
const LANGS = ['zh', 'en'];

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

/** The serious and critical violations axe finds on the page, one line each with where. */
async function violations(page) {
  // The page's Content-Security-Policy refuses inline scripts; the context bypasses it for axe.
  await page.addScriptTag({ content: AXE });
  const found = await page.evaluate(async () => {
    const r = await globalThis.axe.run(document, { resultTypes: ['violations'] });
    return r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .flatMap((v) =>
        v.nodes.map((n) => `${v.impact} ${v.id}: ${n.target.join(' ')}: ${n.failureSummary.split('\n').slice(1, 3).join(' ').trim()}`));
  });
  return found;
}

for (const scheme of ['light', 'dark']) {
  test(`axe finds nothing serious on any view, in either language (${scheme} scheme)`, async () => {
    const views = await allViews();
    const context = await s.browser.newContext({ bypassCSP: true, colorScheme: scheme });
    try {
      const all = [];
      for (const lang of LANGS) {
        for (const view of views) {
          const { page } = await open(context, s.url, `?view=${view}&lang=${lang}`);
          // Closed details hide formulas from axe as from readers: open them, so their text is
          // checked too.
          await page.$$eval('main details', (ds) => ds.forEach((d) => { d.open = true; }));
          for (const v of await violations(page)) all.push(`${view} [${lang}] ${v}`);
          await page.close();
        }
      }
      assert.ok(all.length === 0, `${all.length} violations:\n${all.join('\n')}`);
    } finally {
      await context.close();
    }
  });
}

test('the keyboard focus is drawn by the page on links, buttons and fields', async () => {
  const { context, page } = await s.fresh('?lang=en');
  try {
    const seen = new Set();
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press('Tab');
      const f = await page.evaluate(() => {
        const el = document.activeElement;
        const st = getComputedStyle(el);
        return {
          what: el.tagName === 'INPUT' ? `input[${el.type}]` : el.tagName.toLowerCase(),
          style: st.outlineStyle,
          width: parseFloat(st.outlineWidth),
          visible: el.matches(':focus-visible'),
        };
      });
      if (f.what === 'body') continue;
      seen.add(f.what);
      assert.ok(f.visible, `${f.what} focused without :focus-visible`);
      assert.ok(f.style !== 'none' && f.width >= 2, `${f.what}: outline ${f.style} ${f.width}px`);
    }
    for (const kind of ['a', 'button', 'input[text]']) assert.ok(seen.has(kind), `no ${kind} in ${[...seen]}`);
  } finally {
    await context.close();
  }
});

test('every chart is an image named by its caption', async () => {
  const context = await s.browser.newContext();
  try {
    for (const view of await allViews()) {
      const { page } = await open(context, s.url, `?view=${view}&lang=zh`);
      const charts = await page.$$eval('main figure.chart', (figs) =>
        figs.map((f) => {
          const c = f.querySelector('canvas');
          const summary = c.getAttribute('aria-describedby');
          return {
            caption: f.querySelector('figcaption').textContent.trim(),
            role: c.getAttribute('role'),
            label: c.getAttribute('aria-label'),
            // A summary, when a view gives one, is on the page (hidden from sight) and not empty.
            summary: summary === null ? null : document.getElementById(summary)?.textContent.trim() ?? '',
          };
        }));
      for (const c of charts) {
        assert.equal(c.role, 'img');
        assert.ok(c.caption.length > 0);
        assert.equal(c.label, c.caption);
        assert.notEqual(c.summary, '', `${view}: aria-describedby names no text`);
      }
      await page.close();
    }
  } finally {
    await context.close();
  }
});
