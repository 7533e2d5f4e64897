// A first visit on a slow phone: the page loaded over an emulated slow 4G link (150 ms round
// trip, 1.6 Mbit/s down, 0.75 Mbit/s up: Lighthouse's mobile settings) with the CPU slowed 4x,
// each load in a new browser context (nothing cached, no service worker). For each load it
// reports how long the page stays blank (navigation start to the first contentful paint: the
// loading line of index.html, or nothing until the app draws), the time to the view's headline
// holding text and the bytes that crossed the link. Prints the median of the loads and every
// load; asserts nothing.
//
// The page is served as a static host serves it, compressed (tests/e2e/harness.mjs), once each
// way: gzip, as GitHub Pages sends it, and brotli, as a host that serves the release's `.br`
// copies sends it (nginx with brotli_static, Caddy's `precompressed`). `raw` is the files
// uncompressed, as the harness served them until 2026-12-06 (the wasm then crossed the link as
// 1.54 MB instead of 0.62).
//
// Run with scripts/bench.sh, or alone with `node benches/slow_first_load.mjs` against dist/
// (GPUPLAN_DIST for another build). Settings:
//   SLOW_LOADS=3          loads a view
//   SLOW_VIEWS=a,b        views (default: rent-buy,serving)
//   SLOW_ENCODINGS=a,b    how the server compresses, of gzip, br, raw, auto (default: gzip,br;
//                         GPUPLAN_RAW=1 makes it raw)
//   BENCH_OUT=DIR         also write the figures to DIR/slow_first_load.json
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveDist, launch } from '../tests/e2e/harness.mjs';

const LOADS = Number(process.env.SLOW_LOADS ?? 3);
const VIEWS = (process.env.SLOW_VIEWS ?? 'rent-buy,serving').split(',');
const ENCODINGS = (
  process.env.SLOW_ENCODINGS ?? (process.env.GPUPLAN_RAW === '1' ? 'raw' : 'gzip,br')
).split(',');
const OUT = process.env.BENCH_OUT;
/** Lighthouse's mobile network: bytes a second and round-trip time. */
const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6384 * 1024 * 1024) / 8,
  uploadThroughput: (0.75 * 1024 * 1024) / 8,
};
const CPU_RATE = 4;
const WAIT_MS = 60_000;

/** Runs in the page before its own scripts: notes when the headline first holds text. */
function watchHeadline() {
  const obs = new MutationObserver(() => {
    const h = document.querySelector('[data-testid=headline]');
    if (h && h.textContent.trim() !== '' && window.__headline === undefined) {
      window.__headline = performance.now();
      obs.disconnect();
    }
  });
  obs.observe(document, { childList: true, subtree: true, characterData: true });
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

const browser = await launch();
const views = [];
try {
  for (const encoding of ENCODINGS) {
    const server = await serveDist({ encoding });
    try {
      for (const id of VIEWS) views.push(await measure(server, id, encoding));
    } finally {
      await server.close();
    }
  }
} finally {
  await browser.close();
}
if (OUT) {
  writeFileSync(join(OUT, 'slow_first_load.json'), JSON.stringify({ loads: LOADS, views }, null, 1));
}

/** LOADS fresh loads of view `id` from `server`: blank time, headline time and bytes, each load. */
async function measure(server, id, encoding) {
  const blank = [];
  const headline = [];
  const bytes = [];
  for (let n = 0; n < LOADS; n++) {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    await context.addInitScript(watchHeadline);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    // The bytes that crossed the link: compressed where the server compressed.
    let crossed = 0;
    cdp.on('Network.loadingFinished', (e) => {
      crossed += e.encodedDataLength;
    });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', NETWORK);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_RATE });
    await page.goto(`${server.url}?view=${encodeURIComponent(id)}`, { timeout: WAIT_MS });
    await page.waitForFunction(() => window.__headline !== undefined, null, { timeout: WAIT_MS });
    const fcp = await page.evaluate(() =>
      performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null);
    const h = await page.evaluate(() => window.__headline);
    blank.push(fcp ?? h);
    headline.push(h);
    bytes.push(crossed);
    await context.close();
  }
  const line = (xs) => xs.map((x) => x.toFixed(0)).join(', ');
  console.log(
    `slow 4G, CPU ${CPU_RATE}x, ${encoding}, view ${id}: blank for ${median(blank).toFixed(0)} ms (loads: ${line(blank)}); ` +
      `headline at ${median(headline).toFixed(0)} ms (loads: ${line(headline)}); ` +
      `${(median(bytes) / 1000).toFixed(1)} KB over the link`,
  );
  return {
    id,
    encoding,
    blank,
    headline,
    bytes,
    blankMedian: median(blank),
    headlineMedian: median(headline),
    bytesMedian: median(bytes),
  };
}
