//! What JS reads once at bind time: the table of encodings (names, groups, labels; JS takes the
//! encoding numbers from it and looks labels up in it) and the flag bits and return values of the
//! decoding exports, so that none is copied by hand into js/wasm.mjs.

use super::buffers::SCRATCH;
use crate::encoding::Encoding;
use wasm_bindgen::prelude::wasm_bindgen;
#[cfg(feature = "lite")]
use {
    super::buffers::sized,
    crate::encoding::label_lists,
    crate::tables::{FIRST_SINGLE_BYTE, SINGLE_BYTE_DELTAS},
};

/// Decoder flag: fatal error mode.
pub const FATAL: u32 = 1;
/// Decoder flag: ignore BOM.
pub const IGNORE_BOM: u32 = 2;
/// Decoder flag: a plain decoder in replacement mode without BOM handling (as the decode hook,
/// <https://encoding.spec.whatwg.org/#decode>, runs it after its BOM sniff).
pub const PLAIN: u32 = 4;
/// Decoder flag: an inspector (`inspect()`) rather than a decoder.
pub const INSPECT: u32 = 8;
/// What a decoding or encoding export returns in place of a count for a fatal error (malformed
/// input, or an unmappable code point): JS throws the error.
pub const FAILED: i32 = -1;

/// Writes the flag bits and the fatal error's return value to `results`: [FATAL, IGNORE_BOM,
/// PLAIN, INSPECT, FAILED].
#[wasm_bindgen]
pub fn flag_bits() {
    // SAFETY: this export's one borrow of the scratch buffers, dropped before it returns.
    unsafe { SCRATCH.get() }.result = [FATAL, IGNORE_BOM, PLAIN, INSPECT, FAILED as u32];
}

/// Whether this module has the decoder (and encoder, if any) of encoding number `enc`.
#[wasm_bindgen]
pub fn has_encoding(enc: u32) -> bool {
    Encoding::ALL
        .get(enc as usize)
        .is_some_and(|e| e.is_available())
}

/// Writes the table of encodings to `out8` as ASCII and returns its length: one line per
/// encoding in the standard's order, `heading TAB name TAB has-encoder(0/1) TAB module TAB labels`
/// with labels separated by spaces, where the module is the family's feature (`Family::feature`).
/// `results` gets the numbers of the first and the last single-byte encoding. Only in a module
/// with the lite encodings: JS reads the table (and so the labels) from that one.
#[cfg(feature = "lite")]
#[wasm_bindgen]
pub fn describe_encodings() -> usize {
    let mut text = String::new();
    for (e, labels) in Encoding::ALL.into_iter().zip(label_lists()) {
        text.push_str(e.family().heading());
        text.push('\t');
        text.push_str(e.name());
        text.push_str(if e.has_standard_encoder() {
            "\t1\t"
        } else {
            "\t0\t"
        });
        text.push_str(e.family().feature());
        text.push('\t');
        text.push_str(labels);
        text.push('\n');
    }
    // SAFETY: this export's one borrow of the scratch buffers, dropped before it returns.
    let scratch = unsafe { SCRATCH.get() };
    scratch.result[0] = FIRST_SINGLE_BYTE as u32;
    scratch.result[1] = (FIRST_SINGLE_BYTE + SINGLE_BYTE_DELTAS.len() - 1) as u32;
    sized(&mut scratch.out8, text.len()).copy_from_slice(text.as_bytes());
    text.len()
}
