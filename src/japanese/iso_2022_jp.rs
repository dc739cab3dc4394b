//! ISO-2022-JP (<https://encoding.spec.whatwg.org/#iso-2022-jp>): its decoder and encoder.

use std::sync::OnceLock;

use super::{euc_jp_bytes, jis0208_code_point};
use crate::handler::{AsciiRun, BmpTable, Encode};
use crate::handler::{Decode, DecoderResult};
use crate::sink::Sink;
use crate::tables;

/// ISO-2022-JP decoder state (<https://encoding.spec.whatwg.org/#iso-2022-jp-decoder-state>) and
/// output state (<https://encoding.spec.whatwg.org/#iso-2022-jp-decoder-output-state>).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum State {
    #[default]
    Ascii,
    Roman,
    Katakana,
    LeadingByte,
    TrailingByte,
    EscapeStart,
    Escape,
}

/// ISO-2022-JP decoder (<https://encoding.spec.whatwg.org/#iso-2022-jp-decoder>): the standard's
/// four variables, plus a byte the handler restored to the queue that came from an earlier call (an
/// escape's leading byte), which is processed before the rest of the input.
#[derive(Clone, Debug, Default)]
pub(crate) struct Iso2022JpDecoder {
    state: State,
    output_state: State,
    leading: u8,
    output: bool,
    restored: Option<u8>,
}

/// What one run of the handler returned.
enum Step {
    Continue,
    CodePoint(u16),
    Finished,
    /// Error, after restoring the last `restore` items read (0 to 2), the earliest being `first`.
    Error {
        restore: usize,
        first: u8,
    },
}

const ERROR: Step = Step::Error {
    restore: 0,
    first: 0,
};

/// The decoder states in the order [`Iso2022JpDecoder::save`] numbers them (their declaration's).
const STATES: [State; 7] = [
    State::Ascii,
    State::Roman,
    State::Katakana,
    State::LeadingByte,
    State::TrailingByte,
    State::EscapeStart,
    State::Escape,
];

impl Iso2022JpDecoder {
    /// The four variables packed: decoder state and output state (numbered as in [`STATES`]),
    /// leading and output; `None` while a restored byte is held.
    pub(crate) fn save(&self) -> Option<u32> {
        let packed = self.state as u32
            | (self.output_state as u32) << 3
            | u32::from(self.leading) << 6
            | u32::from(self.output) << 14;
        self.restored.is_none().then_some(packed)
    }

    /// The decoder [`Iso2022JpDecoder::save`] gave `saved` for; `None` for a number it never gives:
    /// the output state is one of the first four states, and leading is a byte the handler set in
    /// the states that read it (0x21 to 0x7E in trailing byte, 0x24 or 0x28 in escape).
    pub(crate) fn restore(saved: u32) -> Option<Iso2022JpDecoder> {
        let state = *STATES.get((saved & 7) as usize)?;
        let output_state = *STATES[..4].get((saved >> 3 & 7) as usize)?;
        let leading = (saved >> 6) as u8;
        let valid = match state {
            State::TrailingByte => (0x21..=0x7E).contains(&leading),
            State::Escape => matches!(leading, 0x24 | 0x28),
            _ => true,
        };
        (valid && saved < 1 << 15).then_some(Iso2022JpDecoder {
            state,
            output_state,
            leading,
            output: saved >> 14 != 0,
            restored: None,
        })
    }
}

// Restored bytes held: see Decoder::discard_queue and Decoder::restored_len.
impl Iso2022JpDecoder {
    pub(crate) fn discard_restored(&mut self) {
        self.restored = None;
    }

    #[cfg(any(target_arch = "wasm32", test))]
    pub(crate) fn restored_len(&self) -> usize {
        usize::from(self.restored.is_some())
    }
}

