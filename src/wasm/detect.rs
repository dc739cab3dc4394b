//! The detector's exports (the `detect` feature, its own module): a streaming `Detector` is a
//! handle JS keeps; bytes and the top-level domain come through the byte input buffer, and a
//! ranked guess goes out through the byte output buffer as 8-byte records: the encoding's number
//! (its place in the standard's order, as everywhere in the binding) and its confidence, both
//! little-endian (u32, f32).

use super::buffers::{sized, Global, OUT_OF_BOUNDS, SCRATCH};
use crate::detect::Detector;
use wasm_bindgen::prelude::wasm_bindgen;

/// What an export given a handle that is not a live detector's returns.
pub const NO_DETECTOR: i32 = -1;

/// A detector's place: a live one, or a freed one's, which holds the freed place before it.
enum Slot {
    Live(Box<Detector>),
    Free(Option<u32>),
}

/// The detectors by handle, and the last freed place: a new detector takes that, so making one
/// costs the same however many are live.
struct Detectors {
    slots: Vec<Slot>,
    free: Option<u32>,
}

static DETECTORS: Global<Detectors> = Global::new(Detectors {
    slots: Vec::new(),
    free: None,
});

impl Detectors {
    fn get(&mut self, handle: u32) -> Option<&mut Detector> {
        match self.slots.get_mut(handle as usize) {
            Some(Slot::Live(detector)) => Some(detector),
            _ => None,
        }
    }
}

/// A new detector's handle.
#[wasm_bindgen]
pub fn detector_new() -> u32 {
    // SAFETY: this export's one borrow of the detectors, dropped before it returns.
    let all = unsafe { DETECTORS.get() };
    let detector = Slot::Live(Box::default());
    match all.free {
        Some(handle) => {
            let slot = &mut all.slots[handle as usize];
            if let Slot::Free(before) = *slot {
                all.free = before;
            }
            *slot = detector;
            handle
        }
        None => {
            all.slots.push(detector);
            (all.slots.len() - 1) as u32
        }
    }
}

/// Frees detector `handle` (nothing if it is not a live one).
#[wasm_bindgen]
pub fn detector_free(handle: u32) {
    // SAFETY: this export's one borrow of the detectors, dropped before it returns.
    let all = unsafe { DETECTORS.get() };
    if all.get(handle).is_some() {
        all.slots[handle as usize] = Slot::Free(all.free);
        all.free = Some(handle);
    }
}

/// Feeds the first `len` bytes of the input buffer to detector `handle`; `last` ends the input.
/// Returns 0, `NO_DETECTOR` or `OUT_OF_BOUNDS`.
#[wasm_bindgen]
pub fn detector_feed(handle: u32, len: usize, last: bool) -> i32 {
    // SAFETY: this export's one borrow of each global, both dropped before it returns.
    let (all, s) = unsafe { (DETECTORS.get(), SCRATCH.get()) };
    let Some(detector) = all.get(handle) else {
        return NO_DETECTOR;
    };
    let Some(bytes) = s.in8.get(..len) else {
        return OUT_OF_BOUNDS;
    };
    detector.feed(bytes, last);
    0
}

/// Detector `handle`'s ranked guess (see `Detector::ranked`), the top-level domain being the
/// first `tld_len` bytes of the input buffer (none if 0). Returns the number of records written
/// to the output buffer, `NO_DETECTOR` or `OUT_OF_BOUNDS`.
#[wasm_bindgen]
pub fn detector_guess(handle: u32, tld_len: usize, allow_utf8: bool) -> i32 {
    // SAFETY: this export's one borrow of each global, both dropped before it returns.
    let (all, s) = unsafe { (DETECTORS.get(), SCRATCH.get()) };
    let Some(detector) = all.get(handle) else {
        return NO_DETECTOR;
    };
    let Some(tld) = s.in8.get(..tld_len) else {
        return OUT_OF_BOUNDS;
    };
    let ranked = detector.ranked((tld_len > 0).then_some(tld), allow_utf8);
    let out = sized(&mut s.out8, ranked.len() * 8);
    for ((encoding, confidence), record) in ranked.iter().zip(out.chunks_exact_mut(8)) {
        record[..4].copy_from_slice(&(*encoding as u32).to_le_bytes());
        record[4..].copy_from_slice(&confidence.to_le_bytes());
    }
    ranked.len() as i32
}
