//! UTF-16BE/LE (<https://encoding.spec.whatwg.org/#utf-16be-le>): the shared UTF-16 decoder
//! (<https://encoding.spec.whatwg.org/#shared-utf-16-decoder>), and an encoder, which the standard
//! does not define (this crate's documented extension).

use crate::handler::{AsciiRun, Encode};
use crate::handler::{Decode, DecoderResult, Pending};
use crate::sink::Sink;

/// shared UTF-16 decoder state (<https://encoding.spec.whatwg.org/#shared-utf-16-decoder>).
#[derive(Clone, Debug)]
pub(crate) struct Utf16Decoder {
    leading_byte: Option<u8>,
    leading_surrogate: Option<u16>,
    is_utf16be_decoder: bool,
}

impl Utf16Decoder {
    /// UTF-16BE's decoder (<https://encoding.spec.whatwg.org/#utf-16be-decoder>) if
    /// `is_utf16be_decoder`, else UTF-16LE's
    /// (<https://encoding.spec.whatwg.org/#utf-16le-decoder>).
    pub(crate) fn new(is_utf16be_decoder: bool) -> Self {
        Utf16Decoder {
            leading_byte: None,
            leading_surrogate: None,
            is_utf16be_decoder,
        }
    }
}

// Restored bytes held: see Decoder::discard_queue and Decoder::restored_len.
impl Utf16Decoder {
    /// After an error the leading byte is only ever the restored code unit's first byte.
    pub(crate) fn discard_restored(&mut self) {
        self.leading_byte = None;
    }

    #[cfg(any(target_arch = "wasm32", test))]
    pub(crate) fn restored_len(&self) -> usize {
        usize::from(self.leading_byte.is_some())
    }
}

impl Decode for Utf16Decoder {
    /// The leading surrogate's two bytes, then the leading byte. (A leading byte the handler
    /// restored is the one it would read next from the initial state, so it is pending too.)
    fn pending(&self) -> Option<Pending> {
        let mut bytes = [0; 3];
        let mut len = 0;
        if let Some(s) = self.leading_surrogate {
            bytes[..2].copy_from_slice(&if self.is_utf16be_decoder {
                s.to_be_bytes()
            } else {
                s.to_le_bytes()
            });
            len = 2;
        }
        if let Some(b) = self.leading_byte {
            bytes[len] = b;
            len += 1;
        }
        Some(Pending::of(&bytes[..len]))
    }

    fn decode<S: Sink>(&mut self, src: &[u8], dst: &mut S, last: bool) -> (DecoderResult, usize) {
        let mut i = 0;
        loop {
            if self.leading_byte.is_none() && self.leading_surrogate.is_none() {
                // Whole code units that are not surrogates are code points as they stand.
                i += dst.write_utf16_units(&src[i..], self.is_utf16be_decoder);
            }
            if !dst.has_room() {
                return (DecoderResult::OutputFull, i);
            }
            let Some(&byte) = src.get(i) else {
                if last && (self.leading_byte.is_some() || self.leading_surrogate.is_some()) {
                    self.leading_byte = None;
                    self.leading_surrogate = None;
                    return (DecoderResult::Malformed, i);
                }
                return (DecoderResult::InputEmpty, i);
            };
            i += 1;
            let Some(lead) = self.leading_byte.take() else {
                self.leading_byte = Some(byte);
                continue;
            };
            let code_unit = if self.is_utf16be_decoder {
                (u16::from(lead) << 8) | u16::from(byte)
            } else {
                (u16::from(byte) << 8) | u16::from(lead)
            };
            if let Some(leading) = self.leading_surrogate.take() {
                if (0xDC00..=0xDFFF).contains(&code_unit) {
                    let c = 0x10000
                        + ((u32::from(leading) - 0xD800) << 10)
                        + (u32::from(code_unit) - 0xDC00);
                    dst.write_scalar(c);
                    continue;
                }
                // Restore the code unit's two bytes: the leading one is held again and `byte`
                // is left unread, so the next step reads the same code unit afresh.
                self.leading_byte = Some(lead);
                return (DecoderResult::Malformed, i - 1);
            }
            match code_unit {
                0xD800..=0xDBFF => self.leading_surrogate = Some(code_unit),
                0xDC00..=0xDFFF => return (DecoderResult::Malformed, i),
                _ => dst.write_bmp(code_unit),
            }
        }
    }
}

/// UTF-16BE/LE encoder (extension): each scalar value as one or two code units, in byte order.
#[derive(Clone, Debug)]
pub(crate) struct Utf16Encoder {
    is_be: bool,
}

impl Utf16Encoder {
    pub(crate) fn new(is_be: bool) -> Self {
        Utf16Encoder { is_be }
    }
}

impl Encode for Utf16Encoder {
    #[inline]
    fn encode_char(&mut self, c: char, out: &mut [u8]) -> Result<usize, usize> {
        let mut units = [0u16; 2];
        let units = c.encode_utf16(&mut units);
        for (pair, &unit) in out.chunks_exact_mut(2).zip(units.iter()) {
            pair.copy_from_slice(&if self.is_be {
                unit.to_be_bytes()
            } else {
                unit.to_le_bytes()
            });
        }
        Ok(2 * units.len())
    }

    fn ascii_run(&self) -> AsciiRun {
        AsciiRun::None
    }
}