impl Decode for Iso2022JpDecoder {
    fn decode<S: Sink>(&mut self, src: &[u8], dst: &mut S, last: bool) -> (DecoderResult, usize) {
        let jis0208 = tables::jis0208();
        let mut i = 0;
        loop {
            if self.restored.is_none() {
                i += self.fast_path(jis0208, &src[i..], dst);
            }
            if !dst.has_room() {
                return (DecoderResult::OutputFull, i);
            }
            let byte = if let Some(b) = self.restored.take() {
                Some(b)
            } else if let Some(&b) = src.get(i) {
                i += 1;
                Some(b)
            } else if last {
                None
            } else {
                return (DecoderResult::InputEmpty, i);
            };
            match self.handle(jis0208, byte) {
                Step::Continue => {}
                Step::CodePoint(c) => dst.write_bmp(c),
                Step::Finished => {
                    *self = Iso2022JpDecoder::default();
                    return (DecoderResult::InputEmpty, i);
                }
                Step::Error { restore, first } => {
                    // Restored items read from `src` are unread; a restored byte from an earlier
                    // call (only ever an escape's leading byte) is kept.
                    let unread = restore.min(i);
                    i -= unread;
                    if restore > unread {
                        self.restored = Some(first);
                    }
                    return (DecoderResult::Malformed, i);
                }
            }
        }
    }
}

impl Iso2022JpDecoder {
    /// Decodes what the handler would without a state change other than `output` becoming false:
    /// runs of bytes that are their own code points in the ASCII and Roman states, and mapped
    /// pairs in the leading byte state. Returns the number of bytes read.
    #[inline]
    fn fast_path<S: Sink>(&mut self, jis0208: &[u16], src: &[u8], dst: &mut S) -> usize {
        let mut i = 0;
        match self.state {
            State::Ascii | State::Roman => {
                let roman = self.state == State::Roman;
                // In blocks, so a full output buffer stops the scan early.
                loop {
                    let block = &src[i..src.len().min(i + 64)];
                    let run = block
                        .iter()
                        .position(|&b| {
                            b >= 0x80
                                || matches!(b, 0x0E | 0x0F | 0x1B)
                                || (roman && matches!(b, 0x5C | 0x7E))
                        })
                        .unwrap_or(block.len());
                    let n = dst.copy_ascii(&block[..run]);
                    i += n;
                    if n == 0 || n < block.len() {
                        break;
                    }
                }
            }
            State::LeadingByte => {
                while dst.has_room() {
                    let [l @ 0x21..=0x7E, b @ 0x21..=0x7E, ..] = src[i..] else {
                        break;
                    };
                    let Some(c) = jis0208_code_point(jis0208, pointer(l, b)) else {
                        break;
                    };
                    dst.write_bmp(c);
                    i += 2;
                }
            }
            _ => {}
        }
        if i > 0 {
            self.output = false;
        }
        i
    }

