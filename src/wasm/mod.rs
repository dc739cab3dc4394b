//! The JavaScript binding layer (wasm32 only): thin exports over the core (a stream's state kept
//! by JS as a number between calls) and a class, `CoreTextDecoder`, for the decode hook's and the
//! inspector's decoders over big inputs, with numbers only, so no string crosses wasm-bindgen's glue (its generated code then needs no TextDecoder,
//! which matters where this package is that TextDecoder). Data moves through scratch buffers in
//! linear memory that JS reads and writes directly; see `js/wasm.mjs`. Every length from JS is
//! checked against the buffer it indexes.
//!
//! Public (hidden) only so that tests/wasm.rs can call the exports; not an API.

mod alloc;
pub mod buffers;
#[cfg(some_family)]
pub mod decode;
#[cfg(feature = "detect")]
pub mod detect;
#[cfg(some_family)]
pub mod encode;
#[cfg(some_family)]
pub mod info;
