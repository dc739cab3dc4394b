//! The contract between the decoder and encoder drivers (decoder.rs, encoder.rs) and each
//! family's handlers (<https://encoding.spec.whatwg.org/#handler>), with the helpers the handlers
//! share: a leaf module, so that the families import nothing that imports them back.

use crate::sink::Sink;

/// Why a decode call returned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DecoderResult {
    /// All input was consumed. After a `last` call this also means the end of the queue was
    /// processed without error and the decoder is back in its initial state.
    InputEmpty,
    /// The output buffer has no room for another step; call again with more room.
    OutputFull,
    /// The handler returned error. `read` counts the bytes consumed up to it (bytes the standard
    /// restores to the queue are not counted, or are kept by the decoder if they came from an
    /// earlier call). Call again with the rest of the input to go on.
    Malformed,
}

/// One family's decoder handler, run over a chunk of input.
///
/// Contract: process `src` in order, calling `dst.has_room()` before every handler step (the
/// end-of-queue step included) and returning `OutputFull` when it is false; return `Malformed` at
/// each error, with no U+FFFD written; when `last` is true and the input is used up, process
/// end-of-queue: an error there resets the state and returns `Malformed` (with all of `src` read
/// but bytes the handler restores), so a `last` call on the rest ends with `InputEmpty`.
pub(crate) trait Decode {
    fn decode<S: Sink>(&mut self, src: &[u8], dst: &mut S, last: bool) -> (DecoderResult, usize);

    /// The bytes the decoder's state holds between calls: those read since it was last in its
    /// initial state, which read again from the initial state give this state back. True of every
    /// decoder but ISO-2022-JP's and replacement's, which `Decoder::save` packs otherwise.
    /// `None` while it holds bytes the handler restored to the queue.
    fn pending(&self) -> Option<Pending> {
        Some(Pending::default())
    }
}

/// Up to three bytes a decoder's state holds (see [`Decode::pending`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Pending {
    pub(crate) bytes: [u8; 3],
    pub(crate) len: u8,
}

impl Pending {
    /// `bytes`, the first three of them at most (no decoder holds more).
    pub(crate) fn of(bytes: &[u8]) -> Pending {
        let mut p = Pending::default();
        for &b in bytes.iter().take(3) {
            p.bytes[usize::from(p.len)] = b;
            p.len += 1;
        }
        p
    }

    /// As a number below 2^[`PENDING_BITS`]: the length in bits 0–1, then the bytes.
    pub(crate) fn pack(self) -> u32 {
        let [a, b, c] = self.bytes.map(u32::from);
        u32::from(self.len) | a << 2 | b << 10 | c << 18
    }

    pub(crate) fn unpack(saved: u32) -> Option<Pending> {
        (saved < 1 << PENDING_BITS).then_some(Pending {
            bytes: [(saved >> 2) as u8, (saved >> 10) as u8, (saved >> 18) as u8],
            len: (saved & 3) as u8,
        })
    }
}

/// [`Pending::pack`]'s numbers are below 2^PENDING_BITS.
pub(crate) const PENDING_BITS: u32 = 26;

/// Room every encode step is given: ISO-2022-JP's longest, an escape sequence then `&#1114111;`.
pub(crate) const MAX_STEP: usize = 16;

/// Which ASCII code points an encoder, in its current state, encodes as their own byte.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum AsciiRun {
    /// None (UTF-16, ISO-2022-JP outside its ASCII state).
    None,
    /// All of them.
    All,
    /// All but U+000E, U+000F and U+001B (ISO-2022-JP's ASCII state, where they are errors).
    AllButShiftsAndEscape,
}

/// One family's encoder handler.
pub(crate) trait Encode {
    /// Encodes one scalar value into `out`, which has at least [`MAX_STEP`] bytes. `Ok(n)`: `n`
    /// bytes written. `Err(n)`: the handler returned error for this code point after writing `n`
    /// bytes (ISO-2022-JP's switch back to ASCII).
    fn encode_char(&mut self, c: char, out: &mut [u8]) -> Result<usize, usize>;

