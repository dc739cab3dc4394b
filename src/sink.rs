//! Where decoders write: a caller-provided buffer of UTF-16 code units or of UTF-8 bytes.
//!
//! Every decoder is generic over [`Sink`], so each is written once and compiled for both outputs.
//! A decoder checks [`Sink::has_room`] before each step of its handler; a step writes at most two
//! code points (Big5's two-code-point pointers), which is what `has_room` guarantees room for.

/// A decoder's output buffer.
pub trait Sink {
    /// Room for one handler step: two code points, or one U+FFFD after a `Malformed` return.
    fn has_room(&self) -> bool;
    /// Writes an ASCII byte as a code point.
    #[cfg(any(
        feature = "lite",
        feature = "chinese-traditional",
        feature = "japanese",
        feature = "korean"
    ))]
    fn write_ascii(&mut self, b: u8);
    /// Writes a code point of the Basic Multilingual Plane that is not a surrogate.
    fn write_bmp(&mut self, c: u16);
    /// Writes any scalar value.
    fn write_scalar(&mut self, c: u32);
    /// Copies the longest ASCII prefix of `src` that fits and returns its length.
    fn copy_ascii(&mut self, src: &[u8]) -> usize;
    /// Writes `table[b]` for the leading bytes `b` of `src` while it is not `unmapped` and room
    /// remains, and returns how many bytes it consumed. The table's code points are BMP scalars,
    /// and it maps every ASCII byte to itself, so runs of ASCII are copied eight bytes at a time.
    #[cfg(feature = "lite")]
    fn write_mapped(&mut self, src: &[u8], table: &[u16; 256], unmapped: u16) -> usize;
    /// Writes the leading code units of `src` (pairs of bytes, big-endian if `be`) while they are
    /// not surrogates and room remains, and returns how many bytes it consumed.
    #[cfg(feature = "lite")]
    fn write_utf16_units(&mut self, src: &[u8], be: bool) -> usize;
    /// Units written so far.
    fn written(&self) -> usize;
}

/// UTF-16 output.
pub struct Utf16Sink<'a> {
    buf: &'a mut [u16],
    pos: usize,
}

impl<'a> Utf16Sink<'a> {
    pub fn new(buf: &'a mut [u16]) -> Self {
        Utf16Sink { buf, pos: 0 }
    }
}

impl Sink for Utf16Sink<'_> {
    #[inline(always)]
    fn has_room(&self) -> bool {
        self.buf.len() - self.pos >= 2
    }
    #[cfg(any(
        feature = "lite",
        feature = "chinese-traditional",
        feature = "japanese",
        feature = "korean"
    ))]
    #[inline(always)]
    fn write_ascii(&mut self, b: u8) {
        self.buf[self.pos] = u16::from(b);
        self.pos += 1;
    }
    #[inline(always)]
    fn write_bmp(&mut self, c: u16) {
        self.buf[self.pos] = c;
        self.pos += 1;
    }
    #[inline(always)]
    fn write_scalar(&mut self, c: u32) {
        if c < 0x10000 {
            self.write_bmp(c as u16);
        } else {
            let c = c - 0x10000;
            self.buf[self.pos] = 0xD800 | (c >> 10) as u16;
            self.buf[self.pos + 1] = 0xDC00 | (c & 0x3FF) as u16;
            self.pos += 2;
        }
    }
    #[inline]
    fn copy_ascii(&mut self, src: &[u8]) -> usize {
        let dst = &mut self.buf[self.pos..];
        let n = ascii_prefix_len(&src[..src.len().min(dst.len())]);
        for (d, &s) in dst[..n].iter_mut().zip(&src[..n]) {
            *d = u16::from(s);
        }
        self.pos += n;
        n
    }
    #[cfg(feature = "lite")]
    #[inline]
    fn write_mapped(&mut self, src: &[u8], table: &[u16; 256], unmapped: u16) -> usize {
        let dst = &mut self.buf[self.pos..];
        let len = src.len().min(dst.len());
        let (src, dst) = (&src[..len], &mut dst[..len]);
        let mut n = 0;
        // Blocks of eight: widened as they stand when all ASCII, else looked up byte by byte.
        'blocks: for (d, s) in dst.chunks_mut(8).zip(src.chunks(8)) {
            if s.len() == 8
                && u64::from_le_bytes(s.try_into().unwrap()) & 0x8080_8080_8080_8080 == 0
            {
                for (d, &b) in d.iter_mut().zip(s) {
                    *d = u16::from(b);
                }
                n += 8;
                continue;
            }
            for (d, &b) in d.iter_mut().zip(s) {
                let c = table[usize::from(b)];
                if c == unmapped {
                    break 'blocks;
                }
                *d = c;
                n += 1;
            }
        }
        self.pos += n;
        n
    }
    #[cfg(feature = "lite")]
    #[inline]
    fn write_utf16_units(&mut self, src: &[u8], be: bool) -> usize {
        let dst = &mut self.buf[self.pos..];
        let mut n = 0;
        for (d, pair) in dst.iter_mut().zip(src.chunks_exact(2)) {
            let pair = [pair[0], pair[1]];
            let unit = if be {
                u16::from_be_bytes(pair)
            } else {
                u16::from_le_bytes(pair)
            };
            if unit & 0xF800 == 0xD800 {
                break;
            }
            *d = unit;
            n += 1;
        }
        self.pos += n;
        2 * n
    }
    #[inline(always)]
    fn written(&self) -> usize {
        self.pos
    }
}

