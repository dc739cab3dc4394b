//! The wasm binding layer (src/wasm/) through its exports, as the JS side calls them: numbers
//! in, scratch buffers in linear memory. Run with wasm-bindgen-test (Node or a browser).
#![cfg(target_arch = "wasm32")]

use encoding_wasm::wasm::buffers::{input16, input8, output16, output8, results};
use encoding_wasm::wasm::decode::{
    bom_sniff, decode_once, decoder_decode, decoder_free, decoder_new, decoder_start, inspect,
};
use encoding_wasm::wasm::encode::{encode_once, encoder_encode, encoder_free, encoder_new};
use encoding_wasm::wasm::info::{describe_encodings, label_lookup};
use wasm_bindgen_test::wasm_bindgen_test;

const UTF8: u32 = 0;
const WINDOWS_1252: u32 = 21;
const REPLACEMENT: u32 = 36;
const UTF16LE: u32 = 38;
const FATAL: u32 = 1;
const IGNORE_BOM: u32 = 2;
const PLAIN: u32 = 4;

fn put(bytes: &[u8]) -> usize {
    unsafe { core::slice::from_raw_parts_mut(input8(bytes.len()), bytes.len()) }
        .copy_from_slice(bytes);
    bytes.len()
}

fn put16(s: &[u16]) -> usize {
    unsafe { core::slice::from_raw_parts_mut(input16(s.len()), s.len()) }.copy_from_slice(s);
    s.len()
}

fn text(n: i32) -> String {
    assert!(n >= 0, "decode returned {n}");
    String::from_utf16(unsafe { core::slice::from_raw_parts(output16(), n as usize) }).unwrap()
}

fn bytes(n: i32) -> Vec<u8> {
    assert!(n >= 0, "encode returned {n}");
    unsafe { core::slice::from_raw_parts(output8(), n as usize) }.to_vec()
}

fn result(i: usize) -> u32 {
    unsafe { *results().add(i) }
}

#[wasm_bindgen_test]
fn labels_resolve_as_the_standard_says() {
    // The same answer as the core's own lookup.
    assert_eq!(
        encoding_wasm::Encoding::for_label("latin1").map(|e| e as u32),
        Some(WINDOWS_1252)
    );
    assert_eq!(label_lookup(put(b" \tUTF8\n")), UTF8 as i32);
    assert_eq!(label_lookup(put(b"latin1")), WINDOWS_1252 as i32);
    assert_eq!(label_lookup(put(b"csiso2022kr")), REPLACEMENT as i32);
    assert_eq!(label_lookup(put(b"utf-8\x0B")), -1);
    assert_eq!(label_lookup(put(b"")), -1);
}

#[wasm_bindgen_test]
fn describe_lists_forty_encodings_in_order() {
    let n = describe_encodings();
    let table =
        String::from_utf8(unsafe { core::slice::from_raw_parts(output8(), n) }.to_vec()).unwrap();
    let lines: Vec<&str> = table.lines().collect();
    assert_eq!(lines.len(), 40);
    assert_eq!(lines[0], "The Encoding\tUTF-8\t1\tunicode-1-1-utf-8 unicode11utf8 unicode20utf8 utf-8 utf8 x-unicode20utf8");
    assert!(lines[36].starts_with("Legacy miscellaneous encodings\treplacement\t0\t"));
    assert!(lines[38].starts_with("Legacy miscellaneous encodings\tUTF-16LE\t0\t"));
}

#[wasm_bindgen_test]
fn one_shot_decode_removes_the_bom_and_replaces_errors() {
    assert_eq!(
        text(decode_once(UTF8, 0, put(b"\xEF\xBB\xBFa\xF0\x90\x80b"))),
        "a\u{FFFD}b"
    );
    assert_eq!(
        text(decode_once(UTF8, IGNORE_BOM, put(b"\xEF\xBB\xBFa"))),
        "\u{FEFF}a"
    );
    assert_eq!(decode_once(UTF8, FATAL, put(b"a\xFF")), -1);
    assert_eq!(
        text(decode_once(WINDOWS_1252, 0, put(b"\x80\x81"))),
        "\u{20AC}\u{81}"
    );
    // TextDecoder refuses replacement; the decode hook's plain decoder does not.
    assert_eq!(decode_once(REPLACEMENT, 0, put(b"a")), -2);
    assert_eq!(
        text(decode_once(REPLACEMENT, PLAIN, put(b"ab"))),
        "\u{FFFD}"
    );
    assert_eq!(decode_once(99, 0, put(b"a")), -2);
}

