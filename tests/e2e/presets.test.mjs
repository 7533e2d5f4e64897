// The guide's worked examples as one-click presets, each view's headline, and the words for
// students (the "?" beside a term, the glossary): every preset is in every view's header, a click
// or a `?preset=` link opens its view with the guide's figures (read from `data-value`s), the
// headline's code says the answer, and in Chinese the headline is the locale file's Chinese.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, value, text, registryViews, VIEWS_WITH_INPUTS } from './harness.mjs';
import { texts } from './locales.mjs';

const s = suite();
const zh = texts('zh');
const en = texts('en');
const GIB = 2 ** 30;
// Every view but compare, which shows saved scenarios rather than the example's figures.
const VIEWS = registryViews().map((v) => v.id).filter((id) => id !== 'compare');

// Each preset: the view it opens, its headline code, inputs moved away from it (so the figures
// can only come from the preset), and the guide's figures as [value, tolerance].
const PRESETS = {
  'break-even': {
    view: 'rent-buy',
    code: 'rent',
    moved: 'price=200&util=30&purchase=900000',
    figures: {
      'own-monthly': [46853.33, 0.005],
      'rent-monthly': [43200, 1e-6],
      'break-even-utilization': [46853.333333 / 86400, 1e-6],
    },
  },
  'team-240h': {
    view: 'rent-buy',
    code: 'rent',
    moved: 'util=80&hosting=5000',
    figures: {
      'rent-monthly': [9590.4, 1e-6],
      'own-monthly': [46853.33, 0.005],
      'break-even-utilization': [46853.333333 / 86400, 1e-6],
    },
  },
  'full-7b': {
    view: 'training',
    code: 'no-fit',
    moved: 'method=lora&seq=512&gpu=h200',
    figures: {
      'trainable-params': [7e9, 0],
      'train-states-bytes': [112e9, 1],
      'train-activations-bytes': [10498605056, 1],
      'train-min-gpus': [2, 0],
    },
  },
  'lora-7b': {
    view: 'training',
    code: 'fits',
    moved: 'seq=8192&method=qlora&gpu=rtx-4090',
    figures: {
      'trainable-params': [39976960, 0],
      'train-states-bytes': [39976960 * 16 + 14e9, 1],
      'train-total-bytes': [25.3 * GIB, 0.05 * GIB],
    },
  },
  'infer-7b-8k': {
    view: 'inference',
    code: 'fits',
    moved: 'ctx=32768&conc=3&gpu=rtx-4090&weights=int4',
    figures: {
      'weights-bytes': [14e9, 1],
      'kv-bytes-per-token': [524288, 0],
      'kv-cache-bytes': [32 * GIB, 1],
      'required-bytes': [57.65 * GIB, 0.005 * GIB],
      'card-tier': [80, 0],
      'max-concurrency': [12, 0],
    },
  },
  spot: {
    view: 'spot',
    code: 'spot-checkpoints',
    moved: 'job_hours=10&spot_price=6&ckpt=0',
    figures: {
      'spot-wall-hours': [112.1, 0.05],
      'spot-cost': [392.34, 0.005],
      'ondemand-cost': [1000, 1e-9],
      'nockpt-wall-hours': [2985.3, 0.05],
      'crossover-hours': [36.2, 0.05],
    },
  },
  'bill-21000': {
    view: 'bill',
    code: 'saves',
    moved: 'lines=instances~5800~720~resident single-card instance',
    figures: {
      'bill-total': [21000, 1e-9],
      'bill-savings': [4000, 1e-9],
      'bill-savings-share': [4000 / 21000, 1e-9],
    },
  },
};

