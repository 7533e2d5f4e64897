#!/bin/sh
# Trunk's post-build hook (Trunk.toml): puts the language files that build.rs wrote beside the
# wasm build into the site, and names them in the address of start.js, which fetches the
# reader's language while the wasm downloads (src/text/mod.rs).
set -eu
: "${TRUNK_STAGING_DIR:?run by trunk}"
root="${TRUNK_SOURCE_DIR:-$(pwd)}"
target="${CARGO_TARGET_DIR:-$root/target}"
case "${TRUNK_PROFILE:-release}" in
  release) profile=release ;;
  *) profile=debug ;;
esac
# The build script's output directory of the build just made: the newest list of names.
names="$(ls -t "$target"/wasm32-unknown-unknown/"$profile"/build/gpuplan-*/out/texts.names 2>/dev/null | head -n 1)"
if [ -z "$names" ]; then
  echo "texts.sh: no language files under $target (was the wasm built?)" >&2
  exit 1
fi
dir="$(dirname "$names")"
en="$(sed -n 's/^en=//p' "$names")"
zh="$(sed -n 's/^zh=//p' "$names")"
cp "$dir/$en" "$dir/$zh" "$TRUNK_STAGING_DIR/"
sed -i "s|start.js?js=|start.js?en=$en\&amp;zh=$zh\&amp;js=|" "$TRUNK_STAGING_DIR/index.html"
grep -q "start.js?en=$en" "$TRUNK_STAGING_DIR/index.html" || {
  echo "texts.sh: start.js's address was not found in index.html" >&2
  exit 1
}