#[wasm_bindgen_test]
fn streaming_decoder_keeps_state_until_a_final_call() {
    let d = decoder_new(UTF16LE, 0);
    assert!(!d.is_null());
    unsafe { decoder_start(d, true) };
    assert_eq!(
        text(unsafe { decoder_decode(d, put(b"\xFF\xFE\x3D"), true) }),
        ""
    );
    unsafe { decoder_start(d, true) };
    assert_eq!(
        text(unsafe { decoder_decode(d, put(b"\xD8\x00"), true) }),
        ""
    );
    unsafe { decoder_start(d, false) };
    assert_eq!(
        text(unsafe { decoder_decode(d, put(b"\xDE\x61"), true) }),
        "\u{1F600}\u{FFFD}"
    );
    // A new call after the final one starts afresh: the BOM is removed again.
    unsafe { decoder_start(d, false) };
    assert_eq!(
        text(unsafe { decoder_decode(d, put(b"\xFF\xFEa\x00"), true) }),
        "a"
    );
    unsafe { decoder_free(d) };
    assert!(decoder_new(REPLACEMENT, 0).is_null());
}

#[wasm_bindgen_test]
fn fatal_error_resets_the_decoder() {
    let d = decoder_new(UTF8, FATAL);
    unsafe { decoder_start(d, true) };
    assert_eq!(
        text(unsafe { decoder_decode(d, put(b"\xE3\x81"), true) }),
        ""
    );
    unsafe { decoder_start(d, true) };
    assert_eq!(unsafe { decoder_decode(d, put(b"A"), true) }, -1);
    unsafe { decoder_start(d, false) };
    assert_eq!(text(unsafe { decoder_decode(d, put(b"B"), true) }), "B");
    unsafe { decoder_free(d) };
}

#[wasm_bindgen_test]
fn bom_sniff_reports_encoding_and_length() {
    assert_eq!(bom_sniff(put(b"\xEF\xBB\xBF")), (UTF8 as i32) << 8 | 3);
    assert_eq!(bom_sniff(put(b"\xFF\xFEx")), (UTF16LE as i32) << 8 | 2);
    assert_eq!(bom_sniff(put(b"\xEF\xBB")), -1);
}

#[wasm_bindgen_test]
fn inspect_reports_ranges_through_the_buffers() {
    let n = inspect(UTF8, 0, put(b"a\xF0\x90\x80A\xFF"));
    assert_eq!(text(n), "a\u{FFFD}A\u{FFFD}");
    assert_eq!((result(0), result(1)), (2, UTF8));
    let raw = unsafe { core::slice::from_raw_parts(output8(), 24) };
    let words: Vec<u32> = raw
        .chunks(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect();
    assert_eq!(words, [1, 4, 1, 5, 6, 3]);
}

#[wasm_bindgen_test]
fn encoders_in_html_and_fatal_modes() {
    let units: Vec<u16> = "a\u{20AC}\u{3042}".encode_utf16().collect();
    assert_eq!(
        bytes(encode_once(WINDOWS_1252, true, put16(&units))),
        b"a\x80&#12354;"
    );
    assert_eq!(encode_once(WINDOWS_1252, false, put16(&units)), -1);
    assert_eq!((result(0), result(1)), (3, 0x3042));
    assert_eq!(encode_once(REPLACEMENT, true, put16(&units)), -2);
    // A leading surrogate ending a non-final chunk is left unread, then paired.
    let e = encoder_new(UTF16LE, false);
    assert_eq!(
        bytes(unsafe { encoder_encode(e, put16(&[0x61, 0xD83D]), false) }),
        b"a\x00"
    );
    assert_eq!(result(0), 1);
    assert_eq!(
        bytes(unsafe { encoder_encode(e, put16(&[0xD83D, 0xDE00]), true) }),
        b"\x3D\xD8\x00\xDE"
    );
    unsafe { encoder_free(e) };
}
