// A monkey: random actions a hurried or careless reader might take (drags, junk typed into any
// box, options, checkboxes, buttons, other views, languages, currencies, reloads, Back; saving,
// opening, duplicating and deleting named scenarios, undoing a delete, importing junk and
// half-valid files, answering the import's question about names already saved, and comparison
// links), from a seeded generator so that a failure can be replayed. After every step: no error
// in the console or the page (a panic in the wasm logs one), every figure the page publishes is
// finite (or the contract's `Infinity` for an unbounded one), and a view is shown.
//
// MONKEY_ACTIONS sets the number of steps (default 1000), MONKEY_SEED the seed (default fixed);
// a failure prints both with the last steps taken. MONKEY_LOG=1 prints every step.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { suite, open } from './harness.mjs';
import { ScenarioBar } from './scenario_pages.mjs';

const s = suite();
const ACTIONS = Number(process.env.MONKEY_ACTIONS ?? 1000);
const SEED = Number(process.env.MONKEY_SEED ?? 20251203) >>> 0;
/** MONKEY_LOG=1 prints every step as it is taken. */
const LOG = Boolean(process.env.MONKEY_LOG);

/** mulberry32: a small seeded generator of floats in [0, 1). */
function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Text that has broken number readers elsewhere, or that a person might paste. */
const EDGE = [
  '', ' ', '-', '.', '0', '-0', '-1', '1', '0.5', 'NaN', 'Infinity', '-Infinity', 'inf',
  '1e308', '-1e308', '1e309', '5e-324', '1,5', '1,500', '1.2.3', '1 200 000', '１２０', '１，２００．５',
  '－３', '120万', '1.2亿', '1e305亿', '1.5k', '70%', '150%', '¥4.69万', 'USD 1.5k', '0x10', '1_000',
  '½', '٣', '1。5', '\u200b1', '💥', '<img src=x onerror=alert(1)>', '~;~;', 'instances~1e12~~x',
  'storage~50%~1~y', '10m,25m,3h', '600,900,1500', '1e6', '999999999999', '0.000001', '1e-300',
  '{"model_type":"llama"}', 'all', 'q,k,v,o', '18446744073709551616',
];

/** A generator of steps for one seed. */
function monkey(seed) {
  const rnd = mulberry32(seed);
  const int = (n) => Math.floor(rnd() * n);
  const pick = (xs) => xs[int(xs.length)];
  const junk = () => {
    const r = rnd();
    if (r < 0.45) return pick(EDGE);
    if (r < 0.7) {
      // A number of any size and sign, as typed.
      const digits = String(Math.floor(rnd() * 10 ** (1 + int(9))));
      return `${rnd() < 0.2 ? '-' : ''}${digits}${rnd() < 0.3 ? '.' + int(1000) : ''}${rnd() < 0.1 ? 'e' + (int(700) - 350) : ''}`;
    }
    if (r < 0.9) {
      // Any characters: ASCII, CJK, full-width, emoji, right-to-left, control.
      const ranges = [[0x20, 0x7e], [0x4e00, 0x9fff], [0xff01, 0xff5e], [0x1f300, 0x1f5ff], [0x0590, 0x05ff], [0x0, 0x1f]];
      let out = '';
      for (let i = int(30); i > 0; i--) {
        const [lo, hi] = pick(ranges);
        out += String.fromCodePoint(lo + int(hi - lo + 1));
      }
      return out;
    }
    return pick(EDGE).repeat(1 + int(400));
  };
  return { rnd, int, pick, junk };
}

/** A save written by the schema-1 build: the page still reads one as a single import. */
const V1 = readFileSync(new URL('../fixtures/v1-scenario.json', import.meta.url), 'utf8');

/**
 * Names a person might give a scenario (a few, so that saves, imports and comparisons meet the
 * same names again), the names the rules refuse (empty, blank, a comma, a control character,
 * too long), and any junk.
 */
const NAMES = ['alpha', 'beta', '8 x H100', '租 8 卡，三年', 'LoRA & 4090 = 便宜?', 'a,b', ' ', '', 'tab\there', 'x'.repeat(81)];

