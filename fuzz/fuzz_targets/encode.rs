//! Encode: the first byte chooses the input form (bit 0: UTF-16 code units, lone surrogates
//! included, else the rest as a string) and seeds chunk and buffer sizes; the string goes through
//! every encoder in both modes. Chunked and small-buffered output must equal the one-shot output,
//! and fatal mode going on after errors (writing `&#N;`) must equal html mode.
#![no_main]

use encoding_wasm::EncoderMode;
use encoding_wasm_fuzz::{chunks, encode_stream, encodings, Rng, Text};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let [flags, rest @ ..] = data else { return };
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
        let Some(new) = e.new_encoder() else { continue };
        let reference = encode_stream(&mut new.clone(), text, &[0..len], EncoderMode::Html, None);
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
            let out = encode_stream(&mut new.clone(), text, &chunked, mode, Some(&mut rng));
            assert_eq!(out, reference, "{} {mode:?} {chunked:?}", e.name());
            let one = encode_stream(&mut new.clone(), text, &[0..len], mode, None);
            assert_eq!(one, reference, "{} {mode:?} one-shot", e.name());
        }
    }
});
