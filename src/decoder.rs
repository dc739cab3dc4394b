//! Decoder instances (<https://encoding.spec.whatwg.org/#decoder>) and their driver: enum dispatch
//! over one state machine per family, each holding exactly the standard's state variables, and the
//! decoder error modes.

use crate::encoding::Encoding;
use crate::families::families;
pub use crate::handler::DecoderResult;
use crate::handler::{Decode, Pending, PENDING_BITS};
#[cfg(feature = "japanese")]
use crate::japanese::Iso2022JpDecoder;
use crate::misc::ReplacementDecoder;
use crate::sink::{Sink, Utf16Sink, Utf8Sink};

/// A decoder's error mode (<https://encoding.spec.whatwg.org/#error-mode>).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum DecoderMode {
    /// Each error becomes U+FFFD.
    #[default]
    Replacement,
    /// The first error stops decoding and is returned as [`DecoderResult::Malformed`].
    Fatal,
}

/// A decoder's pending bytes, or (returned) its state as the function given saves it.
macro_rules! pending_or_saved {
    ($decoder:ident) => {
        $decoder.pending()
    };
    ($decoder:ident, $save:expr) => {
        return ($save)($decoder)
    };
}

/// The decoder state machines of the families table (src/families.rs).
macro_rules! decoder_kinds {
    ($(
        ($cfg:meta) $kind:ident for $pattern:pat
            => decoder $decoder:ty = $new_decoder:expr
            $(, encoder $encoder:ty = $new_encoder:expr)?
            $(, saved by $save:expr)?;
    )*) => {
        #[derive(Clone, Debug)]
        enum Kind {
            $(#[cfg($cfg)] $kind($decoder),)*
        }

        impl Kind {
            fn new(encoding: Encoding) -> Kind {
                match encoding {
                    $(#[cfg($cfg)] $pattern => Kind::$kind(($new_decoder)(encoding)),)*
                    #[cfg(not(every_family))]
                    _ => crate::encoding::unavailable(encoding),
                }
            }

            fn decode<S: Sink>(&mut self, src: &[u8], dst: &mut S, last: bool) -> (DecoderResult, usize) {
                match self {
                    $(#[cfg($cfg)] Kind::$kind(d) => d.decode(src, dst, last),)*
                }
            }

            /// See [`Decoder::save`].
            fn save(&self) -> Option<u32> {
                let pending: Option<Pending> = match self {
                    $(#[cfg($cfg)] Kind::$kind(d) => pending_or_saved!(d $(, $save)?),)*
                };
                pending.map(Pending::pack)
            }
        }
    };
}

families!(decoder_kinds);

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
    /// [`Decoder::save`]'s numbers are below 2^SAVED_BITS.
    pub const SAVED_BITS: u32 = PENDING_BITS;

    /// A decoder in its initial state.
    ///
    /// # Panics
    ///
    /// If the crate was built without the feature of `encoding`'s family (see
    /// [`Encoding::is_available`]); the default features have every family.
    pub fn new(encoding: Encoding) -> Decoder {
        Decoder {
            encoding,
            kind: Kind::new(encoding),
        }
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
            #[cfg(feature = "chinese-simplified")]
            Kind::Gb18030(d) => d.discard_restored(),
            #[cfg(feature = "japanese")]
            Kind::Iso2022Jp(d) => d.discard_restored(),
            #[cfg(feature = "lite")]
            Kind::Utf16(d) => d.discard_restored(),
            _ => {}
        }
    }

    /// The decoder's state as a number below 2^[`Decoder::SAVED_BITS`], to keep in its place between calls:
    /// [`Decoder::restore`] gives the same state back. Most decoders' state is the few bytes read
    /// since it was last initial (a suffix of the input: UTF-8's sequence so far, gb18030 first,
    /// second and third, a leading byte, UTF-16's leading surrogate and byte); ISO-2022-JP's
    /// variables and replacement's flag are packed as they are. `None` while the decoder holds
    /// bytes the handler restored to the queue (right after [`DecoderResult::Malformed`], until
    /// [`Decoder::discard_queue`] or the next call reads them).
    // Not inlined: `restore` calls it too, and a copy in each caller costs wasm bytes.
    #[inline(never)]
    pub fn save(&self) -> Option<u32> {
        self.kind.save()
    }

    /// The decoder of `encoding` that [`Decoder::save`] gave `saved` for, or `None` if `saved` is
    /// no such number. Pending bytes are read again by a new decoder (so its state is the
    /// standard's, by its own handler).
    ///
    /// # Panics
    ///
    /// As [`Decoder::new`].
    pub fn restore(encoding: Encoding, saved: u32) -> Option<Decoder> {
        let mut d = Decoder::new(encoding);
        // The initial state, every decoder's 0 (streams are mostly between characters).
        if saved == 0 {
            return Some(d);
        }
        match &mut d.kind {
            #[cfg(feature = "japanese")]
            Kind::Iso2022Jp(k) => *k = Iso2022JpDecoder::restore(saved)?,
            Kind::Replacement(k) => *k = ReplacementDecoder::restore(saved)?,
            _ => {
                let p = Pending::unpack(saved)?;
                let len = usize::from(p.len);
                // Pending bytes write nothing: a decoder holding them has written nothing yet.
                let mut out = [0u16; 8];
                let ended = d.decode_to_utf16(&p.bytes[..len], &mut out, false, DecoderMode::Fatal);
                if ended != (DecoderResult::InputEmpty, len, 0) {
                    return None;
                }
            }
        }
        // Only the number save() gives for that state (any other is refused).
        (d.save() == Some(saved)).then_some(d)
    }

    /// Right after [`DecoderResult::Malformed`]: how many of the bytes the handler restored to the
    /// I/O queue came from earlier calls and are held by the decoder (the others are left unread).
    /// They are the last bytes read before the unread ones.
    #[cfg(any(target_arch = "wasm32", test))]
    pub(crate) fn restored_len(&self) -> usize {
        match &self.kind {
            #[cfg(feature = "chinese-simplified")]
            Kind::Gb18030(d) => d.restored_len(),
            #[cfg(feature = "japanese")]
            Kind::Iso2022Jp(d) => d.restored_len(),
            #[cfg(feature = "lite")]
            Kind::Utf16(d) => d.restored_len(),
            _ => 0,
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

    /// Runs the handler over `src` in `mode`, as process a queue
    /// (<https://encoding.spec.whatwg.org/#concept-encoding-run>) does: replacement writes U+FFFD
    /// for each error and goes on.
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
        self.kind.decode(src, dst, last)
    }
}

impl Encoding {
    /// A new decoder instance in its initial state.
    pub fn new_decoder(self) -> Decoder {
        Decoder::new(self)
    }
}
