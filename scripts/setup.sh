#!/usr/bin/env bash
# Installs what the build and the tests need on a fresh machine, skipping what is already there:
# the wasm32 target and wasm-bindgen-cli (scripts/tools.mjs; compiling the latter is most of a first
# set-up, so it runs while the rest downloads), Debian's Chromium, ChromeDriver and a CJK font
# (browser tests), npm packages.
set -euo pipefail
cd "$(dirname "$0")/.."

tools_log="$(mktemp)"
node scripts/tools.mjs >"$tools_log" 2>&1 &
tools=$!

if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null \
  || ! fc-list 2>/dev/null | grep -qi 'WenQuanYi Micro Hei'; then
  sudo=""; [ "$(id -u)" = 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium chromium-driver fonts-wqy-microhei >/dev/null
fi

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi

status=0
wait "$tools" || status=$?
cat "$tools_log"
rm -f "$tools_log"
exit "$status"
