//! Legacy multi-byte Japanese encodings
//! (<https://encoding.spec.whatwg.org/#legacy-multi-byte-japanese-encodings>): EUC-JP, ISO-2022-JP
//! and Shift_JIS, and the reverse lookups their encoders share.

mod euc_jp;
mod iso_2022_jp;
mod shift_jis;

use std::sync::OnceLock;

use crate::handler::{pack_reverse, BmpTable};
use crate::tables;

pub(crate) use euc_jp::{EucJpDecoder, EucJpEncoder};
pub(crate) use iso_2022_jp::{Iso2022JpDecoder, Iso2022JpEncoder};
pub(crate) use shift_jis::{ShiftJisDecoder, ShiftJisEncoder};

/// The index code point (<https://encoding.spec.whatwg.org/#index-code-point>) for `pointer` in
/// index jis0208 (<https://encoding.spec.whatwg.org/#index-jis0208>), given the expanded table.
#[inline(always)]
fn jis0208_code_point(jis0208: &[u16], pointer: usize) -> Option<u16> {
    match jis0208.get(pointer) {
        Some(0) | None => None,
        Some(&c) => Some(c),
    }
}

/// The index pointer (<https://encoding.spec.whatwg.org/#index-pointer>) for `code_point` in index
/// jis0208: the first pointer, or `None`. (Every code point of the index is in the Basic
/// Multilingual Plane.)
#[cfg(test)]
fn jis0208_pointer(code_point: char) -> Option<usize> {
    lookup(
        &tables::reverse_bmp(tables::jis0208(), |_| true),
        code_point as u32,
    )
}

/// The index Shift_JIS pointer for `code_point`
/// (<https://encoding.spec.whatwg.org/#index-shift_jis-pointer>): the index pointer in index
/// jis0208 excluding the entries whose pointer is in the range 8272 to 8835, inclusive.
#[cfg(test)]
fn shift_jis_pointer(code_point: char) -> Option<usize> {
    lookup(
        &tables::reverse_bmp(tables::jis0208(), |p| !(8272..=8835).contains(&p)),
        code_point as u32,
    )
}

/// Reads a [`tables::reverse_bmp`] map (1 + pointer, 0 = none).
#[cfg(test)]
fn lookup(reverse: &[u16], code_point: u32) -> Option<usize> {
    match reverse.get(code_point as usize) {
        Some(0) | None => None,
        Some(&p) => Some(usize::from(p) - 1),
    }
}

/// The EUC-JP encoder's bytes for each BMP code point
/// (<https://encoding.spec.whatwg.org/#euc-jp-encoder>), packed, built once: ASCII, U+00A5, U+203E,
/// halfwidth katakana, U+2212 as U+FF0D, then index jis0208's pointer as two bytes from 0xA1.
/// ISO-2022-JP's encoder reads its jis0208 bytes from here too.
fn euc_jp_bytes() -> &'static BmpTable {
    static BYTES: OnceLock<Box<BmpTable>> = OnceLock::new();
    BYTES.get_or_init(|| {
        let pointers = tables::reverse_bmp(tables::jis0208(), |_| true);
        // The pointer is less than 8836, so both bytes are at most 0xFE.
        let mut bytes = pack_reverse(pointers, true, |pointer| {
            (pointer / 94 + 0xA1) << 8 | (pointer % 94 + 0xA1)
        });
        bytes[0xA5] = 0x5C;
        bytes[0x203E] = 0x7E;
        for c in 0xFF61..=0xFF9F {
            bytes[c] = 0x8E00 | (c - 0xFF61 + 0xA1) as u16;
        }
        bytes[0x2212] = bytes[0xFF0D];
        bytes
    })
}

/// The Shift_JIS encoder's bytes for each BMP code point
/// (<https://encoding.spec.whatwg.org/#shift_jis-encoder>), packed, built once.
fn shift_jis_bytes() -> &'static BmpTable {
    static BYTES: OnceLock<Box<BmpTable>> = OnceLock::new();
    BYTES.get_or_init(|| {
        let pointers = tables::reverse_bmp(tables::jis0208(), |p| !(8272..=8835).contains(&p));
        let mut bytes = pack_reverse(pointers, true, |pointer| {
            let leading = pointer / 188;
            let leading_offset = if leading < 0x1F { 0x81 } else { 0xC1 };
            let trailing = pointer % 188;
            let offset = if trailing < 0x3F { 0x40 } else { 0x41 };
            (leading + leading_offset) << 8 | (trailing + offset)
        });
        // Steps 2–5 come before the pointer: U+0080, U+00A5, U+203E, halfwidth katakana, and
        // U+2212 as U+FF0D.
        bytes[0x80] = 0x80;
        bytes[0xA5] = 0x5C;
        bytes[0x203E] = 0x7E;
        for c in 0xFF61..=0xFF9F {
            bytes[c] = (c - 0xFF61 + 0xA1) as u16;
        }
        bytes[0x2212] = bytes[0xFF0D];
        bytes
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Spot checks against lines of index-jis0208.txt.
    #[test]
    fn pointers_follow_the_index_file() {
        // "0	0x3000" is the first line; U+FF0D ("60	0xFF0D") is where U+2212 goes.
        assert_eq!(jis0208_pointer('\u{3000}'), Some(0));
        assert_eq!(jis0208_pointer('\u{FF0D}'), Some(60));
        // U+2252 is at 159 and 1207: the first pointer wins.
        assert_eq!(jis0208_pointer('\u{2252}'), Some(159));
        // U+2170 is at 8634 (excluded for Shift_JIS) and 10716; U+FFE2 at 137, 8644 and 10736.
        assert_eq!(jis0208_pointer('\u{2170}'), Some(8634));
        assert_eq!(shift_jis_pointer('\u{2170}'), Some(10716));
        assert_eq!(shift_jis_pointer('\u{FFE2}'), Some(137));
        // U+7E8A is at 8272 (excluded for Shift_JIS) and later in the IBM extensions.
        assert_eq!(jis0208_pointer('\u{7E8A}'), Some(8272));
        assert_eq!(shift_jis_pointer('\u{7E8A}'), Some(10744));
        assert_eq!(jis0208_pointer('\u{E000}'), None);
        assert_eq!(jis0208_pointer('\u{1F600}'), None);
    }
}