function scenarioName(m) {
  return m.rnd() < 0.7 ? m.pick(NAMES) : m.junk().slice(0, 120);
}

/** Link keys an entry's query may carry: real inputs, the page's own, and the entry's own. */
const QUERY_KEYS = ['price', 'util', 'purchase', 'months', 'ctx', 'conc', 'seq', 'batch', 'model', 'gpu',
  'lines', 'levers', 'demand', 'runs', 'serve_conc', 'cur', 'fx', 'view', 'lang', 'name', 'changed', 'schema', 'nope'];

/** A scenario's query: real keys with plausible values and junk ones, sometimes pasted raw. */
function scenarioQuery(m) {
  const pairs = [];
  for (let i = m.int(6); i > 0; i--) {
    const key = m.pick(QUERY_KEYS);
    const value = m.rnd() < 0.4 ? String(m.int(200)) : m.junk().slice(0, 200);
    pairs.push(`${key}=${m.rnd() < 0.8 ? encodeURIComponent(value) : value}`);
  }
  return pairs.join('&');
}

/** A fixed time (2025-12-01), so that a seed makes the same files on every run. */
const NOW = 1764547200000;

/**
 * One entry of an export file: usable, half usable, or not an entry at all. `saved` are the names
 * saved in the page: an entry often takes one, so that the import asks what to do with it.
 */
function fileEntry(m, saved) {
  const r = m.rnd();
  if (r < 0.6) {
    const name = saved.length && m.rnd() < 0.4 ? m.pick(saved) : scenarioName(m);
    return { name, changed: m.pick([NOW, 0, 1, -1, 1e20, 'x', null]), query: scenarioQuery(m) };
  }
  if (r < 0.8) {
    const e = { name: m.pick([scenarioName(m), 5, null, ['a']]), query: m.pick([scenarioQuery(m), 5, null, {}, []]) };
    if (m.rnd() < 0.3) delete e[m.pick(['name', 'query'])];
    return e;
  }
  return m.pick([7, null, 'x', [], {}, true]);
}

/**
 * A file to import: junk text or bytes, a single save (a stored query or schema 1's JSON, named
 * after the file), or a file shaped like the export with usable, half-usable and refused entries,
 * from the future, not ours, or cut short. `saved` are the names saved in the page, which the
 * file's entries and name often take. Returns { name, buffer, what } (`what` for the log).
 */
function scenarioFile(m, saved) {
  const stem = saved.length && m.rnd() < 0.3 ? m.pick(saved) : m.junk().slice(0, 20);
  const name = m.pick(['gpuplan-scenarios.json', 'scenarios.txt', '租.json', 'a,b.json', `${stem}.json`]);
  const r = m.rnd();
  let text;
  let what;
  if (r < 0.12) {
    const bytes = Buffer.alloc(m.int(2000));
    for (let i = 0; i < bytes.length; i++) bytes[i] = m.int(256);
    return { name, buffer: bytes, what: `${bytes.length} random bytes` };
  } else if (r < 0.25) {
    [text, what] = [m.junk(), 'junk text'];
  } else if (r < 0.35) {
    [text, what] = [`schema=${m.pick(['2', '1', '3', 'x'])}&${scenarioQuery(m)}`, 'a stored query'];
  } else if (r < 0.45) {
    text = V1;
    what = 'a schema-1 save';
    if (m.rnd() < 0.5) {
      text = text.slice(0, m.int(text.length));
      what += `, cut at ${text.length}`;
    }
  } else {
    const entries = Array.from({ length: m.int(6) }, () => fileEntry(m, saved));
    const file = {
      gpuplan: m.rnd() < 0.9 ? 'scenarios' : m.pick(['other', 1, null]),
      schema: m.pick([2, 2, 2, 1, 3, '2', -1, 1e308]),
      exported: NOW,
      scenarios: m.rnd() < 0.95 ? entries : m.pick([null, {}, 'x']),
    };
    text = JSON.stringify(file, null, m.rnd() < 0.5 ? 2 : 0);
    what = `an export of ${entries.length} entries (schema ${JSON.stringify(file.schema)})`;
    if (m.rnd() < 0.15) {
      text = text.slice(0, m.int(text.length));
      what += `, cut at ${text.length}`;
    }
  }
  return { name, buffer: Buffer.from(text, 'utf8'), what };
}

