//! Legacy multi-byte Chinese (traditional) encodings
//! (<https://encoding.spec.whatwg.org/#legacy-multi-byte-chinese-(traditional)-encodings>): Big5's
//! decoder (<https://encoding.spec.whatwg.org/#big5-decoder>) and encoder
//! (<https://encoding.spec.whatwg.org/#big5-encoder>), over index Big5
//! (<https://encoding.spec.whatwg.org/#index-big5>) and the index Big5 pointer
//! (<https://encoding.spec.whatwg.org/#index-big5-pointer>).

use std::fmt;
use std::sync::OnceLock;

use crate::handler::{pack_reverse, write_packed, BmpTable, Encode};
use crate::handler::{Decode, DecoderResult, Pending};
use crate::sink::Sink;
use crate::tables;

/// The pointer of a leading byte and `byte` (<https://encoding.spec.whatwg.org/#big5-decoder>), or
/// `None` if `byte` cannot trail.
#[inline(always)]
fn pointer(leading: u8, byte: u8) -> Option<usize> {
    match TRAIL_COLUMN[usize::from(byte)] {
        0xFF => None,
        column => Some(usize::from(leading - 0x81) * 157 + usize::from(column)),
    }
}

/// `byte − offset` for each byte that may trail (<https://encoding.spec.whatwg.org/#big5-decoder>),
/// 0xFF for the others.
const TRAIL_COLUMN: [u8; 256] = {
    let mut table = [0xFF; 256];
    let mut byte = 0x40;
    while byte <= 0xFE {
        match byte {
            0x40..=0x7E => table[byte] = (byte - 0x40) as u8,
            0xA1..=0xFE => table[byte] = (byte - 0x62) as u8,
            _ => {}
        }
        byte += 1;
    }
    table
};

/// The pointers that decode to two code points (<https://encoding.spec.whatwg.org/#big5-decoder>),
/// which an index cannot hold.
fn two_code_points(pointer: usize) -> Option<[u16; 2]> {
    match pointer {
        1133 => Some([0x00CA, 0x0304]),
        1135 => Some([0x00CA, 0x030C]),
        1164 => Some([0x00EA, 0x0304]),
        1166 => Some([0x00EA, 0x030C]),
        _ => None,
    }
}

/// Big5's decoder (<https://encoding.spec.whatwg.org/#big5-decoder>): Big5 leading (0x00 = unset).
#[derive(Clone, Debug, Default)]
pub(crate) struct Big5Decoder {
    leading: u8,
}

impl Decode for Big5Decoder {
    fn pending(&self) -> Option<Pending> {
        Some(Pending::of(
            &[self.leading][..usize::from(self.leading != 0)],
        ))
    }

    fn decode<S: Sink>(&mut self, src: &[u8], dst: &mut S, last: bool) -> (DecoderResult, usize) {
        let index = tables::big5();
        let mut i = 0;
        loop {
            if self.leading == 0 {
                i += fast_path(index, &src[i..], dst);
            }
            if !dst.has_room() {
                return (DecoderResult::OutputFull, i);
            }
            let Some(&byte) = src.get(i) else {
                if last && self.leading != 0 {
                    self.leading = 0;
                    return (DecoderResult::Malformed, i);
                }
                return (DecoderResult::InputEmpty, i);
            };
            i += 1;
            if self.leading != 0 {
                let leading = self.leading;
                self.leading = 0;
                let pointer = pointer(leading, byte);
                if let Some([a, b]) = pointer.and_then(two_code_points) {
                    dst.write_bmp(a);
                    dst.write_bmp(b);
                    continue;
                }
                if let Some(c) = pointer.and_then(|p| tables::code_point(index, p)) {
                    dst.write_scalar(c);
                    continue;
                }
                // An ASCII byte is restored to the queue: it is this call's, so it is left unread.
                if byte < 0x80 {
                    i -= 1;
                }
                return (DecoderResult::Malformed, i);
            }
            match byte {
                0x00..=0x7F => dst.write_ascii(byte),
                0x81..=0xFE => self.leading = byte,
                _ => return (DecoderResult::Malformed, i),
            }
        }
    }
}

/// Decodes ASCII runs and whole two-byte sequences of index Big5 from the initial state, exactly as
/// the handler would, while there is room; returns the bytes read. Stops before anything else.
#[inline(always)]
fn fast_path<S: Sink>(index: &[u32], src: &[u8], dst: &mut S) -> usize {
    let mut i = 0;
    while dst.has_room() {
        let Some(&leading) = src.get(i) else { break };
        if leading < 0x80 {
            i += dst.copy_ascii(&src[i..]);
            continue;
        }
        if !(0x81..=0xFE).contains(&leading) {
            break;
        }
        let Some(&byte) = src.get(i + 1) else { break };
        // The two-code-point pointers have no index code point, so they go to the handler.
        let Some(c) = pointer(leading, byte).and_then(|p| tables::code_point(index, p)) else {
            break;
        };
        dst.write_scalar(c);
        i += 2;
    }
    i
}

