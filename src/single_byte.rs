//! § 9 Legacy single-byte encodings: the shared single-byte decoder (§ 9.1) and encoder (§ 9.2),
//! each over the encoding's index single-byte.

use std::sync::OnceLock;

use crate::decoder::{Decode, DecoderResult};
use crate::encoder::{encode_char_by_bmp, Encode};
use crate::encoding::Encoding;
use crate::sink::Sink;
use crate::tables::{SINGLE_BYTE_DELTAS, UNMAPPED};

/// The position of a single-byte encoding's table in `SINGLE_BYTE_DELTAS` (they follow UTF-8).
fn slot(encoding: Encoding) -> usize {
    encoding as usize - 1
}

/// Every byte's code point in a single-byte encoding (`UNMAPPED` for none), expanded from its
/// index's deltas the first time the encoding is used.
fn table(encoding: Encoding) -> &'static [u16; 256] {
    static TABLES: [OnceLock<[u16; 256]>; 28] = [const { OnceLock::new() }; 28];
    let i = slot(encoding);
    TABLES[i].get_or_init(|| {
        let mut table = [0u16; 256];
        for (byte, c) in (0u16..).zip(&mut table) {
            *c = byte;
        }
        for ((byte, c), delta) in (0x80u16..).zip(&mut table[0x80..]).zip(&SINGLE_BYTE_DELTAS[i]) {
            *c = byte.wrapping_add(*delta);
        }
        table
    })
}

/// The single-byte decoder is stateless; it holds its table of every byte's code point.
#[derive(Clone, Debug)]
pub(crate) struct SingleByteDecoder {
    table: &'static [u16; 256],
}

impl SingleByteDecoder {
    pub(crate) fn new(encoding: Encoding) -> Self {
        SingleByteDecoder { table: table(encoding) }
    }
}

impl Decode for SingleByteDecoder {
    fn decode<S: Sink>(&mut self, src: &[u8], dst: &mut S, _last: bool) -> (DecoderResult, usize) {
        // ASCII bytes and mapped bytes in one lookup each (§ 9.1 steps 2–5).
        let i = dst.write_mapped(src, self.table, UNMAPPED);
        if i == src.len() {
            (DecoderResult::InputEmpty, i)
        } else if !dst.has_room() {
            (DecoderResult::OutputFull, i)
        } else {
            // The index has no code point for this byte.
            (DecoderResult::Malformed, i + 1)
        }
    }
}

/// The single-byte encoder is stateless; it holds its index pointers by code point, in pages of
/// 256 code points (most encodings use a handful of pages), so the lookup is two loads.
#[derive(Clone, Debug)]
pub(crate) struct SingleByteEncoder {
    reverse: &'static Reverse,
}

/// `pages[c >> 8]` is 0 (no code point of that page is mapped) or 1 + the page's number in
/// `bytes`, where `bytes[page * 256 + (c & 0xFF)]` is the byte, or 0 (mapped bytes are >= 0x80).
#[derive(Debug)]
struct Reverse {
    pages: [u8; 256],
    bytes: Vec<u8>,
}

impl SingleByteEncoder {
    pub(crate) fn new(encoding: Encoding) -> Self {
        static REVERSE: [OnceLock<Reverse>; 28] = [const { OnceLock::new() }; 28];
        let reverse = REVERSE[slot(encoding)].get_or_init(|| {
            let mut r = Reverse { pages: [0; 256], bytes: Vec::new() };
            for byte in 0x80..=0xFFu8 {
                let c = table(encoding)[usize::from(byte)];
                if c == UNMAPPED {
                    continue;
                }
                let page = &mut r.pages[usize::from(c >> 8)];
                if *page == 0 {
                    r.bytes.resize(r.bytes.len() + 256, 0);
                    *page = (r.bytes.len() / 256) as u8;
                }
                let slot = &mut r.bytes[(usize::from(*page) - 1) * 256 + usize::from(c & 0xFF)];
                // The first pointer for a code point wins (index pointer, § 5).
                if *slot == 0 {
                    *slot = byte;
                }
            }
            r
        });
        SingleByteEncoder { reverse }
    }
}

impl Encode for SingleByteEncoder {
    #[inline]
    fn encode_char(&mut self, c: char, out: &mut [u8]) -> Result<usize, usize> {
        encode_char_by_bmp(self, c, out)
    }

    const BULK: bool = true;

    /// The index pointer's byte (§ 9.2 steps 3–5), or 0.
    #[inline(always)]
    fn encode_bmp(&self, c: u16) -> u16 {
        let r = self.reverse;
        match r.pages[usize::from(c >> 8)] {
            0 => 0,
            page => u16::from(r.bytes[(usize::from(page) - 1) * 256 + usize::from(c & 0xFF)]),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Lines of index-windows-1252.txt and index-iso-8859-8.txt, and ASCII.
    #[test]
    fn tables_expand_to_the_indexes() {
        let t = table(Encoding::Windows1252);
        assert_eq!((t[0x00], t[0x41], t[0x7F]), (0x00, 0x41, 0x7F));
        assert_eq!((t[0x80], t[0x81], t[0xFF]), (0x20AC, 0x81, 0xFF));
        let t = table(Encoding::Iso8859_8);
        assert_eq!((t[0xA1], t[0xE0], t[0xFD], t[0xFF]), (UNMAPPED, 0x05D0, 0x200E, UNMAPPED));
        assert!(core::ptr::eq(table(Encoding::Iso8859_8I), table(Encoding::Iso8859_8I)));
        assert_eq!(table(Encoding::Iso8859_8I), t);
    }
}
