//! Properties every decoder and encoder must have, whatever the input, checked on seeded random
//! inputs for all 40 encodings (`cargo test --test properties euc_kr`):
//! - no input makes one panic;
//! - the output does not depend on how the input is chunked (empty chunks included) or on the
//!   output buffer's size: tiny buffers, looping on `OutputFull`, give the one-shot result;
//! - the documented maximum buffer lengths always suffice (never `OutputFull`);
//! - fatal mode, going on after each error, gives replacement mode's output with U+FFFD (decoders)
//!   or `&#N;` (encoders) where the errors were;
//! - UTF-8 and UTF-16 outputs are the same text, and valid;
//! - after `reset()` a decoder or encoder behaves as a new one.

#[macro_use]
mod common;

use common::{hex, random_bytes, random_chunks, random_string, random_utf16, Rng, Text};
use encoding_wasm::{
    Decoder, DecoderMode, DecoderResult, Encoder, EncoderMode, EncoderResult, Encoding,
};
use std::ops::Range;

/// Marks an error in a fatal-mode output stream.
const ERROR: u32 = u32::MAX;

/// A decoder output code unit type.
trait Unit: Copy + Default + Into<u32> {
    /// The smallest buffer with room for any one handler step.
    const MIN_BUFFER: usize;
    const REPLACEMENT: &'static [u32];
    fn decode(
        d: &mut Decoder,
        src: &[u8],
        dst: &mut [Self],
        last: bool,
        mode: DecoderMode,
    ) -> (DecoderResult, usize, usize);
    fn max(d: &Decoder, len: usize) -> usize;
}

impl Unit for u16 {
    const MIN_BUFFER: usize = 2;
    const REPLACEMENT: &'static [u32] = &[0xFFFD];
    fn decode(
        d: &mut Decoder,
        src: &[u8],
        dst: &mut [u16],
        last: bool,
        mode: DecoderMode,
    ) -> (DecoderResult, usize, usize) {
        d.decode_to_utf16(src, dst, last, mode)
    }
    fn max(d: &Decoder, len: usize) -> usize {
        d.max_utf16_buffer_length(len)
    }
}

impl Unit for u8 {
    const MIN_BUFFER: usize = 4;
    const REPLACEMENT: &'static [u32] = &[0xEF, 0xBF, 0xBD];
    fn decode(
        d: &mut Decoder,
        src: &[u8],
        dst: &mut [u8],
        last: bool,
        mode: DecoderMode,
    ) -> (DecoderResult, usize, usize) {
        d.decode_to_utf8(src, dst, last, mode)
    }
    fn max(d: &Decoder, len: usize) -> usize {
        d.max_utf8_buffer_length(len)
    }
}

/// How big each output buffer is.
#[derive(Clone, Copy, Debug)]
enum Buffers {
    /// The documented maximum for the call's input: `OutputFull` is then a failure.
    Documented,
    /// Random sizes from the smallest that fits a step to a few units more.
    Tiny(u64),
}

/// Decodes `calls` (ranges of `input`, the last final), looping on `OutputFull` and, in fatal mode,
/// going on after each error, which is marked [`ERROR`] in the returned output.
fn decode_stream<U: Unit>(
    d: &mut Decoder,
    input: &[u8],
    calls: &[(Range<usize>, bool)],
    mode: DecoderMode,
    buffers: Buffers,
) -> Vec<u32> {
    let name = d.encoding().name();
    let what = || format!("{name} {mode:?} {buffers:?} [{}] {calls:?}", hex(input));
    let mut rng = Rng::new(if let Buffers::Tiny(seed) = buffers {
        seed
    } else {
        0
    });
    let mut out = Vec::new();
    for (range, last) in calls {
        let mut src = &input[range.clone()];
        loop {
            let size = match buffers {
                Buffers::Documented => U::max(d, src.len()),
                Buffers::Tiny(_) => U::MIN_BUFFER + rng.below(6),
            };
            let mut buf = vec![U::default(); size];
            let (r, read, n) = U::decode(d, src, &mut buf, *last, mode);
            assert!(read <= src.len() && n <= size, "{}", what());
            out.extend(buf[..n].iter().map(|&u| u.into()));
            src = &src[read..];
            match r {
                DecoderResult::InputEmpty => {
                    assert!(src.is_empty(), "InputEmpty with input left: {}", what());
                    break;
                }
                DecoderResult::OutputFull => {
                    assert!(
                        matches!(buffers, Buffers::Tiny(_)),
                        "OutputFull with the documented max: {}",
                        what()
                    );
                    assert!(read > 0 || n > 0, "OutputFull without progress: {}", what());
                }
                DecoderResult::Malformed => {
                    assert_eq!(
                        mode,
                        DecoderMode::Fatal,
                        "Malformed in replacement mode: {}",
                        what()
                    );
                    out.push(ERROR);
                }
            }
        }
    }
    out
}