const SHOWN = 'main [data-testid^="view-"]';

/**
 * Whether a view is shown, and the figures the page publishes that are not finite numbers.
 * `Infinity` is the one exception: docs/contract.md gives it to an unbounded figure on purpose
 * (a job that never finishes), while a non-finite number that leaked out of a calculation shows
 * as Rust writes it, `inf` or `NaN`.
 */
async function look(page) {
  // A reload or Back the step started may still be replacing the document: the look is taken
  // again on the new one once it has loaded.
  for (let tries = 0; ; tries++) {
    try {
      return await lookOnce(page);
    } catch (e) {
      if (tries >= 5 || !/Execution context was destroyed/.test(e.message)) throw e;
      await page.waitForLoadState('load').catch(() => {});
    }
  }
}

function lookOnce(page) {
  return page.evaluate((shownSelector) => {
    const bad = [...document.querySelectorAll('[data-value]')]
      .filter((e) => {
        const v = e.dataset.value.trim();
        if (v === 'Infinity') return false;
        if (/^[-+]?(nan|inf|infinity)$/i.test(v)) return true;
        // Anything else that reads as a number reads as a finite one; ids like `rent` are fine.
        const n = Number(v);
        return v !== '' && !Number.isNaN(n) && !Number.isFinite(n);
      })
      .map((e) => `${e.dataset.testid}=${e.dataset.value}`);
    return { shown: document.querySelector(shownSelector) !== null, bad };
  }, SHOWN);
}

/**
 * Marks the element at fraction `r` of the visible, enabled ones matching `selector` with
 * `data-monkey` and says what it is (its test id, else its text), or null when there is none.
 * One round trip: the page has a few hundred elements, and a handle for each costs one.
 */
function mark(page, selector, r) {
  return page.evaluate(
    ({ selector, r }) => {
      for (const e of document.querySelectorAll('[data-monkey]')) e.removeAttribute('data-monkey');
      const shown = [...document.querySelectorAll(selector)].filter((e) => {
        // Visible as Playwright takes it: a box of some size, not hidden by style nor inside a
        // closed <details> (whose content keeps its size but is not rendered).
        const box = e.getBoundingClientRect();
        const seen = e.checkVisibility({ visibilityProperty: true });
        return seen && box.width > 0 && box.height > 0 && !e.disabled && !e.readOnly;
      });
      if (!shown.length) return null;
      const e = shown[Math.floor(r * shown.length)];
      e.setAttribute('data-monkey', '');
      const options = e.tagName === 'SELECT' ? [...e.options].map((o) => o.value) : [];
      // In the saved list, which scenario the button belongs to.
      const item = e.closest('[data-name]')?.dataset.name;
      const name = e.dataset.testid ?? e.textContent.trim().slice(0, 30);
      return { name: item === undefined ? name : `${name} of ${JSON.stringify(item)}`, options };
    },
    { selector, r },
  );
}

const MARKED = '[data-monkey]';

