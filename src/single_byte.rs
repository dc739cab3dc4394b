//! Legacy single-byte encodings (<https://encoding.spec.whatwg.org/#legacy-single-byte-encodings>):
//! the shared single-byte decoder (<https://encoding.spec.whatwg.org/#single-byte-decoder>) and
//! encoder (<https://encoding.spec.whatwg.org/#single-byte-encoder>), each over the encoding's
//! index single-byte (<https://encoding.spec.whatwg.org/#index-single-byte>).

use std::sync::OnceLock;

use crate::encoding::Encoding;
use crate::handler::{encode_char_by_bmp, Encode};
use crate::handler::{Decode, DecoderResult};
use crate::sink::Sink;
use crate::tables::{FIRST_SINGLE_BYTE, SINGLE_BYTE_DELTAS, UNMAPPED};

/// How many single-byte encodings there are.
const COUNT: usize = SINGLE_BYTE_DELTAS.len();

/// The position of a single-byte encoding's table in `SINGLE_BYTE_DELTAS` (they are numbered in a
/// row).
fn slot(encoding: Encoding) -> usize {
    encoding as usize - FIRST_SINGLE_BYTE
}

/// Every byte's code point in a single-byte encoding (`UNMAPPED` for none), expanded from its index
/// single-byte's (<https://encoding.spec.whatwg.org/#index-single-byte>) deltas the first time the
/// encoding is used.
fn table(encoding: Encoding) -> &'static [u16; 256] {
    static TABLES: [OnceLock<[u16; 256]>; COUNT] = [const { OnceLock::new() }; COUNT];
    let i = slot(encoding);
    TABLES[i].get_or_init(|| {
        let mut table = [0u16; 256];
        for (byte, c) in (0u16..).zip(&mut table) {
            *c = byte;
        }
        for ((byte, c), delta) in (0x80u16..)
            .zip(&mut table[0x80..])
            .zip(&SINGLE_BYTE_DELTAS[i])
        {
            *c = byte.wrapping_add(*delta);
        }
        table
    })
}

/// The single-byte decoder (<https://encoding.spec.whatwg.org/#single-byte-decoder>) is stateless;
/// it holds its table of every byte's code point.
#[derive(Clone, Debug)]
pub(crate) struct SingleByteDecoder {
    table: &'static [u16; 256],
}

impl SingleByteDecoder {
    pub(crate) fn new(encoding: Encoding) -> Self {
        SingleByteDecoder {
            table: table(encoding),
        }
    }
}