    /// End-of-queue: writes what the handler emits before finished (ISO-2022-JP's switch back to
    /// ASCII) into `out` (at least [`MAX_STEP`] bytes) and returns how many bytes.
    fn finish(&mut self, _out: &mut [u8]) -> usize {
        0
    }

    /// Which ASCII code points now encode as their own byte, so runs of them may be copied.
    fn ascii_run(&self) -> AsciiRun {
        AsciiRun::All
    }

    /// The code point the handler's error for `c` is "with": `c`, except ISO-2022-JP's U+FFFD.
    fn error_code_point(&self, c: char) -> char {
        c
    }

    /// Whether [`Encode::encode_bmp`] is implemented, so runs of BMP code points may be encoded
    /// in bulk.
    const BULK: bool = false;

    /// The bytes for `c`, a BMP code point, if the handler encodes it as one or two bytes
    /// without changing state: one byte as itself (non-zero), two as `first << 8 | second`
    /// (first non-zero); 0 otherwise (an error, a state change, more bytes, a surrogate, or
    /// U+0000), for [`Encode::encode_char`] to handle.
    #[inline(always)]
    fn encode_bmp(&self, _c: u16) -> u16 {
        0
    }

    /// Encodes UTF-16 code units of `src` while [`Encode::encode_bmp`] maps each and they fit in
    /// `dst` (all of it may be filled). Returns (units read, bytes written). For [`Encode::BULK`]
    /// encoders; one may replace it by a faster loop with the same result and state, or one that
    /// also takes the handler's state changes (ISO-2022-JP's switches).
    #[inline(always)]
    fn encode_utf16_run(&mut self, src: &[u16], dst: &mut [u8]) -> (usize, usize) {
        // At most two bytes per code unit: room is checked once for the whole run.
        let src = &src[..src.len().min(dst.len() / 2)];
        let ascii = self.ascii_run() == AsciiRun::All;
        let (mut n, mut w) = (0, 0);
        // Eight units at a time, with no branch on each: a copy if all are ASCII (and ASCII
        // encodes as itself), else eight lookups, written if all map, four units' bytes (at
        // most eight) gathered into a word per store.
        while let Some(units) = src.get(n..n + 8) {
            if ascii {
                let (low, high) = (ascii_word(&units[..4]), ascii_word(&units[4..]));
                if let (Some(low), Some(high)) = (low, high) {
                    dst[w..w + 8]
                        .copy_from_slice(&(u64::from(high) << 32 | u64::from(low)).to_le_bytes());
                    n += 8;
                    w += 8;
                    continue;
                }
            }
            let packed: [u16; 8] = core::array::from_fn(|k| self.encode_bmp(units[k]));
            if packed.iter().fold(false, |zero, &p| zero | (p == 0)) {
                break;
            }
            // `dst` has two bytes of room per unit of `src`, so eight from each half's start.
            for half in packed.chunks_exact(4) {
                let (word, len) = gather_packed(half);
                dst[w..w + 8].copy_from_slice(&word.to_le_bytes());
                w += len;
            }
            n += 8;
        }
        // The rest, and the block with a unit that does not map, one at a time.
        while let Some(&u) = src.get(n) {
            let packed = self.encode_bmp(u);
            if packed == 0 {
                break;
            }
            w += write_packed_pair(packed, &mut dst[w..w + 2]);
            n += 1;
        }
        (n, w)
    }
}

/// Writes the bytes packed by [`Encode::encode_bmp`] (non-zero) into `out`, two bytes with no
/// branch (the second is overwritten next if there is one byte), and returns how many.
#[inline(always)]
fn write_packed_pair(packed: u16, out: &mut [u8]) -> usize {
    let two = packed > 0xFF;
    let word = if two { packed } else { packed << 8 };
    out.copy_from_slice(&word.to_be_bytes());
    1 + usize::from(two)
}

/// The bytes packed by [`Encode::encode_bmp`] for four code points (each non-zero), in order
/// from the low byte of a word, and how many.
#[inline(always)]
fn gather_packed(packed: &[u16]) -> (u64, usize) {
    packed.iter().fold((0, 0), |(word, len), &p| {
        let two = p > 0xFF;
        let bytes = if two { p.swap_bytes() } else { p };
        (
            word | u64::from(bytes) << (8 * len),
            len + 1 + usize::from(two),
        )
    })
}

