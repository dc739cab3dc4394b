//! Legacy multi-byte Korean encodings
//! (<https://encoding.spec.whatwg.org/#legacy-multi-byte-korean-encodings>): EUC-KR's decoder
//! (<https://encoding.spec.whatwg.org/#euc-kr-decoder>) and encoder
//! (<https://encoding.spec.whatwg.org/#euc-kr-encoder>), over index EUC-KR
//! (<https://encoding.spec.whatwg.org/#index-euc-kr>).

use std::sync::OnceLock;

use crate::handler::{encode_char_by_bmp, pack_reverse, BmpTable, Encode};
use crate::handler::{Decode, DecoderResult, Pending};
use crate::sink::Sink;
use crate::tables;

/// The two bytes of an index EUC-KR pointer, leading << 8 | trailing
/// (<https://encoding.spec.whatwg.org/#euc-kr-encoder> steps 5–6): the one pair of a leading byte
/// and a byte 0x41..=0xFE for which the decoder computes that pointer
/// (<https://encoding.spec.whatwg.org/#euc-kr-decoder> step 3.4).
fn pointer_bytes(pointer: u16) -> u16 {
    (pointer / 190 + 0x81) << 8 | (pointer % 190 + 0x41)
}

/// Entries in [`pairs`]: a row of 256 for every byte 0x80..=0xFF.
const PAIRS_LEN: usize = 128 * 256;

/// The code point of every pair of a byte 0x80..=0xFF and a byte, laid out as a
/// [`tables::lead_trail_table`], 0 for an error, built once from index EUC-KR. Rows 0x80 and
/// 0xFF, bytes that are no leading byte, are all errors: so any byte ≥ 0x80 indexes it with no
/// range check.
fn pairs() -> &'static [u16] {
    static PAIRS: OnceLock<Box<[u16]>> = OnceLock::new();
    PAIRS.get_or_init(|| {
        let mut pairs = vec![0; PAIRS_LEN].into_boxed_slice();
        for (pointer, &c) in (0..).zip(tables::euc_kr()) {
            pairs[usize::from(pointer_bytes(pointer) - 0x8000)] = c;
        }
        pairs
    })
}

/// The code point of the pair of a leading byte and a byte that `src` starts with, and the bytes
/// after them; `None` when `src` starts with no byte 0x80..=0xFF and another byte, or those two are
/// no pair of index EUC-KR (the handler's business: an error, or a byte held for the next call).
#[inline(always)]
fn valid_pair<'a>(pairs: &[u16], src: &'a [u8]) -> Option<(u16, &'a [u8])> {
    match src {
        [leading @ 0x80..=0xFF, byte, rest @ ..] => {
            match tables::lead_trail(pairs, leading - 0x80, *byte) {
                0 => None,
                c => Some((c, rest)),
            }
        }
        _ => None,
    }
}

/// EUC-KR decoder (<https://encoding.spec.whatwg.org/#euc-kr-decoder>): its state is EUC-KR
/// leading, 0x00 when no byte is held.
#[derive(Clone, Debug, Default)]
pub(crate) struct EucKrDecoder {
    leading: u8,
}

impl Decode for EucKrDecoder {
    fn pending(&self) -> Option<Pending> {
        Some(Pending::of(
            &[self.leading][..usize::from(self.leading != 0)],
        ))
    }