impl Decode for SingleByteDecoder {
    fn decode<S: Sink>(&mut self, src: &[u8], dst: &mut S, _last: bool) -> (DecoderResult, usize) {
        // ASCII bytes and mapped bytes in one lookup each
        // (https://encoding.spec.whatwg.org/#single-byte-decoder steps 2–5).
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

/// The single-byte encoder (<https://encoding.spec.whatwg.org/#single-byte-encoder>) is stateless;
/// it holds the byte for every code unit of the Basic Multilingual Plane (ASCII as itself, then the
/// index pointer + 0x80), so encoding is one load per code unit. 0 is no byte: U+0000 and the
/// unmapped (mapped bytes are >= 0x80).
#[derive(Clone, Debug)]
pub(crate) struct SingleByteEncoder {
    bytes: &'static [u8; 0x10000],
}

impl SingleByteEncoder {
    /// Whole words of eight code units of `src` into `dst` (as long as `src`): their bytes gathered
    /// into a word, stored if none is 0. Returns how many units, up to the first word with a unit
    /// that has no byte.
    #[inline(always)]
    fn encode_words(&self, src: &[u16], dst: &mut [u8]) -> usize {
        let mut i = 0;
        for (units, out) in src.chunks_exact(8).zip(dst.chunks_exact_mut(8)) {
            let word = units.iter().enumerate().fold(0u64, |w, (k, &u)| {
                w | u64::from(self.bytes[usize::from(u)]) << (8 * k)
            });
            if has_zero_byte(word) {
                break;
            }
            out.copy_from_slice(&word.to_le_bytes());
            i += 8;
        }
        i
    }

    pub(crate) fn new(encoding: Encoding) -> Self {
        static BYTES: [OnceLock<Box<[u8; 0x10000]>>; COUNT] = [const { OnceLock::new() }; COUNT];
        let bytes = BYTES[slot(encoding)].get_or_init(|| {
            let mut bytes = Box::new([0u8; 0x10000]);
            for b in 1..0x80u8 {
                bytes[usize::from(b)] = b;
            }
            // Backwards, so that the first pointer for a code point wins (index pointer,
            // https://encoding.spec.whatwg.org/#index-pointer).
            for byte in (0x80..=0xFFu8).rev() {
                let c = table(encoding)[usize::from(byte)];
                if c != UNMAPPED {
                    bytes[usize::from(c)] = byte;
                }
            }
            bytes
        });
        SingleByteEncoder { bytes }
    }
}

/// Whether one of the eight bytes of `word` is 0.
#[inline(always)]
fn has_zero_byte(word: u64) -> bool {
    const LOW: u64 = 0x0101_0101_0101_0101;
    word.wrapping_sub(LOW) & !word & (LOW << 7) != 0
}

impl Encode for SingleByteEncoder {
    #[inline]
    fn encode_char(&mut self, c: char, out: &mut [u8]) -> Result<usize, usize> {
        encode_char_by_bmp(self, c, out)
    }

    const BULK: bool = true;

    /// The byte for `c` (<https://encoding.spec.whatwg.org/#single-byte-encoder> steps 2–5), or 0.
    #[inline(always)]
    fn encode_bmp(&self, c: u16) -> u16 {
        u16::from(self.bytes[usize::from(c)])
    }

    /// Eight code units at a time (see [`SingleByteEncoder::encode_words`]), then one at a time.
    fn encode_utf16_run(&mut self, src: &[u16], dst: &mut [u8]) -> (usize, usize) {
        let n = src.len().min(dst.len());
        let (src, dst) = (&src[..n], &mut dst[..n]);
        let mut i = self.encode_words(src, dst);
        while i < n {
            let b = self.bytes[usize::from(src[i])];
            if b == 0 {
                break;
            }
            dst[i] = b;
            i += 1;
        }
        (i, i)
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
        assert_eq!(
            (t[0xA1], t[0xE0], t[0xFD], t[0xFF]),
            (UNMAPPED, 0x05D0, 0x200E, UNMAPPED)
        );
        assert!(core::ptr::eq(
            table(Encoding::Iso8859_8I),
            table(Encoding::Iso8859_8I)
        ));
        assert_eq!(table(Encoding::Iso8859_8I), t);
    }

    /// The bulk path encodes every unit up to the first it cannot (U+0000 or unmapped), however it
    /// falls across its words of eight; the caller's slow path does the rest. (It only ever
    /// reporting less would go unseen in the output: this is what sees it.)
    #[test]
    fn the_bulk_run_stops_only_at_a_unit_without_a_byte() {
        // windows-1252: € is 0x80, é 0xE9; U+0100 has no byte.
        let mut e = SingleByteEncoder::new(Encoding::Windows1252);
        let text: Vec<u16> = "a€é".repeat(7).encode_utf16().collect();
        for stop in 0..=text.len() {
            let mut src = text.clone();
            if stop < src.len() {
                src[stop] = 0x100;
            }
            let mut dst = [0u8; 32];
            assert_eq!(
                e.encode_utf16_run(&src, &mut dst),
                (stop, stop),
                "stop {stop}"
            );
            let expected: Vec<u8> = text[..stop]
                .iter()
                .map(|&u| match u {
                    0x20AC => 0x80,
                    0xE9 => 0xE9,
                    u => u as u8,
                })
                .collect();
            assert_eq!(&dst[..stop], &expected[..]);
        }
        // A zero byte in any lane of a word, and no other, is one.
        for lane in 0..8 {
            assert!(has_zero_byte(!(0xFFu64 << (8 * lane))));
        }
        assert!(!has_zero_byte(0x8001_0203_0405_06FF));
        // The words alone: every whole word before the one with U+0100.
        for stop in 0..=text.len() {
            let mut src = text.clone();
            if stop < src.len() {
                src[stop] = 0x100;
            }
            let mut dst = [0u8; 21];
            assert_eq!(e.encode_words(&src, &mut dst), stop / 8 * 8, "stop {stop}");
            assert_eq!(
                dst[..stop / 8 * 8],
                [0x61, 0x80, 0xE9].repeat(8)[..stop / 8 * 8]
            );
        }
    }
}
