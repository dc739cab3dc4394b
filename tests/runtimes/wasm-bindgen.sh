#!/bin/sh
# Runs the binding layer's wasm-bindgen tests (tests/wasm.rs) under Node, then in headless Chromium
# through chromedriver (launch arguments in webdriver.json). Needs wasm-bindgen-test-runner of the
# same version as Cargo.lock's wasm-bindgen, and Debian's chromium and chromium-driver.
set -eu
cd "$(dirname "$0")/../.."
limit="${RUNTIME_TIME_LIMIT:-600}"

echo "== wasm-bindgen-test: node"
timeout -k 10 "$limit" cargo test --target wasm32-unknown-unknown --test wasm

echo "== wasm-bindgen-test: chromium"
WASM_BINDGEN_USE_BROWSER=1 CHROMEDRIVER="${CHROMEDRIVER:-/usr/bin/chromedriver}" \
  timeout -k 10 "$limit" cargo test --target wasm32-unknown-unknown --test wasm
