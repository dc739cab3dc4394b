#!/usr/bin/env bash
# Every test, on a fresh machine too: set-up, the Rust suites, the wasm build, the JS suites in
# Node, Deno, Bun, Chromium and workerd, the demo page in Chromium, and the packed package built by
# bundlers and frameworks.
set -euo pipefail
cd "$(dirname "$0")/.."

# Each step's heading says when it starts, in seconds since the start: where a run's time goes.
step() { printf '\n=== [%ss] %s\n' "$SECONDS" "$*"; }

step "set-up"
bash scripts/setup.sh

step "formatting and lints (rustfmt, clippy, Biome)"
npm run lint

step "Rust: core unit, differential and property tests"
cargo test

step "Rust: the lite and one family's builds (the wasm modules' feature sets)"
cargo test --no-default-features --features lite --test partial_features
cargo test --no-default-features --features japanese --test partial_features

step "Rust: the unpacked indexes (Node's family modules) against the index files"
cargo test --features unpacked-indexes --lib

step "Rust: the encoding detector (the detect feature)"
cargo test --features detect --lib detect

step "build pkg/"
npm run build

step "JS: node --test"
npm run test:js

step "JS: Deno, Bun, Chromium, workerd; wasm-bindgen tests in Node and Chromium"
npm run test:runtimes

step "demo page in Chromium"
npm run test:browser

step "the packed package in Vite, webpack, Parcel, Rollup, esbuild, Next.js and Node bundles; attw, publint, tsc"
npm run test:bundlers

step "done"
