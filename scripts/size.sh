#!/usr/bin/env bash
# Reports the built app's size: raw and gzip -9 of the wasm, js and css in dist/.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root/dist"
total_raw=0; total_gz=0
for f in *.wasm *.js *.css; do
  [ -f "$f" ] || continue
  raw=$(stat -c %s "$f"); gz=$(gzip -9c "$f" | wc -c)
  total_raw=$((total_raw + raw)); total_gz=$((total_gz + gz))
  printf '%-40s %8d B raw %8d B gzip\n' "$f" "$raw" "$gz"
done
printf '%-40s %8d B raw %8d B gzip\n' "total" "$total_raw" "$total_gz"
