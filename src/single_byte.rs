//! § 9 Legacy single-byte encodings: the shared single-byte decoder (§ 9.1) and encoder (§ 9.2),
//! each over the encoding's index single-byte.

use std::sync::OnceLock;

use crate::decoder::{Decode, DecoderResult};
use crate::encoder::Encode;
use crate::encoding::Encoding;
use crate::sink::Sink;
use crate::tables::SINGLE_BYTE;

/// The position of a single-byte encoding's index in `SINGLE_BYTE` (they follow UTF-8).
fn slot(encoding: Encoding) -> usize {
    let i = encoding as usize - 1;
    assert!(i < SINGLE_BYTE.len(), "{encoding:?} is not a single-byte encoding");
    i
}

/// The single-byte decoder is stateless; it holds its index.
#[derive(Clone, Debug)]
pub(crate) struct SingleByteDecoder {
    index: &'static [u16; 128],
}

impl SingleByteDecoder {
    pub(crate) fn new(encoding: Encoding) -> Self {
        SingleByteDecoder { index: &SINGLE_BYTE[slot(encoding)] }
    }
}

impl Decode for SingleByteDecoder {
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
                continue;
            }
            match self.index[usize::from(byte - 0x80)] {
                0 => return (DecoderResult::Malformed, i),
                c => dst.write_bmp(c),
            }
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
            let mut pairs: Vec<(u16, u8)> = (0u8..128)
                .filter(|&p| SINGLE_BYTE[i][usize::from(p)] != 0)
                .map(|p| (SINGLE_BYTE[i][usize::from(p)], p + 0x80))
                .collect();
            pairs.sort_by_key(|&(c, _)| c); // stable: the first pointer stays first
            pairs.dedup_by_key(|&mut (c, _)| c);
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
