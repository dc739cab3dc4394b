#!/usr/bin/env bash
# Installs what the build and the tests need on a fresh machine, skipping what is already there:
# Debian's Chromium, ChromeDriver and a CJK font (browser tests), the wasm32 target, npm packages.
# wasm-bindgen-cli is installed by the build itself (scripts/build.mjs), pinned to Cargo.lock.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null \
  || ! fc-list 2>/dev/null | grep -qi 'WenQuanYi Micro Hei'; then
  sudo=""; [ "$(id -u)" = 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium chromium-driver fonts-wqy-microhei >/dev/null
fi

# Automatic target installs are off on these machines; this takes seconds when already present.
rustup target add wasm32-unknown-unknown >/dev/null 2>&1 || rustup target add wasm32-unknown-unknown

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi
