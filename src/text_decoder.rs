//! The TextDecoder algorithm (<https://encoding.spec.whatwg.org/#interface-textdecoder>) without
//! JavaScript: the decoder instance, ignore BOM, BOM seen, do not flush and the error mode, over
//! caller-provided buffers. The wasm layer is a thin shell around this.

use crate::decoder::{Decoder, DecoderMode, DecoderResult};
use crate::encoding::Encoding;

/// A fatal-mode decode() met malformed input (where the JS API throws a TypeError).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Malformed;

impl std::fmt::Display for Malformed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the input is malformed in this encoding")
    }
}

impl std::error::Error for Malformed {}

/// A TextDecoder's state (TextDecoderCommon,
/// <https://encoding.spec.whatwg.org/#interface-mixin-textdecodercommon>, and TextDecoder,
/// <https://encoding.spec.whatwg.org/#interface-textdecoder>).
///
/// One `decode(input, {stream})` call is [`TextDecoderCore::start`] followed by one or more
/// `decode_to_*` calls over the pieces of `input` (the last with `last_piece`), so output can go
/// into fixed buffers.
#[derive(Clone, Debug)]
pub struct TextDecoderCore {
    decoder: Decoder,
    mode: DecoderMode,
    ignore_bom: bool,
    bom_seen: bool,
    /// BOM seen when the current call started: a throwing call serializes no output, so it
    /// leaves BOM seen as it was.
    bom_seen_at_start: bool,
    do_not_flush: bool,
}

impl TextDecoderCore {
    /// The constructor's steps (<https://encoding.spec.whatwg.org/#dom-textdecoder>): `None` for
    /// replacement, which TextDecoder refuses.
    pub fn new(encoding: Encoding, fatal: bool, ignore_bom: bool) -> Option<Self> {
        Self::restore(encoding, fatal, ignore_bom, 0)
    }

    pub fn encoding(&self) -> Encoding {
        self.decoder.encoding()
    }

    pub fn fatal(&self) -> bool {
        self.mode == DecoderMode::Fatal
    }

    pub fn ignore_bom(&self) -> bool {
        self.ignore_bom
    }

    /// This state as a number below 2^29, to keep in its place between calls (or between the
    /// pieces of one): the decoder's ([`Decoder::save`]), then BOM seen, BOM seen when the call
    /// started, and do not flush. [`TextDecoderCore::restore`] gives it back. `None` only while the
    /// decoder holds restored bytes, which never outlive a `decode_to_*` call.
    pub fn save(&self) -> Option<u32> {
        let flags = u32::from(self.bom_seen)
            | u32::from(self.bom_seen_at_start) << 1
            | u32::from(self.do_not_flush) << 2;
        Some(self.decoder.save()? | flags << Decoder::SAVED_BITS)
    }

    /// The TextDecoderCore of `encoding`, `fatal` and `ignore_bom` that
    /// [`TextDecoderCore::save`] gave `saved` for (0: [`TextDecoderCore::new`]'s); `None` for
    /// replacement (as [`TextDecoderCore::new`]) or a number it never gives.
    ///
    /// # Panics
    ///
    /// As [`Decoder::new`].
    pub fn restore(encoding: Encoding, fatal: bool, ignore_bom: bool, saved: u32) -> Option<Self> {
        let flags = saved >> Decoder::SAVED_BITS;
        if flags > 7 || encoding == Encoding::Replacement {
            return None;
        }
        Some(TextDecoderCore {
            decoder: Decoder::restore(encoding, saved & ((1 << Decoder::SAVED_BITS) - 1))?,
            mode: if fatal {
                DecoderMode::Fatal
            } else {
                DecoderMode::Replacement
            },
            ignore_bom,
            bom_seen: flags & 1 != 0,
            bom_seen_at_start: flags & 2 != 0,
            do_not_flush: flags & 4 != 0,
        })
    }

