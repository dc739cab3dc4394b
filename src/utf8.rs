//! The encoding (<https://encoding.spec.whatwg.org/#the-encoding>): UTF-8's decoder and encoder.

use crate::handler::Encode;
use crate::handler::{Decode, DecoderResult, Pending};
use crate::sink::{utf8_encode, Sink};

/// UTF-8 decoder state (<https://encoding.spec.whatwg.org/#utf-8-decoder>): code point, bytes seen,
/// bytes needed, lower and upper boundary.
#[derive(Clone, Debug)]
pub(crate) struct Utf8Decoder {
    code_point: u32,
    bytes_seen: u8,
    bytes_needed: u8,
    lower_boundary: u8,
    upper_boundary: u8,
}

impl Default for Utf8Decoder {
    fn default() -> Self {
        Utf8Decoder {
            code_point: 0,
            bytes_seen: 0,
            bytes_needed: 0,
            lower_boundary: 0x80,
            upper_boundary: 0xBF,
        }
    }
}

impl Decode for Utf8Decoder {
    /// The leading byte and the continuation bytes seen, from the code point so far: each
    /// contributed its low bits to it (the boundaries follow from the leading byte).
    fn pending(&self) -> Option<Pending> {
        if self.bytes_needed == 0 {
            return Some(Pending::default());
        }
        let seen = usize::from(self.bytes_seen);
        let marker = [0, 0xC0, 0xE0, 0xF0][usize::from(self.bytes_needed)];
        let mut bytes = [(marker | (self.code_point >> (6 * seen))) as u8, 0, 0];
        for (k, b) in bytes[1..=seen].iter_mut().enumerate() {
            *b = 0x80 | ((self.code_point >> (6 * (seen - 1 - k))) & 0x3F) as u8;
        }
        Some(Pending::of(&bytes[..=seen]))
    }

    fn decode<S: Sink>(&mut self, src: &[u8], dst: &mut S, last: bool) -> (DecoderResult, usize) {
        let mut i = 0;
        loop {
            if self.bytes_needed == 0 {
                // Fast path, valid only between sequences: ASCII runs, then whole well-formed
                // sequences, which the handler would turn into exactly these code points.
                i += dst.copy_ascii(&src[i..]);
                i = write_well_formed(src, i, dst);
            }
            if !dst.has_room() {
                return (DecoderResult::OutputFull, i);
            }
            let Some(&byte) = src.get(i) else {
                if last && self.bytes_needed != 0 {
                    *self = Utf8Decoder::default();
                    return (DecoderResult::Malformed, i);
                }
                return (DecoderResult::InputEmpty, i);
            };
            i += 1;
            if self.bytes_needed == 0 {
                match byte {
                    0x00..=0x7F => dst.write_ascii(byte),
                    0xC2..=0xDF => {
                        self.bytes_needed = 1;
                        self.code_point = u32::from(byte & 0x1F);
                    }
                    0xE0..=0xEF => {
                        if byte == 0xE0 {
                            self.lower_boundary = 0xA0;
                        }
                        if byte == 0xED {
                            self.upper_boundary = 0x9F;
                        }
                        self.bytes_needed = 2;
                        self.code_point = u32::from(byte & 0xF);
                    }
                    0xF0..=0xF4 => {
                        if byte == 0xF0 {
                            self.lower_boundary = 0x90;
                        }
                        if byte == 0xF4 {
                            self.upper_boundary = 0x8F;
                        }
                        self.bytes_needed = 3;
                        self.code_point = u32::from(byte & 0x7);
                    }
                    _ => return (DecoderResult::Malformed, i),
                }
                continue;
            }
            if !(self.lower_boundary..=self.upper_boundary).contains(&byte) {
                *self = Utf8Decoder::default();
                // Restore byte to the queue.
                return (DecoderResult::Malformed, i - 1);
            }
            self.lower_boundary = 0x80;
            self.upper_boundary = 0xBF;
            self.code_point = (self.code_point << 6) | u32::from(byte & 0x3F);
            self.bytes_seen += 1;
            if self.bytes_seen == self.bytes_needed {
                dst.write_scalar(self.code_point);
                self.code_point = 0;
                self.bytes_needed = 0;
                self.bytes_seen = 0;
            }
        }
    }
}

/// Writes the whole well-formed non-ASCII sequences `src[i..]` starts with while `dst` has room;
/// returns the index after them (an index, not a slice, as the decoder's code was before it was a
/// function: the same code, no bytes more).
#[inline(always)]
fn write_well_formed<S: Sink>(src: &[u8], mut i: usize, dst: &mut S) -> usize {
    while i < src.len() && dst.has_room() {
        let Some((c, len)) = well_formed_sequence(&src[i..]) else {
            break;
        };
        dst.write_scalar(c);
        i += len;
    }
    i
}

