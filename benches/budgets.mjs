// The budgets of issue 15 and the lines the benchmark ends with: one line per figure, the figure
// measured, the budget beside it, and "met" or "missed by" how much. Budgets are reported, never
// asserted: nothing here fails a run.
//
// The parts of the benchmark (scripts/size.sh --json, benches/latency.mjs,
// benches/first_result.mjs) each write their figures as JSON into one directory (BENCH_OUT);
// `node benches/budgets.mjs DIR` reads whatever is there and prints every budget line, saying
// which parts were not measured. The parts import the line writers below to print their own
// lines when they run alone.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** A kilobyte as the results are written (benches/RESULTS.md): 1000 bytes. */
export const KB = 1000;

export const BUDGETS = {
  /** What a first visit to any single view downloads: wasm + js + css, gzip -9. */
  viewKB: 130,
  /** The whole app, the same files. */
  appKB: 250,
  /** Slider input to redrawn chart, p95. */
  sliderMs: 4,
  /** The same with the CPU slowed 4x: one frame at 60 Hz. */
  throttledMs: 16.7,
  throttleRate: 4,
  /** Navigation start to the view's headline holding text, median of the loads. */
  firstResultMs: 150,
};

/** The view ids, in the order of `VIEWS` in src/app/views/registry.rs (the page's own table). */
export function viewIds() {
  const src = readFileSync(
    fileURLToPath(new URL('../src/app/views/registry.rs', import.meta.url)),
    'utf8',
  );
  const table = src.slice(src.indexOf('pub static VIEWS'));
  const ids = [...table.matchAll(/\bid:\s*"([^"]+)"/g)].map((m) => m[1]);
  if (!ids.length) throw new Error('no view ids found in src/app/views/registry.rs');
  return ids;
}

const fmt = (x, digits) => x.toFixed(digits);

/**
 * One budget line: `what`, the figure, the budget and the verdict; `note` goes after. A figure of
 * `null` was not measured (`why` says why).
 */
export function budgetLine(what, measured, budget, unit, { digits = 1, note = '', why = 'not measured' } = {}) {
  const head = `${what}`.padEnd(66);
  const limit = `budget <= ${budget} ${unit}`;
  if (measured === null || measured === undefined || Number.isNaN(measured)) {
    return `${head} ${'-'.padStart(13)}   ${limit.padEnd(20)} ${why}${note ? ` ${note}` : ''}`;
  }
  const verdict = measured <= budget ? 'met' : `missed by ${fmt(measured - budget, digits)} ${unit}`;
  const figure = `${fmt(measured, digits)} ${unit}`.padStart(13);
  return `${head} ${figure}   ${limit.padEnd(20)} ${verdict}${note ? ` ${note}` : ''}`;
}

/** A gzip figure in KB from bytes. */
const kb = (bytes) => bytes / KB;

/**
 * The size lines: one per view, then the whole app. `size` is scripts/size.sh --json; `first`,
 * if measured, is benches/first_result.mjs's output, which lists the files each view's first
 * visit fetched (then a view's figure is those files' gzip sizes; otherwise, with one wasm in
 * the build, every view needs all of it and its figure is the whole app's).
 */
export function sizeLines(size, first = null) {
  const ids = viewIds();
  if (!size) {
    return [
      ...ids.map((id) => budgetLine(`first visit, view ${id} (gzip -9)`, null, BUDGETS.viewKB, 'KB', { why: 'not measured (size skipped)' })),
      budgetLine('whole app: wasm + js + css (gzip -9)', null, BUDGETS.appKB, 'KB', { why: 'not measured (size skipped)' }),
    ];
  }
  const gz = new Map(size.files.map((f) => [f.file, f.gzip]));
  // Brotli beside each figure, for a host that serves it (the budgets are set in gzip -9).
  const br = new Map(size.files.map((f) => [f.file, f.br]));
  const brNote = (bytes) => (Number.isFinite(bytes) ? `(brotli 11: ${kb(bytes).toFixed(1)} KB)` : '');
  const wasms = size.files.filter((f) => f.file.endsWith('.wasm'));
  const split = wasms.length > 1;
  const lines = ids.map((id) => {
    const measured = first?.views?.find((v) => v.id === id)?.files;
    const what = `first visit, view ${id} (gzip -9)`;
    if (measured) {
      const bytes = measured.reduce((sum, f) => sum + (gz.get(f) ?? 0), 0);
      const brBytes = measured.reduce((sum, f) => sum + (br.get(f) ?? NaN), 0);
      const note = split ? `(${measured.length} files fetched)` : '(not split: every view loads the whole app)';
      return budgetLine(what, kb(bytes), BUDGETS.viewKB, 'KB', { note: `${note} ${brNote(brBytes)}`.trim() });
    }
    if (!split) {
      return budgetLine(what, kb(size.total.gzip), BUDGETS.viewKB, 'KB', {
        note: `(not split: every view loads the whole app) ${brNote(size.total.br)}`.trim(),
      });
    }
    return budgetLine(what, null, BUDGETS.viewKB, 'KB', { why: 'not measured: split build, run benches/first_result.mjs' });
  });
  lines.push(budgetLine('whole app: wasm + js + css (gzip -9)', kb(size.total.gzip), BUDGETS.appKB, 'KB', { note: brNote(size.total.br) }));
  return lines;
}

