// Slider-to-redraw latency in headless Chromium: 200 moves of a slider, each an `input` event as
// a drag produces, timed inside the page from dispatch to the moment the chart's canvas reports its
// redraw (`data-draws` changes). Every slider of the page: utilisation and rent (rent or buy),
// context length and concurrency (inference), sequence length and micro-batch (training),
// concurrency (serving), each in English and in Chinese. Prints
// median and p95; asserts nothing.
//
// Run with scripts/bench.sh (which builds the release first).
import { serveDist, launch, open } from '../tests/e2e/harness.mjs';

const MOVES = Number(process.env.MOVES ?? 200);

const CASES = [
  { name: 'rent-buy: utilisation slider -> cost chart', query: '', slider: 'input-util', chart: 'chart-cost-vs-util', values: (i) => 20 + ((i * 7) % 60) + (i % 2) * 0.5 },
  { name: 'rent-buy: rent slider -> break-even chart', query: '', slider: 'input-price', chart: 'chart-break-even-vs-price', values: (i) => 60 + ((i * 7) % 200) },
  { name: 'inference: context slider -> concurrency chart', query: '?view=inference', slider: 'input-ctx', chart: 'chart-inference-concurrency', values: (i) => 1024 * (1 + ((i * 7) % 60)) },
  { name: 'inference: concurrency slider -> stack chart', query: '?view=inference', slider: 'input-conc', chart: 'chart-inference-stack', values: (i) => 1 + ((i * 7) % 200) },
  { name: 'training: sequence slider -> sequence chart', query: '?view=training', slider: 'input-seq', chart: 'chart-training-seq', values: (i) => 128 * (1 + ((i * 7) % 250)) },
  { name: 'training: micro-batch slider -> stack chart', query: '?view=training', slider: 'input-batch', chart: 'chart-training-stack', values: (i) => 2 + ((i * 7) % 62) },
  { name: 'serving: concurrency slider -> throughput chart', query: '?view=serving', slider: 'input-serve_conc', chart: 'chart-serving-throughput', values: (i) => 1 + ((i * 7) % 120) },
];

// Every case in both languages: the Chinese page words every tile, note and chart label too.
const LANGS = (process.env.LANGS ?? 'en,zh').split(',');

const server = await serveDist();
const browser = await launch();
try {
  for (const lang of LANGS) for (const c0 of CASES) {
    const c = { ...c0, name: `[${lang}] ${c0.name}` };
    const context = await browser.newContext();
    const query = `${c.query}${c.query ? '&' : '?'}lang=${lang}`;
    const { page } = await open(context, server.url, query);
    const samples = await page.evaluate(
      async ({ moves, slider: sliderId, chart: chartId, values }) => {
        const pick = new Function('i', `return (${values})(i)`);
        const slider = document.querySelector(`[data-testid=${sliderId}]`);
        const canvas = document.querySelector(`[data-testid=${chartId}]`);
        const out = [];
        for (let i = 0; i < moves; i++) {
          // A move that changes nothing draws nothing: after a second it counts as missed, so a
          // case whose values repeat reports it instead of hanging.
          const drawn = new Promise((resolve) => {
            const obs = new MutationObserver(() => {
              obs.disconnect();
              resolve(performance.now());
            });
            obs.observe(canvas, { attributes: true, attributeFilter: ['data-draws'] });
            setTimeout(() => {
              obs.disconnect();
              resolve(NaN);
            }, 1000);
          });
          const t0 = performance.now();
          slider.value = String(pick(i));
          slider.dispatchEvent(new Event('input', { bubbles: true }));
          out.push((await drawn) - t0);
          // Let the browser paint between moves, as it does between pointer events.
          await new Promise((r) => requestAnimationFrame(() => r()));
        }
        return out;
      },
      { moves: MOVES, slider: c.slider, chart: c.chart, values: c.values.toString() },
    );
    const missed = samples.filter(Number.isNaN).length;
    if (missed > 0) console.log(`${c.name}: ${missed} moves drew nothing`);
    const s = samples.filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
    const q = (p) => s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)];
    console.log(
      `${c.name}: median ${q(0.5).toFixed(2)} ms, p95 ${q(0.95).toFixed(2)} ms, max ${s[s.length - 1].toFixed(2)} ms over ${s.length} moves`,
    );
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
}
