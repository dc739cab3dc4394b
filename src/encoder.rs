//! Encoder instances (<https://encoding.spec.whatwg.org/#encoder>) and their driver: the encoder
//! error modes, and input as UTF-8 (`&str`) or as UTF-16 code units (where a lone surrogate becomes
//! U+FFFD, as WebIDL's USVString conversion, <https://webidl.spec.whatwg.org/#es-USVString>, does).

use crate::encoding::Encoding;
use crate::families::families;
use crate::handler::{write_packed, AsciiRun, Encode, MAX_STEP};
#[cfg(feature = "japanese")]
use crate::japanese::Iso2022JpEncoder;
use crate::sink::ascii_prefix_len;

/// Why an encode call returned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EncoderResult {
    /// All input was consumed (after a `last` call, end-of-queue was processed too).
    InputEmpty,
    /// The output buffer has no room for another step; call again with more room.
    OutputFull,
    /// Fatal mode only: the handler returned error with this code point, which counts as read. The
    /// encoder keeps its state, so the caller may go on with the rest of the input ("encode or
    /// fail", <https://encoding.spec.whatwg.org/#encode-or-fail>).
    Unmappable(char),
}

/// An encoder's error mode (<https://encoding.spec.whatwg.org/#error-mode>).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum EncoderMode {
    /// The first unmappable code point stops encoding ([`EncoderResult::Unmappable`]).
    #[default]
    Fatal,
    /// An unmappable code point becomes `&#N;` (N in decimal), as HTML forms require.
    Html,
}