/// UTF-8 output.
pub struct Utf8Sink<'a> {
    buf: &'a mut [u8],
    pos: usize,
}

impl<'a> Utf8Sink<'a> {
    pub fn new(buf: &'a mut [u8]) -> Self {
        Utf8Sink { buf, pos: 0 }
    }
}

impl Sink for Utf8Sink<'_> {
    #[inline(always)]
    fn has_room(&self) -> bool {
        self.buf.len() - self.pos >= 4
    }
    #[cfg(any(
        feature = "lite",
        feature = "chinese-traditional",
        feature = "japanese",
        feature = "korean"
    ))]
    #[inline(always)]
    fn write_ascii(&mut self, b: u8) {
        self.buf[self.pos] = b;
        self.pos += 1;
    }
    #[inline(always)]
    fn write_bmp(&mut self, c: u16) {
        self.write_scalar(u32::from(c));
    }
    #[inline(always)]
    fn write_scalar(&mut self, c: u32) {
        self.pos += utf8_encode(c, &mut self.buf[self.pos..]);
    }
    #[inline]
    fn copy_ascii(&mut self, src: &[u8]) -> usize {
        let dst = &mut self.buf[self.pos..];
        let n = ascii_prefix_len(&src[..src.len().min(dst.len())]);
        dst[..n].copy_from_slice(&src[..n]);
        self.pos += n;
        n
    }
    #[cfg(feature = "lite")]
    #[inline]
    fn write_mapped(&mut self, src: &[u8], table: &[u16; 256], unmapped: u16) -> usize {
        let mut n = 0;
        for &b in src {
            let c = table[usize::from(b)];
            if c == unmapped || self.buf.len() - self.pos < 3 {
                break;
            }
            self.write_scalar(u32::from(c));
            n += 1;
        }
        n
    }
    #[cfg(feature = "lite")]
    #[inline]
    fn write_utf16_units(&mut self, src: &[u8], be: bool) -> usize {
        let mut n = 0;
        for pair in src.chunks_exact(2) {
            let pair = [pair[0], pair[1]];
            let unit = if be {
                u16::from_be_bytes(pair)
            } else {
                u16::from_le_bytes(pair)
            };
            if unit & 0xF800 == 0xD800 || self.buf.len() - self.pos < 3 {
                break;
            }
            self.write_scalar(u32::from(unit));
            n += 2;
        }
        n
    }
    #[inline(always)]
    fn written(&self) -> usize {
        self.pos
    }
}

/// The UTF-8 encoder's handler (<https://encoding.spec.whatwg.org/#utf-8-encoder>) for one scalar
/// value: writes 1–4 bytes, returns how many.
#[inline(always)]
pub(crate) fn utf8_encode(c: u32, out: &mut [u8]) -> usize {
    if c < 0x80 {
        out[0] = c as u8;
        return 1;
    }
    let (count, offset) = match c {
        0x80..=0x7FF => (1, 0xC0),
        0x800..=0xFFFF => (2, 0xE0),
        _ => (3, 0xF0),
    };
    out[0] = ((c >> (6 * count)) + offset) as u8;
    for (i, byte) in out[1..=count].iter_mut().enumerate() {
        *byte = 0x80 | ((c >> (6 * (count - 1 - i))) & 0x3F) as u8;
    }
    count + 1
}