/// The four bytes of four ASCII code units, or `None` if one is not ASCII.
#[inline(always)]
fn ascii_word(units: &[u16]) -> Option<u32> {
    const LANES: u64 = 0x0001_0001_0001_0001;
    let word = units
        .iter()
        .rev()
        .fold(0u64, |w, &u| w << 16 | u64::from(u));
    if word & (0xFF80 * LANES) != 0 {
        return None;
    }
    Some(
        ((word & 0xFF)
            | (word >> 8 & 0xFF00)
            | (word >> 16 & 0xFF_0000)
            | (word >> 24 & 0xFF00_0000)) as u32,
    )
}

/// Packed bytes for each BMP code point, as [`Encode::encode_bmp`] returns them.
#[cfg(multi_byte_indexes)]
pub(crate) type BmpTable = [u16; 0x10000];

/// Turns a reverse map from [`crate::tables::reverse_bmp`] (1 + pointer, or 0) into the packed
/// bytes of [`Encode::encode_bmp`] in place, by `bytes` of each pointer; ASCII (but U+0000,
/// which stays with the handler) maps to itself where `ascii`.
#[cfg(multi_byte_indexes)]
pub(crate) fn pack_reverse(
    reverse: Box<[u16]>,
    ascii: bool,
    bytes: impl Fn(u16) -> u16,
) -> Box<BmpTable> {
    let mut reverse: Box<BmpTable> = reverse.try_into().expect("a reverse map covers the BMP");
    for entry in reverse.iter_mut().filter(|e| **e != 0) {
        *entry = bytes(*entry - 1);
    }
    for c in 1..0x80u16 {
        reverse[usize::from(c)] = if ascii { c } else { 0 };
    }
    reverse
}

/// `encode_char` for a [`Encode::BULK`] encoder whose only non-ASCII mappings are `encode_bmp`'s.
#[cfg(any(feature = "lite", feature = "japanese", feature = "korean"))]
#[inline(always)]
pub(crate) fn encode_char_by_bmp<E: Encode>(
    enc: &E,
    c: char,
    out: &mut [u8],
) -> Result<usize, usize> {
    let c = u32::from(c);
    if c < 0x80 {
        out[0] = c as u8;
        return Ok(1);
    }
    match u16::try_from(c).map(|c| enc.encode_bmp(c)) {
        Ok(packed @ 1..) => Ok(write_packed(packed, out)),
        _ => Err(0),
    }
}

