//! EUC-KR (§ 13.1), from the standard's text: the decoder's handler step by step, including the
//! restored ASCII byte, and the encoder against index EUC-KR read from `indexes/` here.

use encoding_wasm::{DecoderMode, DecoderResult, EncoderMode, EncoderResult, Encoding};

/// Index EUC-KR as (pointer, code point), parsed as § 5 Indexes says.
fn index() -> Vec<(usize, u32)> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/indexes/index-euc-kr.txt"
    ))
    .unwrap();
    text.split('\n')
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let mut f = l.split('\t');
            let pointer = f.next().unwrap().trim().parse().unwrap();
            let cp = f.next().unwrap().trim().trim_start_matches("0x");
            (pointer, u32::from_str_radix(cp, 16).unwrap())
        })
        .collect()
}

fn decode(bytes: &[u8]) -> String {
    Encoding::EucKr.new_decoder().decode_to_string(bytes, true)
}

/// Fatal mode over one chunk: (result, read, output).
fn decode_fatal(
    d: &mut encoding_wasm::Decoder,
    bytes: &[u8],
    last: bool,
) -> (DecoderResult, usize, String) {
    let mut out = vec![0u16; d.max_utf16_buffer_length(bytes.len())];
    let (r, read, n) = d.decode_to_utf16(bytes, &mut out, last, DecoderMode::Fatal);
    (r, read, String::from_utf16(&out[..n]).unwrap())
}

fn encode(s: &str, mode: EncoderMode) -> Result<Vec<u8>, char> {
    Encoding::EucKr
        .new_encoder()
        .unwrap()
        .encode_to_vec(s, mode)
}

/// Bytes (leading, trailing) for a pointer: pointer / 190 + 0x81, pointer % 190 + 0x41.
fn bytes_for(pointer: usize) -> [u8; 2] {
    [(pointer / 190 + 0x81) as u8, (pointer % 190 + 0x41) as u8]
}

#[test]
fn ascii_bytes_are_code_points() {
    let ascii: Vec<u8> = (0..0x80).collect();
    assert_eq!(decode(&ascii).as_bytes(), &ascii[..]);
}

#[test]
fn every_pointer_decodes_to_its_index_code_point() {
    let index = index();
    assert_eq!(index.len(), 17048);
    for &(pointer, cp) in &index {
        let s = decode(&bytes_for(pointer));
        assert_eq!(
            s.chars().map(u32::from).collect::<Vec<_>>(),
            [cp],
            "pointer {pointer}"
        );
    }
}

#[test]
fn known_characters() {
    // 0xB0 0xA1: pointer 47 × 190 + 0x60 = 9026, U+AC00 HANGUL SYLLABLE GA.
    assert_eq!(decode(b"\xB0\xA1"), "\u{AC00}");
    assert_eq!(
        decode(b"a\xB0\xA1b\xC7\xD1\xB1\xDB"),
        "a\u{AC00}b\u{D55C}\u{AE00}"
    );
    // Pointer 0 (0x81 0x41) is U+AC02, the index's first line.
    assert_eq!(decode(b"\x81\x41"), "\u{AC02}");
}

#[test]
fn pairs_outside_the_index_are_errors() {
    let mapped: std::collections::HashSet<usize> = index().iter().map(|&(p, _)| p).collect();
    for leading in 0x81..=0xFEu8 {
        for byte in 0x41..=0xFEu8 {
            let pointer = usize::from(leading - 0x81) * 190 + usize::from(byte - 0x41);
            if mapped.contains(&pointer) {
                continue;
            }
            let expected = if byte < 0x80 {
                format!("\u{FFFD}{}", byte as char)
            } else {
                "\u{FFFD}".into()
            };
            assert_eq!(decode(&[leading, byte]), expected, "{leading:#X} {byte:#X}");
        }
    }
}

#[test]
fn trailing_byte_out_of_range_restores_only_ascii() {
    // A trailing byte below 0x41 is not in range: error, and an ASCII byte is restored.
    assert_eq!(decode(b"\x81\x40"), "\u{FFFD}@");
    assert_eq!(decode(b"\xB0\x20\xB0\xA1"), "\u{FFFD} \u{AC00}");
    // 0xFF is not in range and not ASCII: both bytes make one error.
    assert_eq!(decode(b"\x81\xFF"), "\u{FFFD}");
    assert_eq!(decode(b"\xB0\xFFa"), "\u{FFFD}a");
}

#[test]
fn leading_bytes_and_invalid_bytes() {
    // 0x80 and 0xFF are neither ASCII nor leading bytes.
    assert_eq!(decode(b"\x80a\xFFb"), "\u{FFFD}a\u{FFFD}b");
    // A leading byte at end-of-queue is an error.
    assert_eq!(decode(b"a\x81"), "a\u{FFFD}");
    assert_eq!(decode(b"\xFE"), "\u{FFFD}");
}