/** The latency lines: one per case, language and CPU rate. `latency` is latency.mjs's output. */
export function latencyLines(latency) {
  if (!latency?.results?.length) {
    return [
      budgetLine('slider -> redraw p95, every slider, en and zh', null, BUDGETS.sliderMs, 'ms', { digits: 2, why: 'not measured (latency skipped)' }),
      budgetLine(`slider -> redraw p95, CPU ${BUDGETS.throttleRate}x slower`, null, BUDGETS.throttledMs, 'ms', { digits: 2, why: 'not measured (throttled latency skipped)' }),
    ];
  }
  const lines = [];
  const rates = [...new Set(latency.results.map((r) => r.rate))].sort((a, b) => a - b);
  for (const rate of rates) {
    const budget = rate === 1 ? BUDGETS.sliderMs : BUDGETS.throttledMs;
    for (const r of latency.results.filter((x) => x.rate === rate)) {
      const cpu = rate === 1 ? '' : `, CPU ${rate}x`;
      const missed = r.missed ? `, ${r.missed} drew nothing` : '';
      lines.push(budgetLine(`p95 [${r.lang}${cpu}] ${r.name}`, r.p95, budget, 'ms', { digits: 2, note: `(${r.n} moves${missed})` }));
    }
  }
  if (!rates.includes(BUDGETS.throttleRate)) {
    lines.push(budgetLine(`slider -> redraw p95, CPU ${BUDGETS.throttleRate}x slower`, null, BUDGETS.throttledMs, 'ms', { digits: 2, why: 'not measured (throttled latency skipped)' }));
  }
  return lines;
}

/** The first-result lines: one per view. `first` is first_result.mjs's output. */
export function firstResultLines(first) {
  if (!first?.views?.length) {
    return [budgetLine('first result, every view (median of 5 loads)', null, BUDGETS.firstResultMs, 'ms', { digits: 0, why: 'not measured (first result skipped)' })];
  }
  return first.views.map((v) => {
    const all = v.times.map((t) => (t === null ? 'none' : t.toFixed(0))).join(', ');
    return budgetLine(`first result, view ${v.id} (median of ${v.times.length})`, v.median, BUDGETS.firstResultMs, 'ms', {
      digits: 0,
      note: `(loads: ${all} ms)`,
      why: `no headline within the wait (loads: ${all})`,
    });
  });
}

/** Every budget line from the JSON files in `dir`. */
export function allLines(dir) {
  const read = (name) => {
    const p = join(dir, name);
    return existsSync(p) ? JSON.parse(readFileSync(p, 'utf8')) : null;
  };
  const size = read('size.json');
  const latency = read('latency.json');
  const first = read('first_result.json');
  return [...sizeLines(size, first), ...latencyLines(latency), ...firstResultLines(first)];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dir = process.argv[2] ?? process.env.BENCH_OUT;
  if (!dir) {
    console.error('usage: node benches/budgets.mjs DIR   (DIR holds size.json, latency.json, first_result.json)');
    process.exit(2);
  }
  console.log(`== budgets (issue 15); 1 KB = ${KB} B; reported, not asserted`);
  for (const line of allLines(dir)) console.log(line);
}
