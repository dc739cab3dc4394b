#!/usr/bin/env bash
# Formatting and lints, by each ecosystem's own tools: rustfmt and clippy (native and wasm32
# builds, tests and benches included; the unpacked-indexes feature too) for Rust, Biome for
# JavaScript and JSON. `npm run format` applies the formatting.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo fmt --check
(cd fuzz && cargo fmt --check)
cargo clippy --all-targets -- -D warnings
cargo clippy --all-targets --features unpacked-indexes -- -D warnings
cargo clippy --all-targets --target wasm32-unknown-unknown -- -D warnings
cargo clippy --target wasm32-unknown-unknown --no-default-features --features japanese,unpacked-indexes -- -D warnings
cargo clippy --all-targets --features detect -- -D warnings
cargo clippy --target wasm32-unknown-unknown --no-default-features --features detect -- -D warnings
npx biome check --error-on-warnings .
