// Slider-to-redraw latency in headless Chromium: 200 moves of the utilisation slider, each an
// `input` event as a drag produces, timed inside the page from dispatch to the moment the chart's
// canvas reports its redraw (`data-draws` changes). Prints median and p95; asserts nothing.
//
// Run with scripts/bench.sh (which builds the release first).
import { serveDist, launch, open } from '../tests/e2e/harness.mjs';

const MOVES = Number(process.env.MOVES ?? 200);

const server = await serveDist();
const browser = await launch();
try {
  const context = await browser.newContext();
  const { page } = await open(context, server.url);
  const samples = await page.evaluate(async (moves) => {
    const slider = document.querySelector('[data-testid=input-util]');
    const watched = ['chart-cost-vs-util', 'chart-cumulative'].map((id) =>
      document.querySelector(`[data-testid=${id}]`),
    );
    const redraw = (canvas) =>
      new Promise((resolve) => {
        const obs = new MutationObserver(() => {
          obs.disconnect();
          resolve(performance.now());
        });
        obs.observe(canvas, { attributes: true, attributeFilter: ['data-draws'] });
      });
    const out = { chart: [], all: [] };
    for (let i = 0; i < moves; i++) {
      const pending = watched.map(redraw);
      const t0 = performance.now();
      slider.value = String(20 + ((i * 7) % 60) + (i % 2) * 0.5);
      slider.dispatchEvent(new Event('input', { bubbles: true }));
      const [chart, other] = await Promise.all(pending);
      out.chart.push(chart - t0);
      out.all.push(Math.max(chart, other) - t0);
      // Let the browser paint between moves, as it does between pointer events.
      await new Promise((r) => requestAnimationFrame(() => r()));
    }
    return out;
  }, MOVES);
  const stats = (xs) => {
    const s = [...xs].sort((a, b) => a - b);
    const q = (p) => s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)];
    return { median: q(0.5), p95: q(0.95), max: s[s.length - 1] };
  };
  const fmt = (x) => x.toFixed(2);
  for (const [name, xs] of Object.entries(samples)) {
    const { median, p95, max } = stats(xs);
    console.log(
      `${name === 'chart' ? 'input -> cost chart redrawn' : 'input -> both affected charts redrawn'}: ` +
        `median ${fmt(median)} ms, p95 ${fmt(p95)} ms, max ${fmt(max)} ms over ${xs.length} moves`,
    );
  }
  await context.close();
} finally {
  await browser.close();
  await server.close();
}
