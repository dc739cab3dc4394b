//! EUC-JP (<https://encoding.spec.whatwg.org/#euc-jp>): its decoder and encoder.

use std::sync::OnceLock;

use super::{euc_jp_bytes, jis0208_code_point};
use crate::handler::{encode_char_by_bmp, BmpTable, Encode};
use crate::handler::{Decode, DecoderResult, Pending};
use crate::sink::Sink;
use crate::tables;

/// EUC-JP decoder state (<https://encoding.spec.whatwg.org/#euc-jp-decoder>): EUC-JP jis0212 and
/// EUC-JP leading (0x00 = none).
#[derive(Clone, Debug, Default)]
pub(crate) struct EucJpDecoder {
    jis0212: bool,
    leading: u8,
}

impl Decode for EucJpDecoder {
    /// EUC-JP leading, after the 0x8F that set the jis0212 flag.
    fn pending(&self) -> Option<Pending> {
        Some(match (self.jis0212, self.leading) {
            (_, 0) => Pending::default(),
            (false, leading) => Pending::of(&[leading]),
            (true, leading) => Pending::of(&[0x8F, leading]),
        })
    }

    fn decode<S: Sink>(&mut self, src: &[u8], dst: &mut S, last: bool) -> (DecoderResult, usize) {
        let jis0208 = tables::jis0208();
        let pairs = pairs(jis0208);
        let mut i = 0;
        loop {
            if self.leading == 0 {
                i = write_fast(pairs, src, i, dst);
            }
            if !dst.has_room() {
                return (DecoderResult::OutputFull, i);
            }
            let Some(&byte) = src.get(i) else {
                if last && self.leading != 0 {
                    *self = EucJpDecoder::default();
                    return (DecoderResult::Malformed, i);
                }
                return (DecoderResult::InputEmpty, i);
            };
            i += 1;
            match (self.leading, byte) {
                (0x8E, 0xA1..=0xDF) => {
                    self.leading = 0;
                    dst.write_bmp(0xFF61 - 0xA1 + u16::from(byte));
                }
                (0x8F, 0xA1..=0xFE) => {
                    self.jis0212 = true;
                    self.leading = byte;
                }
                (0x00, 0x00..=0x7F) => dst.write_ascii(byte),
                (0x00, 0x8E | 0x8F | 0xA1..=0xFE) => self.leading = byte,
                (0x00, _) => return (DecoderResult::Malformed, i),
                (leading, _) => {
                    self.leading = 0;
                    let code_point = match (leading, byte) {
                        (0xA1..=0xFE, 0xA1..=0xFE) if self.jis0212 => {
                            tables::code_point(tables::jis0212(), pointer(leading, byte))
                        }
                        (0xA1..=0xFE, 0xA1..=0xFE) => {
                            jis0208_code_point(jis0208, pointer(leading, byte)).map(u32::from)
                        }
                        _ => None,
                    };
                    self.jis0212 = false;
                    match code_point {
                        Some(c) => dst.write_scalar(c),
                        // An ASCII byte is restored to the queue: not read.
                        None if byte < 0x80 => return (DecoderResult::Malformed, i - 1),
                        None => return (DecoderResult::Malformed, i),
                    }
                }
            }
        }
    }
}

/// Fast path, valid only between sequences: the ASCII runs, halfwidth katakana and mapped jis0208
/// pairs from `src[i..]` on, which the handler turns into the same output, written while `dst` has
/// room; returns the index after them (an index, not a slice: the code the decoder had inline).
#[inline(always)]
fn write_fast<S: Sink>(pairs: &[u16], src: &[u8], mut i: usize, dst: &mut S) -> usize {
    while dst.has_room() {
        match src[i..] {
            [0x00..=0x7F, ..] => i += dst.copy_ascii(&src[i..]),
            [0x8E, b @ 0xA1..=0xDF, ..] => {
                dst.write_bmp(0xFF61 - 0xA1 + u16::from(b));
                i += 2;
            }
            [l @ 0xA1..=0xFE, b, ..] => match tables::lead_trail(pairs, l - 0xA1, b) {
                0 => break,
                c => {
                    dst.write_bmp(c);
                    i += 2;
                }
            },
            _ => break,
        }
    }
    i
}

/// Index jis0208's code point for every leading byte 0xA1–0xFE and byte (0 = none) at
/// (leading − 0xA1) × 256 + byte, built once.
fn pairs(jis0208: &[u16]) -> &'static [u16] {
    static PAIRS: OnceLock<Box<[u16]>> = OnceLock::new();
    PAIRS.get_or_init(|| {
        tables::lead_trail_table(0xA1..=0xFE, |leading, byte| {
            let trailing = (0xA1..=0xFE).contains(&byte);
            trailing
                .then(|| jis0208_code_point(jis0208, pointer(leading, byte)))
                .flatten()
        })
    })
}

/// (leading − 0xA1) × 94 + byte − 0xA1.
#[inline(always)]
fn pointer(leading: u8, byte: u8) -> usize {
    usize::from(leading - 0xA1) * 94 + usize::from(byte - 0xA1)
}

/// EUC-JP encoder (<https://encoding.spec.whatwg.org/#euc-jp-encoder>): stateless; it holds its
/// bytes for each BMP code point.
#[derive(Clone, Debug)]
pub(crate) struct EucJpEncoder {
    bytes: &'static BmpTable,
}

impl Default for EucJpEncoder {
    fn default() -> Self {
        EucJpEncoder {
            bytes: euc_jp_bytes(),
        }
    }
}

impl Encode for EucJpEncoder {
    #[inline]
    fn encode_char(&mut self, c: char, out: &mut [u8]) -> Result<usize, usize> {
        encode_char_by_bmp(self, c, out)
    }

    const BULK: bool = true;

    #[inline(always)]
    fn encode_bmp(&self, c: u16) -> u16 {
        self.bytes[usize::from(c)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sink::Utf16Sink;

    // Worked by hand from https://encoding.spec.whatwg.org/#euc-jp-decoder: 0x8E and a byte
    // 0xA1..=0xDF is U+FF61 − 0xA1 + byte; a pair's pointer, (leading − 0xA1) × 94 + byte − 0xA1,
    // is looked up in index-jis0208.txt. The decoder's own tests cannot see a fast path that
    // writes nothing: its steps give the same output.
    #[test]
    fn the_fast_path_writes_ascii_katakana_and_jis0208_pairs() {
        let pairs = pairs(tables::jis0208());
        let mut out = [0u16; 16];
        let mut dst = Utf16Sink::new(&mut out);
        // ab, 8E B1, 8E DF, A1 A1 (pointer 0), A4 A2 (283), c, then 0x8F: a jis0212 pair's.
        let src = b"ab\x8E\xB1\x8E\xDF\xA1\xA1\xA4\xA2c\x8F\xA2\xAF";
        assert_eq!(write_fast(pairs, src, 0, &mut dst), 11);
        assert_eq!(dst.written(), 7);
        assert_eq!(out[..7], [0x61, 0x62, 0xFF71, 0xFF9F, 0x3000, 0x3042, 0x63]);
        // A cut pair, 0x8E with no katakana, a byte below 0xA1, pointer 108 (not in the index).
        let none: [&[u8]; 7] = [
            b"",
            b"\xA4",
            b"\x8E\xE0",
            b"\x8E\xA0",
            b"\xA4\xA0",
            b"\xA2\xAF",
            b"\x80",
        ];
        for src in none {
            let mut dst = Utf16Sink::new(&mut out);
            assert_eq!(write_fast(pairs, src, 0, &mut dst), 0, "{src:X?}");
        }
    }
}
