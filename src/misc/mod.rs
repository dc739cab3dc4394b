//! § 14 Legacy miscellaneous encodings: replacement, UTF-16BE/LE and x-user-defined.

mod replacement;
mod utf16;
mod x_user_defined;

pub(crate) use replacement::ReplacementDecoder;
pub(crate) use utf16::{Utf16Decoder, Utf16Encoder};
pub(crate) use x_user_defined::{XUserDefinedDecoder, XUserDefinedEncoder};