fn with_replacements<U: Unit>(out: &[u32]) -> Vec<u32> {
    out.iter()
        .flat_map(|&u| {
            if u == ERROR {
                U::REPLACEMENT.to_vec()
            } else {
                vec![u]
            }
        })
        .collect()
}

fn random_calls(rng: &mut Rng, len: usize) -> Vec<(Range<usize>, bool)> {
    let mut calls: Vec<_> = random_chunks(rng, len)
        .into_iter()
        .map(|r| (r, false))
        .collect();
    match calls.last_mut() {
        Some(last) if rng.one_in(2) => last.1 = true,
        _ => calls.push((len..len, true)),
    }
    calls
}

/// Biased random bytes, or uniformly random ones.
fn any_bytes(rng: &mut Rng, e: Encoding) -> Vec<u8> {
    if rng.one_in(2) {
        random_bytes(rng, e)
    } else {
        (0..rng.below(64)).map(|_| rng.below(256) as u8).collect()
    }
}

/// Everything a decoder must satisfy for one output type.
fn decoder_properties_for<U: Unit>(e: Encoding, input: &[u8], rng: &mut Rng) -> Vec<u32> {
    let one_shot = [(0..input.len(), true)];
    let reference = decode_stream::<U>(
        &mut e.new_decoder(),
        input,
        &one_shot,
        DecoderMode::Replacement,
        Buffers::Documented,
    );
    let fatal = decode_stream::<U>(
        &mut e.new_decoder(),
        input,
        &one_shot,
        DecoderMode::Fatal,
        Buffers::Documented,
    );
    let what = || format!("{} [{}]", e.name(), hex(input));
    assert_eq!(
        with_replacements::<U>(&fatal),
        reference,
        "fatal mode going on after errors: {}",
        what()
    );
    for mode in [DecoderMode::Replacement, DecoderMode::Fatal] {
        let calls = random_calls(rng, input.len());
        for buffers in [Buffers::Documented, Buffers::Tiny(rng.next_u64())] {
            let out = decode_stream::<U>(&mut e.new_decoder(), input, &calls, mode, buffers);
            assert_eq!(
                with_replacements::<U>(&out),
                reference,
                "{mode:?} {buffers:?} {calls:?}: {}",
                what()
            );
        }
    }
    reference
}

fn decoder_properties(e: Encoding) {
    let mut rng = Rng::for_encoding(e, 3);
    for _ in 0..10_000 {
        let input = any_bytes(&mut rng, e);
        let utf16: Vec<u16> = decoder_properties_for::<u16>(e, &input, &mut rng)
            .iter()
            .map(|&u| u as u16)
            .collect();
        let utf8: Vec<u8> = decoder_properties_for::<u8>(e, &input, &mut rng)
            .iter()
            .map(|&u| u as u8)
            .collect();
        let (Ok(from16), Ok(from8)) = (String::from_utf16(&utf16), String::from_utf8(utf8)) else {
            panic!("{}: invalid output for [{}]", e.name(), hex(&input));
        };
        assert_eq!(
            from16,
            from8,
            "{}: UTF-16 and UTF-8 outputs differ for [{}]",
            e.name(),
            hex(&input)
        );
    }
}

