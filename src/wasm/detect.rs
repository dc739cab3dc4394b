//! The detector's exports (the `detect` feature, its own module). A streaming `Detector` is kept
//! by JS as the bytes `Detector::save` gives (`STATE_LEN`), so that the module keeps none for it
//! between calls: each call finds them at the start of the byte input buffer, followed by the
//! call's bytes (a piece of input, or the top-level domain), restores the module's one detector
//! from them, and a feed writes the new state to the byte output buffer. A ranked guess goes out
//! through that buffer as 8-byte records: the encoding's number (its place in the standard's order,
//! as everywhere in the binding) and its confidence, both little-endian (u32, f32).

use super::buffers::{sized, Global, OUT_OF_BOUNDS, SCRATCH};
use crate::detect::{Detector, STATE_LEN};
use wasm_bindgen::prelude::wasm_bindgen;

/// What an export given bytes that are no saved detector's returns.
pub const NO_DETECTOR: i32 = -1;

/// The detector every call restores, in place, from the state it is given: restoring replaces
/// every field a state holds, and the others (which encoding each candidate is) are the same in
/// every detector. One for all calls, as the buffers are: a detector is 3 KB, and a new one at
/// each call (filled, then moved) cost more than feeding it a 1 KiB piece without WebAssembly,
/// where each fill and copy of memory is a loop in JavaScript.
static DETECTOR: Global<Option<Detector>> = Global::new(None);

/// Writes a new detector's state to the output buffer; returns its length, `STATE_LEN`.
#[wasm_bindgen]
pub fn detector_new() -> usize {
    // SAFETY: this export's one borrow of the scratch buffers, dropped before it returns.
    let s = unsafe { SCRATCH.get() };
    Detector::new().save_into(state_out(&mut s.out8));
    STATE_LEN
}

/// `DETECTOR` restored from the first `state_len` bytes of `input`, and the `len` bytes after
/// them.
fn restored(
    input: &[u8],
    state_len: usize,
    len: usize,
) -> Result<(&'static mut Detector, &[u8]), i32> {
    let end = state_len.checked_add(len).ok_or(OUT_OF_BOUNDS)?;
    let (state, bytes) = input.get(..end).ok_or(OUT_OF_BOUNDS)?.split_at(state_len);
    // SAFETY: the calling export's one borrow of the detector, dropped before it returns.
    let detector = unsafe { DETECTOR.get() }.get_or_insert_with(Detector::new);
    if detector.restore_from(state) {
        Ok((detector, bytes))
    } else {
        Err(NO_DETECTOR)
    }
}

/// Where a detector's state goes: the output buffer's first `STATE_LEN` bytes.
fn state_out(out8: &mut Vec<u8>) -> &mut [u8; STATE_LEN] {
    sized(out8, STATE_LEN)
        .first_chunk_mut()
        .expect("sized gives STATE_LEN bytes")
}

/// Feeds the `len` bytes after the saved detector (`state_len` bytes) in the input buffer to it,
/// `last` ending the input, and writes its new state to the output buffer. Returns 0,
/// `NO_DETECTOR` or `OUT_OF_BOUNDS`.
#[wasm_bindgen]
pub fn detector_feed(state_len: usize, len: usize, last: bool) -> i32 {
    // SAFETY: this export's one borrow of the scratch buffers, dropped before it returns.
    let s = unsafe { SCRATCH.get() };
    let (detector, bytes) = match restored(&s.in8, state_len, len) {
        Ok(found) => found,
        Err(status) => return status,
    };
    detector.feed(bytes, last);
    detector.save_into(state_out(&mut s.out8));
    0
}

/// The ranked guess (see `Detector::ranked`) of the saved detector (`state_len` bytes) in the
/// input buffer, the top-level domain being the `tld_len` bytes after it (none if 0). Returns the
/// number of records written to the output buffer, `NO_DETECTOR` or `OUT_OF_BOUNDS`.
#[wasm_bindgen]
pub fn detector_guess(state_len: usize, tld_len: usize, allow_utf8: bool) -> i32 {
    // SAFETY: this export's one borrow of the scratch buffers, dropped before it returns.
    let s = unsafe { SCRATCH.get() };
    let (detector, tld) = match restored(&s.in8, state_len, tld_len) {
        Ok(found) => found,
        Err(status) => return status,
    };
    let ranked = detector.ranked((tld_len > 0).then_some(tld), allow_utf8);
    let out = sized(&mut s.out8, ranked.len() * 8);
    for ((encoding, confidence), record) in ranked.iter().zip(out.chunks_exact_mut(8)) {
        record[..4].copy_from_slice(&(*encoding as u32).to_le_bytes());
        record[4..].copy_from_slice(&confidence.to_le_bytes());
    }
    ranked.len() as i32
}