    /// The handler (<https://encoding.spec.whatwg.org/#iso-2022-jp-decoder>) for `byte` (`None`:
    /// end-of-queue).
    fn handle(&mut self, jis0208: &[u16], byte: Option<u8>) -> Step {
        use State::*;
        match self.state {
            Ascii | Roman | Katakana | LeadingByte => {
                let Some(b) = byte else { return Step::Finished };
                if b == 0x1B {
                    self.state = EscapeStart;
                    return Step::Continue;
                }
                self.output = false;
                match (self.state, b) {
                    (Roman, 0x5C) => Step::CodePoint(0xA5),
                    (Roman, 0x7E) => Step::CodePoint(0x203E),
                    (Ascii | Roman, 0x00..=0x7F) if b != 0x0E && b != 0x0F => {
                        Step::CodePoint(u16::from(b))
                    }
                    (Katakana, 0x21..=0x5F) => Step::CodePoint(0xFF61 - 0x21 + u16::from(b)),
                    (LeadingByte, 0x21..=0x7E) => {
                        self.leading = b;
                        self.state = TrailingByte;
                        Step::Continue
                    }
                    _ => ERROR,
                }
            }
            TrailingByte => match byte {
                Some(0x1B) => {
                    self.state = EscapeStart;
                    ERROR
                }
                Some(b @ 0x21..=0x7E) => {
                    self.state = LeadingByte;
                    match jis0208_code_point(jis0208, pointer(self.leading, b)) {
                        Some(c) => Step::CodePoint(c),
                        None => ERROR,
                    }
                }
                _ => {
                    self.state = LeadingByte;
                    ERROR
                }
            },
            EscapeStart => match byte {
                Some(b @ (0x24 | 0x28)) => {
                    self.leading = b;
                    self.state = Escape;
                    Step::Continue
                }
                _ => {
                    self.output = false;
                    self.state = self.output_state;
                    Step::Error {
                        restore: usize::from(byte.is_some()),
                        first: byte.unwrap_or(0),
                    }
                }
            },
            Escape => {
                let leading = std::mem::take(&mut self.leading);
                let state = match (leading, byte) {
                    (0x28, Some(0x42)) => Some(Ascii),
                    (0x28, Some(0x4A)) => Some(Roman),
                    (0x28, Some(0x49)) => Some(Katakana),
                    (0x24, Some(0x40 | 0x42)) => Some(LeadingByte),
                    _ => None,
                };
                if let Some(state) = state {
                    self.state = state;
                    self.output_state = state;
                    let output = std::mem::replace(&mut self.output, true);
                    return if output { ERROR } else { Step::Continue };
                }
                self.output = false;
                self.state = self.output_state;
                // Restore leading, or « leading, byte ».
                Step::Error {
                    restore: 1 + usize::from(byte.is_some()),
                    first: leading,
                }
            }
        }
    }
}

/// (leading − 0x21) × 94 + byte − 0x21.
#[inline(always)]
fn pointer(leading: u8, byte: u8) -> usize {
    usize::from(leading - 0x21) * 94 + usize::from(byte - 0x21)
}

/// ISO-2022-JP encoder state (<https://encoding.spec.whatwg.org/#iso-2022-jp-encoder-state>).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum EncoderState {
    #[default]
    Ascii,
    Roman,
    Jis0208,
}

impl EncoderState {
    /// The escape sequence that switches to this state.
    fn escape(self) -> [u8; 3] {
        match self {
            EncoderState::Ascii => [0x1B, 0x28, 0x42],
            EncoderState::Roman => [0x1B, 0x28, 0x4A],
            EncoderState::Jis0208 => [0x1B, 0x24, 0x42],
        }
    }
}

/// ISO-2022-JP encoder (<https://encoding.spec.whatwg.org/#iso-2022-jp-encoder>): its state, and
/// the jis0208 bytes of each BMP code point.
#[derive(Clone, Debug)]
pub(crate) struct Iso2022JpEncoder {
    state: EncoderState,
    bytes: &'static BmpTable,
}

impl Iso2022JpEncoder {
    /// The encoder's state: 0 ASCII, 1 Roman, 2 jis0208.
    pub(crate) fn save(&self) -> u32 {
        self.state as u32
    }

    pub(crate) fn restore(saved: u32) -> Option<Iso2022JpEncoder> {
        use EncoderState::*;
        let state = *[Ascii, Roman, Jis0208].get(saved as usize)?;
        Some(Iso2022JpEncoder {
            state,
            ..Iso2022JpEncoder::default()
        })
    }
}

impl Default for Iso2022JpEncoder {
    fn default() -> Self {
        Iso2022JpEncoder {
            state: EncoderState::default(),
            bytes: jis0208_bytes(),
        }
    }
}