/** Opens `query` in a fresh profile, runs `body`, checks the page logged no error. */
async function visit(query, body, options) {
  const { context, page, errors } = await s.fresh(query, options);
  try {
    await body(page);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
}

async function choosePreset(page, id) {
  await page.click('details.presets summary');
  await page.click(`[data-testid="preset-${id}"]`);
}

/** Waits for the preset's view and note, then checks its figures and headline code. */
async function assertShowsPreset(page, id) {
  const p = PRESETS[id];
  await page.waitForSelector(`[data-testid="view-${p.view}"]`);
  await page.waitForSelector(`[data-testid="preset-note"][data-value="${id}"]`);
  for (const [hook, [want, tol]] of Object.entries(p.figures)) {
    const got = await value(page, hook);
    assert.ok(got !== null && Math.abs(got - want) <= tol, `${id}: ${hook} = ${got}, expected ${want} ± ${tol}`);
  }
  assert.equal(await text(page, 'headline'), p.code, `${id}: headline code`);
}

/** A locale template as a pattern: its placeholders match any text. */
function pattern(template) {
  const parts = template.split(/\{[a-z_]+\}/).map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('.+')}$`, 's');
}

/** The headline's lead and detail, as shown (the detail without its separator). */
async function headline(page, sep) {
  const lead = (await page.textContent('[data-testid=headline] .headline-lead')).trim();
  const detail = (await page.textContent('[data-testid=headline] .headline-detail')).trim();
  return { lead, detail: detail.startsWith(sep.trim()) ? detail.slice(sep.trim().length).trim() : detail };
}

test('every preset is in the header of every view', async () => {
  const { context, page, errors } = await s.fresh('');
  try {
    for (const view of VIEWS) {
      await page.goto(`${s.url}?view=${view}`);
      await page.waitForSelector(`[data-testid="view-${view}"]`);
      for (const id of Object.keys(PRESETS)) {
        assert.equal(await page.locator(`header [data-testid="preset-${id}"]`).count(), 1, `${view}: preset-${id}`);
      }
      assert.equal(await page.locator('[data-testid=headline]').count(), 1, `${view}: one headline`);
    }
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

for (const [id, p] of Object.entries(PRESETS)) {
  test(`clicking ${id} opens ${p.view} with the guide's figures, formulas unfolded, and Back returns`, async () => {
    await visit(`?view=checklists&${p.moved}`, async (page) => {
      await choosePreset(page, id);
      await assertShowsPreset(page, id);
      // Every formula of the view is unfolded.
      assert.equal(await page.locator('main details.formula:not([open])').count(), 0);
      assert.ok(await page.locator('main details.formula').count() > 0);
      // The address holds the example's inputs (no preset key) after the write delay.
      await page.waitForFunction(() => !location.search.includes('preset='));
      // The click added a history entry: Back shows the view before it.
      await page.goBack();
      await page.waitForSelector('[data-testid="view-checklists"]');
    });
  });

  test(`the link ?preset=${id} opens ${p.view} with the guide's figures`, async () => {
    await visit(`?${p.moved}&preset=${id}`, async (page) => {
      await assertShowsPreset(page, id);
      await page.waitForFunction((v) => !location.search.includes('preset=') && (v === 'rent-buy' || location.search.includes(`view=${v}`)), p.view);
    });
  });

  test(`in Chinese the ${id} headline and note are the locale file's Chinese`, async () => {
    await visit(`?lang=zh&preset=${id}`, async (page) => {
      await assertShowsPreset(page, id);
      const { lead, detail } = await headline(page, zh.headline.sep);
      const zhTemplates = Object.values(zh.headline).filter((v) => typeof v === 'string');
      assert.ok(zhTemplates.some((t) => pattern(t).test(lead)), `lead not from zh.toml: ${lead}`);
      assert.ok(!Object.values(en.headline).some((t) => typeof t === 'string' && pattern(t).test(lead)), `lead in English: ${lead}`);
      assert.match(detail, /[\u4e00-\u9fff]/, `detail has no Chinese: ${detail}`);
      const key = id.replaceAll('-', '_');
      const note = await page.textContent('[data-testid=preset-note] strong');
      assert.equal(note.trim(), zh.preset[key].title);
    });
  });
}