fn decoder_reset(e: Encoding) {
    let mut rng = Rng::for_encoding(e, 4);
    for _ in 0..2_000 {
        let (first, second) = (any_bytes(&mut rng, e), any_bytes(&mut rng, e));
        let mode = if rng.one_in(2) {
            DecoderMode::Fatal
        } else {
            DecoderMode::Replacement
        };
        let mut d = e.new_decoder();
        // Leave the decoder anywhere: mid-sequence, after an error, or after a final call.
        let mut buf = vec![0u16; d.max_utf16_buffer_length(first.len())];
        d.decode_to_utf16(&first, &mut buf, rng.one_in(3), mode);
        d.reset();
        let calls = [(0..second.len(), true)];
        let reused = decode_stream::<u16>(&mut d, &second, &calls, mode, Buffers::Documented);
        let fresh = decode_stream::<u16>(
            &mut e.new_decoder(),
            &second,
            &calls,
            mode,
            Buffers::Documented,
        );
        assert_eq!(
            reused,
            fresh,
            "{} after [{}] and reset, [{}]",
            e.name(),
            hex(&first),
            hex(&second)
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Encoders

impl Text<'_> {
    /// Random chunk ends; for UTF-8, moved forward to character boundaries.
    fn random_calls(&self, rng: &mut Rng) -> Vec<(Range<usize>, bool)> {
        let mut calls = random_calls(rng, self.len());
        if let Text::Utf8(s) = self {
            let boundary = |mut i: usize| {
                while !s.is_char_boundary(i) {
                    i += 1;
                }
                i
            };
            let mut start = 0;
            for (range, _) in &mut calls {
                *range = start..boundary(range.end).max(start);
                start = range.end;
            }
        }
        calls
    }
}

/// Encodes `calls`, looping on `OutputFull`, writing `&#N;` itself after each `Unmappable` in
/// fatal mode and going on; UTF-16 units left unread at the end of a non-final call (a leading
/// surrogate that may pair with the next) are passed again with the next call.
fn encode_stream(
    enc: &mut Encoder,
    text: Text,
    calls: &[(Range<usize>, bool)],
    mode: EncoderMode,
    buffers: Buffers,
) -> Vec<u8> {
    let name = enc.encoding().name();
    let what = || format!("{name} {mode:?} {buffers:?} {} {calls:?}", text.show());
    let mut rng = Rng::new(if let Buffers::Tiny(seed) = buffers {
        seed
    } else {
        0
    });
    let mut out = Vec::new();
    let mut pending: Vec<u16> = Vec::new();
    for (range, last) in calls {
        let mut units: Vec<u16> = Vec::new();
        let mut pos = 0;
        let chunk_len = match text {
            Text::Utf8(s) => s[range.clone()].len(),
            Text::Utf16(u) => {
                units = std::mem::take(&mut pending);
                units.extend_from_slice(&u[range.clone()]);
                units.len()
            }
        };
        loop {
            let rest = chunk_len - pos;
            let size = match (buffers, text) {
                (Buffers::Documented, Text::Utf8(_)) => enc.max_buffer_length_from_utf8(rest, mode),
                (Buffers::Documented, Text::Utf16(_)) => {
                    enc.max_buffer_length_from_utf16(rest, mode)
                }
                // Every step is given 16 bytes (ISO-2022-JP's escape then `&#1114111;`).
                (Buffers::Tiny(_), _) => 16 + rng.below(8),
            };
            let mut buf = vec![0u8; size];
            let (r, read, n) = match text {
                Text::Utf8(s) => {
                    enc.encode_from_utf8(&s[range.clone()][pos..], &mut buf, *last, mode)
                }
                Text::Utf16(_) => enc.encode_from_utf16(&units[pos..], &mut buf, *last, mode),
            };
            out.extend_from_slice(&buf[..n]);
            pos += read;
            match r {
                EncoderResult::InputEmpty => {
                    if pos < chunk_len {
                        let left = &units[pos..];
                        assert!(
                            !last && left.len() == 1 && (0xD800..0xDC00).contains(&left[0]),
                            "left unread {left:?}: {}",
                            what()
                        );
                        pending = left.to_vec();
                    }
                    break;
                }
                EncoderResult::OutputFull => {
                    assert!(
                        matches!(buffers, Buffers::Tiny(_)),
                        "OutputFull with the documented max: {}",
                        what()
                    );
                    assert!(read > 0 || n > 0, "OutputFull without progress: {}", what());
                }
                EncoderResult::Unmappable(c) => {
                    assert_eq!(
                        mode,
                        EncoderMode::Fatal,
                        "Unmappable in html mode: {}",
                        what()
                    );
                    out.extend_from_slice(format!("&#{};", u32::from(c)).as_bytes());
                }
            }
        }
    }
    out
}

fn encoder_properties(e: Encoding) {
    let Some(new) = e.new_encoder() else {
        assert_eq!(e, Encoding::Replacement);
        return;
    };
    let mut rng = Rng::for_encoding(e, 5);
    for _ in 0..5_000 {
        let s = random_string(&mut rng);
        let u = random_utf16(&mut rng);
        for text in [Text::Utf8(&s), Text::Utf16(&u)] {
            let one_shot = [(0..text.len(), true)];
            let reference = encode_stream(
                &mut new.clone(),
                text,
                &one_shot,
                EncoderMode::Html,
                Buffers::Documented,
            );
            let what = || format!("{} {}", e.name(), text.show());
            let fatal = encode_stream(
                &mut new.clone(),
                text,
                &one_shot,
                EncoderMode::Fatal,
                Buffers::Documented,
            );
            assert_eq!(
                fatal,
                reference,
                "fatal mode going on after errors: {}",
                what()
            );
            for mode in [EncoderMode::Html, EncoderMode::Fatal] {
                let calls = text.random_calls(&mut rng);
                for buffers in [Buffers::Documented, Buffers::Tiny(rng.next_u64())] {
                    let out = encode_stream(&mut new.clone(), text, &calls, mode, buffers);
                    assert_eq!(out, reference, "{mode:?} {buffers:?} {calls:?}: {}", what());
                }
            }
        }
        // From UTF-16 without lone surrogates is the same as from UTF-8.
        let units: Vec<u16> = s.encode_utf16().collect();
        let calls = [(0..units.len(), true)];
        let from16 = encode_stream(
            &mut new.clone(),
            Text::Utf16(&units),
            &calls,
            EncoderMode::Html,
            Buffers::Documented,
        );
        let from8 = encode_stream(
            &mut new.clone(),
            Text::Utf8(&s),
            &[(0..s.len(), true)],
            EncoderMode::Html,
            Buffers::Documented,
        );
        assert_eq!(from16, from8, "{} {s:?}", e.name());
    }
}

fn encoder_reset(e: Encoding) {
    let Some(new) = e.new_encoder() else { return };
    let mut rng = Rng::for_encoding(e, 6);
    for _ in 0..2_000 {
        let (first, second) = (random_string(&mut rng), random_string(&mut rng));
        let mut enc = new.clone();
        // Leave the encoder anywhere: in a non-ASCII state, after an error, or finished.
        let mut buf = vec![0u8; enc.max_buffer_length_from_utf8(first.len(), EncoderMode::Fatal)];
        enc.encode_from_utf8(&first, &mut buf, rng.one_in(3), EncoderMode::Fatal);
        enc.reset();
        let calls = [(0..second.len(), true)];
        let reused = encode_stream(
            &mut enc,
            Text::Utf8(&second),
            &calls,
            EncoderMode::Html,
            Buffers::Documented,
        );
        let fresh = encode_stream(
            &mut new.clone(),
            Text::Utf8(&second),
            &calls,
            EncoderMode::Html,
            Buffers::Documented,
        );
        assert_eq!(
            reused,
            fresh,
            "{} after {first:?} and reset, {second:?}",
            e.name()
        );
    }
}

macro_rules! per_encoding {
    ($($module:ident: $variant:ident;)*) => {$(
        mod $module {
            use super::*;
            const E: Encoding = Encoding::$variant;
            #[test]
            fn decoder_output_is_independent_of_chunks_and_buffers() {
                decoder_properties(E)
            }
            #[test]
            fn decoder_after_reset_is_new() {
                decoder_reset(E)
            }
            #[test]
            fn encoder_output_is_independent_of_chunks_and_buffers() {
                encoder_properties(E)
            }
            #[test]
            fn encoder_after_reset_is_new() {
                encoder_reset(E)
            }
        }
    )*};
}

for_each_encoding!(per_encoding);
