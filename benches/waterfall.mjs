// Where a first visit's time goes: one load of a view over the slow 4G link of
// benches/slow_first_load.mjs (150 ms round trip, 1.6 Mbit/s down) with the CPU slowed 4x, in a
// new browser context (nothing cached, no service worker), printed as a waterfall: for each
// request, when it was asked for, when its answer's headers came and when its last byte did, and
// the bytes that crossed the link (`encodedDataLength`: compressed when the server compressed);
// then when the page's scripts reached their steps and when the headline first held text. On
// request, the main thread's time from a trace (the wasm compiled as it arrived, the functions
// compiled as they first ran, `wasm.CompileLazy`, script, style and layout, and the first paint
// after the headline was in the page) and a CPU profile. For investigation, not a gate; asserts nothing.
//
// `node benches/waterfall.mjs` against dist/ (GPUPLAN_DIST for another build). Settings:
//   WATERFALL_VIEW=id    the view (default rent-buy)
//   WATERFALL_FAST=1     no throttling: the local server at full speed
//   WATERFALL_TRACE=1    also trace the main thread (the trace itself slows the page: its times
//                        are for proportions, not for the budget)
//   WATERFALL_TASKS=1    with the trace, list the main thread's tasks of 2 ms and more
//   WATERFALL_PROFILE=1  also a CPU profile from navigation to the headline: the functions with
//                        the most self time, and the time under each of the app's steps
//   WATERFALL_RAW=1      the server sends every file uncompressed (as the harness did before
//                        it compressed like a static host)
// GPUPLAN_ENCODING=gzip|br|raw sends every file one way; by default the server sends the
// release's .br copies to Chromium, as a host that serves them does (tests/e2e/harness.mjs).
import { serveDist, launch } from '../tests/e2e/harness.mjs';

const VIEW = process.env.WATERFALL_VIEW ?? 'rent-buy';
const FAST = process.env.WATERFALL_FAST === '1';
const TRACE = process.env.WATERFALL_TRACE === '1';
const PROFILE = process.env.WATERFALL_PROFILE === '1';
if (process.env.WATERFALL_RAW === '1') process.env.GPUPLAN_RAW = '1';
const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6384 * 1024 * 1024) / 8,
  uploadThroughput: (0.75 * 1024 * 1024) / 8,
};

/**
 * Runs in the page before its own scripts: notes when boot.js, start.js and the app reach their
 * steps (by the globals they set, so the page carries no code of the benchmark's), when the app
 * removes the loading line (it starts drawing) and when the headline first holds text.
 */
function watchSteps() {
  const marks = (window.__marks = {});
  const note = (name) => {
    if (marks[name] === undefined) marks[name] = performance.now();
  };
  for (const [key, name] of [
    ['gpuplanLang', 'language chosen'],
    ['gpuplanText', 'start.js ran'],
    ['gpuplanFirst', 'words and glue in, waiting for the wasm'],
  ]) {
    let v;
    Object.defineProperty(window, key, {
      configurable: true,
      get: () => v,
      set: (x) => {
        note(name);
        v = x;
      },
    });
  }
  let booted = false;
  const obs = new MutationObserver(() => {
    // The loading line is in index.html; once parsed, its removal is the app starting to draw.
    if (!booted) booted = !!document.getElementById('boot');
    else if (!document.getElementById('boot')) note('app started drawing');
    const h = document.querySelector('[data-testid=headline]');
    if (h && h.textContent.trim() !== '') {
      note('headline');
      window.__headline = marks.headline;
      obs.disconnect();
    }
  });
  obs.observe(document, { childList: true, subtree: true, characterData: true });
}