/// Writes the bytes packed by [`Encode::encode_bmp`] (non-zero) and returns how many.
#[inline(always)]
pub(crate) fn write_packed(packed: u16, out: &mut [u8]) -> usize {
    if packed < 0x100 {
        out[0] = packed as u8;
        1
    } else {
        out[..2].copy_from_slice(&packed.to_be_bytes());
        2
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// An encoder for the bulk path alone: ASCII but U+0000 as itself, é and ÿ as one byte each
    /// (0xE9, 0xFF), あ as two (0x82 0xA0), nothing else.
    pub(crate) struct Toy;

    impl Encode for Toy {
        fn encode_char(&mut self, _: char, _: &mut [u8]) -> Result<usize, usize> {
            unreachable!("the bulk path alone is tested")
        }
        const BULK: bool = true;
        fn encode_bmp(&self, c: u16) -> u16 {
            match c {
                0x01..=0x7F | 0xE9 | 0xFF => c,
                0x3042 => 0x82A0,
                _ => 0,
            }
        }
    }

    fn run(src: &[u16], room: usize) -> (usize, Vec<u8>) {
        let mut dst = vec![0; room];
        let (n, w) = Toy.encode_utf16_run(src, &mut dst);
        dst.truncate(w);
        (n, dst)
    }

    #[test]
    fn the_default_bulk_path_encodes_while_each_unit_maps() {
        let a: Vec<u16> = "abcdefghij".encode_utf16().collect();
        // Eight ASCII units as a word, then two one at a time.
        assert_eq!(run(&a, 64), (10, b"abcdefghij".to_vec()));
        // U+0000 is ASCII in a block of eight (copied as itself), not alone (the handler's).
        let with_nul = [0x61, 0, 0x62, 0x63, 0x64, 0x65, 0x66, 0x67, 0];
        assert_eq!(run(&with_nul, 64), (8, b"a\0bcdefg".to_vec()));
        // A block of eight lookups, one and two bytes each, then a unit that does not map.
        let mixed = [0x3042, 0x61, 0xE9, 0xFF, 0x3042, 0x3042, 0x62, 0x63, 0x4E00];
        let bytes = b"\x82\xA0a\xE9\xFF\x82\xA0\x82\xA0bc".to_vec();
        assert_eq!(run(&mixed, 64), (8, bytes));
        // Fewer than eight, one at a time: ÿ is one byte.
        assert_eq!(
            run(&[0xFF, 0x3042, 0xFF], 64),
            (3, b"\xFF\x82\xA0\xFF".to_vec())
        );
        // A block with a unit that does not map is done one unit at a time, up to it.
        let stopped = [0x61, 0x62, 0x63, 0x64, 0x65, 0x66, 0x67, 0x4E00, 0x61];
        assert_eq!(run(&stopped, 64), (7, b"abcdefg".to_vec()));
        // Two bytes of room a unit: 5 bytes take two units.
        assert_eq!(run(&a, 5), (2, b"ab".to_vec()));
        assert_eq!(
            run(&mixed, 17),
            (8, b"\x82\xA0a\xE9\xFF\x82\xA0\x82\xA0bc".to_vec())
        );
    }

    #[test]
    fn packed_bytes_are_one_byte_up_to_0xff() {
        let mut out = [0; 2];
        assert_eq!(write_packed_pair(0xFF, &mut out), 1);
        assert_eq!(out[0], 0xFF);
        assert_eq!(write_packed_pair(0x100, &mut out), 2);
        assert_eq!(out, [0x01, 0x00]);
        assert_eq!(
            gather_packed(&[0xFF, 0x82A0, 0x41, 0x100]),
            (0x0001_41A0_82FF, 6)
        );
        assert_eq!(gather_packed(&[0xFF; 4]), (0xFFFF_FFFF, 4));
        assert_eq!(write_packed(0xFF, &mut out), 1);
        assert_eq!(out, [0xFF, 0]);
        assert_eq!(write_packed(0x100, &mut out), 2);
        assert_eq!(out, [0x01, 0x00]);
    }

    #[test]
    fn ascii_words_are_four_ascii_units() {
        assert_eq!(ascii_word(&[0x61, 0x62, 0x63, 0x64]), Some(0x6463_6261));
        assert_eq!(ascii_word(&[0x7F, 0, 0x41, 0x20]), Some(0x2041_007F));
        for unit in [0x80, 0xFF, 0x100, 0x161, 0x3042, 0xFFFF] {
            for lane in 0..4 {
                let mut units = [0x61; 4];
                units[lane] = unit;
                assert_eq!(ascii_word(&units), None, "{unit:#X} in lane {lane}");
            }
        }
    }

    #[test]
    fn pending_numbers_are_below_2_to_the_pending_bits() {
        let p = Pending::of(&[0xFF, 0x80, 0x8E, 0x41]);
        assert_eq!(
            p,
            Pending {
                bytes: [0xFF, 0x80, 0x8E],
                len: 3
            }
        );
        // Length 3 in bits 0–1, then 0xFF, 0x80 and 0x8E eight bits each.
        assert_eq!(p.pack(), 3 | 0xFF << 2 | 0x80 << 10 | 0x8E << 18);
        assert_eq!(Pending::unpack(p.pack()), Some(p));
        let max = (1 << PENDING_BITS) - 1;
        assert_eq!(Pending::unpack(max).map(Pending::pack), Some(max));
        assert_eq!(Pending::unpack(1 << PENDING_BITS), None);
        assert_eq!(Pending::unpack(u32::MAX), None);
    }
}
