#!/usr/bin/env bash
# Builds the release site into dist/ (or --dist DIR): `trunk build --release --offline`, with the
# standard library rebuilt for size when the pinned nightly (scripts/nightly.sh) is installed
# with what that needs, and the stable toolchain's build otherwise. Either build is a complete,
# working site; the nightly's wasm is smaller (docs/performance.md, "The standard library built
# for size").
#
# Usage: scripts/release.sh [--stable] [TRUNK BUILD OPTIONS...]   (e.g. --dist DIR)
#   --stable   build with the stable toolchain even where the nightly is there
#
# The nightly is named in scripts/nightly.sh. Nothing is ever downloaded here: rustup's
# auto-install is off, and the nightly is used only when it is already installed with its
# `rust-src` component (the standard library's source, which `-Zbuild-std` compiles), its
# wasm32-unknown-unknown target, and the standard library's own crates in cargo's cache
# (scripts/setup.sh adds all three where it can). Otherwise the script says why and builds with
# stable, and so it does when the size build fails: either way dist/ holds a working site.
#
# Then every wasm, JS, CSS, HTML and language file of the site gets a `.br` (brotli, quality 11)
# and a `.gz` (gzip -9) beside it, for hosts that serve precompressed files (scripts/compress.sh).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
export PATH="$root/.tools/node_modules/.bin:$HOME/.cargo/bin:$PATH"
. "$root/scripts/nightly.sh"

stable=false
if [ "${1:-}" = "--stable" ]; then
  stable=true
  shift
fi

say() { printf '[release] %s\n' "$*" >&2; }

# Where trunk writes the site: its --dist (-d) option if given, else Trunk.toml's `dist`.
dist="$root/dist"
prev=""
for arg in "$@"; do
  case "$prev" in --dist | -d) dist="$arg" ;; esac
  case "$arg" in --dist=*) dist="${arg#--dist=}" ;; esac
  prev="$arg"
done

why_not=""
nightly=""
if $stable; then
  why_not="--stable given"
elif ! nightly="$(find_nightly)"; then
  why_not="no nightly of $NIGHTLY_DATE is installed"
else
  why_not="$(nightly_missing "$nightly")"
fi

# The size build, in a subshell so that none of its settings reach the stable build after it.
# Only this build: cargo picks the nightly through rustup, rebuilds std and panic_abort from
# source, and a panic becomes a bare trap (`unreachable`) with no formatting or unwinding code
# behind it; public/boot.js shows the failure screen for it. The wasm target's flags replace
# .cargo/config.toml's, so its `--cfg erase_components` is given again; location detail off
# drops the file paths and line numbers that every panic site would otherwise carry.
# A target dir of its own, so that switching toolchains never rebuilds the stable one.
size_build() (
  export RUSTUP_TOOLCHAIN="$nightly" RUSTUP_AUTO_INSTALL=0
  export CARGO_UNSTABLE_BUILD_STD="std,panic_abort"
  export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="--cfg erase_components -Zunstable-options -Cpanic=immediate-abort -Zlocation-detail=none"
  export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$root/target}/size"
  trunk build --release --offline "$@"
)

built=""
if [ -z "$why_not" ]; then
  say "standard library built for size with $nightly"
  if size_build "$@"; then
    built="size build ($nightly)"
  else
    say "the size build with $nightly failed (exit $?): building with stable instead"
  fi
else
  say "stable build: $why_not"
fi
if [ -z "$built" ]; then
  trunk build --release --offline "$@"
  built="stable build"
fi

bash "$root/scripts/compress.sh" "$dist"
say "$dist: $built, with .br and .gz beside its files"
