//! x-user-defined (<https://encoding.spec.whatwg.org/#x-user-defined>): bytes 0x80–0xFF are
//! U+F780–U+F7FF.

use crate::handler::Encode;
use crate::handler::{Decode, DecoderResult};
use crate::sink::Sink;

/// x-user-defined decoder (<https://encoding.spec.whatwg.org/#x-user-defined-decoder>): stateless,
/// never errors.
#[derive(Clone, Debug)]
pub(crate) struct XUserDefinedDecoder;

impl Decode for XUserDefinedDecoder {
    fn decode<S: Sink>(&mut self, src: &[u8], dst: &mut S, _last: bool) -> (DecoderResult, usize) {
        let mut i = 0;
        loop {
            i += dst.copy_ascii(&src[i..]);
            if !dst.has_room() {
                return (DecoderResult::OutputFull, i);
            }
            let Some(&byte) = src.get(i) else {
                return (DecoderResult::InputEmpty, i);
            };
            i += 1;
            if byte < 0x80 {
                dst.write_ascii(byte);
            } else {
                dst.write_bmp(0xF780 + u16::from(byte) - 0x80);
            }
        }
    }
}

/// x-user-defined encoder (<https://encoding.spec.whatwg.org/#x-user-defined-encoder>).
#[derive(Clone, Debug)]
pub(crate) struct XUserDefinedEncoder;

impl Encode for XUserDefinedEncoder {
    #[inline]
    fn encode_char(&mut self, c: char, out: &mut [u8]) -> Result<usize, usize> {
        match u32::from(c) {
            c @ 0..=0x7F => out[0] = c as u8,
            c @ 0xF780..=0xF7FF => out[0] = (c - 0xF780 + 0x80) as u8,
            _ => return Err(0),
        }
        Ok(1)
    }
}
