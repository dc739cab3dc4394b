//! Legacy miscellaneous encodings
//! (<https://encoding.spec.whatwg.org/#legacy-miscellaneous-encodings>): replacement, UTF-16BE/LE
//! and x-user-defined.

mod replacement;
#[cfg(feature = "lite")]
mod utf16;
#[cfg(feature = "lite")]
mod x_user_defined;

pub(crate) use replacement::ReplacementDecoder;
#[cfg(feature = "lite")]
pub(crate) use utf16::{Utf16Decoder, Utf16Encoder};
#[cfg(feature = "lite")]
pub(crate) use x_user_defined::{XUserDefinedDecoder, XUserDefinedEncoder};