    /// Steps 1–2 of decode(): a fresh decoder unless the previous call was streaming, then do not
    /// flush := `stream`.
    pub fn start(&mut self, stream: bool) {
        if !self.do_not_flush {
            self.decoder.reset();
            self.bom_seen = false;
        }
        self.bom_seen_at_start = self.bom_seen;
        self.do_not_flush = stream;
    }

    /// Decodes a piece of the current call's input into UTF-16, removing the BOM as "serialize
    /// I/O queue" does. End-of-queue is processed after the last piece unless streaming.
    /// `Malformed` only happens in fatal mode, where decode() throws: see [`TextDecoderCore::after`].
    pub fn decode_to_utf16(
        &mut self,
        src: &[u8],
        dst: &mut [u16],
        last_piece: bool,
    ) -> (DecoderResult, usize, usize) {
        let last = last_piece && !self.do_not_flush;
        let (result, read, mut written) = self.decoder.decode_to_utf16(src, dst, last, self.mode);
        if written > 0 && self.bom_applies() {
            self.bom_seen = true;
            if dst[0] == 0xFEFF {
                dst.copy_within(1..written, 0);
                written -= 1;
            }
        }
        self.after(result);
        (result, read, written)
    }

    /// As [`TextDecoderCore::decode_to_utf16`], into UTF-8.
    pub fn decode_to_utf8(
        &mut self,
        src: &[u8],
        dst: &mut [u8],
        last_piece: bool,
    ) -> (DecoderResult, usize, usize) {
        let last = last_piece && !self.do_not_flush;
        let (result, read, mut written) = self.decoder.decode_to_utf8(src, dst, last, self.mode);
        if written > 0 && self.bom_applies() {
            self.bom_seen = true;
            if dst.starts_with(&[0xEF, 0xBB, 0xBF]) {
                dst.copy_within(3..written, 0);
                written -= 3;
            }
        }
        self.after(result);
        (result, read, written)
    }

    /// The output bound for a piece of `byte_length` bytes (see [`Decoder`]).
    pub fn max_utf16_buffer_length(&self, byte_length: usize) -> usize {
        self.decoder.max_utf16_buffer_length(byte_length)
    }

    pub fn max_utf8_buffer_length(&self, byte_length: usize) -> usize {
        self.decoder.max_utf8_buffer_length(byte_length)
    }

    /// Decodes one whole decode() call into a `String` (a convenience for Rust users and tests):
    /// `Err(Malformed)` where decode() would throw a TypeError.
    pub fn decode(&mut self, input: &[u8], stream: bool) -> Result<String, Malformed> {
        self.start(stream);
        let mut out = vec![0u8; self.max_utf8_buffer_length(input.len())];
        match self.decode_to_utf8(input, &mut out, true) {
            (DecoderResult::Malformed, _, _) => Err(Malformed),
            (_, _, written) => {
                out.truncate(written);
                Ok(String::from_utf8(out).expect("decoders write UTF-8"))
            }
        }
    }

    /// Only UTF-8 and UTF-16BE/LE drop a leading BOM, once, unless ignore BOM.
    fn bom_applies(&self) -> bool {
        !self.ignore_bom
            && !self.bom_seen
            && matches!(
                self.encoding(),
                Encoding::Utf8 | Encoding::Utf16Be | Encoding::Utf16Le
            )
    }

    /// After a fatal error (step 5.3.3 of decode(),
    /// <https://encoding.spec.whatwg.org/#dom-textdecoder-decode>, throws), everything stays as the
    /// standard leaves it: the decoder as its handler left it and do not flush as the call set it,
    /// so the next call goes on from there after a `stream` call and starts afresh after any other.
    /// BOM seen is as before the call (no output was serialized). The I/O queue is emptied: the
    /// rest of the call's input (the caller stops feeding it) and the bytes the handler restored to
    /// the queue, as Blink and Gecko do, where the standard would keep them for the next call.
    fn after(&mut self, result: DecoderResult) {
        if result == DecoderResult::Malformed {
            self.bom_seen = self.bom_seen_at_start;
            self.decoder.discard_queue();
        }
    }
}