    fn decode<S: Sink>(&mut self, src: &[u8], dst: &mut S, last: bool) -> (DecoderResult, usize) {
        // Its length known here, a pair's lookup needs no bounds check.
        let pairs = &pairs()[..PAIRS_LEN];
        let mut i = 0;
        loop {
            if self.leading == 0 {
                // Fast path, valid only with no leading byte held: ASCII and whole valid pairs,
                // which the handler would turn into exactly these code points.
                while dst.has_room() {
                    match src.get(i..) {
                        Some(ascii @ [byte @ 0x00..=0x7F, rest @ ..]) => {
                            // Korean puts one space between words: a lone ASCII byte is
                            // written here, a run copied in bulk.
                            if let [0x00..=0x7F, ..] = rest {
                                i += dst.copy_ascii(ascii);
                            } else {
                                dst.write_ascii(*byte);
                                i += 1;
                            }
                        }
                        Some(rest) => {
                            let Some((c, rest)) = valid_pair(pairs, rest) else {
                                break;
                            };
                            dst.write_bmp(c);
                            i += 2;
                            // Korean words run pairs together: a second one in the same turn.
                            if let Some((c, _)) = valid_pair(pairs, rest) {
                                if dst.has_room() {
                                    dst.write_bmp(c);
                                    i += 2;
                                }
                            }
                        }
                        None => break,
                    }
                }
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
                let leading = std::mem::take(&mut self.leading);
                let c = tables::lead_trail(pairs, leading - 0x80, byte);
                if c != 0 {
                    dst.write_bmp(c);
                    continue;
                }
                // An ASCII byte is restored to the queue: left unread.
                return (
                    DecoderResult::Malformed,
                    if byte < 0x80 { i - 1 } else { i },
                );
            }
            match byte {
                0x00..=0x7F => dst.write_ascii(byte),
                0x81..=0xFE => self.leading = byte,
                _ => return (DecoderResult::Malformed, i),
            }
        }
    }
}

/// The encoder's bytes for each BMP code point (<https://encoding.spec.whatwg.org/#euc-kr-encoder>:
/// ASCII, then the index EUC-KR pointer as two bytes), packed, built the first time an EUC-KR
/// encoder is used.
fn reverse() -> &'static BmpTable {
    static REVERSE: OnceLock<Box<BmpTable>> = OnceLock::new();
    REVERSE.get_or_init(|| {
        let pointers = tables::reverse_bmp(tables::euc_kr(), |_| true);
        pack_reverse(pointers, true, pointer_bytes)
    })
}

/// EUC-KR encoder (<https://encoding.spec.whatwg.org/#euc-kr-encoder>): stateless; it holds the
/// reverse map.
#[derive(Clone, Debug)]
pub(crate) struct EucKrEncoder {
    reverse: &'static BmpTable,
}

impl Default for EucKrEncoder {
    fn default() -> Self {
        EucKrEncoder { reverse: reverse() }
    }
}

impl Encode for EucKrEncoder {
    #[inline]
    fn encode_char(&mut self, c: char, out: &mut [u8]) -> Result<usize, usize> {
        encode_char_by_bmp(self, c, out)
    }

    const BULK: bool = true;

    /// Index EUC-KR has only BMP code points: one lookup.
    #[inline(always)]
    fn encode_bmp(&self, c: u16) -> u16 {
        self.reverse[usize::from(c)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // The fast path's pairs, worked by hand: https://encoding.spec.whatwg.org/#euc-kr-decoder
    // step 3.4's pointer (leading − 0x81) × 190 + (byte − 0x41), looked up in index-euc-kr.txt.
    // The decoder's own tests cannot see a fast path that finds no pair: its steps give the same.
    #[test]
    fn valid_pairs_are_those_of_index_euc_kr() {
        let pairs = &pairs()[..PAIRS_LEN];
        let found: [(&[u8], u16, &[u8]); 4] = [
            (b"\x81\x41z", 0xAC02, b"z"),               // pointer 0
            (b"\x82\x41", 0xAD14, b""),                 // 190
            (b"\xB0\xA1\xB0\xA1", 0xAC00, b"\xB0\xA1"), // 9026
            (b"\xFD\xFE", 0x8A70, b""),                 // 23749, the last
        ];
        for (src, c, rest) in found {
            assert_eq!(valid_pair(pairs, src), Some((c, rest)), "{src:X?}");
        }
        let not: [&[u8]; 8] = [
            b"",
            b"\x81",
            b"A\x41",
            b"\x80\x41",
            b"\x81\x40",
            b"\x81\x5B", // pointer 26: not in the index
            b"\xFE\xA1", // 23846: past the index
            b"\xFF\xA1",
        ];
        for src in not {
            assert_eq!(valid_pair(pairs, src), None, "{src:X?}");
        }
    }
}
