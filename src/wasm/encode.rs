//! Encoding for JS: the core's `Encoder` on the stack with its error mode, over UTF-16 input in
//! `in16`, output to `out8`; its state between calls is kept by JS as a number.

use super::buffers::{sized, OUT_OF_BOUNDS, SCRATCH};
use super::decode::NOT_A_STATE;
use super::info::FAILED;
use crate::encoder::{Encoder, EncoderMode, EncoderResult};
use crate::encoding::Encoding;
use wasm_bindgen::prelude::wasm_bindgen;

/// Encodes `in16[..units]` into `out8` with the encoder of encoding number `enc`, in html mode or
/// fatal (`last` ends the input). The encoder's state is kept by JS between calls as a number
/// ([`Encoder::save`]; 0 is a new encoder's), not in an instance here, so that one dropped
/// mid-stream holds no wasm memory: `saved` is the state before the call. Returns the bytes
/// written, -1 for an unmappable code point (fatal mode; the state after it lets the caller go on
/// with the rest), -2 if the encoding has no encoder (or this module lacks it), -3 if `units` is
/// beyond the input buffer, -4 if `saved` is no state of it. `results` = [code units read (the
/// unmappable code point included), the unmappable code point, bytes written before it, the
/// encoder's state after the call]. A leading surrogate ending a non-last chunk is left unread for
/// the caller to pass again.
#[wasm_bindgen]
pub fn encode_saved(enc: u32, html: bool, saved: u32, units: usize, last: bool) -> i32 {
    let Some(e) = Encoding::ALL.get(enc as usize).filter(|e| e.is_available()) else {
        return -2;
    };
    let Some(mut encoder) = Encoder::restore(*e, saved) else {
        return if Encoder::new(*e).is_none() {
            -2
        } else {
            NOT_A_STATE
        };
    };
    let mode = if html {
        EncoderMode::Html
    } else {
        EncoderMode::Fatal
    };
    // SAFETY: this call's one borrow of the scratch buffers: nothing it calls while using it takes another.
    let s = unsafe { SCRATCH.get() };
    let Some(src) = s.in16.get(..units) else {
        return OUT_OF_BOUNDS;
    };
    let dst = sized(
        &mut s.out8,
        encoder.max_buffer_length_from_utf16(units, mode),
    );
    let (result, read, written) = encoder.encode_from_utf16(src, dst, last, mode);
    let saved = encoder.save();
    match result {
        EncoderResult::Unmappable(c) => {
            s.result = [read as u32, u32::from(c), written as u32, saved, 0];
            FAILED
        }
        // The output buffer holds the bound, so `OutputFull` does not happen.
        _ => {
            s.result = [read as u32, 0, 0, saved, 0];
            written as i32
        }
    }
}