/// The scalar value and length of the well-formed, complete non-ASCII sequence `src` starts with.
#[inline(always)]
fn well_formed_sequence(src: &[u8]) -> Option<(u32, usize)> {
    let b0 = *src.first()?;
    let trail = |i: usize, lo: u8, hi: u8| {
        src.get(i)
            .filter(|b| (lo..=hi).contains(b))
            .map(|b| u32::from(b & 0x3F))
    };
    match b0 {
        0xC2..=0xDF => Some(((u32::from(b0 & 0x1F) << 6) | trail(1, 0x80, 0xBF)?, 2)),
        0xE0..=0xEF => {
            let (lo, hi) = match b0 {
                0xE0 => (0xA0, 0xBF),
                0xED => (0x80, 0x9F),
                _ => (0x80, 0xBF),
            };
            let c = (u32::from(b0 & 0xF) << 12) | (trail(1, lo, hi)? << 6) | trail(2, 0x80, 0xBF)?;
            Some((c, 3))
        }
        0xF0..=0xF4 => {
            let (lo, hi) = match b0 {
                0xF0 => (0x90, 0xBF),
                0xF4 => (0x80, 0x8F),
                _ => (0x80, 0xBF),
            };
            let c = (u32::from(b0 & 0x7) << 18)
                | (trail(1, lo, hi)? << 12)
                | (trail(2, 0x80, 0xBF)? << 6)
                | trail(3, 0x80, 0xBF)?;
            Some((c, 4))
        }
        _ => None,
    }
}

/// UTF-8 encoder (<https://encoding.spec.whatwg.org/#utf-8-encoder>): stateless, never errors.
#[derive(Clone, Debug)]
pub(crate) struct Utf8Encoder;

impl Encode for Utf8Encoder {
    #[inline]
    fn encode_char(&mut self, c: char, out: &mut [u8]) -> Result<usize, usize> {
        Ok(utf8_encode(u32::from(c), out))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sink::Utf16Sink;

    // The fast path gives what the decoder's steps give: these are worked by hand from
    // https://encoding.spec.whatwg.org/#utf-8-decoder (its boundaries after 0xE0, 0xED, 0xF0 and
    // 0xF4). The decoder's own tests cannot see it, as the steps would give the same output.
    #[test]
    fn well_formed_sequences_are_whole_and_within_the_boundaries() {
        let whole: [(&[u8], u32, usize); 9] = [
            (b"\xC2\x80", 0x80, 2),
            (b"\xDF\xBFz", 0x7FF, 2),
            (b"\xE0\xA0\x80", 0x800, 3),
            (b"\xE9\x9F\xB3", 0x97F3, 3),
            (b"\xED\x9F\xBF", 0xD7FF, 3),
            (b"\xEF\xBF\xBF\x80", 0xFFFF, 3),
            (b"\xF0\x90\x80\x80", 0x10000, 4),
            (b"\xF3\xA0\x81\x81", 0xE0041, 4),
            (b"\xF4\x8F\xBF\xBF", 0x10FFFF, 4),
        ];
        for (bytes, c, len) in whole {
            assert_eq!(well_formed_sequence(bytes), Some((c, len)), "{bytes:X?}");
        }
        let not: [&[u8]; 16] = [
            b"",
            b"a",
            b"\x80",
            b"\xC1\xBF",
            b"\xC2",
            b"\xC2\x7F",
            b"\xC2\xC0",
            b"\xE0\x9F\xBF",
            b"\xE1\x80",
            b"\xED\xA0\x80",
            b"\xEE\x80\xC0",
            b"\xF0\x8F\xBF\xBF",
            b"\xF1\x80\x80",
            b"\xF2\x80\x80\x7F",
            b"\xF4\x90\x80\x80",
            b"\xF5\x80\x80\x80",
        ];
        for bytes in not {
            assert_eq!(well_formed_sequence(bytes), None, "{bytes:X?}");
        }
    }

    #[test]
    fn the_fast_path_writes_whole_sequences_up_to_the_first_other_byte() {
        let mut out = [0u16; 8];
        let mut dst = Utf16Sink::new(&mut out);
        let src = b"\xC3\xA9\xE9\x9F\xB3\xF0\x9F\x98\x80a\xC3\xA9";
        assert_eq!(write_well_formed(src, 0, &mut dst), 9);
        assert_eq!(dst.written(), 4);
        assert_eq!(out[..4], [0xE9, 0x97F3, 0xD83D, 0xDE00]);
        let mut dst = Utf16Sink::new(&mut out);
        assert_eq!(write_well_formed(b"\xC3\xA9\xF0\x9F\x98", 0, &mut dst), 2);
        assert_eq!(write_well_formed(b"", 0, &mut dst), 0);
    }
}
