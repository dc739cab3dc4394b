//! Decode: the first byte chooses the encoding, the second the mode and output, the next two seed
//! the chunk and buffer sizes; the rest is the input. Chunked and tiny-buffered output must equal
//! the one-shot output, fatal mode going on after errors must equal replacement mode, and UTF-16
//! and UTF-8 outputs must be the same valid text. Saving and restoring the state between calls
//! must change nothing, and restoring any number must give a decoder that keeps these rules, or
//! none.
#![no_main]

use encoding_wasm::{Decoder, DecoderMode, TextDecoderCore};
use encoding_wasm_fuzz::{
    chunks, decode_stream, encodings, text_decode_calls, whole, with_replacements, Rng,
};
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
    let resave = flags & 8 == 8;
    let ignore_bom = flags & 32 == 32;
    let mut rng = Rng::new(u64::from(u16::from_le_bytes([*seed0, *seed1])));

    // Bit 4: the input's first four bytes are a saved state, restored in every encoding; the
    // decoder of `e` starts from it.
    let (start, input) = match (flags & 16 == 16, input) {
        (true, [s0, s1, s2, s3, rest @ ..]) => {
            let saved = u32::from_le_bytes([*s0, *s1, *s2, *s3]);
            restore_everywhere(saved, rest, ignore_bom);
            (saved, rest)
        }
        (true, _) => return,
        (false, _) => (0, input),
    };
    let Some(new) = Decoder::restore(e, start) else {
        return;
    };

    let one = whole(input.len());
    let reference = decode_stream(
        &mut new.clone(),
        input,
        &one,
        DecoderMode::Replacement,
        utf16,
        None,
        false,
    );
    let chunked = chunks(&mut rng, input.len());
    let tiny = if flags & 4 == 4 { Some(&mut rng) } else { None };
    let out = decode_stream(&mut new.clone(), input, &chunked, mode, utf16, tiny, resave);
    assert_eq!(
        with_replacements(&out, utf16),
        reference,
        "{} {mode:?} {chunked:?} from {start:#x}",
        e.name()
    );

    // The other output type gives the same text.
    let other = decode_stream(
        &mut new.clone(),
        input,
        &one,
        DecoderMode::Replacement,
        !utf16,
        None,
        false,
    );
    if utf16 {
        assert_same_text(&reference, &other, e.name());
    } else {
        assert_same_text(&other, &reference, e.name());
    }

    // TextDecoder's streaming calls give the same results with the state saved between them.
    if let (true, Some(core)) = (
        resave,
        TextDecoderCore::new(e, mode == DecoderMode::Fatal, ignore_bom),
    ) {
        let calls = text_decode_calls(&mut core.clone(), input, &chunked, false);
        let saved = text_decode_calls(&mut core.clone(), input, &chunked, true);
        assert_eq!(saved, calls, "{} {mode:?} {chunked:?}", e.name());
    }
});

/// UTF-16 code units and UTF-8 bytes (as `u32`) are valid and the same text.
fn assert_same_text(units16: &[u32], bytes8: &[u32], name: &str) {
    let s16 = String::from_utf16(&units16.iter().map(|&u| u as u16).collect::<Vec<_>>())
        .expect("valid UTF-16");
    let s8 = String::from_utf8(bytes8.iter().map(|&u| u as u8).collect()).expect("valid UTF-8");
    assert_eq!(s16, s8, "{name}");
}

/// Restores `saved` in every encoding, as a Decoder and as a TextDecoder in both modes: any
/// that is not refused saves the same number again and decodes `input` to valid text, the same
/// in UTF-16 and UTF-8, within the documented buffer lengths.
fn restore_everywhere(saved: u32, input: &[u8], ignore_bom: bool) {
    let one = whole(input.len());
    for &e in encodings() {
        if let Some(d) = Decoder::restore(e, saved) {
            assert_eq!(d.save(), Some(saved), "{} restored {saved:#x}", e.name());
            let mode = DecoderMode::Replacement;
            let units16 = decode_stream(&mut d.clone(), input, &one, mode, true, None, false);
            let bytes8 = decode_stream(&mut d.clone(), input, &one, mode, false, None, false);
            assert_same_text(&units16, &bytes8, e.name());
        }
        for fatal in [false, true] {
            if let Some(mut core) = TextDecoderCore::restore(e, fatal, ignore_bom, saved) {
                assert_eq!(core.save(), Some(saved), "{} restored {saved:#x}", e.name());
                let _ = core.decode(input, true);
                let _ = core.decode(&[], false);
            }
        }
    }
}
