//! Encoding exports: the core's `Encoder` over UTF-16 input in `in16`, output to `out8`.

use super::buffers::{sized, SCRATCH};
use crate::encoder::{Encoder, EncoderMode, EncoderResult};
use crate::encoding::Encoding;
use wasm_bindgen::prelude::wasm_bindgen;

/// A streaming encoder and its error mode, owned by JS through a pointer.
pub struct Stream {
    encoder: Encoder,
    mode: EncoderMode,
}

fn new_stream(enc: u32, html: bool) -> Option<Stream> {
    let encoder = Encoder::new(*Encoding::ALL.get(enc as usize)?)?;
    Some(Stream {
        encoder,
        mode: if html {
            EncoderMode::Html
        } else {
            EncoderMode::Fatal
        },
    })
}

impl Stream {
    /// Encodes `in16[..units]` into `out8`. Returns the bytes written, or -1 for an unmappable
    /// code point (fatal mode). `results` = [code units read, the unmappable code point].
    fn encode(&mut self, units: usize, last: bool) -> i32 {
        let s = SCRATCH.get();
        let src = sized(&mut s.in16, units);
        let dst = sized(
            &mut s.out8,
            self.encoder.max_buffer_length_from_utf16(units, self.mode),
        );
        let (result, read, written) = self.encoder.encode_from_utf16(src, dst, last, self.mode);
        match result {
            EncoderResult::Unmappable(c) => {
                s.result = [read as u32, u32::from(c), 0, 0];
                -1
            }
            // The output buffer holds the bound, so `OutputFull` does not happen.
            _ => {
                s.result = [read as u32, 0, 0, 0];
                written as i32
            }
        }
    }
}

/// A new streaming encoder for encoding number `enc`, in html mode or fatal; 0 (null) if the
/// encoding has no encoder.
#[wasm_bindgen]
pub fn encoder_new(enc: u32, html: bool) -> *mut Stream {
    match new_stream(enc, html) {
        Some(s) => Box::into_raw(Box::new(s)),
        None => core::ptr::null_mut(),
    }
}

/// Frees an encoder from [`encoder_new`].
///
/// # Safety
/// `e` came from `encoder_new` and is not used again.
#[wasm_bindgen]
pub unsafe fn encoder_free(e: *mut Stream) {
    if !e.is_null() {
        drop(Box::from_raw(e));
    }
}

/// Encodes a chunk; see `Stream::encode`. A leading surrogate ending a non-last chunk is left
/// unread for the caller to pass again.
///
/// # Safety
/// `e` is a live encoder from `encoder_new`.
#[wasm_bindgen]
pub unsafe fn encoder_encode(e: *mut Stream, units: usize, last: bool) -> i32 {
    match e.as_mut() {
        Some(e) => e.encode(units, last),
        None => -2,
    }
}

/// A whole encode with an encoder on the stack; returns as [`encoder_encode`], -2 if there is no
/// encoder.
#[wasm_bindgen]
pub fn encode_once(enc: u32, html: bool, units: usize) -> i32 {
    match new_stream(enc, html) {
        Some(mut s) => s.encode(units, true),
        None => -2,
    }
}
