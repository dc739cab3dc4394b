//! Decoder instances (§ 4.1) and their driver: enum dispatch over one state machine per family,
//! each holding exactly the standard's state variables, and the decoder error modes.

use crate::chinese_simplified::Gb18030Decoder;
use crate::chinese_traditional::Big5Decoder;
use crate::encoding::Encoding;
use crate::japanese::{EucJpDecoder, Iso2022JpDecoder, ShiftJisDecoder};
use crate::korean::EucKrDecoder;
use crate::misc::{ReplacementDecoder, Utf16Decoder, XUserDefinedDecoder};
use crate::single_byte::SingleByteDecoder;
use crate::sink::{Sink, Utf16Sink, Utf8Sink};
use crate::utf8::Utf8Decoder;

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

/// A decoder's error mode (§ 4.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum DecoderMode {
    /// Each error becomes U+FFFD.
    #[default]
    Replacement,
    /// The first error stops decoding and is returned as [`DecoderResult::Malformed`].
    Fatal,
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

    /// Right after `Malformed`: forgets the bytes the handler restored to the queue that the
    /// decoder holds (those read in earlier calls), keeping the handler's own state. Decoders
    /// that only restore bytes of the current call (left unread) hold none.
    fn discard_restored(&mut self) {}
}

#[derive(Clone, Debug)]
enum Kind {
    Utf8(Utf8Decoder),
    SingleByte(SingleByteDecoder),
    Gb18030(Gb18030Decoder),
    Big5(Big5Decoder),
    EucJp(EucJpDecoder),
    Iso2022Jp(Iso2022JpDecoder),
    ShiftJis(ShiftJisDecoder),
    EucKr(EucKrDecoder),
    Replacement(ReplacementDecoder),
    Utf16(Utf16Decoder),
    XUserDefined(XUserDefinedDecoder),
}

/// A streaming decoder instance for one encoding.
///
/// Feed it chunks of any size (empty ones included) with `last == false`, then a final call with
/// `last == true`; the output equals decoding the concatenation at once. After the final call, or
/// after a fatal error the caller gives up on, [`Decoder::reset`] makes it new.
#[derive(Clone, Debug)]
pub struct Decoder {
    encoding: Encoding,
    kind: Kind,
}

impl Decoder {
    /// A decoder in its initial state.
    pub fn new(encoding: Encoding) -> Decoder {
        use Encoding::*;
        let kind = match encoding {
            Utf8 => Kind::Utf8(Utf8Decoder::default()),
            Gbk | Gb18030 => Kind::Gb18030(Gb18030Decoder::default()),
            Big5 => Kind::Big5(Big5Decoder::default()),
            EucJp => Kind::EucJp(EucJpDecoder::default()),
            Iso2022Jp => Kind::Iso2022Jp(Iso2022JpDecoder::default()),
            ShiftJis => Kind::ShiftJis(ShiftJisDecoder::default()),
            EucKr => Kind::EucKr(EucKrDecoder::default()),
            Replacement => Kind::Replacement(ReplacementDecoder::default()),
            Utf16Be => Kind::Utf16(Utf16Decoder::new(true)),
            Utf16Le => Kind::Utf16(Utf16Decoder::new(false)),
            XUserDefined => Kind::XUserDefined(XUserDefinedDecoder),
            single => Kind::SingleByte(SingleByteDecoder::new(single)),
        };
        Decoder { encoding, kind }
    }

    pub fn encoding(&self) -> Encoding {
        self.encoding
    }

    /// Back to the initial state, as a new instance of the same encoding's decoder.
    pub fn reset(&mut self) {
        *self = Decoder::new(self.encoding);
    }

    /// After [`DecoderResult::Malformed`], empties the I/O queue: the bytes the handler restored
    /// to it are dropped with the rest of the input (which the caller stops feeding), and the
    /// handler's state (ISO-2022-JP's mode, for one) is kept. TextDecoder does this after a fatal
    /// error, as Blink and Gecko do.
    pub fn discard_queue(&mut self) {
        match &mut self.kind {
            Kind::Gb18030(d) => d.discard_restored(),
            Kind::Iso2022Jp(d) => d.discard_restored(),
            Kind::Utf16(d) => d.discard_restored(),
            _ => {}
        }
    }

