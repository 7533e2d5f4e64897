#!/usr/bin/env bash
# Installs what building the page needs, skipping whatever is already there:
# the wasm target, trunk, wasm-bindgen-cli at the version Cargo.lock pins, wasm-opt
# (binaryen from npm, into .tools/; Debian's older binaryen builds modules that fail to load),
# and leptosfmt, which formats the `view!` blocks that rustfmt leaves alone; where the pinned
# nightly of scripts/nightly.sh is installed, what its size build needs (below).
# Source it (`. scripts/setup.sh`) to get PATH set for trunk.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

say() { printf '\033[1m[setup]\033[0m %s\n' "$*"; }

export PATH="$root/.tools/node_modules/.bin:$HOME/.cargo/bin:$PATH"

if ! command -v cargo >/dev/null; then
  echo "cargo not found: install Rust with rustup first (https://rustup.rs)" >&2
  exit 1
fi

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

trunk_version="0.21.14"
if ! trunk --version 2>/dev/null | grep -q "$trunk_version"; then
  say "installing trunk $trunk_version (about 15 minutes, once)"
  cargo install --locked trunk --version "$trunk_version"
fi

# The CLI must match the library version in Cargo.lock exactly.
wbg_version="$(awk '/^name = "wasm-bindgen"$/ {getline; gsub(/version = |"/, ""); print; exit}' Cargo.lock)"
if ! wasm-bindgen --version 2>/dev/null | grep -q "$wbg_version"; then
  say "installing wasm-bindgen-cli $wbg_version (about 4 minutes, once)"
  # Not --locked: its own lock file names a crate version the registry lacks.
  cargo install wasm-bindgen-cli --version "$wbg_version"
fi

binaryen_version="132"
if ! "$root/.tools/node_modules/.bin/wasm-opt" --version 2>/dev/null | grep -q "version $binaryen_version"; then
  if ! command -v npm >/dev/null; then
    say "installing Node.js and npm from Debian (for wasm-opt and the browser tests)"
    apt-get update -qq && apt-get install -y --no-install-recommends nodejs npm
  fi
  say "installing wasm-opt (binaryen $binaryen_version from npm) into .tools/"
  npm install --silent --no-audit --no-fund --prefix "$root/.tools" "binaryen@$binaryen_version"
fi

# Formats `view!` blocks (settings in leptosfmt.toml); the test command checks them.
leptosfmt_version="0.1.33"
if ! leptosfmt --version 2>/dev/null | grep -qx "leptosfmt $leptosfmt_version"; then
  say "installing leptosfmt $leptosfmt_version (about 3 minutes, once)"
  cargo install --locked leptosfmt --version "$leptosfmt_version"
fi

# Fetch crates once so that trunk can build with --offline and never reaches for the network.
cargo fetch --quiet

# The size build (scripts/release.sh, docs/performance.md): where the pinned nightly is installed,
# what that build needs besides, each step bounded; none of them fails this script.
. "$root/scripts/nightly.sh"
complete_nightly say
