// First result on screen: for each view, the time from navigation start to the moment its
// headline (`[data-testid=headline]`, the sentence every view opens with) first holds text, over
// several loads from the local server, each in a new browser context (nothing cached, no service
// worker yet): a first visit from a link. Prints the median and every load; asserts nothing.
//
// The time is taken inside the page: a MutationObserver installed before any of the page's own
// scripts (`addInitScript`) notes `performance.now()`, which counts from the navigation's start
// (`performance.timeOrigin`), when the headline first has text. That is when the document holds
// the result; the browser paints it with its next frame.
//
// Each load also lists the wasm, js and css files it fetched (the service worker's script
// included), which benches/budgets.mjs sums into what a first visit to that view downloads.
//
// Run with scripts/bench.sh, or alone with `node benches/first_result.mjs` against dist/
// (GPUPLAN_DIST for another build). Settings:
//   LOADS=5          loads a view
//   VIEWS=a,b        only these views (default: every view of src/app/views/registry.rs)
//   BENCH_OUT=DIR    write the figures to DIR/first_result.json for benches/budgets.mjs
// Run alone (no BENCH_OUT), it ends with its budget lines.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveDist, launch } from '../tests/e2e/harness.mjs';
import { firstResultLines, viewIds } from './budgets.mjs';

const LOADS = Number(process.env.LOADS ?? 5);
const VIEWS = process.env.VIEWS ? process.env.VIEWS.split(',') : viewIds();
const OUT = process.env.BENCH_OUT;
/** How long a load may take to show its headline before it counts as showing none. */
const WAIT_MS = 15_000;

/** Runs in the page before its own scripts. */
function watchHeadline() {
  const seen = () => {
    const h = document.querySelector('[data-testid=headline]');
    if (h && h.textContent.trim() !== '') {
      window.__firstResult = performance.now();
      return true;
    }
    return false;
  };
  if (seen()) return;
  const obs = new MutationObserver(() => {
    if (seen()) obs.disconnect();
  });
  obs.observe(document, { childList: true, subtree: true, characterData: true });
}

/** The median of `xs`, a load without a result counting as the slowest; null if most had none. */
function median(xs) {
  const s = xs.map((x) => x ?? Infinity).sort((a, b) => a - b);
  const m = s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  return Number.isFinite(m) ? m : null;
}

const server = await serveDist();
const browser = await launch();
const views = [];
try {
  for (const id of VIEWS) {
    const times = [];
    let files = new Set();
    for (let n = 0; n < LOADS; n++) {
      const context = await browser.newContext();
      await context.addInitScript(watchHeadline);
      const fetched = new Set();
      // The context sees the page's requests and its service worker's.
      context.on('request', (r) => {
        const url = new URL(r.url());
        if (!url.href.startsWith(server.url)) return;
        const file = url.pathname.slice(url.pathname.lastIndexOf('/') + 1);
        if (/\.(wasm|js|css)$/.test(file)) fetched.add(file);
      });
      const page = await context.newPage();
      await page.goto(`${server.url}?view=${encodeURIComponent(id)}`);
      let t = null;
      try {
        await page.waitForFunction(() => window.__firstResult !== undefined, null, { timeout: WAIT_MS });
        t = await page.evaluate(() => window.__firstResult);
      } catch {
        console.log(`view ${id}, load ${n + 1}: no headline with text within ${WAIT_MS / 1000} s`);
      }
      // The service worker is registered once the page has loaded; wait for it briefly, so that
      // its script counts among what a first visit downloads.
      await page
        .evaluate(() =>
          Promise.race([navigator.serviceWorker?.ready, new Promise((r) => setTimeout(r, 3000))]))
        .catch(() => {});
      times.push(t);
      // Every load of a view fetches the same files; kept from the first, checked on the rest.
      if (n === 0) files = fetched;
      else if ([...fetched].sort().join() !== [...files].sort().join()) {
        console.log(`view ${id}, load ${n + 1}: fetched ${[...fetched].join(' ')} (load 1: ${[...files].join(' ')})`);
      }
      await context.close();
    }
    const m = median(times);
    const all = times.map((t) => (t === null ? 'none' : t.toFixed(1))).join(', ');
    console.log(`view ${id}: first result median ${m === null ? 'none' : `${m.toFixed(1)} ms`} (loads: ${all} ms)`);
    views.push({ id, median: m, times, files: [...files].sort() });
  }
} finally {
  await browser.close();
  await server.close();
}
const figures = { loads: LOADS, views };
if (OUT) {
  writeFileSync(join(OUT, 'first_result.json'), JSON.stringify(figures, null, 1));
} else {
  console.log('== budgets');
  for (const line of firstResultLines(figures)) console.log(line);
}
