#!/usr/bin/env bash
# Writes the compressed forms of a built site's files beside them, for hosts that serve a file's
# precompressed copy instead of compressing on each request (README, "Publishing"): FILE.br
# (brotli, quality 11; scripts/brotli.mjs) and FILE.gz (gzip -9) for every wasm, JS, CSS and
# HTML file and each language file (text-*.txt). Copies whose file is gone are removed, so the
# site never offers a stale one. scripts/release.sh runs it on every build.
#
# Usage: scripts/compress.sh [DIR]   (default dist/)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
dir="${1:-$root/dist}"
cd "$dir"

while IFS= read -r -d '' copy; do
  [ -f "${copy%.*}" ] || rm -f -- "$copy"
done < <(find . -type f \( -name '*.br' -o -name '*.gz' \) -print0)

files=()
while IFS= read -r -d '' f; do
  files+=("$f")
done < <(find . -type f \( -name '*.wasm' -o -name '*.js' -o -name '*.css' -o -name '*.html' \
  -o -name 'text-*.txt' \) -print0 | sort -z)
[ ${#files[@]} -gt 0 ] || { echo "compress.sh: nothing to compress in $dir" >&2; exit 1; }

for f in "${files[@]}"; do
  # -n: no name or time in the header, so one file always gives the same bytes.
  gzip -9 -n -c -- "$f" >"$f.gz"
  touch -r "$f" -- "$f.gz"
done
node "$root/scripts/brotli.mjs" "${files[@]}"
