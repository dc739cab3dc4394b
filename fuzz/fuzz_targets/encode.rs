//! Encode: the first byte chooses the input form (bit 0: UTF-16 code units, lone surrogates
//! included, else the rest as a string), whether the chunked encoder is saved and restored after
//! each call (bit 1) and whether the first four bytes after it (still part of the text) are a saved
//! state to start every encoder from (bit 2), and seeds chunk and buffer sizes; the string goes
//! through every encoder in both modes. Chunked and small-buffered output must equal the one-shot
//! output, fatal mode going on after errors (writing `&#N;`) must equal html mode, and an encoder
//! restored from any number must be refused or keep these rules.
#![no_main]

use encoding_wasm::{Encoder, EncoderMode};
use encoding_wasm_fuzz::{chunks, encode_stream, encodings, whole, Rng, Text};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let [flags, rest @ ..] = data else { return };
    let resave = flags & 2 == 2;
    let saved = match (flags & 4 == 4, rest) {
        (true, [s0, s1, s2, s3, ..]) => u32::from_le_bytes([*s0, *s1, *s2, *s3]),
        (true, _) => return,
        (false, _) => 0,
    };
    let string;
    let units: Vec<u16>;
    let text = if flags & 1 == 1 {
        units = rest
            .chunks_exact(2)
            .map(|p| u16::from_le_bytes([p[0], p[1]]))
            .collect();
        Text::Utf16(&units)
    } else {
        string = String::from_utf8_lossy(rest);
        Text::Utf8(&string)
    };
    let len = match text {
        Text::Utf8(s) => s.len(),
        Text::Utf16(u) => u.len(),
    };
    let mut rng = Rng::new(u64::from(*flags) | (rest.len() as u64) << 8);
    for &e in encodings() {
        let Some(new) = Encoder::restore(e, saved) else {
            continue;
        };
        assert_eq!(new.save(), saved, "{} restored {saved}", e.name());
        let reference = encode_stream(
            &mut new.clone(),
            text,
            &whole(len),
            EncoderMode::Html,
            None,
            false,
        );
        for mode in [EncoderMode::Html, EncoderMode::Fatal] {
            let mut chunked = chunks(&mut rng, len);
            if let Text::Utf8(s) = text {
                // Chunks of a string end at character boundaries.
                let mut start = 0;
                for r in &mut chunked {
                    let mut end = r.end.max(start);
                    while !s.is_char_boundary(end) {
                        end += 1;
                    }
                    *r = start..end;
                    start = end;
                }
            }
            let out = encode_stream(
                &mut new.clone(),
                text,
                &chunked,
                mode,
                Some(&mut rng),
                resave,
            );
            assert_eq!(out, reference, "{} {mode:?} {chunked:?}", e.name());
            let one = encode_stream(&mut new.clone(), text, &whole(len), mode, None, false);
            assert_eq!(one, reference, "{} {mode:?} one-shot", e.name());
        }
    }
});
