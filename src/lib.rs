//! The WHATWG Encoding Standard (<https://encoding.spec.whatwg.org/>), exactly: every encoding's
//! decoder and encoder as a streaming state machine, the label lookup, the hooks for standards and
//! the TextDecoder algorithm, with no JavaScript or wasm concerns. The `wasm` module (built only
//! for wasm32) is the thin binding layer that exposes it to JavaScript.
//!
//! ```
//! use encoding_wasm::{Encoding, DecoderMode};
//! let enc = Encoding::for_label(" Shift_JIS ").unwrap();
//! assert_eq!(enc.new_decoder().decode_to_string(b"\x82\xA0", true), "\u{3042}");
//! ```

// Every unsafe operation in its own block, each with the reason it is sound.
#![warn(unsafe_op_in_unsafe_fn, clippy::undocumented_unsafe_blocks)]
#[cfg(feature = "chinese-simplified")]
mod chinese_simplified;
#[cfg(feature = "chinese-traditional")]
mod chinese_traditional;
#[cfg(some_family)]
mod decoder;
#[cfg(feature = "detect")]
pub mod detect;
// inspect() (the wasm binding) is its one user.
#[cfg(all(some_family, any(target_arch = "wasm32", test)))]
mod diagnostics;
#[cfg(some_family)]
mod encoder;
mod encoding;
#[cfg(some_family)]
mod families;
#[cfg(some_family)]
mod handler;
#[cfg(some_family)]
pub mod hooks;
#[cfg(packed_indexes)]
mod index_model;
#[cfg(feature = "japanese")]
mod japanese;
#[cfg(feature = "korean")]
mod korean;
#[cfg(some_family)]
mod misc;
#[cfg(feature = "lite")]
mod single_byte;
#[cfg(some_family)]
mod sink;
mod tables;
#[cfg(some_family)]
mod text_decoder;
#[cfg(feature = "lite")]
mod utf8;
#[cfg(target_arch = "wasm32")]
#[doc(hidden)]
pub mod wasm;

#[cfg(some_family)]
pub use decoder::{Decoder, DecoderMode, DecoderResult};
#[cfg(some_family)]
pub use encoder::{Encoder, EncoderMode, EncoderResult};
pub use encoding::{Encoding, Family};
#[cfg(some_family)]
pub use text_decoder::{Malformed, TextDecoderCore};

/// The README's Rust examples are compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
