#!/usr/bin/env bash
# Reports the built app's size: raw and gzip -9 of the wasm, js, css and the two language files
# in dist/ (or in GPUPLAN_DIST, the build the browser tests and benchmarks serve). The total is
# the whole site; a visit downloads one language file of the two, which the table's last line
# subtracts.
#   --json   one JSON object instead of the table, for benches/budgets.mjs:
#            {"dist": DIR, "files": [{"file", "raw", "gzip"}...], "total": {"raw", "gzip"}}
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
json=false
case "${1:-}" in
  --json) json=true ;;
  "") ;;
  *) echo "size.sh: unknown option $1 (only --json)" >&2; exit 2 ;;
esac
dist="${GPUPLAN_DIST:-$root/dist}"
cd "$dist"
total_raw=0; total_gz=0; rows=()
for f in *.wasm *.js *.css text-*.txt; do
  [ -f "$f" ] || continue
  raw=$(stat -c %s "$f"); gz=$(gzip -9c "$f" | wc -c)
  total_raw=$((total_raw + raw)); total_gz=$((total_gz + gz))
  if $json; then
    # Trunk's file names are letters, digits, '-', '_' and '.': nothing to escape.
    rows+=("{\"file\": \"$f\", \"raw\": $raw, \"gzip\": $gz}")
  else
    printf '%-40s %8d B raw %8d B gzip\n' "$f" "$raw" "$gz"
  fi
done
if $json; then
  files=$(IFS=,; echo "${rows[*]}")
  printf '{"dist": "%s", "files": [%s], "total": {"raw": %d, "gzip": %d}}\n' \
    "$(pwd)" "$files" "$total_raw" "$total_gz"
else
  printf '%-40s %8d B raw %8d B gzip\n' "total" "$total_raw" "$total_gz"
  for lang in en zh; do
    other=$([ "$lang" = en ] && echo zh || echo en)
    for f in text-"$other"-*.txt; do
      [ -f "$f" ] || continue
      printf '%-40s %8d B raw %8d B gzip\n' "a visit in $lang" \
        "$((total_raw - $(stat -c %s "$f")))" "$((total_gz - $(gzip -9c "$f" | wc -c)))"
    done
  done
fi
