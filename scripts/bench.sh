#!/usr/bin/env bash
# Benchmarks: the release build's size (gzip) and the slider-to-redraw latency in headless
# Chromium. Reports figures; there are no pass/fail thresholds. Results are kept in
# benches/RESULTS.md by hand, with the date and machine.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
. "$root/scripts/setup.sh"
"$root/scripts/browser.sh"
cd "$root"
trunk build --release --offline >/dev/null
echo "== size (dist/)"
scripts/size.sh
echo "== latency"
node benches/latency.mjs