#[test]
fn leading_byte_is_kept_across_calls() {
    let mut d = Encoding::EucKr.new_decoder();
    assert_eq!(
        decode_fatal(&mut d, b"a\xB0", false),
        (DecoderResult::InputEmpty, 2, "a".into())
    );
    assert_eq!(
        decode_fatal(&mut d, b"", false),
        (DecoderResult::InputEmpty, 0, "".into())
    );
    assert_eq!(
        decode_fatal(&mut d, b"\xA1", true),
        (DecoderResult::InputEmpty, 1, "\u{AC00}".into())
    );
}

#[test]
fn fatal_mode_counts_restored_bytes_as_unread() {
    let mut d = Encoding::EucKr.new_decoder();
    // The ASCII trailing byte is restored: one byte read, then decoding goes on from it.
    assert_eq!(
        decode_fatal(&mut d, b"\x81 x", true),
        (DecoderResult::Malformed, 1, "".into())
    );
    assert_eq!(
        decode_fatal(&mut d, b" x", true),
        (DecoderResult::InputEmpty, 2, " x".into())
    );
    // The leading byte came from an earlier call: the restored byte in this call is unread.
    let mut d = Encoding::EucKr.new_decoder();
    assert_eq!(
        decode_fatal(&mut d, b"\x81", false),
        (DecoderResult::InputEmpty, 1, "".into())
    );
    assert_eq!(
        decode_fatal(&mut d, b"!", false),
        (DecoderResult::Malformed, 0, "".into())
    );
    assert_eq!(
        decode_fatal(&mut d, b"!", true),
        (DecoderResult::InputEmpty, 1, "!".into())
    );
    // A non-ASCII trailing byte is consumed with its leading byte.
    let mut d = Encoding::EucKr.new_decoder();
    assert_eq!(
        decode_fatal(&mut d, b"a\x81\xFFb", true),
        (DecoderResult::Malformed, 3, "a".into())
    );
}

#[test]
fn end_of_queue_error_resets_the_leading_byte() {
    let mut d = Encoding::EucKr.new_decoder();
    assert_eq!(
        decode_fatal(&mut d, b"\xB0", true),
        (DecoderResult::Malformed, 1, "".into())
    );
    assert_eq!(
        decode_fatal(&mut d, b"", true),
        (DecoderResult::InputEmpty, 0, "".into())
    );
    assert_eq!(
        decode_fatal(&mut d, b"\xA1", true),
        (DecoderResult::Malformed, 1, "".into())
    );
}

#[test]
fn tiny_output_buffers_resume_exactly() {
    let input = b"ab\xB0\xA1\x81 c\xC7\xD1\xFF\xB1";
    let expected = decode(input);
    let mut d = Encoding::EucKr.new_decoder();
    let (mut out, mut pos) = (Vec::new(), 0);
    loop {
        let mut buf = [0u16; 2];
        let (r, read, n) =
            d.decode_to_utf16(&input[pos..], &mut buf, true, DecoderMode::Replacement);
        pos += read;
        out.extend_from_slice(&buf[..n]);
        if r == DecoderResult::InputEmpty {
            break;
        }
        assert_eq!(r, DecoderResult::OutputFull);
    }
    assert_eq!(String::from_utf16(&out).unwrap(), expected);
    assert_eq!(expected, "ab\u{AC00}\u{FFFD} c\u{D55C}\u{FFFD}\u{FFFD}");
}

#[test]
fn encoder_ascii_and_first_pointer() {
    assert_eq!(encode("a\u{7F}", EncoderMode::Fatal).unwrap(), b"a\x7F");
    // Index pointer is the first pointer for a code point; index EUC-KR has each at most once,
    // so every code point maps back to its own pointer's bytes.
    let mut first = std::collections::HashMap::new();
    for (pointer, cp) in index() {
        first.entry(cp).or_insert(pointer);
    }
    for (&cp, &pointer) in &first {
        let s = char::from_u32(cp).unwrap().to_string();
        assert_eq!(
            encode(&s, EncoderMode::Fatal).unwrap(),
            bytes_for(pointer),
            "U+{cp:04X}"
        );
    }
}

#[test]
fn encoder_errors_on_code_points_outside_the_index() {
    let mapped: std::collections::HashSet<u32> = index().iter().map(|&(_, c)| c).collect();
    for cp in (0x80..0x11_0000u32)
        .step_by(7)
        .chain([0x80, 0xFFFD, 0x10FFFF, 0x20AC])
    {
        let Some(c) = char::from_u32(cp) else {
            continue;
        };
        if mapped.contains(&cp) {
            continue;
        }
        assert_eq!(
            encode(&c.to_string(), EncoderMode::Fatal),
            Err(c),
            "U+{cp:04X}"
        );
        assert_eq!(
            encode(&format!("a{c}b"), EncoderMode::Html).unwrap(),
            format!("a&#{cp};b").into_bytes()
        );
    }
}

#[test]
fn encoder_fatal_stops_after_the_bytes_before_the_error() {
    let mut e = Encoding::EucKr.new_encoder().unwrap();
    let mut out = [0u8; 64];
    let (r, read, n) = e.encode_from_utf8("\u{AC00}\u{1F600}x", &mut out, true, EncoderMode::Fatal);
    assert_eq!((r, read), (EncoderResult::Unmappable('\u{1F600}'), 7));
    assert_eq!(&out[..n], b"\xB0\xA1");
}
