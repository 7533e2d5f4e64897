#!/usr/bin/env bash
# Serves the page on http://127.0.0.1:8080, installing what it needs first.
# `scripts/serve.sh --dev` serves a debug build (faster rebuilds, larger wasm).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
. "$root/scripts/setup.sh"
cd "$root"
mode=(--release)
[ "${1:-}" = "--dev" ] && mode=()
exec trunk serve "${mode[@]}" --offline
