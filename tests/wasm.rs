//! Placeholder until the binding layer's wasm-bindgen tests land: proves that the core decodes on
//! wasm32 under the test runner (Node and headless Chromium).
#![cfg(target_arch = "wasm32")]

use encoding_wasm::Encoding;
use wasm_bindgen_test::wasm_bindgen_test;

#[wasm_bindgen_test]
fn windows_1252_decodes_on_wasm32() {
    let enc = Encoding::for_label("latin1").unwrap();
    assert_eq!(enc.new_decoder().decode_to_string(b"a\x80", true), "a\u{20AC}");
}
