#!/usr/bin/env bash
# Reports the built app's size: raw, gzip -9 and brotli (quality 11, scripts/brotli.mjs) of the
# wasm, js, css and the two language files in dist/ (or in GPUPLAN_DIST, the build the browser
# tests and benchmarks serve): about what a host that compresses sends, by whichever of the two
# the browser takes. The `.br` and `.gz` copies the release writes beside the files (the same
# compression; the gzip figure here also holds the file's name, 20-40 B) are not counted. The
# total is the whole site; a visit downloads one language file of the two, which the table's
# last lines subtract.
#   --json   one JSON object instead of the table, for benches/budgets.mjs:
#            {"dist": DIR, "files": [{"file", "raw", "gzip", "br"}...],
#             "total": {"raw", "gzip", "br"}}
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
files=()
# Only the files themselves: `*.js` does not match `x.js.br` or `x.js.gz`.
for f in *.wasm *.js *.css text-*.txt; do
  [ -f "$f" ] && files+=("$f")
done
if [ ${#files[@]} -eq 0 ]; then
  echo "size.sh: no wasm, js, css or language file in $dist (build it with scripts/release.sh)" >&2
  exit 1
fi
declare -A raw gz br
while read -r bytes f; do br[$f]=$bytes; done < <(node "$root/scripts/brotli.mjs" --size "${files[@]}")
total_raw=0; total_gz=0; total_br=0; rows=()
for f in "${files[@]}"; do
  raw[$f]=$(stat -c %s "$f"); gz[$f]=$(gzip -9c "$f" | wc -c)
  total_raw=$((total_raw + raw[$f])); total_gz=$((total_gz + gz[$f])); total_br=$((total_br + br[$f]))
  if $json; then
    # Trunk's file names are letters, digits, '-', '_' and '.': nothing to escape.
    rows+=("{\"file\": \"$f\", \"raw\": ${raw[$f]}, \"gzip\": ${gz[$f]}, \"br\": ${br[$f]}}")
  else
    printf '%-40s %8d B raw %8d B gzip %8d B br\n' "$f" "${raw[$f]}" "${gz[$f]}" "${br[$f]}"
  fi
done
if $json; then
  list=$(IFS=,; echo "${rows[*]}")
  printf '{"dist": "%s", "files": [%s], "total": {"raw": %d, "gzip": %d, "br": %d}}\n' \
    "$(pwd)" "$list" "$total_raw" "$total_gz" "$total_br"
else
  printf '%-40s %8d B raw %8d B gzip %8d B br\n' "total" "$total_raw" "$total_gz" "$total_br"
  for lang in en zh; do
    other=$([ "$lang" = en ] && echo zh || echo en)
    for f in text-"$other"-*.txt; do
      [ -f "$f" ] || continue
      printf '%-40s %8d B raw %8d B gzip %8d B br\n' "a visit in $lang" \
        "$((total_raw - raw[$f]))" "$((total_gz - gz[$f]))" "$((total_br - br[$f]))"
    done
  done
fi
