// Slider-to-redraw latency in headless Chromium: 200 moves of a slider, each an `input` event as
// a drag produces, timed inside the page from dispatch to the moment the chart's canvas reports its
// redraw (`data-draws` changes). Every slider of the page: utilisation and rent (rent or buy),
// context length and concurrency (inference), sequence length and micro-batch (training),
// concurrency (serving), each in English and in Chinese; then all of them again with the CPU
// slowed 4x through the DevTools protocol (`Emulation.setCPUThrottlingRate`), roughly a
// mid-range phone. Before the moves the page is scrolled so that the slider and its chart are
// both on screen, and left half a second to finish its first paint. Prints median and p95;
// asserts nothing.
//
// Run with scripts/bench.sh (which builds the release first), or alone with `node
// benches/latency.mjs` against dist/ (GPUPLAN_DIST for another build). Settings:
//   MOVES=200            moves a case at full speed
//   MOVES_THROTTLED=100  moves a case with the CPU slowed (fewer: each takes four times as long)
//   RATES=1,4            CPU slowdowns to run (1 = none); RATES=1 skips the slowed run
//   LANGS=en,zh          languages
//   ONLY=text            only the cases whose name contains `text`
//   BENCH_OUT=DIR        write the figures to DIR/latency.json for benches/budgets.mjs
// Run alone (no BENCH_OUT), it ends with its budget lines.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveDist, launch, open } from '../tests/e2e/harness.mjs';
import { latencyLines } from './budgets.mjs';

const MOVES = Number(process.env.MOVES ?? 200);
const MOVES_THROTTLED = Number(process.env.MOVES_THROTTLED ?? 100);
const RATES = (process.env.RATES ?? '1,4').split(',').map(Number);
const ONLY = process.env.ONLY ?? '';
const OUT = process.env.BENCH_OUT;

const CASES = [
  { name: 'rent-buy: utilisation slider -> cost chart', query: '', slider: 'input-util', chart: 'chart-cost-vs-util', values: (i) => 20 + ((i * 7) % 60) + (i % 2) * 0.5 },
  { name: 'rent-buy: rent slider -> break-even chart', query: '', slider: 'input-price', chart: 'chart-break-even-vs-price', values: (i) => 60 + ((i * 7) % 200) },
  { name: 'inference: context slider -> concurrency chart', query: '?view=inference', slider: 'input-ctx', chart: 'chart-inference-concurrency', values: (i) => 1024 * (1 + ((i * 7) % 60)) },
  { name: 'inference: concurrency slider -> stack chart', query: '?view=inference', slider: 'input-conc', chart: 'chart-inference-stack', values: (i) => 1 + ((i * 7) % 200) },
  // The sequence chart sits below the training time and cost tiles, about 1,300 px under its
  // slider: only a window 1,440 px tall shows both, as a person watching it while dragging has.
  { name: 'training: sequence slider -> sequence chart', query: '?view=training', slider: 'input-seq', chart: 'chart-training-seq', height: 1440, values: (i) => 128 * (1 + ((i * 7) % 250)) },
  { name: 'training: micro-batch slider -> stack chart', query: '?view=training', slider: 'input-batch', chart: 'chart-training-stack', values: (i) => 2 + ((i * 7) % 62) },
  { name: 'serving: concurrency slider -> throughput chart', query: '?view=serving', slider: 'input-serve_conc', chart: 'chart-serving-throughput', values: (i) => 1 + ((i * 7) % 80) },
];

// Every case in both languages: the Chinese page words every tile, note and chart label too.
const LANGS = (process.env.LANGS ?? 'en,zh').split(',');

/**
 * Brings the slider and its chart on screen together, as a person dragging the slider to watch
 * the chart sees them (charts out of view draw later, see src/app/widgets/sight.rs), then lets
 * the page finish its first paint: the moves are timed, not the load.
 */
async function inView(page, sliderId, chartId) {
  const seen = await page.evaluate(
    async ({ sliderId, chartId }) => {
      const box = (id) => document.querySelector(`[data-testid=${id}]`).getBoundingClientRect();
      const s = box(sliderId);
      const c = box(chartId);
      // The middle of the two in the middle of the window, the slider kept on screen.
      let top = scrollY + (Math.min(s.top, c.top) + Math.max(s.bottom, c.bottom) - innerHeight) / 2;
      top = Math.min(top, scrollY + s.top - 10);
      top = Math.max(top, scrollY + s.bottom + 10 - innerHeight);
      scrollTo(0, top);
      const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
      await frame();
      await frame();
      await new Promise((r) => setTimeout(r, 500));
      const n = box(chartId);
      return n.bottom > 0 && n.top < innerHeight;
    },
    { sliderId, chartId },
  );
  if (!seen) console.log(`${chartId} is not on screen with ${sliderId}: its moves are drawn later`);
}

const server = await serveDist();
const browser = await launch();
const results = [];
try {
  for (const rate of RATES) for (const lang of LANGS) for (const c0 of CASES) {
    if (ONLY && !c0.name.includes(ONLY)) continue;
    const moves = rate === 1 ? MOVES : MOVES_THROTTLED;
    const cpu = rate === 1 ? '' : `, CPU ${rate}x`;
    const c = { ...c0, name: `[${lang}${cpu}] ${c0.name}` };
    // Playwright's own window, 1280 x 720, unless the case needs a taller one to show both.
    const context = await browser.newContext({ viewport: { width: 1280, height: c0.height ?? 720 } });
    const query = `${c.query}${c.query ? '&' : '?'}lang=${lang}`;
    const { page } = await open(context, server.url, query);
    await inView(page, c.slider, c.chart);
    // Slowed only once the page is up: what is timed is the move, not the load.
    if (rate !== 1) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    }
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
      { moves, slider: c.slider, chart: c.chart, values: c.values.toString() },
    );
    const missed = samples.filter(Number.isNaN).length;
    if (missed > 0) console.log(`${c.name}: ${missed} moves drew nothing`);
    const s = samples.filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
    const q = (p) => s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)];
    if (s.length) {
      console.log(
        `${c.name}: median ${q(0.5).toFixed(2)} ms, p95 ${q(0.95).toFixed(2)} ms, max ${s[s.length - 1].toFixed(2)} ms over ${s.length} moves`,
      );
    }
    results.push({
      lang,
      rate,
      name: c0.name,
      n: s.length,
      missed,
      median: s.length ? q(0.5) : null,
      p95: s.length ? q(0.95) : null,
      max: s.length ? s[s.length - 1] : null,
    });
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
}
const figures = { moves: MOVES, movesThrottled: MOVES_THROTTLED, rates: RATES, results };
if (OUT) {
  writeFileSync(join(OUT, 'latency.json'), JSON.stringify(figures, null, 1));
} else {
  console.log('== budgets');
  for (const line of latencyLines(figures)) console.log(line);
}
