//! Decoding exports: TextDecoder (§ 7.2) over the core's `TextDecoderCore`, the decode hook's
//! plain decoder (§ 6.1) and `inspect`. Input is in `in8`, output goes to `out16`.

use super::buffers::{sized, SCRATCH};
use crate::decoder::{Decoder, DecoderMode, DecoderResult};
use crate::diagnostics;
use crate::encoding::Encoding;
use crate::text_decoder::TextDecoderCore;
use wasm_bindgen::prelude::wasm_bindgen;

const FATAL: u32 = 1;
const IGNORE_BOM: u32 = 2;
/// A plain decoder in replacement mode, without BOM handling (the decode hook's step 4).
const PLAIN: u32 = 4;

/// A streaming decode's state, owned by JS through a pointer.
pub enum Stream {
    Text(TextDecoderCore),
    Plain(Decoder),
}

fn encoding(index: u32) -> Option<Encoding> {
    Encoding::ALL.get(index as usize).copied()
}

fn new_stream(enc: u32, flags: u32) -> Option<Stream> {
    let e = encoding(enc)?;
    if flags & PLAIN != 0 {
        return Some(Stream::Plain(Decoder::new(e)));
    }
    TextDecoderCore::new(e, flags & FATAL != 0, flags & IGNORE_BOM != 0).map(Stream::Text)
}

impl Stream {
    fn start(&mut self, stream: bool) {
        match self {
            Stream::Text(core) => core.start(stream),
            Stream::Plain(_) => {}
        }
    }

    /// Decodes `in8[..len]` into `out16`: the number of code units, or -1 for a fatal error.
    fn decode(&mut self, len: usize, last_piece: bool) -> i32 {
        let s = SCRATCH.get();
        let src = sized(&mut s.in8, len);
        let (result, _, written) = match self {
            Stream::Text(core) => {
                let dst = sized(&mut s.out16, core.max_utf16_buffer_length(len));
                s.out16_at = dst.as_ptr() as u32;
                core.decode_to_utf16(src, dst, last_piece)
            }
            Stream::Plain(d) => {
                let dst = sized(&mut s.out16, d.max_utf16_buffer_length(len));
                s.out16_at = dst.as_ptr() as u32;
                d.decode_to_utf16(src, dst, last_piece, DecoderMode::Replacement)
            }
        };
        match result {
            DecoderResult::Malformed => -1,
            // The output buffer holds the bound, so `OutputFull` does not happen.
            _ => written as i32,
        }
    }
}

/// A new streaming decoder for encoding number `enc` (the standard's order) with `flags`, or 0
/// (null) when there is none (TextDecoder refuses replacement).
#[wasm_bindgen]
pub fn decoder_new(enc: u32, flags: u32) -> *mut Stream {
    match new_stream(enc, flags) {
        Some(s) => Box::into_raw(Box::new(s)),
        None => core::ptr::null_mut(),
    }
}

/// Frees a decoder from [`decoder_new`].
///
/// # Safety
/// `d` came from `decoder_new` and is not used again.
#[wasm_bindgen]
pub unsafe fn decoder_free(d: *mut Stream) {
    if !d.is_null() {
        drop(Box::from_raw(d));
    }
}

/// Starts one decode() call (`stream` is its option).
///
/// # Safety
/// `d` is a live decoder from `decoder_new`.
#[wasm_bindgen]
pub unsafe fn decoder_start(d: *mut Stream, stream: bool) {
    if let Some(d) = d.as_mut() {
        d.start(stream);
    }
}

/// Decodes a piece of the current call's input (`in8[..len]`) into `out16`; returns the number of
/// code units, or -1 for a fatal error (the decoder is then reset).
///
/// # Safety
/// `d` is a live decoder from `decoder_new`.
#[wasm_bindgen]
pub unsafe fn decoder_decode(d: *mut Stream, len: usize, last_piece: bool) -> i32 {
    match d.as_mut() {
        Some(d) => d.decode(len, last_piece),
        None => -1,
    }
}

/// A whole non-streaming decode of `in8[..len]` with a decoder on the stack: nothing allocated
/// per TextDecoder. Returns as [`decoder_decode`]; -2 if there is no such decoder. (A new
/// decoder is already in the state `start(false)` gives.)
#[wasm_bindgen]
pub fn decode_once(enc: u32, flags: u32, len: usize) -> i32 {
    // Encodings without a BOM to remove (nor replacement, which TextDecoder refuses): a whole
    // decode() call is the decoder's run to the end of the queue in the TextDecoder's mode (§ 7.2),
    // with nothing around it.
    use Encoding::{Replacement, Utf16Be, Utf16Le, Utf8};
    let whole = encoding(enc)
        .filter(|e| flags & PLAIN == 0 && !matches!(e, Utf8 | Utf16Be | Utf16Le | Replacement));
    if let Some(e) = whole {
        let s = SCRATCH.get();
        let mut d = Decoder::new(e);
        let dst = sized(&mut s.out16, d.max_utf16_buffer_length(len));
        s.out16_at = dst.as_ptr() as u32;
        let mode = if flags & FATAL != 0 {
            DecoderMode::Fatal
        } else {
            DecoderMode::Replacement
        };
        return match d.decode_to_utf16(sized(&mut s.in8, len), dst, true, mode) {
            (DecoderResult::Malformed, _, _) => -1,
            (_, _, written) => written as i32,
        };
    }
    match new_stream(enc, flags) {
        Some(mut s) => s.decode(len, true),
        None => -2,
    }
}

/// BOM sniff (§ 6.1) on `in8[..len]`: `encoding number << 8 | BOM length`, or -1.
#[wasm_bindgen]
pub fn bom_sniff(len: usize) -> i32 {
    match crate::hooks::bom_sniff(sized(&mut SCRATCH.get().in8, len)) {
        Some((e, n)) => ((e as i32) << 8) | n as i32,
        None => -1,
    }
}

/// `inspect` over `in8[..len]`: the text goes to `out16` (its length is returned), the errors to
/// `out8` as little-endian u32 triples (start, end, text index); `results` = [error count,
/// encoding number used].
#[wasm_bindgen]
pub fn inspect(enc: u32, flags: u32, len: usize) -> i32 {
    let Some(e) = encoding(enc) else { return -2 };
    let s = SCRATCH.get();
    let src = sized(&mut s.in8, len);
    let r = diagnostics::inspect(src, e, flags & IGNORE_BOM != 0, flags & PLAIN != 0);
    let text = sized(&mut s.out16, r.text.len());
    text.copy_from_slice(&r.text);
    s.out16_at = text.as_ptr() as u32;
    let errors = sized(&mut s.out8, r.errors.len() * 12);
    for (chunk, m) in errors.chunks_exact_mut(12).zip(&r.errors) {
        chunk[0..4].copy_from_slice(&(m.byte_start as u32).to_le_bytes());
        chunk[4..8].copy_from_slice(&(m.byte_end as u32).to_le_bytes());
        chunk[8..12].copy_from_slice(&(m.text_index as u32).to_le_bytes());
    }
    s.result = [r.errors.len() as u32, r.encoding as u32, 0, 0];
    r.text.len() as i32
}
