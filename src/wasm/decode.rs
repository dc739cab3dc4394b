//! Decoding for JS: TextDecoder's decode() (<https://encoding.spec.whatwg.org/#interface-textdecoder>)
//! over the core's `TextDecoderCore` on the stack, its state between calls kept by JS as a number
//! ([`decode_saved`], [`decode_once`]), and [`CoreTextDecoder`], a class over the decode hook's
//! plain decoder (<https://encoding.spec.whatwg.org/#decode>) or the core's `Inspector` for
//! `inspect()`. Input is in `in8`, output goes to `out16`. JS holds a class instance through
//! wasm-bindgen's handle, which its `free()` zeroes: a freed object is an error from then on, never
//! a dangling pointer.

use super::buffers::{sized, Scratch, OUT_OF_BOUNDS, SCRATCH};
use super::info::{FAILED, FATAL, IGNORE_BOM, INSPECT, PLAIN};
use crate::decoder::{Decoder, DecoderMode, DecoderResult};
use crate::diagnostics::Inspector;
use crate::encoding::Encoding;
use crate::text_decoder::TextDecoderCore;
use wasm_bindgen::prelude::wasm_bindgen;

/// A saved state from JS that no decoder or encoder has (a bug on the JS side).
pub(crate) const NOT_A_STATE: i32 = -4;

enum State {
    Plain(Decoder),
    Inspect(Inspector),
}

/// A decoder for JS over a whole input in pieces: the decode hook's or an inspector, constructed
/// from an encoding number (the standard's order) and flags.
#[wasm_bindgen]
pub struct CoreTextDecoder {
    state: State,
}

/// The encoding numbered `index`, if this module has its decoder.
fn encoding(index: u32) -> Option<Encoding> {
    Encoding::ALL
        .get(index as usize)
        .copied()
        .filter(|e| e.is_available())
}

#[wasm_bindgen]
impl CoreTextDecoder {
    /// With `INSPECT`, an inspector (`IGNORE_BOM` its option; for the decode hook, JS sniffs the
    /// BOM and makes it for the encoding found); else with `PLAIN`, the decode hook's decoder.
    /// Undefined for an unknown number (or one this module lacks), or without either flag.
    pub fn create(enc: u32, flags: u32) -> Option<CoreTextDecoder> {
        let e = encoding(enc)?;
        let state = if flags & INSPECT != 0 {
            State::Inspect(Inspector::new(e, flags & IGNORE_BOM != 0))
        } else if flags & PLAIN != 0 {
            State::Plain(Decoder::new(e))
        } else {
            return None;
        };
        Some(CoreTextDecoder { state })
    }

    /// An inspector records the first `limit` errors of the input in `out8`, and only counts the
    /// rest (every error by default). Nothing for other decoders.
    pub fn set_error_limit(&mut self, limit: u32) {
        if let State::Inspect(r) = &mut self.state {
            r.limit = limit as usize;
        }
    }

    /// The next piece of input, `in8[..length]`, into `out16` (`last_piece` ends the input).
    /// Returns the number of code units, -3 if `length` is beyond the input buffer. An inspector's
    /// first piece holds the first three bytes of the input (or all of it); its errors go to
    /// `out8` as little-endian u32 triples (start, end, text index, from the start of the input),
    /// and `results` = [errors in `out8`, encoding number used, errors so far in the whole input,
    /// recorded or not].
    pub fn decode(&mut self, length: usize, last_piece: bool) -> i32 {
        // SAFETY: this call's one borrow of the scratch buffers: nothing it calls while using it takes another.
        let s = unsafe { SCRATCH.get() };
        let Some(src) = s.in8.get(..length) else {
            return OUT_OF_BOUNDS;
        };
        let written = match &mut self.state {
            State::Plain(d) => {
                let dst = sized(&mut s.out16, d.max_utf16_buffer_length(length));
                s.out16_at = dst.as_ptr() as u32;
                // Replacement mode: neither `Malformed` nor, the output buffer holding the bound,
                // `OutputFull` happens.
                d.decode_to_utf16(src, dst, last_piece, DecoderMode::Replacement)
                    .2
            }
            State::Inspect(r) => {
                r.feed(src, last_piece);
                let text = sized(&mut s.out16, r.text.len());
                text.copy_from_slice(&r.text);
                s.out16_at = text.as_ptr() as u32;
                let errors = sized(&mut s.out8, r.errors.len() * 12);
                for (chunk, m) in errors.chunks_exact_mut(12).zip(&r.errors) {
                    chunk[0..4].copy_from_slice(&(m.byte_start as u32).to_le_bytes());
                    chunk[4..8].copy_from_slice(&(m.byte_end as u32).to_le_bytes());
                    chunk[8..12].copy_from_slice(&(m.text_index as u32).to_le_bytes());
                }
                let total = u32::try_from(r.total).unwrap_or(u32::MAX);
                s.result = [r.errors.len() as u32, r.encoding as u32, total, 0, 0];
                let written = r.text.len();
                r.text.clear();
                r.errors.clear();
                written
            }
        };
        written as i32
    }
}

