// A chart redrawn after a slider's steps is the same picture as the chart drawn whole from a link.
//
// While a slider moves, a canvas starts each drawing from a copy of what it shares with the last
// one (the axes, the legend, the lines) and draws only the rest (the mark); see
// src/app/widgets/canvas_backend.rs. The copy must be exact: after several steps, every chart of
// the view is compared pixel for pixel with a fresh page opened at the slider's last value. The
// steps go back and forth so that the last drawings start from a copy. The serving and
// utilisation sliders move only their charts' marks, so their charts are redrawn from the copy;
// the rent and context sliders also move their charts' axes, so theirs are drawn whole, and the
// copy must not be used for them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, open, pixels } from './harness.mjs';
import { Page } from './pages.mjs';

const s = suite();

const CASES = [
  {
    name: 'serving: concurrency',
    query: '?view=serving&model=llama-3.1-8b&gpu=h100-sxm&weights=bf16',
    key: 'serve_conc',
    steps: [12, 40, 7, 25],
    chart: 'chart-serving-throughput',
  },
  { name: 'rent or buy: utilisation', query: '?', key: 'util', steps: [30, 55.5, 80, 42], chart: 'chart-cost-vs-util' },
  { name: 'rent or buy: rent', query: '?', key: 'price', steps: [90, 140, 75, 120], chart: 'chart-break-even-vs-price' },
  { name: 'inference: context', query: '?view=inference', key: 'ctx', steps: [4096, 16384, 8192, 12288], chart: 'chart-inference-concurrency' },
];

for (const lang of ['en', 'zh']) {
  for (const c of CASES) {
    test(`[${lang}] ${c.name}: after the slider's steps every chart is the picture a fresh page draws`, async () => {
      const context = await s.browser.newContext();
      try {
        const query = `${c.query}${c.query.length > 1 ? '&' : ''}lang=${lang}`;
        const { page, errors } = await open(context, s.url, query);
        await new Page(page).slide(c.key, c.steps, c.chart);
        const canvases = await page.$$eval('main canvas', (cs) => cs.map((x) => x.dataset.testid));
        assert.ok(canvases.includes(c.chart));
        const moved = {};
        for (const id of canvases) moved[id] = await pixels(page, id);
        const last = c.steps[c.steps.length - 1];
        const fresh = await open(context, s.url, `${query}&${c.key}=${last}`);
        for (const id of canvases) assert.equal(await pixels(fresh.page, id), moved[id], `${id} differs`);
        assert.deepEqual([...errors, ...fresh.errors], []);
      } finally {
        await context.close();
      }
    });
  }
}
