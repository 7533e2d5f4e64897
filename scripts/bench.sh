#!/usr/bin/env bash
# Benchmarks: the release build's size (gzip -9 and brotli 11), slider-to-redraw latency in
# headless Chromium (at full speed and with the CPU slowed 4x), the time to the first result on
# screen for every view, how long a first visit over a slow 4G link with the CPU slowed 4x stays
# blank, served gzipped and served as brotli, and a twiggy report of what the wasm is made of.
# Ends with one line per budget of issue 15: the figure, the budget beside it, and "met" or
# "missed by" how much. Budgets are reported, not asserted: the run does not fail on a missed
# one. Results are kept in benches/RESULTS.md by hand, with the date and machine.
#
# Usage: scripts/bench.sh [--quick] [--no-build] [--skip PARTS]
#   --quick       size and full-speed latency only (skips: throttled, first, slow, twiggy)
#   --no-build    measure the build already in dist/ (or GPUPLAN_DIST) instead of building it
#   --skip PARTS  comma-separated parts to leave out: size, latency, throttled, first, slow,
#                 twiggy
# Environment: GPUPLAN_DIST builds into and measures that directory instead of dist/; MOVES,
# MOVES_THROTTLED, LANGS, ONLY (benches/latency.mjs), LOADS, VIEWS (benches/first_result.mjs),
# SLOW_LOADS, SLOW_VIEWS, SLOW_ENCODINGS (benches/slow_first_load.mjs);
# BENCH_OUT keeps the figures as JSON and the full twiggy reports in that directory (default: a
# temp dir, removed at the end).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

skip=","
build=true
while [ $# -gt 0 ]; do
  case "$1" in
    --quick) skip+="throttled,first,slow,twiggy,"; shift ;;
    --no-build) build=false; shift ;;
    --skip) skip+="$2,"; shift 2 ;;
    --skip=*) skip+="${1#--skip=},"; shift ;;
    -h|--help) sed -n '2,18p' "$0"; exit 0 ;;
    *) echo "bench.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done
runs() { [[ "$skip" != *",$1,"* ]]; }

. "$root/scripts/setup.sh"
"$root/scripts/browser.sh"
cd "$root"

if [ -n "${BENCH_OUT:-}" ]; then
  mkdir -p "$BENCH_OUT"
else
  BENCH_OUT="$(mktemp -d "${TMPDIR:-/tmp}/gpuplan-bench.XXXXXX")"
  trap 'rm -rf "$BENCH_OUT"' EXIT
fi
export BENCH_OUT

if $build; then
  if [ -n "${GPUPLAN_DIST:-}" ]; then
    scripts/release.sh --dist "$GPUPLAN_DIST" >/dev/null
  else
    scripts/release.sh >/dev/null
  fi
fi

if runs size; then
  echo "== size (${GPUPLAN_DIST:-dist/}; gzip -9 and brotli 11)"
  scripts/size.sh
  scripts/size.sh --json >"$BENCH_OUT/size.json"
fi

rates=""
runs latency && rates="1"
runs throttled && rates="${rates:+$rates,}4"
if [ -n "$rates" ]; then
  echo "== latency (CPU rates: $rates)"
  RATES="$rates" node benches/latency.mjs
fi

if runs first; then
  echo "== first result"
  node benches/first_result.mjs
fi

if runs slow; then
  echo "== first visit on slow 4G with the CPU slowed 4x, served gzipped and as brotli"
  node benches/slow_first_load.mjs
fi

if runs twiggy; then
  echo "== twiggy (named copy of the release wasm)"
  # A report that cannot be made (no twiggy, a build that fails) is said, and the budgets follow.
  scripts/twiggy.sh --out "$BENCH_OUT/twiggy" || echo "twiggy report failed (exit $?): see above"
fi

node benches/budgets.mjs "$BENCH_OUT"