test('an unknown preset is reported at the top and the page opens as usual', async () => {
  await visit('?preset=nothing', async (page) => {
    assert.match(await page.textContent('[data-testid=link-notice]'), /Guide's example: “nothing”.*break-even/);
    await page.waitForSelector('[data-testid="view-rent-buy"]');
  });
});

test('rent or buy answers first: the headline with the verdict comes before the tiles', async () => {
  await visit('', async (page) => {
    assert.equal(await text(page, 'headline'), 'rent');
    assert.equal(await text(page, 'verdict'), 'rent');
    const { lead, detail } = await headline(page, en.headline.sep);
    assert.equal(lead, 'Renting is cheaper below 54.2%');
    assert.match(detail, /^at 50% it saves CN¥3,653 a month$/);
    const before = await page.evaluate(() => {
      const h = document.querySelector('[data-testid=headline]');
      const tile = document.querySelector('[data-testid=own-monthly]');
      return Boolean(h.compareDocumentPosition(tile) & Node.DOCUMENT_POSITION_FOLLOWING);
    });
    assert.ok(before, 'the headline precedes the tiles');
    // The verdict is no longer a tile of its own.
    assert.equal(await page.locator('.stat [data-testid=verdict]').count(), 0);
  });
  await visit('?util=60', async (page) => {
    assert.equal(await text(page, 'headline'), 'buy');
    const { lead } = await headline(page, en.headline.sep);
    assert.equal(lead, 'Owning is cheaper above 54.2%');
  });
});

test('a memory headline that does not fit names the fewest cards and a bigger card, computed', async () => {
  await visit('?view=inference&gpu=rtx-4090&ctx=16384', async (page) => {
    assert.equal(await text(page, 'headline'), 'no-fit');
    const { detail } = await headline(page, en.headline.sep);
    assert.match(detail, /GeForce RTX 4090 24 GB has 23\.99 GiB; use 8 cards with tensor parallelism or a bigger card/);
    assert.equal(await value(page, 'way-tp'), 8);
    // Trying the way makes it fit.
    await page.click('[data-testid=way-tp] button');
    await page.waitForFunction(() => document.querySelector('[data-testid=headline]').dataset.value === 'fits');
    assert.equal(await page.inputValue('[data-testid=input-tp]'), '8');
  });
  // Twice the context would need 16 cards, two machines: tensor parallelism is not offered
  // beyond one machine's 8.
  await visit('?view=inference&gpu=rtx-4090&ctx=32768', async (page) => {
    assert.equal(await text(page, 'headline'), 'no-fit');
    assert.equal(await page.locator('[data-testid=way-tp]').count(), 0);
  });
});

test('"fewest cards: none" gives its reason and a way out', async () => {
  await visit('?view=training&seq=131072&gpu=rtx-4090', async (page) => {
    assert.equal(await text(page, 'train-min-gpus'), '');
    const note = await page.textContent('.stat:has([data-testid=train-min-gpus]) .stat-note');
    assert.match(note, /sharding divides the model states, not the activations/);
    assert.match(note, /way out: /);
  });
});

test('memory figures are in GiB with the tier named in both units, so a total never reads smaller than a part', async () => {
  await visit('?view=training&recompute=full', async (page) => {
    const states = await page.textContent('[data-testid=train-states-bytes]');
    const total = await page.textContent('[data-testid=train-total-bytes]');
    assert.match(states, /GiB$/);
    assert.match(total, /GiB$/);
    assert.ok(parseFloat(total) > parseFloat(states), `${total} vs ${states}`);
  });
  await visit('?view=inference', async (page) => {
    assert.equal((await page.textContent('[data-testid=card-tier]')).trim(), '80 GB card (80 GiB)');
    assert.match(await page.textContent('[data-testid=weights-bytes]'), /^13\.04 GiB$/);
  });
});

test('the "?" beside a term opens its paragraph and formula, in either language, and Escape closes it', async () => {
  await visit('', async (page) => {
    const help = '[data-testid=help-pue]';
    const button = `${help} button.help-btn`;
    assert.equal(await page.getAttribute(button, 'aria-expanded'), 'false');
    assert.ok(await page.locator(`${help} .help-panel`).isHidden());
    await page.click(button);
    assert.equal(await page.getAttribute(button, 'aria-expanded'), 'true');
    const id = await page.getAttribute(button, 'aria-controls');
    assert.equal(await page.getAttribute(`${help} .help-panel`, 'id'), id);
    assert.equal((await page.textContent(`${help} .help-text`)).trim(), en.glossary.pue.text);
    assert.equal((await page.textContent(`${help} .help-formula`)).trim(), en.glossary.pue.formula);
    await page.keyboard.press('Escape');
    assert.equal(await page.getAttribute(button, 'aria-expanded'), 'false');
    // The same in Chinese.
    await page.click('[data-testid=lang-zh]');
    await page.click(button);
    assert.equal((await page.textContent(`${help} .help-text`)).trim(), zh.glossary.pue.text);
    assert.equal(await page.getAttribute(button, 'aria-label'), zh.help.what.replace('{term}', zh.glossary.pue.name));
  });
});

test('every required term has a "?" on its view and an entry in the glossary view', async () => {
  const where = {
    'rent-buy': ['u-star', 'pue'],
    training: ['zero', 'gib-gb', 'lora', 'recompute', 'headroom'],
    inference: ['kv-cache', 'tp', 'gib-gb'],
    serving: ['ttft-tpot', 'tp'],
    spot: ['mtbf', 'young-daly', 'spot'],
  };
  const { context, page, errors } = await s.fresh('');
  try {
    for (const [view, terms] of Object.entries(where)) {
      await page.goto(`${s.url}?view=${view}`);
      await page.waitForSelector(`[data-testid="view-${view}"]`);
      for (const term of terms) {
        assert.equal(await page.locator(`main [data-testid="help-${term}"]`).count(), 1, `${view}: help-${term}`);
      }
    }
    await page.goto(`${s.url}?view=glossary&lang=zh`);
    await page.waitForSelector('[data-testid="view-glossary"]');
    const all = Object.values(where).flat();
    for (const term of new Set(all)) {
      const key = term.replaceAll('-', '_');
      const entry = `[data-testid="glossary-${term}"]`;
      assert.equal((await page.textContent(`${entry} dt`)).trim(), zh.glossary[key].name);
      assert.equal((await page.textContent(`${entry} code`)).trim(), zh.glossary[key].formula);
    }
    assert.ok((await page.title()).startsWith(zh.glossary.title));
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('no option is shown as a bare id', async () => {
  const { context, page, errors } = await s.fresh('');
  try {
    for (const view of VIEWS_WITH_INPUTS) {
      // In Chinese an option left unworded shows its id (`qlora`, `sgdm`, `q4_k_m`); in English
      // some words are their own ids (`full`, `storage`), so the check reads the Chinese page.
      await page.goto(`${s.url}?view=${view}&method=lora&lang=zh`);
      await page.waitForSelector(`[data-testid="view-${view}"]`);
      const bare = await page.$$eval('main select option', (els) =>
        els
          .map((el) => ({ shown: el.textContent.trim(), id: el.value }))
          .filter(({ shown, id }) => id && shown === id && /[a-z_]/.test(id)));
      assert.deepEqual(bare, [], `${view}: ${JSON.stringify(bare)}`);
    }
    // The LoRA target modules are named, not bare letters.
    await page.goto(`${s.url}?view=training&method=lora&lang=en`);
    await page.waitForSelector('[data-testid=input-lora_targets]');
    const labels = await page.$$eval('[data-testid=input-lora_targets] label', (els) => els.map((l) => l.textContent.trim()));
    assert.deepEqual(labels, Object.values(en.help.module));
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