/// Length of the longest prefix of `src` made of ASCII bytes, a word at a time.
#[inline]
pub(crate) fn ascii_prefix_len(src: &[u8]) -> usize {
    const W: usize = core::mem::size_of::<usize>();
    const HIGH: usize = usize::from_ne_bytes([0x80; W]);
    let mut i = 0;
    while i + W <= src.len() {
        let word = usize::from_ne_bytes(src[i..i + W].try_into().unwrap());
        if word & HIGH != 0 {
            break;
        }
        i += W;
    }
    while i < src.len() && src[i] < 0x80 {
        i += 1;
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf8_encode_matches_std() {
        for c in [
            0u32, 0x7F, 0x80, 0x7FF, 0x800, 0xFFFD, 0xFFFF, 0x10000, 0x10FFFF,
        ] {
            let mut buf = [0u8; 4];
            let n = utf8_encode(c, &mut buf);
            let ch = char::from_u32(c).unwrap();
            assert_eq!(&buf[..n], ch.encode_utf8(&mut [0; 4]).as_bytes());
        }
    }

    #[test]
    fn ascii_prefix_stops_at_first_high_byte() {
        let mut v = vec![b'a'; 40];
        assert_eq!(ascii_prefix_len(&v), 40);
        v[17] = 0x80;
        assert_eq!(ascii_prefix_len(&v), 17);
        assert_eq!(ascii_prefix_len(&v[18..]), 22);
        assert_eq!(ascii_prefix_len(&[]), 0);
        // Words of high bytes only, and a high byte in each lane of a word.
        assert_eq!(ascii_prefix_len(&[0x80; 24]), 0);
        for lane in 0..16 {
            let mut v = [b'a'; 16];
            v[lane] = 0xFF;
            assert_eq!(ascii_prefix_len(&v), lane);
        }
    }

    #[cfg(feature = "lite")]
    #[test]
    fn bulk_writes_stop_at_unmapped_bytes_surrogates_and_full_buffers() {
        let mut table = [0xFFFFu16; 256];
        table[0x41] = 0x41;
        table[0x80] = 0x20AC;
        let mut b16 = [0u16; 8];
        let mut s = Utf16Sink::new(&mut b16);
        assert_eq!(s.write_mapped(b"A\x80\x81A", &table, 0xFFFF), 2);
        assert_eq!(&b16[..2], &[0x41, 0x20AC]);
        let mut b8 = [0u8; 4];
        let mut s = Utf8Sink::new(&mut b8);
        assert_eq!(s.write_mapped(b"A\x80\x80", &table, 0xFFFF), 2);
        assert_eq!(&b8, b"A\xE2\x82\xAC");
        let mut b16 = [0u16; 2];
        let mut s = Utf16Sink::new(&mut b16);
        assert_eq!(s.write_utf16_units(b"a\x00\x00\xD8", false), 2);
        assert_eq!(s.write_utf16_units(b"\x00b\x00c\x00d", true), 2);
        assert_eq!(&b16, &[0x61, 0x62]);
    }

    #[cfg(feature = "lite")]
    #[test]
    fn write_mapped_copies_whole_ascii_blocks_as_they_stand() {
        // A table that maps nothing as itself shows which bytes were looked up: blocks of eight
        // ASCII bytes are widened as they stand, the others go through the table.
        let table = [0x4000u16; 256];
        let src = b"abcdefghABCDEFG\xC0ab";
        let mut b16 = [0u16; 32];
        let mut s = Utf16Sink::new(&mut b16);
        assert_eq!(s.write_mapped(src, &table, 0xFFFF), src.len());
        assert_eq!(s.written(), src.len());
        let widened: Vec<u16> = b"abcdefgh".iter().map(|&b| u16::from(b)).collect();
        assert_eq!(&b16[..8], &widened[..]);
        assert_eq!(&b16[8..src.len()], &[0x4000; 10]);
    }

    #[cfg(feature = "lite")]
    #[test]
    fn utf8_output_of_utf16_units_stops_at_surrogates_and_without_room() {
        // U+0061, U+00E9, U+20AC, then a surrogate: 1 + 2 + 3 bytes.
        let src = b"\x00a\x00\xE9\x20\xAC\xD8\x00";
        let mut b8 = [0u8; 16];
        let mut s = Utf8Sink::new(&mut b8);
        assert_eq!(s.write_utf16_units(src, true), 6);
        assert_eq!(s.written(), 6);
        assert_eq!(&b8[..6], "a\u{E9}\u{20AC}".as_bytes());
        // Little-endian, into room for three bytes more: a, then é leaves fewer than three.
        let mut b8 = [0u8; 4];
        let mut s = Utf8Sink::new(&mut b8);
        assert_eq!(s.write_utf16_units(b"a\x00\xE9\x00b\x00", false), 4);
        assert_eq!(&b8[..3], "a\u{E9}".as_bytes());
    }

    #[test]
    fn copy_ascii_copies_the_ascii_prefix_that_fits() {
        let mut b16 = [0u16; 4];
        let mut s = Utf16Sink::new(&mut b16);
        assert_eq!(s.copy_ascii(b"ab\x80c"), 2);
        assert_eq!(s.copy_ascii(b"cdefg"), 2);
        assert_eq!(s.written(), 4);
        assert_eq!(b16, [0x61, 0x62, 0x63, 0x64]);
        let mut b8 = [0u8; 4];
        let mut s = Utf8Sink::new(&mut b8);
        assert_eq!(s.copy_ascii(b"xy\xFFz"), 2);
        assert_eq!(s.written(), 2);
        assert_eq!(&b8[..2], b"xy");
    }

    #[test]
    fn sinks_refuse_a_step_without_room() {
        let mut b16 = [0u16; 3];
        let mut s = Utf16Sink::new(&mut b16);
        s.write_scalar(0x1F600);
        assert!(!s.has_room());
        let mut b8 = [0u8; 5];
        let mut s = Utf8Sink::new(&mut b8);
        assert_eq!(s.copy_ascii(b"abcdefg"), 5);
        assert!(!s.has_room());
    }
}