/// For each BMP code point, the two bytes of its index jis0208 pointer after the handler's
/// mapping (`index_code_point`), packed, or 0 where it has none; built once from EUC-JP's bytes,
/// which are these plus 0x80 each (EUC-JP's other entries have a first byte below 0xA1). EUC-JP's
/// encoder maps U+2212 to U+FF0D as this one does, so its bytes hold U+FF0D's for U+2212 already.
fn jis0208_bytes() -> &'static BmpTable {
    static BYTES: OnceLock<Box<BmpTable>> = OnceLock::new();
    BYTES.get_or_init(|| {
        let euc_jp = euc_jp_bytes();
        let bytes: Box<[u16]> = (0..=0xFFFFu32)
            .map(|c| match euc_jp[index_code_point(c) as usize] {
                b @ 0xA100.. => b - 0x8080,
                _ => 0,
            })
            .collect();
        bytes.try_into().expect("one entry per BMP code point")
    })
}

/// What one run of the encoder's handler returned.
enum EncodeStep {
    /// One or two bytes.
    Bytes([u8; 2], usize),
    /// Restore the code point, switch to this state and return its escape sequence.
    Switch(EncoderState),
    Error,
}

impl Encode for Iso2022JpEncoder {
    fn encode_char(&mut self, c: char, out: &mut [u8]) -> Result<usize, usize> {
        let mut n = 0;
        // A restored code point is handled again, after at most one switch (the encoder,
        // https://encoding.spec.whatwg.org/#iso-2022-jp-encoder, never switches twice for one code
        // point: switching to jis0208 needs a pointer).
        loop {
            match self.handle(c) {
                EncodeStep::Bytes(bytes, len) => {
                    out[n..n + len].copy_from_slice(&bytes[..len]);
                    return Ok(n + len);
                }
                EncodeStep::Switch(state) => {
                    self.state = state;
                    out[n..n + 3].copy_from_slice(&state.escape());
                    n += 3;
                }
                EncodeStep::Error => return Err(n),
            }
        }
    }

    fn finish(&mut self, out: &mut [u8]) -> usize {
        if self.state == EncoderState::Ascii {
            return 0;
        }
        self.state = EncoderState::Ascii;
        out[..3].copy_from_slice(&EncoderState::Ascii.escape());
        3
    }

    /// In the ASCII state, ASCII but U+000E, U+000F and U+001B (errors); outside it, none: ASCII
    /// needs an escape first (Roman also maps U+005C and U+007E elsewhere).
    fn ascii_run(&self) -> AsciiRun {
        match self.state {
            EncoderState::Ascii => AsciiRun::AllButShiftsAndEscape,
            _ => AsciiRun::None,
        }
    }

    const BULK: bool = true;

    /// In the jis0208 state, the two bytes of a code point with an index jis0208 pointer (none
    /// for ASCII, which needs an escape there).
    #[inline(always)]
    fn encode_bmp(&self, c: u16) -> u16 {
        if self.state != EncoderState::Jis0208 {
            return 0;
        }
        self.bytes[usize::from(c)]
    }

