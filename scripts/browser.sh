#!/usr/bin/env bash
# Installs Debian's Chromium and ChromeDriver and the browser tests' npm packages if missing.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# fonts-noto-cjk: the Chinese page's screenshots and layout need real CJK glyphs, not boxes.
if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ] || [ ! -d /usr/share/fonts/opentype/noto ]; then
  echo "[browser] installing chromium, chromium-driver and fonts-noto-cjk from Debian"
  sudo_cmd=""
  [ "$(id -u)" = 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  $sudo_cmd apt-get install -y --no-install-recommends chromium chromium-driver fonts-noto-cjk
fi
cd "$root/tests/e2e"
if [ ! -d node_modules/playwright-core ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "[browser] installing playwright-core (drives Debian's chromium; downloads no browser)"
  npm ci --silent --no-audit --no-fund
fi
