//! Scratch buffers shared by every call: JS copies input in, calls an export, reads output out.
//! They grow to the largest chunk seen and are reused, so calls allocate nothing.

use core::cell::UnsafeCell;
use wasm_bindgen::prelude::wasm_bindgen;

/// Single-threaded global state (a wasm instance runs on one thread).
pub(crate) struct Global<T>(UnsafeCell<T>);

// SAFETY: wasm32 without threads has a single thread; exports never re-enter each other.
unsafe impl<T> Sync for Global<T> {}

impl<T> Global<T> {
    pub(crate) const fn new(value: T) -> Self {
        Global(UnsafeCell::new(value))
    }

    /// The value, to read and change.
    ///
    /// # Safety
    ///
    /// No other reference got from this `Global` may be in use while the one returned is: the
    /// caller takes one, uses it and drops it without calling anything that takes another.
    // A `&mut` from `&self` is what a global needs (no cfg can say it): the contract above, which
    // callers uphold, is what makes it sound.
    #[allow(clippy::mut_from_ref)]
    pub(crate) unsafe fn get(&self) -> &mut T {
        // SAFETY: the caller's contract above; one thread (see the Sync impl).
        unsafe { &mut *self.0.get() }
    }
}

/// The buffers; the detector's module (no family) reads bytes and writes bytes only.
pub(crate) struct Scratch {
    pub(crate) in8: Vec<u8>,
    #[cfg(some_family)]
    pub(crate) in16: Vec<u16>,
    pub(crate) out8: Vec<u8>,
    #[cfg(some_family)]
    pub(crate) out16: Vec<u16>,
    /// Extra results of the last call (read counts, error details).
    #[cfg(some_family)]
    pub(crate) result: [u32; 5],
    /// Where the last decode wrote its UTF-16 output: JS reads this from memory, saving a call.
    #[cfg(some_family)]
    pub(crate) out16_at: u32,
}

pub(crate) static SCRATCH: Global<Scratch> = Global::new(Scratch {
    in8: Vec::new(),
    #[cfg(some_family)]
    in16: Vec::new(),
    out8: Vec::new(),
    #[cfg(some_family)]
    out16: Vec::new(),
    #[cfg(some_family)]
    result: [0; 5],
    #[cfg(some_family)]
    out16_at: 0,
});

/// Grows `v` to at least `len` elements (contents are scratch) and returns it.
pub(crate) fn sized<T: Copy + Default>(v: &mut Vec<T>, len: usize) -> &mut [T] {
    if v.len() < len {
        v.resize(len, T::default());
    }
    &mut v[..len]
}

/// What an export returns when a length from JS is beyond its input buffer (a bug on the JS
/// side): nothing past what was allocated is ever read.
pub const OUT_OF_BOUNDS: i32 = -3;

/// The byte input buffer, with room for `len` bytes: JS writes input there.
#[wasm_bindgen]
pub fn input8(len: usize) -> *mut u8 {
    // SAFETY: this export's one borrow of the scratch buffers, dropped before it returns.
    sized(&mut unsafe { SCRATCH.get() }.in8, len.max(1)).as_mut_ptr()
}

/// The UTF-16 input buffer, with room for `len` code units.
#[cfg(some_family)]
#[wasm_bindgen]
pub fn input16(len: usize) -> *mut u16 {
    // SAFETY: this export's one borrow of the scratch buffers, dropped before it returns.
    sized(&mut unsafe { SCRATCH.get() }.in16, len.max(1)).as_mut_ptr()
}

/// Where the last call wrote bytes.
#[wasm_bindgen]
pub fn output8() -> *const u8 {
    // SAFETY: this export's one borrow of the scratch buffers, dropped before it returns.
    unsafe { SCRATCH.get() }.out8.as_ptr()
}

/// The address of a u32 holding where the last decode wrote its UTF-16 output; the address does
/// not change.
#[cfg(some_family)]
#[wasm_bindgen]
pub fn output16_at() -> *const u32 {
    // SAFETY: this export's one borrow of the scratch buffers, dropped before it returns.
    &unsafe { SCRATCH.get() }.out16_at
}

/// The last call's extra results, four u32.
#[cfg(some_family)]
#[wasm_bindgen]
pub fn results() -> *const u32 {
    // SAFETY: this export's one borrow of the scratch buffers, dropped before it returns.
    unsafe { SCRATCH.get() }.result.as_ptr()
}