    /// The ASCII and jis0208 states' runs, with the switches between them
    /// (<https://encoding.spec.whatwg.org/#iso-2022-jp-encoder>): in ASCII, ASCII but U+000E,
    /// U+000F and U+001B is its own byte, and a code point with a jis0208 pointer (never U+00A5 or
    /// U+203E) switches to jis0208; there, such a code point is its two bytes, and ASCII but those
    /// three switches to ASCII. The rest (errors, the Roman state, surrogates) stays with the
    /// handler. Eight units at a time: all eight are written, and the output advances past those
    /// before the first that does not belong.
    fn encode_utf16_run(&mut self, src: &[u16], dst: &mut [u8]) -> (usize, usize) {
        let bytes = self.bytes;
        let (mut n, mut w) = (0, 0);
        loop {
            match self.state {
                EncoderState::Ascii => {
                    'run: {
                        while let (Some(units), Some(out)) =
                            (src.get(n..n + 8), dst.get_mut(w..w + 8))
                        {
                            let (mut word, mut ends) = (0u64, 1u32 << 8);
                            for (k, &u) in units.iter().enumerate() {
                                word |= u64::from(u as u8) << (8 * k);
                                ends |= u32::from(!is_ascii_byte(u)) << k;
                            }
                            out.copy_from_slice(&word.to_le_bytes());
                            let k = ends.trailing_zeros() as usize;
                            n += k;
                            w += k;
                            if k < 8 {
                                break 'run;
                            }
                        }
                        while let (Some(&u), Some(o)) = (src.get(n), dst.get_mut(w)) {
                            if !is_ascii_byte(u) {
                                break;
                            }
                            *o = u as u8;
                            n += 1;
                            w += 1;
                        }
                    }
                    // A switch writes the escape before the code point it is for, as the
                    // handler does (it restores the code point): only the escape must fit.
                    match src.get(n) {
                        Some(&u) if bytes[usize::from(u)] != 0 && w + 3 <= dst.len() => {
                            self.state = EncoderState::Jis0208;
                        }
                        _ => return (n, w),
                    }
                }
                EncoderState::Jis0208 => {
                    'run: {
                        while let (Some(units), Some(out)) =
                            (src.get(n..n + 8), dst.get_mut(w..w + 16))
                        {
                            let (mut words, mut ends) = ([0u64; 2], 1u32 << 8);
                            for (k, &u) in units.iter().enumerate() {
                                let pair = bytes[usize::from(u)];
                                words[k / 4] |= u64::from(pair.swap_bytes()) << (16 * (k % 4));
                                ends |= u32::from(pair == 0) << k;
                            }
                            out[..8].copy_from_slice(&words[0].to_le_bytes());
                            out[8..].copy_from_slice(&words[1].to_le_bytes());
                            let k = ends.trailing_zeros() as usize;
                            n += k;
                            w += 2 * k;
                            if k < 8 {
                                break 'run;
                            }
                        }
                        while let (Some(&u), Some(o)) = (src.get(n), dst.get_mut(w..w + 2)) {
                            let pair = bytes[usize::from(u)];
                            if pair == 0 {
                                break;
                            }
                            o.copy_from_slice(&pair.to_be_bytes());
                            n += 1;
                            w += 2;
                        }
                    }
                    match src.get(n) {
                        Some(&u) if is_ascii_byte(u) && w + 3 <= dst.len() => {
                            self.state = EncoderState::Ascii
                        }
                        _ => return (n, w),
                    }
                }
                EncoderState::Roman => return (n, w),
            }
            dst[w..w + 3].copy_from_slice(&self.state.escape());
            w += 3;
        }
    }

    /// U+000E, U+000F and U+001B return error with U+FFFD, to prevent attacks.
    fn error_code_point(&self, c: char) -> char {
        match c {
            '\u{0E}' | '\u{0F}' | '\u{1B}' => '\u{FFFD}',
            _ => c,
        }
    }
}

/// Whether the ASCII state encodes `u` as its own byte: ASCII but U+000E, U+000F and U+001B.
#[inline(always)]
fn is_ascii_byte(u: u16) -> bool {
    const SHIFTS_AND_ESCAPE: u32 = 1 << 0x0E | 1 << 0x0F | 1 << 0x1B;
    // Without branches: the shift is taken modulo 32, and counts only below 0x20.
    (u32::from(u > 0x7F) | SHIFTS_AND_ESCAPE >> (u & 0x1F) & u32::from(u < 0x20)) == 0
}

/// The code point looked up in EUC-JP's bytes for `c` (the handler's
/// <https://encoding.spec.whatwg.org/#iso-2022-jp-encoder> looks it up in index jis0208): the index
/// ISO-2022-JP katakana's (<https://encoding.spec.whatwg.org/#index-iso-2022-jp-katakana>) code
/// point for halfwidth katakana, else `c` (U+2212 included: see [`jis0208_bytes`]).
#[inline(always)]
fn index_code_point(c: u32) -> u32 {
    match c {
        0xFF61..=0xFF9F => u32::from(tables::ISO_2022_JP_KATAKANA[c as usize - 0xFF61]),
        _ => c,
    }
}

