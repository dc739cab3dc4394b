//! § 9 Legacy single-byte encodings: the shared single-byte decoder (§ 9.1) and encoder (§ 9.2),
//! each over the encoding's index single-byte.

use std::sync::OnceLock;

use crate::decoder::{Decode, DecoderResult};
use crate::encoder::Encode;
use crate::encoding::Encoding;
use crate::sink::Sink;
use crate::tables::{SINGLE_BYTE, UNMAPPED};

/// The position of a single-byte encoding's table in `SINGLE_BYTE` (they follow UTF-8).
fn slot(encoding: Encoding) -> usize {
    encoding as usize - 1
}

/// The single-byte decoder is stateless; it holds its table of every byte's code point.
#[derive(Clone, Debug)]
pub(crate) struct SingleByteDecoder {
    table: &'static [u16; 256],
}

impl SingleByteDecoder {
    pub(crate) fn new(encoding: Encoding) -> Self {
        SingleByteDecoder { table: &SINGLE_BYTE[slot(encoding)] }
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

/// The single-byte encoder is stateless; it holds its index's (code point, byte) pairs sorted by
/// code point, keeping the first pointer for a code point, for a binary search.
#[derive(Clone, Debug)]
pub(crate) struct SingleByteEncoder {
    reverse: &'static [(u16, u8)],
}

impl SingleByteEncoder {
    pub(crate) fn new(encoding: Encoding) -> Self {
        static REVERSE: [OnceLock<Box<[(u16, u8)]>>; 28] = [const { OnceLock::new() }; 28];
        let i = slot(encoding);
        let reverse = REVERSE[i].get_or_init(|| {
            let mut pairs: Vec<(u16, u8)> = Vec::with_capacity(128);
            for byte in 0x80..=0xFF {
                let c = SINGLE_BYTE[i][usize::from(byte)];
                // Insertion keeps the first pointer for a code point (index pointer, § 5).
                if let (Err(at), false) = (pairs.binary_search_by_key(&c, |&(c, _)| c), c == UNMAPPED) {
                    pairs.insert(at, (c, byte));
                }
            }
            pairs.into_boxed_slice()
        });
        SingleByteEncoder { reverse }
    }
}

impl Encode for SingleByteEncoder {
    #[inline]
    fn encode_char(&mut self, c: char, out: &mut [u8]) -> Result<usize, usize> {
        let c = u32::from(c);
        if c < 0x80 {
            out[0] = c as u8;
            return Ok(1);
        }
        let c = u16::try_from(c).map_err(|_| 0usize)?;
        match self.reverse.binary_search_by_key(&c, |&(cp, _)| cp) {
            Ok(i) => {
                out[0] = self.reverse[i].1;
                Ok(1)
            }
            Err(_) => Err(0),
        }
    }
}