    /// Decodes into UTF-16 code units. Returns why it stopped, bytes read, code units written.
    pub fn decode_to_utf16(
        &mut self,
        src: &[u8],
        dst: &mut [u16],
        last: bool,
        mode: DecoderMode,
    ) -> (DecoderResult, usize, usize) {
        let mut sink = Utf16Sink::new(dst);
        let (result, read) = self.run(src, &mut sink, last, mode);
        (result, read, sink.written())
    }

    /// Decodes into UTF-8. Returns why it stopped, bytes read, bytes written.
    pub fn decode_to_utf8(
        &mut self,
        src: &[u8],
        dst: &mut [u8],
        last: bool,
        mode: DecoderMode,
    ) -> (DecoderResult, usize, usize) {
        let mut sink = Utf8Sink::new(dst);
        let (result, read) = self.run(src, &mut sink, last, mode);
        (result, read, sink.written())
    }

    /// Decodes a whole input into a `String` in replacement mode (a convenience for Rust users).
    pub fn decode_to_string(&mut self, src: &[u8], last: bool) -> String {
        let mut out = vec![0u8; self.max_utf8_buffer_length(src.len())];
        let (result, read, written) =
            self.decode_to_utf8(src, &mut out, last, DecoderMode::Replacement);
        debug_assert_eq!((result, read), (DecoderResult::InputEmpty, src.len()));
        out.truncate(written);
        String::from_utf8(out).expect("decoders write UTF-8")
    }

    /// A buffer of this many code units always holds the UTF-16 output of the next
    /// `decode_to_utf16` call on `byte_length` bytes (final or not), in either mode: at most one
    /// code unit per byte, counting the up to three bytes a decoder may hold from earlier calls,
    /// plus room for the last step.
    pub fn max_utf16_buffer_length(&self, byte_length: usize) -> usize {
        byte_length + 5
    }

    /// Likewise for `decode_to_utf8`: at most three bytes (one U+FFFD) per byte decoded.
    pub fn max_utf8_buffer_length(&self, byte_length: usize) -> usize {
        byte_length * 3 + 15
    }

    /// Runs the handler over `src` in `mode`: replacement writes U+FFFD for each error and goes on.
    fn run<S: Sink>(
        &mut self,
        src: &[u8],
        dst: &mut S,
        last: bool,
        mode: DecoderMode,
    ) -> (DecoderResult, usize) {
        let mut read = 0;
        loop {
            let (result, n) = self.step(&src[read..], dst, last);
            read += n;
            match (result, mode) {
                // The handler checked for room before the step that errored.
                (DecoderResult::Malformed, DecoderMode::Replacement) => dst.write_bmp(0xFFFD),
                _ => return (result, read),
            }
        }
    }

    fn step<S: Sink>(&mut self, src: &[u8], dst: &mut S, last: bool) -> (DecoderResult, usize) {
        match &mut self.kind {
            Kind::Utf8(d) => d.decode(src, dst, last),
            Kind::SingleByte(d) => d.decode(src, dst, last),
            Kind::Gb18030(d) => d.decode(src, dst, last),
            Kind::Big5(d) => d.decode(src, dst, last),
            Kind::EucJp(d) => d.decode(src, dst, last),
            Kind::Iso2022Jp(d) => d.decode(src, dst, last),
            Kind::ShiftJis(d) => d.decode(src, dst, last),
            Kind::EucKr(d) => d.decode(src, dst, last),
            Kind::Replacement(d) => d.decode(src, dst, last),
            Kind::Utf16(d) => d.decode(src, dst, last),
            Kind::XUserDefined(d) => d.decode(src, dst, last),
        }
    }
}
