#!/usr/bin/env bash
# Builds the release site into dist/ (or --dist DIR): `trunk build --release --offline`, with the
# standard library rebuilt for size when the pinned nightly below is installed with what that
# needs, and the stable toolchain's build otherwise. Either build is a complete, working site;
# the nightly's wasm is smaller (docs/performance.md, "The standard library built for size").
#
# Usage: scripts/release.sh [--stable] [TRUNK BUILD OPTIONS...]   (e.g. --dist DIR)
#   --stable   build with the stable toolchain even where the nightly is there
#
# The nightly is named here only, not in a rust-toolchain.toml: that would move every build
# (tests, clippy, serve) onto it and could make rustup fetch components. Nothing is ever
# downloaded: rustup's auto-install is off, and the nightly is used only when it is already
# installed with its `rust-src` component (the standard library's source, which
# `-Zbuild-std` compiles) and its wasm32-unknown-unknown target. Otherwise the script says why
# and builds with stable.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
export PATH="$root/.tools/node_modules/.bin:$HOME/.cargo/bin:$PATH"

# The nightly the size build was measured with (rustc 1.97.0-nightly e50aa6fba 2026-05-19).
NIGHTLY_DATE="2026-05-19"

stable=false
if [ "${1:-}" = "--stable" ]; then
  stable=true
  shift
fi

say() { printf '[release] %s\n' "$*" >&2; }

# The installed toolchain whose rustc is the pinned nightly, by its name in `rustup toolchain
# list` (installed as `nightly-<date>-<host>` or as a plain `nightly-<host>` of that date).
find_nightly() {
  command -v rustup >/dev/null || return 1
  local home="${RUSTUP_HOME:-$HOME/.rustup}" name
  while read -r name _; do
    [ -x "$home/toolchains/$name/bin/rustc" ] || continue
    if "$home/toolchains/$name/bin/rustc" --version 2>/dev/null | grep -q "nightly.* $NIGHTLY_DATE)"; then
      echo "$name"
      return 0
    fi
  done < <(rustup toolchain list 2>/dev/null)
  return 1
}

why_not=""
nightly=""
if $stable; then
  why_not="--stable given"
elif ! nightly="$(find_nightly)"; then
  why_not="no nightly of $NIGHTLY_DATE is installed"
else
  sysroot="${RUSTUP_HOME:-$HOME/.rustup}/toolchains/$nightly"
  if [ ! -f "$sysroot/lib/rustlib/src/rust/library/std/Cargo.toml" ]; then
    why_not="$nightly has no rust-src (rustup component add rust-src --toolchain $nightly)"
  elif [ ! -d "$sysroot/lib/rustlib/wasm32-unknown-unknown/lib" ]; then
    why_not="$nightly has no wasm32-unknown-unknown target (rustup target add wasm32-unknown-unknown --toolchain $nightly)"
  fi
fi

if [ -z "$why_not" ]; then
  say "standard library built for size with $nightly"
  # Only this build: cargo picks the nightly through rustup, rebuilds std and panic_abort from
  # source, and a panic becomes a bare trap (`unreachable`) with no formatting or unwinding code
  # behind it; public/boot.js shows the failure screen for it. The wasm target's flags replace
  # .cargo/config.toml's, so its `--cfg erase_components` is given again; location detail off
  # drops the file paths and line numbers that every panic site would otherwise carry.
  # A target dir of its own, so that switching toolchains never rebuilds the stable one.
  export RUSTUP_TOOLCHAIN="$nightly" RUSTUP_AUTO_INSTALL=0
  export CARGO_UNSTABLE_BUILD_STD="std,panic_abort"
  export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="--cfg erase_components -Zunstable-options -Cpanic=immediate-abort -Zlocation-detail=none"
  export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$root/target}/size"
else
  say "stable build: $why_not"
fi
exec trunk build --release --offline "$@"
