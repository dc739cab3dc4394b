//! Decode: the first byte chooses the encoding, the second the mode and output, the next two seed
//! the chunk and buffer sizes; the rest is the input. Chunked and tiny-buffered output must equal
//! the one-shot output, fatal mode going on after errors must equal replacement mode, and UTF-16
//! and UTF-8 outputs must be the same valid text.
#![no_main]

use encoding_wasm::DecoderMode;
use encoding_wasm_fuzz::{chunks, decode_stream, encodings, with_replacements, Rng};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let [which, flags, seed0, seed1, input @ ..] = data else {
        return;
    };
    let e = encodings()[usize::from(*which) % encodings().len()];
    let mode = if flags & 1 == 1 {
        DecoderMode::Fatal
    } else {
        DecoderMode::Replacement
    };
    let utf16 = flags & 2 == 2;
    let mut rng = Rng::new(u64::from(u16::from_le_bytes([*seed0, *seed1])));

    let one = [0..input.len()];
    let reference = decode_stream(
        &mut e.new_decoder(),
        input,
        &one,
        DecoderMode::Replacement,
        utf16,
        None,
    );
    let chunked = chunks(&mut rng, input.len());
    let tiny = if flags & 4 == 4 { Some(&mut rng) } else { None };
    let out = decode_stream(&mut e.new_decoder(), input, &chunked, mode, utf16, tiny);
    assert_eq!(
        with_replacements(&out, utf16),
        reference,
        "{} {mode:?} {chunked:?}",
        e.name()
    );

    // The other output type gives the same text.
    let other = decode_stream(
        &mut e.new_decoder(),
        input,
        &one,
        DecoderMode::Replacement,
        !utf16,
        None,
    );
    let (units16, bytes8) = if utf16 {
        (&reference, &other)
    } else {
        (&other, &reference)
    };
    let s16 = String::from_utf16(&units16.iter().map(|&u| u as u16).collect::<Vec<_>>())
        .expect("valid UTF-16");
    let s8 = String::from_utf8(bytes8.iter().map(|&u| u as u8).collect()).expect("valid UTF-8");
    assert_eq!(s16, s8, "{}", e.name());
});