const server = await serveDist();
const browser = await launch();
try {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  await context.addInitScript(watchSteps);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const reqs = new Map();
  let t0 = null;
  cdp.on('Network.requestWillBeSent', (e) => {
    if (t0 === null) t0 = e.timestamp;
    reqs.set(e.requestId, { url: e.request.url, start: e.timestamp, type: e.type, prio: e.request.initialPriority });
  });
  cdp.on('Network.responseReceived', (e) => {
    const r = reqs.get(e.requestId);
    if (r) {
      r.head = e.timestamp;
      r.enc = e.response.headers['content-encoding'] ?? e.response.headers['Content-Encoding'] ?? '';
      r.mime = e.response.mimeType;
    }
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = reqs.get(e.requestId);
    if (r) {
      r.end = e.timestamp;
      r.bytes = e.encodedDataLength;
    }
  });
  const events = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
  const traced = new Promise((res) => cdp.once('Tracing.tracingComplete', res));
  await cdp.send('Network.enable');
  if (!FAST) {
    await cdp.send('Network.emulateNetworkConditions', NETWORK);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  }
  if (TRACE) await cdp.send('Tracing.start', {
    categories: ['devtools.timeline', 'v8', 'v8.wasm', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'loading'].join(','),
  });
  if (PROFILE) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
  }
  await page.goto(`${server.url}?view=${encodeURIComponent(VIEW)}`, { timeout: 60_000 });
  await page.waitForFunction(() => window.__headline !== undefined, null, { timeout: 60_000 });
  const profile = PROFILE ? (await cdp.send('Profiler.stop')).profile : null;
  const headline = await page.evaluate(() => window.__headline);
  const marks = await page.evaluate(() => window.__marks);
  const nav = await page.evaluate(() => performance.timeOrigin);
  const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null);
  await page.waitForTimeout(500);
  if (TRACE) {
    await cdp.send('Tracing.end');
    await traced;
  }

  // Request timestamps are seconds on the browser's monotonic clock; the page's performance.now()
  // counts from navigation start. The trace's `navigationStart` mark ties the two.
  const navStart = events.find((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame);
  // Without a trace, the page's own request stands for navigation start (within a few ms).
  const base = navStart ? navStart.ts / 1e6 : t0;
  const ms = (s) => (s === undefined ? '-' : ((s - base) * 1000).toFixed(0).padStart(6));
  console.log(`view ${VIEW}, ${FAST ? 'full speed' : 'slow 4G, CPU 4x'}: first contentful paint ${fcp?.toFixed(0)} ms, headline ${headline.toFixed(0)} ms`);
  console.log('file'.padEnd(34), ' asked', '  head', '   end', '   bytes', ' enc', ' prio');
  for (const r of [...reqs.values()].sort((a, b) => a.start - b.start)) {
    const name = new URL(r.url).pathname.split('/').pop() || '(page)';
    console.log(name.slice(0, 34).padEnd(34), ms(r.start), ms(r.head), ms(r.end), String(r.bytes ?? '-').padStart(8), (r.enc || '-').padStart(4), r.prio ?? '');
  }

  for (const [name, t] of Object.entries(marks).sort((a, b) => a[1] - b[1])) {
    console.log(`${name.padEnd(41)} ${t.toFixed(0).padStart(6)}`);
  }

  // The first paint after the headline was in the page: what the reader sees, which waits for
  // whatever the frame runs first (style, layout, resize observers and what they start).
  const at = base + headline / 1000;
  const paint = events
    .filter((e) => e.name === 'Paint' && e.ts / 1e6 >= at)
    .sort((a, b) => a.ts - b.ts)[0];
  if (paint) {
    console.log(`${'first paint after the headline (trace)'.padEnd(41)} ${ms((paint.ts + paint.dur) / 1e6)}`);
    // What the main thread ran between the two: the work that held the headline off the screen.
    const within = events.filter(
      (e) => e.ph === 'X' && e.dur !== undefined && e.ts / 1e6 >= at && e.ts < paint.ts,
    );
    const sum = (re) => within.filter((e) => re.test(e.name)).reduce((a, e) => a + e.dur, 0) / 1000;
    console.log(
      `${'  between them: script (tasks)'.padEnd(41)} ${sum(/^(FunctionCall|TimerFire|FireAnimationFrame|RunMicrotasks|EventDispatch)$/).toFixed(0).padStart(6)} ms; ` +
        `style and layout ${sum(/^(UpdateLayoutTree|Layout)$/).toFixed(0)} ms`,
    );
  }

  // Main-thread time by kind, and when each kind first and last ran (ms after navigation).
  const main = events.filter((e) => e.ph === 'X' && e.dur !== undefined && e.ts / 1e6 >= base);
  const kinds = [
    ['wasm streamed compile', (e) => /wasm.*(Stream|SyncCompile|AsyncCompile|Compile(Job|Module))|v8.wasm.compile/i.test(e.name) && !/Lazy/.test(e.name)],
    ['wasm lazy compile', (e) => /CompileLazy/.test(e.name)],
    ['script (EvaluateScript, FunctionCall, RunMicrotasks)', (e) => /^(EvaluateScript|FunctionCall|RunMicrotasks|v8.evaluateModule|TimerFire|FireAnimationFrame|EventDispatch)$/.test(e.name)],
    ['style and layout', (e) => /^(UpdateLayoutTree|Layout|RecalculateStyles|ParseAuthorStyleSheet)$/.test(e.name)],
    ['paint', (e) => /^(Paint|PrePaint|Layerize|Commit)$/.test(e.name)],
    ['parse HTML', (e) => e.name === 'ParseHTML'],
  ];
  for (const [label, test] of kinds) {
    const xs = main.filter(test);
    if (!xs.length) continue;
    // Nested events of one kind would count twice: sum only the outermost on each thread.
    xs.sort((a, b) => a.ts - b.ts);
    let sum = 0;
    const ends = new Map();
    for (const e of xs) {
      const key = `${e.pid}:${e.tid}`;
      if ((ends.get(key) ?? 0) > e.ts) continue;
      ends.set(key, e.ts + e.dur);
      sum += e.dur;
    }
    const first = (xs[0].ts / 1e6);
    const last = Math.max(...xs.map((e) => (e.ts + e.dur) / 1e6));
    console.log(`${label.padEnd(54)} ${(sum / 1000).toFixed(0).padStart(6)} ms  from ${ms(first)} to ${ms(last)}  (${new Set(xs.map((e) => e.name)).size} kinds: ${[...new Set(xs.map((e) => e.name))].slice(0, 4).join(', ')})`);
  }
  // The main thread's longer tasks in order, with the script they ran (WATERFALL_TASKS=1).
  if (process.env.WATERFALL_TASKS === '1') {
    const tasks = main.filter((e) => /^(EvaluateScript|v8.evaluateModule|FunctionCall|RunMicrotasks|TimerFire|FireAnimationFrame|EventDispatch|ParseHTML|UpdateLayoutTree|Layout|Paint|wasm.CompileLazy|v8.wasm.compileConsume)$/.test(e.name) && e.dur >= 2000);
    for (const e of tasks.sort((a, b) => a.ts - b.ts)) {
      const d = e.args?.data ?? {};
      const where = (d.url || d.scriptName || d.type || d.functionName || '').split('/').pop().slice(0, 40);
      console.log(`  ${ms(e.ts / 1e6)} +${(e.dur / 1000).toFixed(1).padStart(6)} ms  ${e.name} ${where}`);
    }
  }
  if (profile) printProfile(profile);
  void nav;
} finally {
  await browser.close();
  await server.close();
}