/// A TextDecoder's decode() of `in8[..length]`, one piece of a call, into `out16`: the number of
/// code units, -1 for a fatal error, -3 if `length` is beyond the input buffer.
fn decode_text(
    core: &mut TextDecoderCore,
    s: &mut Scratch,
    length: usize,
    stream: bool,
    first: bool,
    last_piece: bool,
) -> i32 {
    let Some(src) = s.in8.get(..length) else {
        return OUT_OF_BOUNDS;
    };
    if first {
        core.start(stream);
    }
    let dst = sized(&mut s.out16, core.max_utf16_buffer_length(length));
    s.out16_at = dst.as_ptr() as u32;
    match core.decode_to_utf16(src, dst, last_piece) {
        (DecoderResult::Malformed, _, _) => FAILED,
        // The output buffer holds the bound, so `OutputFull` does not happen.
        (_, _, written) => written as i32,
    }
}

/// TextDecoder's decode() (<https://encoding.spec.whatwg.org/#dom-textdecoder-decode>): one
/// call's next piece of input, `in8[..length]`, into `out16` (`stream` is the call's option;
/// `first` and `last_piece` say which pieces begin and end the call's input; `flags` are `FATAL`
/// and `IGNORE_BOM`). The TextDecoder's state is kept by JS between calls as a number
/// ([`TextDecoderCore::save`]; 0 is a new decoder's), not in an instance here, so that a stream
/// dropped mid-way holds no wasm memory: `saved` is the state before this piece, `results[0]` the
/// state after it (after a fatal error too). Returns the number of code units, -1 for a fatal
/// error, -2 if this module lacks the encoding, -3 if `length` is beyond the input buffer, -4 if
/// `saved` is no state of it (none is replacement's, which TextDecoder refuses).
#[wasm_bindgen]
pub fn decode_saved(
    enc: u32,
    flags: u32,
    saved: u32,
    length: usize,
    stream: bool,
    first: bool,
    last_piece: bool,
) -> i32 {
    let Some(e) = encoding(enc) else { return -2 };
    let Some(mut core) =
        TextDecoderCore::restore(e, flags & FATAL != 0, flags & IGNORE_BOM != 0, saved)
    else {
        return NOT_A_STATE;
    };
    // SAFETY: this call's one borrow of the scratch buffers: nothing it calls while using it takes another.
    let s = unsafe { SCRATCH.get() };
    let n = decode_text(&mut core, s, length, stream, first, last_piece);
    // After a call with room for all its output the decoder holds no restored bytes (a fatal
    // error discards them), so this is always a state.
    match core.save() {
        Some(saved) => {
            s.result[0] = saved;
            n
        }
        None => NOT_A_STATE,
    }
}

/// A whole non-streaming decode of `in8[..len]` with a decoder on the stack, TextDecoder's (`flags`
/// as [`decode_saved`]'s) or with `PLAIN` the decode hook's after its BOM sniff: nothing allocated
/// per TextDecoder. Returns as [`decode_saved`].
#[wasm_bindgen]
pub fn decode_once(enc: u32, flags: u32, len: usize) -> i32 {
    // SAFETY: this call's one borrow of the scratch buffers: nothing it calls while using it takes another.
    if unsafe { SCRATCH.get() }.in8.len() < len {
        return OUT_OF_BOUNDS;
    }
    // The decode hook's, or for encodings without a BOM to remove (nor replacement, which
    // TextDecoder refuses) a whole decode() call: the decoder's run to the end of the queue in the
    // TextDecoder's mode (https://encoding.spec.whatwg.org/#dom-textdecoder-decode), with nothing
    // around it.
    use Encoding::{Replacement, Utf16Be, Utf16Le, Utf8};
    let Some(e) = encoding(enc) else { return -2 };
    let whole = flags & PLAIN != 0 || !matches!(e, Utf8 | Utf16Be | Utf16Le | Replacement);
    // SAFETY: this call's one borrow of the scratch buffers: nothing it calls while using it takes another.
    let s = unsafe { SCRATCH.get() };
    if whole {
        let mut d = Decoder::new(e);
        let dst = sized(&mut s.out16, d.max_utf16_buffer_length(len));
        s.out16_at = dst.as_ptr() as u32;
        let mode = if flags & FATAL != 0 {
            DecoderMode::Fatal
        } else {
            DecoderMode::Replacement
        };
        return match d.decode_to_utf16(&s.in8[..len], dst, true, mode) {
            (DecoderResult::Malformed, _, _) => FAILED,
            (_, _, written) => written as i32,
        };
    }
    decode_saved(enc, flags, 0, len, false, true, true)
}

/// BOM sniff (<https://encoding.spec.whatwg.org/#bom-sniff>) on `in8[..len]`:
/// `encoding number << 8 | BOM length`, or -1. Only in a module with UTF-8 and UTF-16, which JS
/// asks.
#[cfg(feature = "lite")]
#[wasm_bindgen]
pub fn bom_sniff(len: usize) -> i32 {
    // SAFETY: this call's one borrow of the scratch buffers: nothing it calls while using it takes another.
    let found = unsafe { SCRATCH.get() }
        .in8
        .get(..len)
        .and_then(crate::hooks::bom_sniff);
    match found {
        Some((e, n)) => ((e as i32) << 8) | n as i32,
        None => -1,
    }
}