impl Iso2022JpEncoder {
    /// The handler (<https://encoding.spec.whatwg.org/#iso-2022-jp-encoder>) for a code point
    /// (end-of-queue is [`Encode::finish`]).
    fn handle(&self, c: char) -> EncodeStep {
        use EncoderState::*;
        let state = self.state;
        if matches!(state, Ascii | Roman) && matches!(c, '\u{0E}' | '\u{0F}' | '\u{1B}') {
            return EncodeStep::Error;
        }
        if state == Ascii && c.is_ascii() {
            return EncodeStep::Bytes([c as u8, 0], 1);
        }
        if state == Roman {
            match c {
                '\\' | '~' => {}
                '\0'..='\x7F' => return EncodeStep::Bytes([c as u8, 0], 1),
                '\u{A5}' => return EncodeStep::Bytes([0x5C, 0], 1),
                '\u{203E}' => return EncodeStep::Bytes([0x7E, 0], 1),
                _ => {}
            }
        }
        if c.is_ascii() {
            return EncodeStep::Switch(Ascii);
        }
        if matches!(c, '\u{A5}' | '\u{203E}') {
            return EncodeStep::Switch(Roman);
        }
        // The bytes of the index jis0208 pointer (every code point of the index is in the BMP).
        let bytes = u16::try_from(u32::from(c)).map_or(0, |c| self.bytes[usize::from(c)]);
        if bytes == 0 {
            return if state == Jis0208 {
                EncodeStep::Switch(Ascii)
            } else {
                EncodeStep::Error
            };
        }
        if state != Jis0208 {
            return EncodeStep::Switch(Jis0208);
        }
        EncodeStep::Bytes(bytes.to_be_bytes(), 2)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sink::Utf16Sink;

    fn decoder_in(state: State) -> Iso2022JpDecoder {
        Iso2022JpDecoder {
            state,
            output_state: state,
            output: true,
            ..Iso2022JpDecoder::default()
        }
    }

    // save's number (its doc): the decoder state and the output state, 3 bits each, numbered as in
    // STATES, leading in 8 bits, output in 1. The escape state is entered with leading 0x24 or 0x28
    // only (https://encoding.spec.whatwg.org/#iso-2022-jp-decoder, escape start state).
    #[test]
    fn restore_refuses_numbers_save_never_gives() {
        assert!(Iso2022JpDecoder::restore(6 | 0x24 << 6).is_some());
        assert!(Iso2022JpDecoder::restore(6 | 0x28 << 6).is_some());
        assert!(Iso2022JpDecoder::restore(6 | 0x41 << 6).is_none());
        assert!(Iso2022JpDecoder::restore(6).is_none());
        let output = Iso2022JpDecoder::restore(1 << 14).unwrap();
        assert!(output.output && output.state == State::Ascii && output.leading == 0);
        assert!(Iso2022JpDecoder::restore(1 << 15).is_none());
    }

    // Worked by hand from https://encoding.spec.whatwg.org/#iso-2022-jp-decoder: in the ASCII and
    // Roman states a byte 0x00..=0x7F other than 0x0E, 0x0F and 0x1B (and, in Roman, 0x5C and 0x7E)
    // is its own code point; in the leading byte state a pair's pointer, (leading − 0x21) × 94 +
    // byte − 0x21, is looked up in index-jis0208.txt. Each unsets output. The decoder's own tests
    // cannot see a fast path that stops early: its steps give the same output.
    #[test]
    fn the_fast_path_writes_what_needs_no_state_change() {
        let jis0208 = tables::jis0208();
        let mut out = [0u16; 256];
        let run = |state: State, src: &[u8], out: &mut [u16]| {
            let mut d = decoder_in(state);
            let mut dst = Utf16Sink::new(out);
            let n = d.fast_path(jis0208, src, &mut dst);
            assert_eq!(
                dst.written(),
                if state == State::LeadingByte {
                    n / 2
                } else {
                    n
                }
            );
            assert_eq!(d.output, n == 0, "output after {n} bytes");
            assert_eq!(d.state, state);
            n
        };
        // 150 bytes: more than two of the scan's blocks.
        let long: Vec<u8> = (0..150).map(|k| b'a' + k % 26).collect();
        assert_eq!(run(State::Ascii, &long, &mut out), 150);
        assert_eq!(
            out[..150],
            long.iter().map(|&b| u16::from(b)).collect::<Vec<_>>()[..]
        );
        assert_eq!(run(State::Ascii, b"a\\~\x0Eb", &mut out), 3);
        for stop in [0x0E, 0x0F, 0x1B, 0x80, 0xFF] {
            assert_eq!(run(State::Ascii, &[b'a', b'b', stop, b'c'], &mut out), 2);
            assert_eq!(run(State::Roman, &[b'a', b'b', stop, b'c'], &mut out), 2);
        }
        assert_eq!(run(State::Roman, b"a\\b", &mut out), 1);
        assert_eq!(run(State::Roman, b"ab~", &mut out), 2);
        assert_eq!(run(State::Roman, b"\\", &mut out), 0);
        assert_eq!(run(State::Ascii, b"", &mut out), 0);
        // A full output stops the scan where it is full.
        assert_eq!(run(State::Ascii, &long, &mut out[..10]), 10);
        // 21 21 (pointer 0), 24 22 (283), then 22 2F (108: not in the index).
        assert_eq!(run(State::LeadingByte, b"!!$\"\"/", &mut out), 4);
        assert_eq!(out[..2], [0x3000, 0x3042]);
        // A cut pair; bytes outside 0x21..=0x7E.
        for src in [&b"$"[..], b"$\x20", b"\x20$", b"$\x7F", b"\x1B$B"] {
            assert_eq!(run(State::LeadingByte, src, &mut out), 0, "{src:X?}");
        }
        assert_eq!(run(State::Katakana, b"abc", &mut out), 0);
        assert_eq!(run(State::TrailingByte, b"abc", &mut out), 0);
    }

    // https://encoding.spec.whatwg.org/#iso-2022-jp-encoder, steps 3 and 4: in the ASCII state an
    // ASCII code point is its own byte, but U+000E, U+000F and U+001B are errors. The bulk path
    // leaves every other unit to the handler, which gives the same output: only this sees a unit
    // it wrongly leaves.
    #[test]
    fn ascii_bytes_are_ascii_but_shifts_and_escape() {
        for u in 0..=u16::MAX {
            let expected = u <= 0x7F && !matches!(u, 0x0E | 0x0F | 0x1B);
            assert_eq!(is_ascii_byte(u), expected, "{u:#06X}");
        }
    }

    // The encoder's bulk paths, worked by hand from https://encoding.spec.whatwg.org/#iso-2022-jp-encoder
    // and index-jis0208.txt: U+3042 has pointer 283 (bytes 0x24 0x22), U+65E5 pointer 3569
    // (0x46 0x7C); ESC $ B switches to jis0208, ESC ( B to ASCII. Each path that does nothing
    // leaves the handler's steps to give the same output, so only these tests can see it.
    #[test]
    fn encoder_bulk_paths() {
        let mut encoder = Iso2022JpEncoder::default();
        assert!(encoder.ascii_run() == AsciiRun::AllButShiftsAndEscape);
        assert_eq!(encoder.encode_bmp(0x3042), 0);
        encoder.state = EncoderState::Jis0208;
        assert!(encoder.ascii_run() == AsciiRun::None);
        assert_eq!(encoder.encode_bmp(0x3042), 0x2422);
        assert_eq!(encoder.encode_bmp(0x65E5), 0x467C);
        assert_eq!(encoder.encode_bmp(u16::from(b'a')), 0);
        encoder.state = EncoderState::Roman;
        assert!(encoder.ascii_run() == AsciiRun::None);
        assert_eq!(encoder.encode_bmp(0x3042), 0);

        // Eight ASCII units, eight with jis0208 pointers, two ASCII: each state's word loop, its
        // switch and its unit loop, from the ASCII state.
        let src: Vec<u16> = "abcdefghあ日あ日あ日あ日ij".encode_utf16().collect();
        let mut expected = b"abcdefgh\x1B$B".to_vec();
        for _ in 0..4 {
            expected.extend_from_slice(&[0x24, 0x22, 0x46, 0x7C]);
        }
        expected.extend_from_slice(b"\x1B(Bij");
        let mut encoder = Iso2022JpEncoder::default();
        let mut dst = [0u8; 64];
        assert_eq!(encoder.encode_utf16_run(&src, &mut dst), (18, 32));
        assert_eq!(&dst[..32], &expected[..]);
        assert!(encoder.state == EncoderState::Ascii);
        // It stops before what is not its own: U+00A5 (Roman's) in the ASCII state, ASCII with no
        // room for the escape in the jis0208 state.
        let mut encoder = Iso2022JpEncoder::default();
        assert_eq!(encoder.encode_utf16_run(&[0x61, 0xA5], &mut dst), (1, 1));
        encoder.state = EncoderState::Jis0208;
        assert_eq!(
            encoder.encode_utf16_run(&[0x3042, 0x61], &mut dst[..4]),
            (1, 2)
        );
        assert!(encoder.state == EncoderState::Jis0208);
    }

    // More of the bulk paths, worked by hand as above: runs longer than a block of eight units in
    // each state, a run that starts in the jis0208 state, a unit that ends a block midway, and an
    // output with room for the escape to jis0208 but not what follows it.
    #[test]
    fn encoder_bulk_paths_past_a_block_and_at_the_output_end() {
        let mut dst = [0u8; 64];
        // 21 ASCII units, U+007F among them: each is its own byte.
        let ascii = b"abc\x7Fdefghijklmnopqrs~";
        let src: Vec<u16> = ascii.iter().map(|&b| u16::from(b)).collect();
        let mut encoder = Iso2022JpEncoder::default();
        assert_eq!(encoder.encode_utf16_run(&src, &mut dst), (21, 21));
        assert_eq!(&dst[..21], &ascii[..]);

        // Ten U+3042 from the jis0208 state: eight in a block, two alone.
        let mut encoder = Iso2022JpEncoder::restore(2).unwrap();
        assert_eq!(encoder.encode_utf16_run(&[0x3042; 10], &mut dst), (10, 20));
        assert_eq!(&dst[..20], &[0x24, 0x22].repeat(10)[..]);

        // U+3042 ×3, `a`, U+3042 ×6 from the jis0208 state: the block ends at `a`, which switches to
        // ASCII, and U+3042 back to jis0208.
        let src: Vec<u16> = "あああaああああああ".encode_utf16().collect();
        let mut expected = [0x24, 0x22].repeat(3);
        expected.extend_from_slice(b"\x1B(Ba\x1B$B");
        expected.extend_from_slice(&[0x24, 0x22].repeat(6));
        let mut encoder = Iso2022JpEncoder::restore(2).unwrap();
        assert_eq!(encoder.encode_utf16_run(&src, &mut dst), (10, 25));
        assert_eq!(&dst[..25], &expected[..]);

        // `a` then U+3042 from the ASCII state: with three bytes left after `a` the escape is
        // written (the handler restores U+3042 after it), with two it is not.
        let mut encoder = Iso2022JpEncoder::default();
        assert_eq!(
            encoder.encode_utf16_run(&[0x61, 0x3042], &mut dst[..3]),
            (1, 1)
        );
        assert!(encoder.state == EncoderState::Ascii);
        assert_eq!(
            encoder.encode_utf16_run(&[0x61, 0x3042], &mut dst[..4]),
            (1, 4)
        );
        assert_eq!(&dst[..4], b"a\x1B$B");
        assert!(encoder.state == EncoderState::Jis0208);
    }
}
