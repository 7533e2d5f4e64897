# The nightly that the size build (scripts/release.sh) was measured with, and how to find it.
# Sourced by scripts/setup.sh, which completes it (complete_nightly), and by scripts/release.sh,
# which uses it; sourcing it only defines names and runs nothing.
#
# The nightly is named here only, not in a rust-toolchain.toml: that would move every build
# (tests, clippy, serve) onto it and make rustup fetch it.

# rustc 1.97.0-nightly (e50aa6fba 2026-05-19).
NIGHTLY_DATE="2026-05-19"

# The installed toolchain whose rustc is the pinned nightly, by its name in `rustup toolchain
# list` (installed as `nightly-<date>-<host>` or as a plain `nightly-<host>` of that date).
# Prints the name; fails when there is none.
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

# The toolchain's directory (its sysroot), for a name find_nightly printed.
nightly_sysroot() {
  echo "${RUSTUP_HOME:-$HOME/.rustup}/toolchains/$1"
}

# The standard library's workspace in the toolchain's rust-src component: what -Zbuild-std
# compiles, with its own Cargo.lock.
nightly_library() {
  echo "$(nightly_sysroot "$1")/lib/rustlib/src/rust/library/Cargo.toml"
}

# Why the size build cannot run with toolchain $1, or nothing when it can: rust-src, the wasm32
# target, and the standard library's own crates in cargo's cache (trunk builds --offline, and
# -Zbuild-std resolves the library's lock file, every platform's crates included, before it
# builds). The last check reads the cache only (`--offline`); scripts/setup.sh fetches them.
nightly_missing() {
  local sysroot
  sysroot="$(nightly_sysroot "$1")"
  if [ ! -f "$sysroot/lib/rustlib/src/rust/library/std/Cargo.toml" ]; then
    echo "$1 has no rust-src (rustup component add rust-src --toolchain $1)"
  elif [ ! -d "$sysroot/lib/rustlib/wasm32-unknown-unknown/lib" ]; then
    echo "$1 has no wasm32-unknown-unknown target (rustup target add wasm32-unknown-unknown --toolchain $1)"
  elif ! RUSTUP_TOOLCHAIN="$1" RUSTUP_AUTO_INSTALL=0 cargo fetch --quiet --offline --locked \
    --manifest-path "$(nightly_library "$1")" >/dev/null 2>&1; then
    echo "the standard library's crates are not in cargo's cache (scripts/setup.sh fetches them)"
  fi
}

# Completes the pinned nightly for the size build, only where it is already installed (nothing
# here installs a toolchain): adds the standard library's source (rust-src, which -Zbuild-std
# compiles) and the wasm32 target, then fetches the standard library's own crates, which trunk's
# --offline build cannot fetch. Each step is bounded; one that is refused or times out is said
# (through the function named by $1) and leaves the stable build, which scripts/release.sh then
# makes. Always succeeds.
complete_nightly() {
  local tell="${1:-echo}" nightly sysroot library
  nightly="$(find_nightly)" || return 0
  sysroot="$(nightly_sysroot "$nightly")"
  library="$(nightly_library "$nightly")"
  if [ ! -f "$sysroot/lib/rustlib/src/rust/library/std/Cargo.toml" ]; then
    "$tell" "adding rust-src to $nightly (for the size build)"
    timeout 120 rustup component add rust-src --toolchain "$nightly" ||
      "$tell" "could not add rust-src to $nightly (exit $?): the release builds with stable"
  fi
  if [ ! -d "$sysroot/lib/rustlib/wasm32-unknown-unknown/lib" ]; then
    "$tell" "adding the wasm32-unknown-unknown target to $nightly (for the size build)"
    timeout 120 rustup target add wasm32-unknown-unknown --toolchain "$nightly" ||
      "$tell" "could not add the wasm32 target to $nightly (exit $?): the release builds with stable"
  fi
  if [ -f "$library" ] &&
    ! RUSTUP_TOOLCHAIN="$nightly" RUSTUP_AUTO_INSTALL=0 cargo fetch --quiet --offline --locked \
      --manifest-path "$library" >/dev/null 2>&1; then
    "$tell" "fetching the standard library's crates for $nightly (for the size build)"
    RUSTUP_TOOLCHAIN="$nightly" RUSTUP_AUTO_INSTALL=0 timeout 300 cargo fetch --quiet --locked \
      --manifest-path "$library" ||
      "$tell" "could not fetch the standard library's crates (exit $?): the release builds with stable"
  fi
  return 0
}
