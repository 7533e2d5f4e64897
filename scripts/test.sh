#!/usr/bin/env bash
# Runs every check and test: formatting (rustfmt, and leptosfmt for `view!` blocks), lints, the
# core's purity, native tests, a release build, and the browser tests in headless Chromium against
# the built dist/. Installs what it needs.
#
# `scripts/test.sh --long` runs the hostile-input searches far longer (about half an hour more):
# 10,000 cases a property test (PROPTEST_CASES, proptest's own variable) and 10,000 random actions
# in the browser (MONKEY_ACTIONS, tests/e2e/monkey.test.mjs; MONKEY_SEED picks another seed).
set -euo pipefail
if [ "${1:-}" = "--long" ]; then
  export PROPTEST_CASES="${PROPTEST_CASES:-10000}" MONKEY_ACTIONS="${MONKEY_ACTIONS:-10000}"
fi
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
. "$root/scripts/setup.sh"
"$root/scripts/browser.sh"
cd "$root"

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

step "rustfmt"
cargo fmt --all -- --check

step "leptosfmt (view! blocks)"
if ! leptosfmt --quiet --check src/app; then
  leptosfmt --check src/app | grep -v '^✅' >&2 || true
  echo "format with: leptosfmt src/app && leptosfmt src/app && cargo fmt --all" >&2
  exit 1
fi

step "the calculation core imports no UI, browser or drawing crate"
if grep -rnE '\b(leptos|web_sys|js_sys|gloo|gloo_storage|plotters|wasm_bindgen)\b' src/calc; then
  echo "src/calc must stay pure (see src/calc/mod.rs)" >&2
  exit 1
fi

step "clippy (native and wasm)"
cargo clippy --quiet --all-targets -- -D warnings
cargo clippy --quiet --target wasm32-unknown-unknown --lib --bins -- -D warnings

step "native tests"
cargo test --quiet

step "release build"
"$root/scripts/release.sh"
"$root/scripts/size.sh"

step "browser tests (headless Chromium)"
node --test --test-concurrency=1 tests/e2e/