test(`${ACTIONS} random actions break nothing (seed ${SEED})`, { timeout: Math.max(600_000, ACTIONS * 500) }, async () => {
  const context = await s.browser.newContext();
  const { page, errors } = await open(context, s.url, '');
  // Short: an action that cannot happen within this is abandoned, not waited for.
  page.setDefaultTimeout(2000);
  const m = monkey(SEED);
  const bar = new ScenarioBar(page);
  const log = [];
  const fail = (step, what) =>
    assert.fail(
      `${what}\nafter step ${step} of ${ACTIONS}; replay with MONKEY_SEED=${SEED} MONKEY_ACTIONS=${step + 1}\n` +
        `last steps:\n  ${log.slice(-15).join('\n  ')}`,
    );

  // Each action says what it did (for the log), or null when it found nothing to act on.
  const actions = [
    [14, async () => {
      const el = await mark(page, 'header input[type=text], main input[type=text], main textarea', m.rnd());
      if (!el) return null;
      const text = m.junk();
      if (m.rnd() < 0.2 && text.length < 12) {
        await page.fill(MARKED, '');
        await page.type(MARKED, text);
      } else {
        await page.fill(MARKED, text);
      }
      if (m.rnd() < 0.3) await page.$eval(MARKED, (e) => e.blur());
      const shown = JSON.stringify(text.slice(0, 60)) + (text.length > 60 ? `…(${text.length})` : '');
      return `type ${shown} into ${el.name}`;
    }],
    [5, async () => {
      const el = await mark(page, 'main input[type=range]', m.rnd());
      if (!el) return null;
      const from = m.rnd();
      const to = m.rnd() * 1.2 - 0.1;
      const slider = page.locator(MARKED);
      await slider.scrollIntoViewIfNeeded();
      const box = await slider.boundingBox();
      if (!box) return null;
      const y = box.y + box.height / 2;
      await page.mouse.move(box.x + box.width * from, y);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width * to, y, { steps: 4 });
      await page.mouse.up();
      return `drag ${el.name} to ${to.toFixed(2)}`;
    }],
    [4, async () => {
      const el = await mark(page, 'main select', m.rnd());
      const pick = m.rnd();
      if (!el?.options.length) return null;
      const v = el.options[Math.floor(pick * el.options.length)];
      await page.selectOption(MARKED, v);
      return `choose ${v} in ${el.name}`;
    }],
    [4, async () => {
      const el = await mark(page, 'main input[type=checkbox], main input[type=radio]', m.rnd());
      if (!el) return null;
      await page.click(MARKED);
      return `click ${el.name}`;
    }],
    [3, async () => {
      const el = await mark(page, 'main button', m.rnd());
      if (!el) return null;
      await page.click(MARKED);
      return `press ${el.name}`;
    }],
    [3, async () => {
      const el = await mark(page, 'nav [data-testid^="nav-"]', m.rnd());
      await page.click(MARKED);
      await page.waitForSelector(`[data-testid="view-${el.name.slice('nav-'.length)}"]`);
      return `go ${el.name}`;
    }],
    [2, async () => {
      const lang = m.pick(['zh', 'en']);
      await page.click(`[data-testid="lang-${lang}"]`);
      return `language ${lang}`;
    }],
    [2, async () => {
      const n = 1 + m.int(2);
      await page.click(`[data-testid="input-cur"] label:nth-child(${n}) input`);
      return `currency ${n === 1 ? 'CNY' : 'USD'}`;
    }],
    [1, async () => {
      const text = m.rnd() < 0.5 ? m.pick(EDGE) : String(m.rnd() * 10 ** (m.int(8) - 3));
      await page.fill('[data-testid="input-fx"]', text);
      return `rate ${JSON.stringify(text)}`;
    }],
    [0.4, async () => {
      await page.reload();
      return 'reload';
    }],
    [0.6, async () => {
      await page.goBack();
      // The profile's first entry is the blank page the browser opened with.
      if (page.url() === 'about:blank') {
        await page.goForward();
        return 'back to the blank page, and forward';
      }
      return 'back';
    }],
    [1, async () => {
      const el = await mark(page, 'main summary', m.rnd());
      if (!el) return null;
      await page.click(MARKED);
      return `open or close ${el.name}`;
    }],
    // The scenario bar (above <main>, so none of the steps above reach it).
    [2, async () => {
      const name = scenarioName(m);
      await page.fill('[data-testid="scenario-name"]', name);
      const how = m.int(3);
      if (how === 0) await page.click('[data-testid="scenario-save"]');
      else if (how === 1) await page.press('[data-testid="scenario-name"]', 'Enter');
      else {
        await bar.openMenu();
        await page.click('[data-testid="scenario-save-new"]');
      }
      return `${['save', 'save (Enter)', 'save as new'][how]} as ${JSON.stringify(name.slice(0, 60))}`;
    }],
    [2, async () => {
      await bar.openMenu();
      const el = await mark(page, '[data-testid="scenario-list"] li button', m.rnd());
      if (!el) return null;
      await page.click(MARKED);
      return `press ${el.name}`;
    }],
    [0.5, async () => {
      const el = await mark(page, '[data-testid="scenario-undo"]', 0);
      if (!el) return null;
      await page.click(MARKED);
      return 'undo the delete';
    }],
    [1.5, async () => {
      await bar.openMenu();
      const saved = await page.$$eval('[data-testid="scenario-list"] li', (li) => li.map((l) => l.dataset.name));
      const file = scenarioFile(m, saved);
      await page.setInputFiles('[data-testid="scenario-import"]', {
        name: file.name,
        mimeType: 'application/json',
        buffer: file.buffer,
      });
      let did = `import ${file.what} as ${JSON.stringify(file.name)}`;
      // A name already saved makes the import ask what to do. Mostly answered at once, as a
      // person would; sometimes left open while the monkey goes on elsewhere.
      const answer = m.rnd();
      const asked = await page
        .waitForSelector('[data-testid="import-clash"]', { timeout: 500 })
        .then(() => true, () => false);
      if (asked && answer < 0.7) {
        const el = await mark(page, '[data-testid="import-clash"] button', answer / 0.7);
        if (el) {
          await page.click(MARKED);
          did += `, answered ${el.name}`;
        }
      } else if (asked) {
        did += ', question left open';
      }
      return did;
    }],
    [0.6, async () => {
      // The question an import asks when a name is already saved: keep both, replace, skip, cancel.
      const el = await mark(page, '[data-testid="import-clash"] button', m.rnd());
      if (!el) return null;
      await page.click(MARKED);
      return `answer the import: ${el.name}`;
    }],
    [0.7, async () => {
      // A comparison link as someone might send it: saved names, unknown ones, too many, junk.
      const names = await page.$$eval('[data-testid="scenario-list"] li', (li) => li.map((l) => l.dataset.name));
      const picked = Array.from({ length: m.int(5) }, () =>
        m.rnd() < 0.7 && names.length ? m.pick(names) : scenarioName(m));
      const q = `?view=compare&compare=${encodeURIComponent(picked.join(','))}`;
      await page.goto(s.url + q);
      await page.waitForSelector('[data-testid="view-compare"]');
      const el = await mark(page, '[data-testid="compare-pick"]', m.rnd());
      if (el) await page.click(MARKED);
      return `open ${q}${el ? ` and click ${el.name}` : ''}`;
    }],
    [0.3, async () => {
      await page.reload();
      return 'reload';
    }],
  ];
  const total = actions.reduce((sum, [w]) => sum + w, 0);
  /** The action to take, and its place in the list (for the log). */
  const choose = () => {
    let r = m.rnd() * total;
    for (const [n, [w, act]] of actions.entries()) {
      if ((r -= w) < 0) return [n, act];
    }
    return [0, actions[0][1]];
  };

  for (let step = 0; step < ACTIONS; step++) {
    let did;
    const [which, act] = choose();
    try {
      did = await act();
    } catch (e) {
      // The element went away or was covered while the step reached for it (the page moved
      // on): not the page's fault, and whether the page still works is checked below.
      if (!/Timeout|not attached|detached|Execution context was destroyed/i.test(e.message)) {
        fail(step, `the step itself failed: ${e.message.split('\n')[0]}`);
      }
      did = `(step abandoned: ${e.message.split('\n')[0].slice(0, 80)})`;
    }
    if (did === null) {
      if (LOG) console.log(`${step}: (action ${which} found nothing to act on)`);
      continue;
    }
    log.push(`${step}: ${did}`);
    if (LOG) console.log(`${step}: ${did}`);
    // One look at the page: is a view shown, and which figures are not finite. A reload, Back
    // or view switch may still be drawing: then a view must be back within 10 s.
    let seen = await look(page);
    if (!seen.shown) {
      try {
        await page.waitForSelector(SHOWN, { timeout: 10_000 });
      } catch {
        fail(step, 'no view is shown');
      }
      seen = await look(page);
    }
    if (errors.length) fail(step, `errors: ${errors.join(' | ')}`);
    if (seen.bad.length) fail(step, `figures that are not finite: ${seen.bad.join(', ')}`);
  }
  // What the last steps set off (the link and storage writes wait for edits to settle).
  await page.waitForTimeout(500);
  await page.waitForSelector(SHOWN);
  if (errors.length) fail(ACTIONS - 1, `errors: ${errors.join(' | ')}`);
  await context.close();
});
