//! Encoding for JS: [`CoreEncoder`], the core's `Encoder` with its error mode, over UTF-16 input
//! in `in16`, output to `out8`, and one-shot encodes with an encoder on the stack. As for the
//! decoder classes, JS holds an instance through wasm-bindgen's handle (a freed one is an error).

use super::buffers::{sized, OUT_OF_BOUNDS, SCRATCH};
use super::decode::NOT_A_STATE;
use crate::encoder::{Encoder, EncoderMode, EncoderResult};
use crate::encoding::Encoding;
use wasm_bindgen::prelude::wasm_bindgen;

/// An unmappable code point in fatal mode.
const UNMAPPABLE: i32 = -1;

/// A streaming encoder in html or fatal error mode.
#[wasm_bindgen]
pub struct CoreEncoder {
    encoder: Encoder,
    mode: EncoderMode,
}

#[wasm_bindgen]
impl CoreEncoder {
    /// An encoder for encoding number `enc`, in html mode or fatal; undefined if the encoding has
    /// no encoder (or this module lacks it).
    pub fn create(enc: u32, html: bool) -> Option<CoreEncoder> {
        let e = Encoding::ALL
            .get(enc as usize)
            .filter(|e| e.is_available())?;
        let encoder = Encoder::new(*e)?;
        Some(CoreEncoder {
            encoder,
            mode: mode(html),
        })
    }

    /// Encodes `in16[..units]` into `out8` (`last` ends the input). Returns the bytes written, -1
    /// for an unmappable code point (fatal mode; the encoder keeps its state, so the caller may go
    /// on with the rest), -3 if `units` is beyond the input buffer. `results` = [code units read
    /// (the unmappable code point included), the unmappable code point, bytes written before it,
    /// the encoder's state after the call ([`Encoder::save`])]. A leading surrogate ending a non-last chunk is left unread for the caller to pass again.
    pub fn encode(&mut self, units: usize, last: bool) -> i32 {
        encode(&mut self.encoder, self.mode, units, last)
    }
}

/// `in16[..units]` through `encoder`, as [`CoreEncoder::encode`].
fn encode(encoder: &mut Encoder, mode: EncoderMode, units: usize, last: bool) -> i32 {
    let s = SCRATCH.get();
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
            s.result = [read as u32, u32::from(c), written as u32, saved];
            UNMAPPABLE
        }
        // The output buffer holds the bound, so `OutputFull` does not happen.
        _ => {
            s.result = [read as u32, 0, 0, saved];
            written as i32
        }
    }
}

/// encode() as [`CoreEncoder::encode`] for an encoder whose state JS keeps between calls as a
/// number ([`Encoder::save`]; 0 is a new encoder's) instead of in an instance here, so that one
/// dropped mid-stream holds no wasm memory. `saved` is the state before the call, `results[3]` the
/// state after it. -2 if there is no such encoder, -4 if `saved` is no state of it.
#[wasm_bindgen]
pub fn encode_saved(enc: u32, html: bool, saved: u32, units: usize, last: bool) -> i32 {
    let Some(e) = Encoding::ALL.get(enc as usize).filter(|e| e.is_available()) else {
        return -2;
    };
    match Encoder::restore(*e, saved) {
        Some(mut encoder) => encode(&mut encoder, mode(html), units, last),
        None if Encoder::new(*e).is_none() => -2,
        None => NOT_A_STATE,
    }
}

fn mode(html: bool) -> EncoderMode {
    if html {
        EncoderMode::Html
    } else {
        EncoderMode::Fatal
    }
}

/// A whole encode with an encoder on the stack; returns as [`CoreEncoder::encode`], -2 if there
/// is no encoder.
#[wasm_bindgen]
pub fn encode_once(enc: u32, html: bool, units: usize) -> i32 {
    match CoreEncoder::create(enc, html) {
        Some(mut e) => e.encode(units, true),
        None => -2,
    }
}
