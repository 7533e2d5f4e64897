#!/usr/bin/env bash
# What the wasm is made of: a twiggy report (`top`, `dominators`, `monos`) on a copy of the app's
# wasm built the way trunk builds it (cargo --release --bin gpuplan, wasm-bindgen --target web,
# wasm-opt -Oz) except that wasm-opt keeps the function names (-g), so that every item has a name.
# The release wasm keeps its names section (the profile strips no symbols, said again below so
# that a change to Cargo.toml cannot silently hide them); the sizes twiggy reports are of the
# named copy, a little larger than dist/'s wasm, whose size scripts/size.sh reports.
#
# Usage: scripts/twiggy.sh [--wasm FILE] [--out DIR] [--top N]
#   --wasm FILE  skip the build and start from FILE, an unoptimised cargo output (for instance
#                target/wasm32-unknown-unknown/release/gpuplan.wasm after a trunk build)
#   --out DIR    keep the optimised copy and the full reports in DIR (default: a temp dir)
#   --top N      lines of each report shown here (default 20); the full reports stay in DIR
# The build has a target dir of its own (TWIGGY_TARGET_DIR, default target/twiggy), so it never
# waits on nor disturbs the page's own builds. Needs twiggy (`cargo install twiggy --locked`):
# without it the script says how to install it and exits 0, so the benchmark goes on.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

wasm_in=""
out=""
top=20
while [ $# -gt 0 ]; do
  case "$1" in
    --wasm) wasm_in="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    --top) top="$2"; shift 2 ;;
    -h|--help) sed -n '2,17p' "$0"; exit 0 ;;
    *) echo "twiggy.sh: unknown option $1" >&2; exit 2 ;;
  esac
done

export PATH="$root/.tools/node_modules/.bin:$HOME/.cargo/bin:$PATH"
if ! command -v twiggy >/dev/null; then
  echo "twiggy is not installed: skipping the size report."
  echo "  install it with: cargo install twiggy --locked   (a few minutes, once)"
  exit 0
fi
for tool in wasm-bindgen wasm-opt; do
  if ! command -v "$tool" >/dev/null; then
    echo "$tool is missing: run '. scripts/setup.sh' first." >&2
    exit 1
  fi
done

if [ -z "$out" ]; then
  out="$(mktemp -d "${TMPDIR:-/tmp}/gpuplan-twiggy.XXXXXX")"
fi
mkdir -p "$out"

if [ -z "$wasm_in" ]; then
  target_dir="${TWIGGY_TARGET_DIR:-$root/target/twiggy}"
  echo "building the release wasm with names into $target_dir (the first time takes minutes)"
  CARGO_TARGET_DIR="$target_dir" CARGO_PROFILE_RELEASE_STRIP=none \
    nice -n 10 cargo build --quiet --release --offline --target wasm32-unknown-unknown --bin gpuplan
  wasm_in="$target_dir/wasm32-unknown-unknown/release/gpuplan.wasm"
fi
[ -f "$wasm_in" ] || { echo "no wasm at $wasm_in" >&2; exit 1; }

# The same two steps as trunk (Trunk.toml pins both tools), plus -g on wasm-opt.
wasm-bindgen --target=web --out-dir="$out/bindgen" --out-name=gpuplan --no-typescript "$wasm_in"
nice -n 10 wasm-opt -Oz -g --output="$out/gpuplan-named.wasm" "$out/bindgen/gpuplan_bg.wasm"
named="$out/gpuplan-named.wasm"

twiggy top -n "$top" "$named" >"$out/top.txt"
twiggy dominators -d 3 -r "$top" "$named" >"$out/dominators.txt"
twiggy monos -m 15 "$named" >"$out/monos.txt"

printf 'named copy: %s (%d B raw, %d B gzip -9)\n' "$named" \
  "$(stat -c %s "$named")" "$(gzip -9c "$named" | wc -c)"
# twiggy draws wide tables; the item names are cut to keep a line readable in a terminal (by
# characters, not bytes: the table is drawn with multi-byte box characters).
cut_wide() { perl -CSD -ne 'chomp; print substr($_, 0, $ENV{TWIGGY_CUT}), "\n"'; }
export TWIGGY_CUT="${TWIGGY_WIDTH:-160}"
echo "-- twiggy top -n $top"
cut_wide <"$out/top.txt"
echo "-- twiggy dominators -d 3 -r $top"
cut_wide <"$out/dominators.txt"
echo "-- twiggy monos -m 15 (first $top lines; all in $out/monos.txt)"
head -n "$((top + 2))" "$out/monos.txt" | cut_wide
echo "full reports: $out/{top,dominators,monos}.txt"