/// The encoder state machines of the families table (src/families.rs).
macro_rules! encoder_kinds {
    ($(
        ($cfg:meta) $kind:ident for $pattern:pat
            => decoder $decoder:ty = $new_decoder:expr
            $(, encoder $encoder:ty = $new_encoder:expr)?
            $(, saved by $save:expr)?;
    )*) => {
        #[derive(Clone, Debug)]
        enum Kind {
            $($(#[cfg($cfg)] $kind($encoder),)?)*
        }

        impl Kind {
            /// `None` for replacement, which has no encoder.
            fn new(encoding: Encoding) -> Option<Kind> {
                Some(match encoding {
                    Encoding::Replacement => return None,
                    $($(#[cfg($cfg)] $pattern => Kind::$kind(($new_encoder)(encoding)),)?)*
                    #[cfg(not(every_family))]
                    _ => crate::encoding::unavailable(encoding),
                })
            }

            fn run(
                &mut self,
                input: &mut impl Input,
                dst: &mut [u8],
                last: bool,
                mode: EncoderMode,
            ) -> (EncoderResult, usize) {
                // `*self`: with no family built (the detector's module), `Kind` has no variant.
                match *self {
                    $($(#[cfg($cfg)] Kind::$kind(ref mut e) => {
                        let encoder: &mut $encoder = e;
                        drive(encoder, input, dst, last, mode)
                    })?)*
                }
            }
        }
    };
}

families!(encoder_kinds);

/// A streaming encoder instance for one encoding.
#[derive(Clone, Debug)]
pub struct Encoder {
    encoding: Encoding,
    kind: Kind,
}

impl Encoder {
    /// An encoder in its initial state, or `None` for replacement. UTF-16BE/LE encoders are an
    /// extension of this crate: the standard defines none.
    ///
    /// # Panics
    ///
    /// As [`Decoder::new`](crate::Decoder::new), for an encoding whose family is not in the build.
    pub fn new(encoding: Encoding) -> Option<Encoder> {
        Some(Encoder {
            encoding,
            kind: Kind::new(encoding)?,
        })
    }

    pub fn encoding(&self) -> Encoding {
        self.encoding
    }

    /// Back to the initial state.
    pub fn reset(&mut self) {
        *self = Encoder::new(self.encoding).expect("an encoder exists for this encoding");
    }

    /// The encoder's state as a number, to keep in its place between calls:
    /// [`Encoder::restore`] gives it back. Only ISO-2022-JP's encoder has a state (0 ASCII, 1
    /// Roman, 2 jis0208); the others' is 0. (A leading surrogate ending a chunk is the caller's
    /// to pass again: see [`Encoder::encode_from_utf16`].)
    pub fn save(&self) -> u32 {
        match &self.kind {
            #[cfg(feature = "japanese")]
            Kind::Iso2022Jp(e) => e.save(),
            _ => 0,
        }
    }

    /// The encoder of `encoding` that [`Encoder::save`] gave `saved` for; `None` for replacement
    /// or a number it never gives.
    ///
    /// # Panics
    ///
    /// As [`Encoder::new`].
    pub fn restore(encoding: Encoding, saved: u32) -> Option<Encoder> {
        let mut e = Encoder::new(encoding)?;
        match &mut e.kind {
            #[cfg(feature = "japanese")]
            Kind::Iso2022Jp(k) => *k = Iso2022JpEncoder::restore(saved)?,
            _ if saved != 0 => return None,
            _ => {}
        }
        Some(e)
    }

    /// Encodes UTF-8 input. Returns why it stopped, bytes of `src` read, bytes written.
    pub fn encode_from_utf8(
        &mut self,
        src: &str,
        dst: &mut [u8],
        last: bool,
        mode: EncoderMode,
    ) -> (EncoderResult, usize, usize) {
        let mut input = Utf8Input { src, pos: 0 };
        let (result, written) = self.run(&mut input, dst, last, mode);
        (result, input.pos, written)
    }

    /// Encodes UTF-16 input; a lone surrogate is encoded as U+FFFD. A leading surrogate at the end
    /// of a non-final chunk is left unread, for the caller to pass again with the next chunk.
    /// Returns why it stopped, code units read, bytes written.
    pub fn encode_from_utf16(
        &mut self,
        src: &[u16],
        dst: &mut [u8],
        last: bool,
        mode: EncoderMode,
    ) -> (EncoderResult, usize, usize) {
        let mut input = Utf16Input { src, pos: 0, last };
        let (result, written) = self.run(&mut input, dst, last, mode);
        (result, input.pos, written)
    }

    /// Encodes a whole string (a convenience for Rust users).
    pub fn encode_to_vec(&mut self, src: &str, mode: EncoderMode) -> Result<Vec<u8>, char> {
        let mut out = vec![0u8; self.max_buffer_length_from_utf8(src.len(), mode)];
        match self.encode_from_utf8(src, &mut out, true, mode) {
            (EncoderResult::Unmappable(c), _, _) => Err(c),
            (result, read, written) => {
                debug_assert_eq!((result, read), (EncoderResult::InputEmpty, src.len()));
                out.truncate(written);
                Ok(out)
            }
        }
    }

    /// A buffer of this many bytes always holds the output of encoding `units` UTF-16 code units
    /// in one call, final or not.
    pub fn max_buffer_length_from_utf16(&self, units: usize, mode: EncoderMode) -> usize {
        use Encoding::*;
        // Per code unit: html's `&#65535;` after ISO-2022-JP's three-byte escape is 11; in fatal
        // mode ISO-2022-JP's escape and two bytes make 5, gb18030's four-byte sequences 4.
        let per_unit = match (mode, self.encoding) {
            (EncoderMode::Html, _) => 11,
            (_, Iso2022Jp) => 5,
            (_, Gbk | Gb18030) => 4,
            (_, Utf8) => 3,
            _ => 2,
        };
        units * per_unit + MAX_STEP
    }

    /// Likewise for `len` bytes of UTF-8 input.
    pub fn max_buffer_length_from_utf8(&self, len: usize, mode: EncoderMode) -> usize {
        use Encoding::*;
        // Per byte: html's `&#2047;` after an escape is 10 for a two-byte character; ISO-2022-JP's
        // escape before an ASCII byte is 4, and in html mode U+000E, U+000F and U+001B each become
        // an escape and `&#65533;`, 11; UTF-16 doubles ASCII; gb18030 turns two bytes into four.
        let per_byte = match (mode, self.encoding) {
            (EncoderMode::Html, Iso2022Jp) => 11,
            (EncoderMode::Html, _) => 5,
            (_, Iso2022Jp) => 4,
            (_, Utf16Be | Utf16Le | Gbk | Gb18030) => 2,
            _ => 1,
        };
        len * per_byte + MAX_STEP
    }

    fn run(
        &mut self,
        input: &mut impl Input,
        dst: &mut [u8],
        last: bool,
        mode: EncoderMode,
    ) -> (EncoderResult, usize) {
        self.kind.run(input, dst, last, mode)
    }
}

/// Process a queue (<https://encoding.spec.whatwg.org/#concept-encoding-run>) for an encoder:
/// copies ASCII runs where the encoder allows, encodes runs in bulk where it can, runs the handler
/// on every other scalar value, and applies `mode` to errors as process an item
/// (<https://encoding.spec.whatwg.org/#concept-encoding-process>) does.
fn drive<E: Encode>(
    enc: &mut E,
    input: &mut impl Input,
    dst: &mut [u8],
    last: bool,
    mode: EncoderMode,
) -> (EncoderResult, usize) {
    let mut pos = 0;
    loop {
        if dst.len() - pos < MAX_STEP {
            return (EncoderResult::OutputFull, pos);
        }
        let run = enc.ascii_run();
        if run != AsciiRun::None && input.next_is_ascii() {
            // Leaves MAX_STEP bytes for what follows the run.
            let room = dst.len() - pos - MAX_STEP;
            pos += input.copy_ascii(
                &mut dst[pos..pos + room],
                run == AsciiRun::AllButShiftsAndEscape,
            );
        }
        if E::BULK {
            // Runs of code points `encode_bmp` maps, and lone ASCII, up to the first it does not.
            pos += input.encode_bmp_run(&mut *enc, &mut dst[pos..]);
            // Never holds: the run leaves MAX_STEP bytes. It tells the compiler so, which drops
            // the bounds checks of what follows (without it the module is 215 B larger gzipped,
            // its JavaScript build 755 B).
            if dst.len() - pos < MAX_STEP {
                continue;
            }
        }
        let Some(c) = input.next_char() else {
            if last {
                pos += enc.finish(&mut dst[pos..]);
            }
            return (EncoderResult::InputEmpty, pos);
        };
        match enc.encode_char(c, &mut dst[pos..]) {
            Ok(n) => pos += n,
            Err(n) => {
                pos += n;
                let c = enc.error_code_point(c);
                match mode {
                    EncoderMode::Fatal => return (EncoderResult::Unmappable(c), pos),
                    EncoderMode::Html => pos += write_ncr(c, &mut dst[pos..]),
                }
            }
        }
    }
}

/// The "html" error mode of process an item
/// (<https://encoding.spec.whatwg.org/#concept-encoding-process>): `&#`, the code point in decimal,
/// `;`.
fn write_ncr(c: char, out: &mut [u8]) -> usize {
    let mut digits = [0u8; 7];
    let (mut v, mut n) = (u32::from(c), 0);
    loop {
        digits[n] = b'0' + (v % 10) as u8;
        n += 1;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    out[0] = b'&';
    out[1] = b'#';
    for i in 0..n {
        out[2 + i] = digits[n - 1 - i];
    }
    out[2 + n] = b';';
    n + 3
}

/// Encoder input: a cursor over scalar values.
trait Input {
    /// Copies ASCII code points while they fit in `dst`, stopping also at U+000E, U+000F and
    /// U+001B if `but_shifts_and_escape`; returns how many (bytes and items).
    fn copy_ascii(&mut self, dst: &mut [u8], but_shifts_and_escape: bool) -> usize;
    /// The next scalar value, or `None` at the end of this chunk.
    fn next_char(&mut self) -> Option<char>;
    /// Whether the next item is ASCII (so a copy of an ASCII run is worth starting).
    fn next_is_ascii(&self) -> bool;
    /// Encodes code points while `enc.encode_bmp` maps each (from UTF-8, an ASCII one only
    /// alone; from UTF-16, by `enc.encode_utf16_run`, which may also change the state), leaving
    /// at least [`MAX_STEP`] bytes of `dst` free; returns the bytes written. For `E::BULK`
    /// encoders only.
    fn encode_bmp_run<E: Encode>(&mut self, enc: &mut E, dst: &mut [u8]) -> usize;
}

/// U+000E SHIFT OUT, U+000F SHIFT IN or U+001B ESCAPE.
#[inline(always)]
fn is_shift_or_escape(b: u8) -> bool {
    matches!(b, 0x0E | 0x0F | 0x1B)
}

struct Utf8Input<'a> {
    src: &'a str,
    pos: usize,
}

impl Input for Utf8Input<'_> {
    #[inline]
    fn copy_ascii(&mut self, dst: &mut [u8], but_shifts_and_escape: bool) -> usize {
        let rest = &self.src.as_bytes()[self.pos..];
        let mut n = ascii_prefix_len(&rest[..rest.len().min(dst.len())]);
        if but_shifts_and_escape {
            n = rest[..n]
                .iter()
                .position(|&b| is_shift_or_escape(b))
                .unwrap_or(n);
        }
        dst[..n].copy_from_slice(&rest[..n]);
        self.pos += n;
        n
    }
    #[inline]
    fn next_is_ascii(&self) -> bool {
        self.src.as_bytes().get(self.pos).is_some_and(|&b| b < 0x80)
    }
    #[inline]
    fn next_char(&mut self) -> Option<char> {
        let c = self.src[self.pos..].chars().next()?;
        self.pos += c.len_utf8();
        Some(c)
    }
    #[inline]
    fn encode_bmp_run<E: Encode>(&mut self, enc: &mut E, dst: &mut [u8]) -> usize {
        let src = &self.src.as_bytes()[self.pos..];
        // At most as many bytes out as in, but a sequence may run two bytes past the limit.
        let limit = src.len().min((dst.len() - MAX_STEP).saturating_sub(2));
        let (mut i, mut w) = (0, 0);
        while i < limit {
            let b = src[i];
            if b < 0x80 {
                // A lone ASCII code point (a space between words) stays in the run if the
                // encoder maps it; longer ASCII runs go back to the driver's word-at-a-time copy.
                if src.get(i + 1).is_some_and(|&b| b < 0x80) || enc.encode_bmp(u16::from(b)) == 0 {
                    break;
                }
                dst[w] = b;
                w += 1;
                i += 1;
                continue;
            }
            // Two- and three-byte sequences: the BMP (`src` is valid UTF-8).
            let (c, len) = match b {
                0xC0..=0xDF => (
                    (u16::from(b) & 0x1F) << 6 | (u16::from(src[i + 1]) & 0x3F),
                    2,
                ),
                0xE0..=0xEF => (
                    (u16::from(b) & 0x0F) << 12
                        | (u16::from(src[i + 1]) & 0x3F) << 6
                        | (u16::from(src[i + 2]) & 0x3F),
                    3,
                ),
                _ => break,
            };
            let packed = enc.encode_bmp(c);
            if packed == 0 {
                break;
            }
            w += write_packed(packed, &mut dst[w..]);
            i += len;
        }
        self.pos += i;
        w
    }
}

struct Utf16Input<'a> {
    src: &'a [u16],
    pos: usize,
    last: bool,
}

impl Input for Utf16Input<'_> {
    #[inline]
    fn copy_ascii(&mut self, dst: &mut [u8], but_shifts_and_escape: bool) -> usize {
        let rest = &self.src[self.pos..];
        let n = rest
            .iter()
            .zip(dst.iter_mut())
            .take_while(|(&u, _)| {
                u < 0x80 && !(but_shifts_and_escape && is_shift_or_escape(u as u8))
            })
            .map(|(&u, d)| *d = u as u8)
            .count();
        self.pos += n;
        n
    }
    #[inline]
    fn next_is_ascii(&self) -> bool {
        self.src.get(self.pos).is_some_and(|&u| u < 0x80)
    }
    #[inline]
    fn next_char(&mut self) -> Option<char> {
        let unit = *self.src.get(self.pos)?;
        let c = match unit {
            0xD800..=0xDBFF => match self.src.get(self.pos + 1) {
                Some(&trail @ 0xDC00..=0xDFFF) => {
                    self.pos += 1;
                    0x10000 + ((u32::from(unit) - 0xD800) << 10) + (u32::from(trail) - 0xDC00)
                }
                // A leading surrogate ending a non-final chunk may pair with the next one.
                None if !self.last => return None,
                _ => 0xFFFD,
            },
            0xDC00..=0xDFFF => 0xFFFD,
            _ => u32::from(unit),
        };
        self.pos += 1;
        char::from_u32(c)
    }
    #[inline]
    fn encode_bmp_run<E: Encode>(&mut self, enc: &mut E, dst: &mut [u8]) -> usize {
        let room = dst.len() - MAX_STEP;
        let (n, w) = enc.encode_utf16_run(&self.src[self.pos..], &mut dst[..room]);
        self.pos += n;
        w
    }
}