/// The encoder's view of index Big5 (the index Big5 pointer,
/// <https://encoding.spec.whatwg.org/#index-big5-pointer>): pointers below (0xA1 - 0x81) × 157
/// excluded, the first pointer of each code point except the last for the six the standard names.
struct Reverse {
    /// The packed bytes for each BMP code point (ASCII as itself), or 0.
    bmp: Box<BmpTable>,
    /// (code point, pointer) for the code points beyond the BMP, sorted.
    astral: Box<[(u32, u16)]>,
}

impl fmt::Debug for Reverse {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Reverse").finish_non_exhaustive()
    }
}

/// Pointers below this are Hong Kong Supplementary Character Set extensions, not encoded.
const FIRST_ENCODED_POINTER: usize = (0xA1 - 0x81) * 157;

/// The code points whose *last* pointer is the index Big5 pointer.
const LAST_POINTER_CODE_POINTS: [u32; 6] = [0x2550, 0x255E, 0x2561, 0x256A, 0x5341, 0x5345];

fn reverse() -> &'static Reverse {
    static REVERSE: OnceLock<Reverse> = OnceLock::new();
    REVERSE.get_or_init(|| {
        let index = tables::big5();
        let mut bmp = tables::reverse_bmp(index, |p| p >= FIRST_ENCODED_POINTER);
        let mut astral = Vec::new();
        for (pointer, &c) in index.iter().enumerate().skip(FIRST_ENCODED_POINTER) {
            let p = u16::try_from(pointer).expect("Big5 pointers fit in 16 bits");
            if LAST_POINTER_CODE_POINTS.contains(&c) {
                bmp[c as usize] = p + 1;
            } else if c >= 0x10000 {
                // Sorted insertion (291 entries) keeps the first pointer, with no sort's code.
                if let Err(at) = astral.binary_search_by_key(&c, |&(c, _)| c) {
                    astral.insert(at, (c, p));
                }
            }
        }
        Reverse {
            bmp: pack_reverse(bmp, true, bytes),
            astral: astral.into_boxed_slice(),
        }
    })
}

/// Big5's encoder (<https://encoding.spec.whatwg.org/#big5-encoder>): no state, only the reverse
/// map, built by the first encoder.
#[derive(Clone, Debug)]
pub(crate) struct Big5Encoder {
    reverse: &'static Reverse,
}

impl Default for Big5Encoder {
    fn default() -> Self {
        Big5Encoder { reverse: reverse() }
    }
}

impl Encode for Big5Encoder {
    fn encode_char(&mut self, c: char, out: &mut [u8]) -> Result<usize, usize> {
        let code_point = u32::from(c);
        if code_point < 0x80 {
            out[0] = code_point as u8;
            return Ok(1);
        }
        if let Ok(c) = u16::try_from(code_point) {
            return match self.encode_bmp(c) {
                0 => Err(0),
                packed => Ok(write_packed(packed, out)),
            };
        }
        let astral = &self.reverse.astral;
        let i = astral
            .binary_search_by_key(&code_point, |&(c, _)| c)
            .map_err(|_| 0usize)?;
        Ok(write_packed(bytes(astral[i].1), out))
    }

    const BULK: bool = true;

    #[inline(always)]
    fn encode_bmp(&self, c: u16) -> u16 {
        self.reverse.bmp[usize::from(c)]
    }
}

/// The two bytes for an index Big5 pointer (<https://encoding.spec.whatwg.org/#big5-encoder> steps
/// 5–8), packed.
#[inline(always)]
fn bytes(pointer: u16) -> u16 {
    let (leading, trailing) = (pointer / 157 + 0x81, pointer % 157);
    let offset = if trailing < 0x3F { 0x40 } else { 0x62 };
    leading << 8 | (trailing + offset)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sink::Utf16Sink;

    // Worked by hand from https://encoding.spec.whatwg.org/#big5-decoder and index-big5.txt: A4 40
    // is pointer (0xA4 − 0x81) × 157 + 0x40 − 0x40 = 5495, U+4E00; 87 40 is pointer 942, U+43F0 (a
    // Hong Kong extension, decoded); 88 62 is pointer 1133, one of the four pointers the handler
    // turns into two code points (none in the index). The decoder's own tests cannot see the fast
    // path: where it does nothing, the decoder's steps give the same output.
    #[test]
    fn the_fast_path_writes_ascii_and_indexed_pairs() {
        let index = tables::big5();
        let mut out = [0u16; 16];
        let mut dst = Utf16Sink::new(&mut out);
        assert_eq!(
            fast_path(index, b"ab\xA4\x40c\x87\x40\x88\x62", &mut dst),
            7
        );
        assert_eq!(dst.written(), 5);
        assert_eq!(out[..5], [0x61, 0x62, 0x4E00, 0x63, 0x43F0]);
        let stops: [&[u8]; 7] = [
            b"",
            b"\x80",
            b"\xFF",
            b"\xA4",
            b"\xA4\x30",
            b"\xA4\x7F",
            b"\x88\x62",
        ];
        for src in stops {
            let mut dst = Utf16Sink::new(&mut out);
            assert_eq!(fast_path(index, src, &mut dst), 0, "{src:X?}");
        }
    }

    // The encoder's table shows as its name only (a derived Debug would print 65,536 entries).
    #[test]
    fn the_reverse_index_debugs_as_its_name() {
        assert_eq!(format!("{:?}", reverse()), "Reverse { .. }");
    }
}