/** Self time by function, and total time under each function, of a CPU profile (ms). */
function printProfile(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const name = (n) => `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop().split('?')[0]}`;
  const self = new Map();
  const total = new Map();
  for (let i = 0; i < profile.samples.length; i++) {
    const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    let n = byId.get(profile.samples[i]);
    self.set(name(n), (self.get(name(n)) ?? 0) + dt);
    const seen = new Set();
    for (let id = n.id; id !== undefined; id = parent.get(id)) {
      const k = name(byId.get(id));
      if (seen.has(k)) continue;
      seen.add(k);
      total.set(k, (total.get(k) ?? 0) + dt);
    }
  }
  const top = (m, k) => [...m.entries()].sort((a, b) => b[1] - a[1]).slice(0, k);
  console.log('-- self time');
  for (const [k, v] of top(self, 25)) console.log(v.toFixed(1).padStart(8), 'ms', k);
  console.log('-- total time');
  for (const [k, v] of top(total, 25)) console.log(v.toFixed(1).padStart(8), 'ms', k);
  // With a wasm that keeps its names (a named copy, as scripts/twiggy.sh builds), the app's own
  // functions: what its start spends its time under.
  // The call tree under the app's `main`, merged by name, to WATERFALL_DEPTH levels (default 8),
  // every node of 2% of main's time or more.
  const timeOf = new Map();
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i];
    timeOf.set(id, (timeOf.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000);
  }
  const incl = new Map();
  const inclOf = (n) => {
    if (incl.has(n.id)) return incl.get(n.id);
    let t = timeOf.get(n.id) ?? 0;
    for (const c of n.children ?? []) t += inclOf(byId.get(c));
    incl.set(n.id, t);
    return t;
  };
  const mains = profile.nodes.filter((n) => /^gpuplan::main::/.test(n.callFrame.functionName));
  if (mains.length) {
    const depth = Number(process.env.WATERFALL_DEPTH ?? 8);
    const all = mains.reduce((a, n) => a + inclOf(n), 0);
    const short = (n) => n.callFrame.functionName.replace(/::h[0-9a-f]{16}/g, '').slice(0, 150);
    const walk = (nodes, d) => {
      const merged = new Map();
      for (const n of nodes) {
        const k = short(n);
        const m = merged.get(k) ?? { t: 0, kids: [] };
        m.t += inclOf(n);
        m.kids.push(...(n.children ?? []).map((c) => byId.get(c)));
        merged.set(k, m);
      }
      for (const [k, m] of [...merged].sort((a, b) => b[1].t - a[1].t)) {
        if (m.t < all * 0.02) continue;
        console.log(`${' '.repeat(d * 2)}${m.t.toFixed(1)} ms ${k}`);
        if (d < depth) walk(m.kids, d + 1);
      }
    };
    console.log('-- under main');
    walk(mains, 0);
  }
  const own = new Map([...total].filter(([k]) => /gpuplan::/.test(k)));
  if (own.size) {
    console.log("-- total time under the app's own functions");
    for (const [k, v] of top(own, 45)) console.log(v.toFixed(1).padStart(8), 'ms', k);
  }
}