impl Encoding {
    /// A new encoder instance, or `None` for replacement, the only encoding with no encoder here.
    /// UTF-16BE/LE encoders are an extension: the standard defines none.
    pub fn new_encoder(self) -> Option<Encoder> {
        Encoder::new(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::handler::tests::Toy;

    #[test]
    fn ncr_is_decimal() {
        let mut out = [0u8; 16];
        let n = write_ncr('\u{10FFFF}', &mut out);
        assert_eq!(&out[..n], b"&#1114111;");
        let n = write_ncr('\u{80}', &mut out);
        assert_eq!(&out[..n], b"&#128;");
    }

    /// ISO-2022-JP's ASCII state copies ASCII runs, but U+000E, U+000F and U+001B are errors with
    /// U+FFFD (<https://encoding.spec.whatwg.org/#iso-2022-jp-encoder>), so the runs stop before
    /// them.
    #[test]
    fn ascii_runs_stop_at_iso_2022_jp_shifts_and_escape() {
        let expected: &[u8] = b"ab&#65533;c&#65533;d&#65533;\x1B$B$\x22\x1B(Be";
        let mut e = Encoder::new(Encoding::Iso2022Jp).unwrap();
        assert_eq!(
            e.encode_to_vec("ab\u{1B}c\u{E}d\u{F}\u{3042}e", EncoderMode::Html)
                .unwrap(),
            expected
        );
        let units: Vec<u16> = "ab\u{1B}c\u{E}d\u{F}\u{3042}e".encode_utf16().collect();
        let mut out = [0u8; 64];
        let (r, read, n) = e.encode_from_utf16(&units, &mut out, true, EncoderMode::Html);
        assert_eq!(
            (r, read, &out[..n]),
            (EncoderResult::InputEmpty, units.len(), expected)
        );
    }

    /// `Utf8Input`'s methods as `Input` documents them: the driver's fast paths, which the
    /// encoders' output alone cannot tell from the per-character path they fall back to.
    #[test]
    fn utf8_input_copies_ascii_and_runs_as_documented() {
        let input = |src| Utf8Input { src, pos: 0 };
        let mut dst = [0u8; 64];
        // copy_ascii: ASCII while it fits; with `but_shifts_and_escape`, not past U+001B.
        let mut i = input("ab\u{1B}cd\u{E9}");
        assert_eq!((i.copy_ascii(&mut dst, false), i.pos), (5, 5));
        assert_eq!(&dst[..5], b"ab\x1Bcd");
        let mut i = input("ab\u{1B}cd");
        assert_eq!((i.copy_ascii(&mut dst, true), i.pos), (2, 2));
        let mut i = input("abcd");
        assert_eq!(i.copy_ascii(&mut dst, true), 4);
        assert_eq!(i.copy_ascii(&mut dst[..3], false), 0);
        let mut i = input("abcd");
        assert_eq!(i.copy_ascii(&mut dst[..3], false), 3);
        // next_is_ascii, at each character of "aé" and at the end.
        let at = |pos| {
            Utf8Input {
                src: "a\u{E9}",
                pos,
            }
            .next_is_ascii()
        };
        assert_eq!([at(0), at(1), at(3)], [true, false, false]);
        // encode_bmp_run: what the encoder maps, two- and three-byte sequences and a lone ASCII
        // code point, up to two ASCII in a row, leaving MAX_STEP bytes free.
        let mut i = input("\u{E9}\u{FF}\u{3042} \u{E9}ab");
        let w = i.encode_bmp_run(&mut Toy, &mut dst);
        assert_eq!(
            (w, i.pos, &dst[..w]),
            (6, 10, &b"\xE9\xFF\x82\xA0 \xE9"[..])
        );
        let mut i = input("\u{E9}\u{FF}\u{3042}");
        assert_eq!(
            (i.encode_bmp_run(&mut Toy, &mut dst[..MAX_STEP + 4]), i.pos),
            (1, 2)
        );
        let mut i = input("\u{E9}\u{4E00}\u{E9}");
        assert_eq!((i.encode_bmp_run(&mut Toy, &mut dst), i.pos), (1, 2));
    }

    /// The same for `Utf16Input`.
    #[test]
    fn utf16_input_copies_ascii_and_runs_as_documented() {
        let units = |s: &str| s.encode_utf16().collect::<Vec<u16>>();
        let input = |src| Utf16Input {
            src,
            pos: 0,
            last: true,
        };
        let mut dst = [0u8; 64];
        let text = units("ab\u{1B}cd\u{E9}");
        let mut i = input(&text);
        assert_eq!((i.copy_ascii(&mut dst, false), i.pos), (5, 5));
        assert_eq!(&dst[..5], b"ab\x1Bcd");
        let mut i = input(&text);
        assert_eq!((i.copy_ascii(&mut dst, true), i.pos), (2, 2));
        // U+000E is copied when shifts are not excluded; U+0080 is not ASCII.
        let text = units("a\u{0E}\u{80}");
        let mut i = input(&text);
        assert_eq!((i.copy_ascii(&mut dst, false), i.pos), (2, 2));
        let text = units("abcd");
        assert_eq!(input(&text).copy_ascii(&mut dst[..3], false), 3);
        // next_is_ascii, at each unit of "a\u{80}\u{7F}" and at the end.
        let text = units("a\u{80}\u{7F}");
        let at = |pos| {
            Utf16Input {
                src: &text,
                pos,
                last: true,
            }
            .next_is_ascii()
        };
        assert_eq!([at(0), at(1), at(2), at(3)], [true, false, true, false]);
        // encode_bmp_run: what the encoder maps, by its encode_utf16_run, leaving MAX_STEP bytes.
        let text = units("\u{E9}\u{FF}\u{3042} \u{E9}ab\u{4E00}");
        let mut i = input(&text);
        let w = i.encode_bmp_run(&mut Toy, &mut dst);
        assert_eq!(
            (w, i.pos, &dst[..w]),
            (8, 7, &b"\xE9\xFF\x82\xA0 \xE9ab"[..])
        );
        let mut i = input(&text);
        assert_eq!(
            (i.encode_bmp_run(&mut Toy, &mut dst[..MAX_STEP + 4]), i.pos),
            (2, 2)
        );
    }

    /// Bulk runs (`Encode::encode_bmp`) stop at what they do not map, which the handler then
    /// takes: an unmapped code point, a lone surrogate, U+E5E5, four-byte and astral ones.
    #[test]
    fn bulk_runs_hand_over_to_the_handler() {
        let cases: [(Encoding, &str, &[u8]); 5] = [
            (
                Encoding::Windows1251,
                "\u{430}\u{431} \u{80}\u{432}",
                b"\xE0\xE1 &#128;\xE2",
            ),
            // A lone ASCII code point stays in a run, two end it.
            (
                Encoding::Windows1251,
                "\u{430} \u{431}, \u{432}ab",
                b"\xE0 \xE1, \xE2ab",
            ),
            // U+2212 is encoded as U+FF0D: pointer 60.
            (
                Encoding::ShiftJis,
                "\u{A5}\u{2212}\u{FF71}\u{1F600}x",
                b"\x5C\x81\x7C\xB1&#128512;x",
            ),
            (
                Encoding::EucJp,
                "\u{203E}\u{FF71}\u{3000}",
                b"\x7E\x8E\xB1\xA1\xA1",
            ),
            (
                Encoding::Gb18030,
                "\u{4E2D}\u{E5E5}\u{80}\u{E78D}",
                b"\xD6\xD0&#58853;\x81\x30\x81\x30\xA6\xD9",
            ),
        ];
        for (encoding, text, expected) in cases {
            let mut e = Encoder::new(encoding).unwrap();
            assert_eq!(
                e.encode_to_vec(text, EncoderMode::Html).unwrap(),
                expected,
                "{encoding:?}"
            );
            let units: Vec<u16> = text.encode_utf16().collect();
            let mut out = [0u8; 64];
            let (r, read, n) = e.encode_from_utf16(&units, &mut out, true, EncoderMode::Html);
            assert_eq!(
                (r, read, &out[..n]),
                (EncoderResult::InputEmpty, units.len(), expected)
            );
        }
        // ISO-2022-JP runs in bulk only in its jis0208 state, and stops at ASCII there.
        let mut e = Encoder::new(Encoding::Iso2022Jp).unwrap();
        let units: Vec<u16> = "\u{3042}\u{3044}a\u{3000}\u{FF71}".encode_utf16().collect();
        let mut out = [0u8; 64];
        let (r, read, n) = e.encode_from_utf16(&units, &mut out, true, EncoderMode::Fatal);
        let expected = b"\x1B$B\x24\x22\x24\x24\x1B(Ba\x1B$B\x21\x21\x25\x22\x1B(B";
        assert_eq!(
            (r, read, &out[..n]),
            (EncoderResult::InputEmpty, 5, &expected[..])
        );
        let mut e = Encoder::new(Encoding::Big5).unwrap();
        let (r, read, n) = e.encode_from_utf16(
            &[0x4E00, 0xDC00, 0x4E00],
            &mut out,
            true,
            EncoderMode::Fatal,
        );
        assert_eq!(
            (r, read, &out[..n]),
            (EncoderResult::Unmappable('\u{FFFD}'), 2, &b"\xA4\x40"[..])
        );
    }

    /// Runs never write into the last MAX_STEP bytes; the handler's steps fill the buffer until
    /// fewer than MAX_STEP bytes are free.
    #[test]
    fn bulk_runs_leave_a_step_of_room() {
        let text = "\u{4E2D}".repeat(20);
        let units: Vec<u16> = text.encode_utf16().collect();
        let mut e = Encoder::new(Encoding::Gbk).unwrap();
        let mut out = [0u8; MAX_STEP + 5];
        let (r, read, n) = e.encode_from_utf16(&units, &mut out, true, EncoderMode::Fatal);
        assert_eq!((r, read, n), (EncoderResult::OutputFull, 3, 6));
        let (r, read, n) = e.encode_from_utf8(&text, &mut out, true, EncoderMode::Fatal);
        assert_eq!((r, read, n), (EncoderResult::OutputFull, 9, 6));
        assert_eq!(&out[..6], b"\xD6\xD0".repeat(3));
    }

    /// The UTF-16 runs' eight-unit blocks (ASCII words, lookups) stop exactly where a unit does
    /// not map, wherever it falls in a block: the output equals that of each code point alone
    /// (stateless encoders), and of the UTF-8 input path (ISO-2022-JP too), in both modes.
    #[test]
    fn utf16_blocks_stop_at_the_unit_that_does_not_map() {
        let cases = [
            (Encoding::Windows1251, "\u{430}\u{431}\u{432}", '\u{3042}'),
            (Encoding::Iso8859_7, "\u{3B1}\u{3B2}", '\u{430}'),
            (Encoding::ShiftJis, "\u{3042}\u{FF71}\u{A5}", '\u{E000}'),
            (Encoding::EucJp, "\u{3042}\u{FF71}\u{2212}", '\u{AC00}'),
            (Encoding::Iso2022Jp, "\u{3042}\u{3044}\u{FF71}", '\u{AC00}'),
            (Encoding::Gbk, "\u{4E2D}\u{20AC}", '\u{1F600}'),
            (Encoding::Gb18030, "\u{4E2D}\u{E78D}", '\u{E5E5}'),
            (Encoding::Big5, "\u{4E00}\u{4E01}", '\u{AC00}'),
            (Encoding::EucKr, "\u{AC00}\u{AC01}", '\u{3042}'),
        ];
        for (encoding, mapped, unmapped) in cases {
            let pieces: Vec<String> =
                vec![mapped.into(), "abcdefgh".into(), " ".into(), "\0".into()];
            for len in 0..40usize {
                for at in [None, Some(len / 2), Some(len.saturating_sub(1))] {
                    // A deterministic mix of mapped runs, ASCII runs of several lengths and NUL.
                    let mut text = String::new();
                    for i in 0..len {
                        if Some(i) == at {
                            text.push(unmapped);
                        }
                        let piece = &pieces[(i * 7 + len) % 4];
                        text.push_str(
                            &piece[..piece
                                .char_indices()
                                .nth(1 + i % 3)
                                .map_or(piece.len(), |(k, _)| k)],
                        );
                    }
                    let units: Vec<u16> = text.encode_utf16().collect();
                    for mode in [EncoderMode::Html, EncoderMode::Fatal] {
                        let mut e = Encoder::new(encoding).unwrap();
                        let expected = e.encode_to_vec(&text, mode);
                        let mut e = Encoder::new(encoding).unwrap();
                        let mut out = vec![0u8; e.max_buffer_length_from_utf16(units.len(), mode)];
                        let (r, read, n) = e.encode_from_utf16(&units, &mut out, true, mode);
                        let got = match r {
                            EncoderResult::Unmappable(c) => Err(c),
                            _ => Ok(out[..n].to_vec()),
                        };
                        assert_eq!(got, expected, "{encoding:?} {mode:?} {text:?}");
                        if expected.is_err() {
                            let before: usize =
                                text[..text.find(unmapped).unwrap()].encode_utf16().count();
                            assert_eq!(
                                read,
                                before + unmapped.len_utf16(),
                                "{encoding:?} {text:?}"
                            );
                        }
                        if encoding != Encoding::Iso2022Jp && mode == EncoderMode::Html {
                            let alone: Vec<u8> = text
                                .chars()
                                .flat_map(|c| {
                                    Encoder::new(encoding)
                                        .unwrap()
                                        .encode_to_vec(c.encode_utf8(&mut [0; 4]), mode)
                                        .unwrap()
                                })
                                .collect();
                            assert_eq!(got, Ok(alone), "{encoding:?} {text:?}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn lone_surrogates_become_replacement_characters() {
        let mut e = Encoder::new(Encoding::Utf8).unwrap();
        let mut out = [0u8; 64];
        let src = [0x61, 0xDC00, 0xD83D, 0xDE00, 0xD800, 0x62, 0xD800];
        let (r, read, n) = e.encode_from_utf16(&src, &mut out, false, EncoderMode::Fatal);
        assert_eq!((r, read), (EncoderResult::InputEmpty, 6));
        assert_eq!(&out[..n], "a\u{FFFD}\u{1F600}\u{FFFD}b".as_bytes());
        let (r, read, n) = e.encode_from_utf16(&src[6..], &mut out, true, EncoderMode::Fatal);
        assert_eq!((r, read), (EncoderResult::InputEmpty, 1));
        assert_eq!(&out[..n], "\u{FFFD}".as_bytes());
    }
}
