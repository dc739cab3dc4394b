//! § 12 Legacy multi-byte Japanese encodings, through the public API: unit tests whose
//! expectations come from the standard's text, and differential tests against encoding_rs.

use encoding_wasm::{DecoderMode, DecoderResult, Encoder, EncoderMode, EncoderResult, Encoding};

const EUC_JP: Encoding = Encoding::EucJp;
const ISO_2022_JP: Encoding = Encoding::Iso2022Jp;
const SHIFT_JIS: Encoding = Encoding::ShiftJis;
const ALL: [Encoding; 3] = [EUC_JP, ISO_2022_JP, SHIFT_JIS];

// ---------------------------------------------------------------------------------------------
// Helpers over the public API.

/// Decodes `bytes` at once in replacement mode.
fn decode(enc: Encoding, bytes: &[u8]) -> String {
    enc.new_decoder().decode_to_string(bytes, true)
}

/// Decodes `bytes` at once in fatal mode: `Err` holds the output written before the error.
fn decode_fatal(enc: Encoding, bytes: &[u8]) -> Result<String, String> {
    let mut d = enc.new_decoder();
    let mut out = vec![0u8; d.max_utf8_buffer_length(bytes.len())];
    let (result, _, written) = d.decode_to_utf8(bytes, &mut out, true, DecoderMode::Fatal);
    out.truncate(written);
    let text = String::from_utf8(out).unwrap();
    match result {
        DecoderResult::InputEmpty => Ok(text),
        DecoderResult::Malformed => Err(text),
        DecoderResult::OutputFull => panic!("output full with a max-length buffer"),
    }
}

/// Decodes `chunks` as one stream in replacement mode; returns each call's output (the last entry
/// is the final, empty-input call with `last`).
fn decode_chunks(enc: Encoding, chunks: &[&[u8]]) -> Vec<String> {
    let mut d = enc.new_decoder();
    let mut outputs = Vec::new();
    for (i, chunk) in chunks.iter().chain([&(&[] as &[u8])]).enumerate() {
        let last = i == chunks.len();
        let mut out = vec![0u8; d.max_utf8_buffer_length(chunk.len())];
        let (result, read, written) =
            d.decode_to_utf8(chunk, &mut out, last, DecoderMode::Replacement);
        assert_eq!((result, read), (DecoderResult::InputEmpty, chunk.len()));
        out.truncate(written);
        outputs.push(String::from_utf8(out).unwrap());
    }
    outputs
}

/// Encodes `s` at once: `Err(c)` is fatal mode's unmappable code point.
fn encode(enc: Encoding, s: &str) -> Result<Vec<u8>, char> {
    enc.new_encoder()
        .unwrap()
        .encode_to_vec(s, EncoderMode::Fatal)
}

fn encode_html(enc: Encoding, s: &str) -> Vec<u8> {
    enc.new_encoder()
        .unwrap()
        .encode_to_vec(s, EncoderMode::Html)
        .unwrap()
}

/// What fatal mode reports over a whole input, going on after each error: the bytes written
/// before each error with its code point, then the bytes after the last error.
#[derive(Debug, PartialEq)]
struct FatalRun {
    errors: Vec<(Vec<u8>, char)>,
    tail: Vec<u8>,
}

fn encode_fatal_run(enc: Encoding, s: &str) -> FatalRun {
    let mut e = enc.new_encoder().unwrap();
    let mut out = vec![0u8; e.max_buffer_length_from_utf8(s.len(), EncoderMode::Fatal)];
    let (mut run, mut pos) = (
        FatalRun {
            errors: Vec::new(),
            tail: Vec::new(),
        },
        0,
    );
    loop {
        let (result, read, written) =
            e.encode_from_utf8(&s[pos..], &mut out, true, EncoderMode::Fatal);
        pos += read;
        match result {
            EncoderResult::Unmappable(c) => run.errors.push((out[..written].to_vec(), c)),
            EncoderResult::InputEmpty => {
                run.tail = out[..written].to_vec();
                return run;
            }
            EncoderResult::OutputFull => panic!("output full with a max-length buffer"),
        }
    }
}

/// The same with encoding_rs.
fn rs_encode_fatal_run(enc: Encoding, s: &str) -> FatalRun {
    let mut e = rs(enc).new_encoder();
    let mut out = vec![
        0u8;
        e.max_buffer_length_from_utf8_without_replacement(s.len())
            .unwrap()
    ];
    let (mut run, mut pos) = (
        FatalRun {
            errors: Vec::new(),
            tail: Vec::new(),
        },
        0,
    );
    loop {
        let (result, read, written) =
            e.encode_from_utf8_without_replacement(&s[pos..], &mut out, true);
        pos += read;
        match result {
            encoding_rs::EncoderResult::Unmappable(c) => {
                run.errors.push((out[..written].to_vec(), c))
            }
            encoding_rs::EncoderResult::InputEmpty => {
                run.tail = out[..written].to_vec();
                return run;
            }
            encoding_rs::EncoderResult::OutputFull => {
                panic!("output full with a max-length buffer")
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The oracle.

fn rs(enc: Encoding) -> &'static encoding_rs::Encoding {
    match enc {
        Encoding::EucJp => encoding_rs::EUC_JP,
        Encoding::Iso2022Jp => encoding_rs::ISO_2022_JP,
        Encoding::ShiftJis => encoding_rs::SHIFT_JIS,
        _ => unreachable!(),
    }
}

fn rs_decode(enc: Encoding, bytes: &[u8]) -> String {
    rs(enc).decode_without_bom_handling(bytes).0.into_owned()
}

fn rs_decode_fatal(enc: Encoding, bytes: &[u8]) -> Result<String, String> {
    let mut d = rs(enc).new_decoder_without_bom_handling();
    let mut out = vec![
        0u8;
        d.max_utf8_buffer_length_without_replacement(bytes.len())
            .unwrap()
    ];
    let (result, _, written) = d.decode_to_utf8_without_replacement(bytes, &mut out, true);
    out.truncate(written);
    let text = String::from_utf8(out).unwrap();
    match result {
        encoding_rs::DecoderResult::InputEmpty => Ok(text),
        encoding_rs::DecoderResult::Malformed(..) => Err(text),
        encoding_rs::DecoderResult::OutputFull => panic!("output full with a max-length buffer"),
    }
}

fn rs_decode_chunks(enc: Encoding, chunks: &[&[u8]]) -> Vec<String> {
    let mut d = rs(enc).new_decoder_without_bom_handling();
    let mut outputs = Vec::new();
    for (i, chunk) in chunks.iter().chain([&(&[] as &[u8])]).enumerate() {
        let last = i == chunks.len();
        let mut out = vec![0u8; d.max_utf8_buffer_length(chunk.len()).unwrap()];
        let (result, read, written, _) = d.decode_to_utf8(chunk, &mut out, last);
        assert_eq!(
            (result, read),
            (encoding_rs::CoderResult::InputEmpty, chunk.len())
        );
        out.truncate(written);
        outputs.push(String::from_utf8(out).unwrap());
    }
    outputs
}

/// encoding_rs in html mode (its replacement mode writes `&#N;`).
fn rs_encode_html_chunks(enc: Encoding, chunks: &[&str]) -> Vec<u8> {
    let mut e = rs(enc).new_encoder();
    let mut all = Vec::new();
    for (i, chunk) in chunks.iter().enumerate() {
        let last = i + 1 == chunks.len();
        let mut pos = 0;
        loop {
            let mut out = vec![0u8; 64 + 16 * (chunk.len() - pos)];
            let (result, read, written, _) = e.encode_from_utf8(&chunk[pos..], &mut out, last);
            pos += read;
            all.extend_from_slice(&out[..written]);
            if result == encoding_rs::CoderResult::InputEmpty {
                break;
            }
        }
    }
    all
}

// ---------------------------------------------------------------------------------------------
// A small seeded generator (splitmix64), so failures reproduce.

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn range(&mut self, lo: u8, hi: u8) -> u8 {
        lo + self.below(usize::from(hi - lo) + 1) as u8
    }
}

/// An input biased toward the encoding's lead and trail ranges and, for ISO-2022-JP, escapes.
fn random_input(rng: &mut Rng, enc: Encoding) -> Vec<u8> {
    let len = rng.below(24);
    let mut v = Vec::with_capacity(len + 8);
    while v.len() < len {
        match (enc, rng.below(10)) {
            (_, 0) => v.push(rng.next() as u8),
            (_, 1) => v.push(rng.range(0x00, 0x7F)),
            (Encoding::EucJp, 2..=4) => v.push(rng.range(0xA1, 0xFE)),
            (Encoding::EucJp, 5) => v.push([0x8E, 0x8F][rng.below(2)]),
            (Encoding::EucJp, 6) => v.extend([0x8E, rng.range(0xA0, 0xE0)]),
            (Encoding::EucJp, 7) => v.extend([0x8F, rng.range(0xA1, 0xFE), rng.range(0xA1, 0xFE)]),
            (Encoding::EucJp, _) => v.push([0x80, 0xA0, 0xFF, 0xDF, 0xE0, 0x0A][rng.below(6)]),
            (Encoding::ShiftJis, 2..=4) => v.push(
                [
                    rng.range(0x81, 0x9F),
                    rng.range(0xE0, 0xFC),
                    rng.range(0xF0, 0xF9),
                ][rng.below(3)],
            ),
            (Encoding::ShiftJis, 5..=7) => {
                v.push([rng.range(0x40, 0x7E), rng.range(0x80, 0xFC)][rng.below(2)])
            }
            (Encoding::ShiftJis, _) => {
                v.push([0x80, 0xA0, 0xA1, 0xDF, 0xFD, 0xFF, 0x7F, 0x22][rng.below(8)])
            }
            (_, 2..=4) => {
                let escapes: [&[u8]; 9] = [
                    b"\x1B(B", b"\x1B(J", b"\x1B(I", b"\x1B$@", b"\x1B$B", b"\x1B", b"\x1B$",
                    b"\x1B(", b"\x1B$A",
                ];
                v.extend_from_slice(escapes[rng.below(escapes.len())]);
            }
            (_, 5..=7) => v.push(rng.range(0x21, 0x7E)),
            (_, _) => v.push([0x0E, 0x0F, 0x1B, 0x5C, 0x7E, 0x80, 0x0A, 0x24, 0x28][rng.below(9)]),
        }
    }
    v
}

/// Splits `bytes` at random points, with some empty chunks.
fn random_chunks<'a>(rng: &mut Rng, bytes: &'a [u8]) -> Vec<&'a [u8]> {
    let mut chunks = Vec::new();
    let mut rest = bytes;
    while !rest.is_empty() || rng.below(4) == 0 {
        let n = rng.below(rest.len().min(4) + 1);
        chunks.push(&rest[..n]);
        rest = &rest[n..];
    }
    chunks
}

// ---------------------------------------------------------------------------------------------
// EUC-JP decoder (§ 12.1.1).

#[test]
fn euc_jp_decodes_jis0208_katakana_and_jis0212() {
    // Index jis0208 "283	0x3042": (0xA4 − 0xA1) × 94 + 0xA2 − 0xA1 = 283.
    assert_eq!(decode(EUC_JP, b"a\xA4\xA2b"), "a\u{3042}b");
    // 0x8E then 0xA1..0xDF: 0xFF61 − 0xA1 + byte.
    assert_eq!(decode(EUC_JP, b"\x8E\xA1\x8E\xDF"), "\u{FF61}\u{FF9F}");
    // 0x8F then a byte in 0xA1..0xFE sets the jis0212 flag; index jis0212 "108	0x02D8".
    assert_eq!(decode(EUC_JP, b"\x8F\xA2\xAF"), "\u{2D8}");
    // The flag is cleared after one use: the same pair without 0x8F is jis0208's.
    assert_eq!(decode(EUC_JP, b"\x8F\xA2\xAF\xA4\xA2"), "\u{2D8}\u{3042}");
}

#[test]
fn euc_jp_decoder_errors() {
    // Bytes that are neither ASCII nor a leading byte.
    for b in [0x80u8, 0x8D, 0x90, 0xA0, 0xFF] {
        assert_eq!(decode(EUC_JP, &[b, b'a']), "\u{FFFD}a", "{b:#X}");
    }
    // A trail that is not in 0xA1..0xFE: an ASCII byte is restored, others are consumed.
    assert_eq!(decode(EUC_JP, b"\xA4a"), "\u{FFFD}a");
    assert_eq!(decode(EUC_JP, b"\xA4\x80a"), "\u{FFFD}a");
    assert_eq!(decode(EUC_JP, b"\xA4\xFFa"), "\u{FFFD}a");
    // 0x8E with a byte outside 0xA1..0xDF: leading 0x8E is not in 0xA1..0xFE, so error.
    assert_eq!(decode(EUC_JP, b"\x8E\xE0a"), "\u{FFFD}a");
    assert_eq!(decode(EUC_JP, b"\x8E\xA0a"), "\u{FFFD}a");
    assert_eq!(decode(EUC_JP, b"\x8Ea"), "\u{FFFD}a");
    // 0x8F with a byte outside 0xA1..0xFE, and jis0212 sequences with a bad trail.
    assert_eq!(decode(EUC_JP, b"\x8Fa"), "\u{FFFD}a");
    assert_eq!(decode(EUC_JP, b"\x8F\x8Ea"), "\u{FFFD}a");
    assert_eq!(decode(EUC_JP, b"\x8F\xA2a"), "\u{FFFD}a");
    assert_eq!(decode(EUC_JP, b"\x8F\xA2\xA0a"), "\u{FFFD}a");
    // Index jis0212 has no pointer 0 (0x8F 0xA1 0xA1); jis0208 has none at 0xA2 0xAF (pointer 108).
    assert_eq!(decode(EUC_JP, b"\x8F\xA1\xA1a"), "\u{FFFD}a");
    assert_eq!(decode(EUC_JP, b"\xA2\xAFa"), "\u{FFFD}a");
    // End-of-queue with a leading byte: one error.
    for tail in [&b"\xA4"[..], b"\x8E", b"\x8F", b"\x8F\xA2"] {
        assert_eq!(
            decode(EUC_JP, &[b"a", tail].concat()),
            "a\u{FFFD}",
            "{tail:X?}"
        );
    }
}

#[test]
fn euc_jp_jis0212_flag_survives_chunk_boundaries() {
    let chunks: [&[u8]; 4] = [b"\x8F", b"", b"\xA2", b"\xAF\xA4\xA2"];
    assert_eq!(
        decode_chunks(EUC_JP, &chunks),
        ["", "", "", "\u{2D8}\u{3042}", ""]
    );
}

// ---------------------------------------------------------------------------------------------
// EUC-JP encoder (§ 12.1.2).

#[test]
fn euc_jp_encoder() {
    assert_eq!(encode(EUC_JP, "a\u{3042}"), Ok(b"a\xA4\xA2".to_vec()));
    assert_eq!(encode(EUC_JP, "\u{A5}\u{203E}"), Ok(b"\x5C\x7E".to_vec()));
    assert_eq!(
        encode(EUC_JP, "\u{FF61}\u{FF9F}"),
        Ok(b"\x8E\xA1\x8E\xDF".to_vec())
    );
    // U+2212 becomes U+FF0D, index jis0208 "60	0xFF0D": 60 / 94 + 0xA1, 60 % 94 + 0xA1.
    assert_eq!(
        encode(EUC_JP, "\u{2212}\u{FF0D}"),
        Ok(b"\xA1\xDD\xA1\xDD".to_vec())
    );
    // Only index jis0208 is used: U+02D8 (jis0212 only) is an error, as are PUA and astral.
    assert_eq!(encode(EUC_JP, "\u{2D8}"), Err('\u{2D8}'));
    assert_eq!(encode(EUC_JP, "a\u{E000}"), Err('\u{E000}'));
    assert_eq!(
        encode_html(EUC_JP, "a\u{2D8}\u{1F600}b"),
        b"a&#728;&#128512;b"
    );
    // The first pointer of a duplicate: U+2252 is at 159 and 1207 → 0xA2, 65 + 0xA1.
    assert_eq!(encode(EUC_JP, "\u{2252}"), Ok(b"\xA2\xE2".to_vec()));
    // U+0080 is not ASCII.
    assert_eq!(encode(EUC_JP, "\u{80}"), Err('\u{80}'));
}

// ---------------------------------------------------------------------------------------------
// ISO-2022-JP decoder (§ 12.2.1).

#[test]
fn iso_2022_jp_decodes_each_state() {
    assert_eq!(decode(ISO_2022_JP, b"a\x1B$B\x24\x22\x1B(Bb"), "a\u{3042}b");
    assert_eq!(decode(ISO_2022_JP, b"\x1B$@\x21\x21"), "\u{3000}");
    // Roman: 0x5C is U+00A5 and 0x7E is U+203E, other ASCII bytes are themselves.
    assert_eq!(decode(ISO_2022_JP, b"\x1B(J\\~a"), "\u{A5}\u{203E}a");
    // Katakana: 0x21..0x5F is 0xFF61 − 0x21 + byte; others are errors.
    assert_eq!(
        decode(ISO_2022_JP, b"\x1B(I!_`a"),
        "\u{FF61}\u{FF9F}\u{FFFD}\u{FFFD}"
    );
    // ASCII: 0x0E, 0x0F and non-ASCII bytes are errors.
    assert_eq!(
        decode(ISO_2022_JP, b"a\x0E\x0F\x80\xFFb"),
        "a\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}b"
    );
    assert_eq!(decode(ISO_2022_JP, b"\x1B(J\x0E\x80"), "\u{FFFD}\u{FFFD}");
    // Leading byte: bytes outside 0x21..0x7E are errors (newlines included).
    assert_eq!(
        decode(ISO_2022_JP, b"\x1B$B\x0A\x20\x7F"),
        "\u{FFFD}\u{FFFD}\u{FFFD}"
    );
    // Trailing byte: a byte outside 0x21..0x7E is an error and consumed; an unmapped pointer
    // ((0x29 − 0x21) × 94 = 752) is an error.
    assert_eq!(
        decode(ISO_2022_JP, b"\x1B$B\x24\x0A\x24\x22"),
        "\u{FFFD}\u{3042}"
    );
    assert_eq!(
        decode(ISO_2022_JP, b"\x1B$B\x29\x21\x24\x22"),
        "\u{FFFD}\u{3042}"
    );
}

#[test]
fn iso_2022_jp_output_flag() {
    // Two escapes with no output between them: the second is an error.
    assert_eq!(decode(ISO_2022_JP, b"\x1B(B\x1B(Ba"), "\u{FFFD}a");
    assert_eq!(decode(ISO_2022_JP, b"\x1B$B\x1B(Ja"), "\u{FFFD}a");
    // The first escape of the stream is fine (output starts false), and output clears it.
    assert_eq!(decode(ISO_2022_JP, b"\x1B(Ja\x1B(Bb"), "ab");
    // An error also sets output to false.
    assert_eq!(decode(ISO_2022_JP, b"\x1B(J\x80\x1B(Bb"), "\u{FFFD}b");
    // A trailing byte's ESC is an error; the escape after it is then fine (the leading byte set
    // output to false).
    assert_eq!(decode(ISO_2022_JP, b"\x1B$B\x24\x1B(Bb"), "\u{FFFD}b");
}

#[test]
fn iso_2022_jp_bad_escapes_restore_bytes() {
    // Escape start: the byte is restored.
    assert_eq!(decode(ISO_2022_JP, b"\x1Ba"), "\u{FFFD}a");
    assert_eq!(decode(ISO_2022_JP, b"\x1B\x1B(Ba"), "\u{FFFD}a");
    // Escape: « leading, byte » are restored, and decoded in the output state.
    assert_eq!(decode(ISO_2022_JP, b"\x1B(a"), "\u{FFFD}(a");
    assert_eq!(decode(ISO_2022_JP, b"\x1B$A"), "\u{FFFD}$A");
    assert_eq!(decode(ISO_2022_JP, b"\x1B$(D"), "\u{FFFD}$(D");
    assert_eq!(decode(ISO_2022_JP, b"\x1B(J\x1B(\\"), "\u{FFFD}(\u{A5}");
    // In the leading byte output state, the restored bytes form a pair: "$(" is pointer
    // 3 × 94 + 7 = 289, index jis0208 "289	0x3048".
    assert_eq!(decode(ISO_2022_JP, b"\x1B$B\x1B$("), "\u{FFFD}\u{3048}");
    assert_eq!(
        decode(ISO_2022_JP, b"\x1B(I\x1B(!"),
        "\u{FFFD}\u{FF68}\u{FF61}"
    );
    // A restored escape byte starts a new escape.
    assert_eq!(decode(ISO_2022_JP, b"\x1B(\x1B(Jb\\"), "\u{FFFD}(b\u{A5}");
}

#[test]
fn iso_2022_jp_bad_escapes_restore_bytes_from_earlier_chunks() {
    let outputs = decode_chunks(ISO_2022_JP, &[b"a\x1B", b"(", b"x"]);
    assert_eq!(outputs, ["a", "", "\u{FFFD}(x", ""]);
    let outputs = decode_chunks(ISO_2022_JP, &[b"\x1B", b"", b"$", b"", b"A\x1B", b"x"]);
    assert_eq!(outputs, ["", "", "", "", "\u{FFFD}$A", "\u{FFFD}x", ""]);
    // The kept byte is also restored at end-of-queue.
    assert_eq!(decode_chunks(ISO_2022_JP, &[b"\x1B$"]), ["", "\u{FFFD}$"]);
    assert_eq!(
        decode_chunks(ISO_2022_JP, &[b"\x1B", b"("]),
        ["", "", "\u{FFFD}("]
    );
    // Fatal mode reports the error, then the caller may go on: the kept byte comes first.
    let mut d = ISO_2022_JP.new_decoder();
    let mut out = [0u16; 16];
    let r = d.decode_to_utf16(b"\x1B(", &mut out, false, DecoderMode::Fatal);
    assert_eq!(r, (DecoderResult::InputEmpty, 2, 0));
    let r = d.decode_to_utf16(b"x", &mut out, false, DecoderMode::Fatal);
    assert_eq!(r, (DecoderResult::Malformed, 0, 0));
    let r = d.decode_to_utf16(b"x", &mut out, true, DecoderMode::Fatal);
    assert_eq!(r, (DecoderResult::InputEmpty, 1, 2));
    assert_eq!(&out[..2], &[0x28, 0x78]);
}

#[test]
fn iso_2022_jp_end_of_queue_in_each_state() {
    // ASCII, Roman, katakana, leading byte: finished.
    assert_eq!(decode_fatal(ISO_2022_JP, b"a"), Ok("a".into()));
    assert_eq!(decode_fatal(ISO_2022_JP, b"\x1B(J"), Ok("".into()));
    assert_eq!(decode_fatal(ISO_2022_JP, b"\x1B(I!"), Ok("\u{FF61}".into()));
    assert_eq!(decode_fatal(ISO_2022_JP, b"\x1B$B"), Ok("".into()));
    assert_eq!(
        decode_fatal(ISO_2022_JP, b"\x1B$B\x24\x22"),
        Ok("\u{3042}".into())
    );
    // Trailing byte: error.
    assert_eq!(decode(ISO_2022_JP, b"\x1B$B\x24"), "\u{FFFD}");
    // Escape start: error.
    assert_eq!(decode(ISO_2022_JP, b"a\x1B"), "a\u{FFFD}");
    // Escape: error, and the leading byte is restored.
    assert_eq!(decode(ISO_2022_JP, b"a\x1B("), "a\u{FFFD}(");
    assert_eq!(decode(ISO_2022_JP, b"\x1B(J\x1B("), "\u{FFFD}(");
    assert_eq!(decode(ISO_2022_JP, b"\x1B(I\x1B$"), "\u{FFFD}\u{FF64}");
    assert_eq!(decode(ISO_2022_JP, b"\x1B$B\x1B$"), "\u{FFFD}\u{FFFD}");
    // Fatal mode stops at the first of these.
    assert_eq!(decode_fatal(ISO_2022_JP, b"a\x1B("), Err("a".into()));
}

#[test]
fn iso_2022_jp_encoder_oddity_from_the_standard() {
    // "Encoding U+00A5 (¥) gives 0x1B 0x28 0x4A 0x5C 0x1B 0x28 0x42. Doing that twice,
    // concatenating the results, and then decoding yields U+00A5 U+FFFD U+00A5."
    let once = encode(ISO_2022_JP, "\u{A5}").unwrap();
    assert_eq!(once, b"\x1B\x28\x4A\x5C\x1B\x28\x42");
    assert_eq!(
        decode(ISO_2022_JP, &[&once[..], &once[..]].concat()),
        "\u{A5}\u{FFFD}\u{A5}"
    );
}

// ---------------------------------------------------------------------------------------------
// ISO-2022-JP encoder (§ 12.2.2).

#[test]
fn iso_2022_jp_encoder_states() {
    assert_eq!(encode(ISO_2022_JP, "ab"), Ok(b"ab".to_vec()));
    // Roman keeps ASCII other than \ and ~, and writes U+00A5 and U+203E as 0x5C and 0x7E.
    assert_eq!(
        encode(ISO_2022_JP, "\u{A5}a\u{203E}"),
        Ok(b"\x1B(J\x5Ca\x7E\x1B(B".to_vec())
    );
    assert_eq!(
        encode(ISO_2022_JP, "\u{A5}\\"),
        Ok(b"\x1B(J\x5C\x1B(B\\".to_vec())
    );
    assert_eq!(
        encode(ISO_2022_JP, "\u{A5}~"),
        Ok(b"\x1B(J\x5C\x1B(B~".to_vec())
    );
    // jis0208, and back to ASCII for an ASCII code point and at the end.
    assert_eq!(
        encode(ISO_2022_JP, "\u{3042}a\u{3042}"),
        Ok(b"\x1B$B\x24\x22\x1B(Ba\x1B$B\x24\x22\x1B(B".to_vec())
    );
    assert_eq!(
        encode(ISO_2022_JP, "\u{3042}\u{A5}"),
        Ok(b"\x1B$B\x24\x22\x1B(J\x5C\x1B(B".to_vec())
    );
    // U+2212 becomes U+FF0D (pointer 60).
    assert_eq!(
        encode(ISO_2022_JP, "\u{2212}"),
        Ok(b"\x1B$B\x21\x5D\x1B(B".to_vec())
    );
    // Halfwidth katakana through index ISO-2022-JP katakana: "0	0x3002", "62	0x309C".
    assert_eq!(
        encode(ISO_2022_JP, "\u{FF61}"),
        encode(ISO_2022_JP, "\u{3002}")
    );
    assert_eq!(
        encode(ISO_2022_JP, "\u{FF9F}"),
        encode(ISO_2022_JP, "\u{309C}")
    );
    assert_eq!(
        encode(ISO_2022_JP, "\u{FF61}"),
        Ok(b"\x1B$B\x21\x23\x1B(B".to_vec())
    );
    // U+0080 is not ASCII and not in index jis0208.
    assert_eq!(encode(ISO_2022_JP, "\u{80}"), Err('\u{80}'));
}

/// UTF-16 input through `encoder`, in calls whose output buffers have `room` bytes (at least one
/// step's) and whose input ends at `split` (non-final) then at the end: (result, units read,
/// bytes) of the call that stopped it (an error, or the end).
fn encode_utf16_in_calls(
    encoder: &mut Encoder,
    units: &[u16],
    mode: EncoderMode,
    split: usize,
    room: usize,
) -> (EncoderResult, usize, Vec<u8>) {
    let (mut read, mut bytes) = (0, Vec::new());
    let mut out = vec![0u8; room];
    for (end, last) in [(split, false), (units.len(), true)] {
        loop {
            let (r, n, w) = encoder.encode_from_utf16(&units[read..end], &mut out, last, mode);
            read += n;
            bytes.extend_from_slice(&out[..w]);
            match r {
                EncoderResult::OutputFull => continue,
                EncoderResult::InputEmpty if !last => break,
                _ => return (r, read, bytes),
            }
        }
    }
    unreachable!()
}

/// UTF-16 input runs the ASCII and jis0208 states eight units at a time, switching between them
/// in place; UTF-8 input switches one code point at a time through the handler. Both, and
/// encoding_rs (html mode, without U+000E, U+000F and U+001B, which it treats differently), agree
/// for a switch at every position of an eight-unit block from each kind of code point to each
/// (ASCII, jis0208, katakana, Roman's, unmapped, errors, NUL, astral), input ending in each state,
/// runs alternating every 1 to 9 code points, input split anywhere and output buffers ending
/// anywhere in a run.
#[test]
fn iso_2022_jp_utf16_runs_switch_states_anywhere() {
    let kinds = [
        "a",
        "\u{3042}",
        "\u{FF71}",
        "\u{A5}",
        "\\",
        "\u{E000}",
        "\u{1B}",
        "\0",
        "\u{1F600}",
    ];
    let mut texts = Vec::new();
    for first in kinds {
        for second in kinds {
            for len in 0..=18 {
                for at in 0..=len {
                    texts.push(first.repeat(at) + &second.repeat(len - at));
                }
            }
        }
    }
    for (ascii, jis0208) in [("a", "\u{3042}"), ("\n", "\u{FF71}"), ("\0", "\u{2212}")] {
        for a in 1..=9 {
            for j in 1..=9 {
                texts.push((ascii.repeat(a) + &jis0208.repeat(j)).repeat(3));
                texts.push((jis0208.repeat(j) + &ascii.repeat(a)).repeat(3));
            }
        }
    }
    for text in &texts {
        let units: Vec<u16> = text.encode_utf16().collect();
        for mode in [EncoderMode::Html, EncoderMode::Fatal] {
            let mut e = ISO_2022_JP.new_encoder().unwrap();
            let mut out = vec![0u8; e.max_buffer_length_from_utf8(text.len(), mode)];
            let (r, read, n) = e.encode_from_utf8(text, &mut out, true, mode);
            let expected = (r, text[..read].encode_utf16().count(), out[..n].to_vec());
            if mode == EncoderMode::Html && !text.contains('\u{1B}') {
                assert_eq!(
                    expected.2,
                    encoding_rs::ISO_2022_JP.encode(text).0.into_owned(),
                    "{text:?}"
                );
            }
            let mut e = ISO_2022_JP.new_encoder().unwrap();
            let step = e.max_buffer_length_from_utf16(0, mode);
            let whole = e.max_buffer_length_from_utf16(units.len(), mode);
            assert_eq!(
                encode_utf16_in_calls(&mut e, &units, mode, 0, whole),
                expected,
                "{text:?} {mode:?}"
            );
            if mode == EncoderMode::Html && text.chars().count() <= 12 {
                for split in 0..=units.len() {
                    for room in step..step + 6 {
                        let mut e = ISO_2022_JP.new_encoder().unwrap();
                        let got = encode_utf16_in_calls(&mut e, &units, mode, split, room);
                        assert_eq!(
                            got, expected,
                            "{text:?} split at {split}, {room} bytes of room"
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn iso_2022_jp_encoder_shift_and_escape_are_errors_with_replacement_character() {
    // "return error with U+FFFD": html mode writes &#65533;, fatal mode reports U+FFFD.
    for c in ['\u{E}', '\u{F}', '\u{1B}'] {
        assert_eq!(encode(ISO_2022_JP, &format!("a{c}")), Err('\u{FFFD}'));
        assert_eq!(encode_html(ISO_2022_JP, &format!("a{c}b")), b"a&#65533;b");
        assert_eq!(
            encode_html(ISO_2022_JP, &format!("\u{A5}{c}")),
            b"\x1B(J\x5C&#65533;\x1B(B"
        );
        // From jis0208: switch to ASCII first (the code point is restored), then error.
        assert_eq!(
            encode_html(ISO_2022_JP, &format!("\u{3042}{c}")),
            b"\x1B$B\x24\x22\x1B(B&#65533;"
        );
    }
}

#[test]
fn iso_2022_jp_encoder_switches_to_ascii_before_an_ncr() {
    // From jis0208 an unmappable code point is restored after ESC ( B, then is an error there.
    assert_eq!(
        encode_html(ISO_2022_JP, "\u{3042}\u{E000}\u{3042}"),
        b"\x1B$B\x24\x22\x1B(B&#57344;\x1B$B\x24\x22\x1B(B"
    );
    // From Roman there is no switch: the NCR is written in Roman.
    assert_eq!(
        encode_html(ISO_2022_JP, "\u{A5}\u{E000}"),
        b"\x1B(J\x5C&#57344;\x1B(B"
    );
    // Fatal mode: the escape is written before the error is reported.
    let mut e = ISO_2022_JP.new_encoder().unwrap();
    let mut out = [0u8; 64];
    let r = e.encode_from_utf8("\u{3042}\u{1F600}a", &mut out, true, EncoderMode::Fatal);
    assert_eq!(r, (EncoderResult::Unmappable('\u{1F600}'), 7, 8));
    assert_eq!(&out[..8], b"\x1B$B\x24\x22\x1B(B");
    let r = e.encode_from_utf8("a", &mut out, true, EncoderMode::Fatal);
    assert_eq!(r, (EncoderResult::InputEmpty, 1, 1));
}

#[test]
fn iso_2022_jp_encoder_state_carries_across_chunks() {
    let mut e = ISO_2022_JP.new_encoder().unwrap();
    let mut all = Vec::new();
    for (chunk, last) in [
        ("\u{3042}", false),
        ("", false),
        ("\u{3044}", false),
        ("a\u{A5}", false),
        ("", true),
    ] {
        let mut out = vec![0u8; e.max_buffer_length_from_utf8(chunk.len(), EncoderMode::Fatal)];
        let (r, read, n) = e.encode_from_utf8(chunk, &mut out, last, EncoderMode::Fatal);
        assert_eq!((r, read), (EncoderResult::InputEmpty, chunk.len()));
        all.extend_from_slice(&out[..n]);
    }
    assert_eq!(all, b"\x1B$B\x24\x22\x24\x24\x1B(Ba\x1B(J\x5C\x1B(B");
    // A non-final chunk leaves the state as it is; only the last call returns to ASCII.
    let mut e = ISO_2022_JP.new_encoder().unwrap();
    let mut out = [0u8; 64];
    let r = e.encode_from_utf16(&[0x3042], &mut out, false, EncoderMode::Html);
    assert_eq!(r, (EncoderResult::InputEmpty, 1, 5));
    let r = e.encode_from_utf16(&[], &mut out, true, EncoderMode::Html);
    assert_eq!(r, (EncoderResult::InputEmpty, 0, 3));
    assert_eq!(&out[..3], b"\x1B(B");
}

// ---------------------------------------------------------------------------------------------
// Shift_JIS decoder (§ 12.3.1).

#[test]
fn shift_jis_decoder() {
    assert_eq!(decode(SHIFT_JIS, b"\x82\xA0a"), "\u{3042}a");
    // ASCII bytes and 0x80 are themselves; 0xA1..0xDF are halfwidth katakana.
    assert_eq!(
        decode(SHIFT_JIS, b"\x5C\x7E\x80\xA1\xDF"),
        "\\~\u{80}\u{FF61}\u{FF9F}"
    );
    // Not leading bytes.
    assert_eq!(
        decode(SHIFT_JIS, b"\xA0\xFD\xFE\xFFa"),
        "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}a"
    );
    // Pointers 8836..10715 are EUDC, the Private Use Area: 0xF0 0x40 is pointer
    // (0xF0 − 0xC1) × 188 = 8836; 0xF9 0xFC is 56 × 188 + 0xFC − 0x41 = 10715.
    assert_eq!(decode(SHIFT_JIS, b"\xF0\x40\xF9\xFC"), "\u{E000}\u{E757}");
    // 0xFA 0x40 is pointer 10716: index jis0208 "10716	0x2170".
    assert_eq!(decode(SHIFT_JIS, b"\xFA\x40"), "\u{2170}");
    // Trail bytes 0x40..0x7E and 0x80..0xFC; 0x7F is not one (and is restored: it is ASCII).
    assert_eq!(decode(SHIFT_JIS, b"\x81\x7F"), "\u{FFFD}\u{7F}");
    assert_eq!(decode(SHIFT_JIS, b"\x81\xFDa"), "\u{FFFD}a");
    // 0x81 0xA0 is pointer 0xA0 − 0x41 = 95, index jis0208 "95	0x25A1".
    assert_eq!(decode(SHIFT_JIS, b"\x81\xA0a"), "\u{25A1}a");
    // End-of-queue with a leading byte.
    assert_eq!(decode(SHIFT_JIS, b"a\x81"), "a\u{FFFD}");
    assert_eq!(decode_fatal(SHIFT_JIS, b"a\xE0"), Err("a".into()));
}

#[test]
fn multi_byte_decoders_never_mask_an_ascii_byte() {
    // § 2 Security background: a leading byte 0x82 must not "mask" a 0x22 trailing byte: "For
    // the aforementioned sequence the output would be U+FFFD U+0022."
    assert_eq!(decode(SHIFT_JIS, b"\x82\x22"), "\u{FFFD}\"");
    assert_eq!(decode(EUC_JP, b"\xA4\x22"), "\u{FFFD}\"");
    assert_eq!(decode(EUC_JP, b"\x8F\xA4\x22"), "\u{FFFD}\"");
    assert_eq!(decode(EUC_JP, b"\x8E\x22"), "\u{FFFD}\"");
    // Every byte followed by every ASCII byte: an error never takes the ASCII byte with it
    // (Shift_JIS trail bytes 0x40..0x7E are ASCII, and pair without error).
    for enc in [EUC_JP, SHIFT_JIS] {
        for lead in 0x80..=0xFFu8 {
            for b in 0..0x80u8 {
                let out = decode(enc, &[lead, b]);
                assert!(
                    !out.contains('\u{FFFD}') || out.ends_with(b as char),
                    "{enc:?} {lead:#X} {b:#X}: {out:?}"
                );
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Shift_JIS encoder (§ 12.3.2).

#[test]
fn shift_jis_encoder() {
    assert_eq!(encode(SHIFT_JIS, "a\u{3042}"), Ok(b"a\x82\xA0".to_vec()));
    // "an ASCII code point or U+0080" is a byte.
    assert_eq!(encode(SHIFT_JIS, "\u{80}"), Ok(b"\x80".to_vec()));
    assert_eq!(encode(SHIFT_JIS, "\u{81}"), Err('\u{81}'));
    assert_eq!(
        encode(SHIFT_JIS, "\u{A5}\u{203E}"),
        Ok(b"\x5C\x7E".to_vec())
    );
    assert_eq!(
        encode(SHIFT_JIS, "\u{FF61}\u{FF9F}"),
        Ok(b"\xA1\xDF".to_vec())
    );
    // U+2212 becomes U+FF0D, pointer 60: 0x81, 60 + 0x40.
    assert_eq!(encode(SHIFT_JIS, "\u{2212}"), Ok(b"\x81\x7C".to_vec()));
    // Index Shift_JIS pointer skips 8272..8835: U+2170 is at 8634 and 10716 → 0xFA 0x40;
    // U+FFE2 is at 137 (→ 0x81 0xCA), 8644 and 10736; U+7E8A at 8272 and 10744 → 0xFA 0x5C.
    assert_eq!(encode(SHIFT_JIS, "\u{2170}"), Ok(b"\xFA\x40".to_vec()));
    assert_eq!(encode(SHIFT_JIS, "\u{FFE2}"), Ok(b"\x81\xCA".to_vec()));
    assert_eq!(encode(SHIFT_JIS, "\u{7E8A}"), Ok(b"\xFA\x5C".to_vec()));
    // EUDC is not encoded.
    assert_eq!(encode(SHIFT_JIS, "\u{E000}"), Err('\u{E000}'));
    assert_eq!(
        encode_html(SHIFT_JIS, "\u{E000}\u{1F600}"),
        b"&#57344;&#128512;"
    );
}

// ---------------------------------------------------------------------------------------------
// Driver contract: small output buffers, UTF-16 output.

/// Decoding into output buffers that are just big enough for one step at a time gives the same
/// code points, in both modes.
#[test]
fn decoders_respect_small_output_buffers() {
    let mut rng = Rng(7);
    for enc in ALL {
        for _ in 0..2000 {
            let input = random_input(&mut rng, enc);
            let want: Vec<u16> = decode(enc, &input).encode_utf16().collect();
            let mut d = enc.new_decoder();
            let (mut got, mut pos) = (Vec::new(), 0);
            loop {
                let mut out = vec![0u16; 2 + rng.below(3)];
                let (r, read, n) =
                    d.decode_to_utf16(&input[pos..], &mut out, true, DecoderMode::Replacement);
                pos += read;
                got.extend_from_slice(&out[..n]);
                match r {
                    DecoderResult::InputEmpty => break,
                    DecoderResult::OutputFull => assert!(out.len() - n < 2 || n == 0),
                    DecoderResult::Malformed => unreachable!(),
                }
            }
            assert_eq!(got, want, "{enc:?} {input:X?}");
        }
    }
}

#[test]
fn utf16_output_matches_encoding_rs() {
    let mut rng = Rng(11);
    for enc in ALL {
        for _ in 0..3000 {
            let input = random_input(&mut rng, enc);
            let mut d = enc.new_decoder();
            let mut ours = vec![0u16; d.max_utf16_buffer_length(input.len())];
            let (_, _, n) = d.decode_to_utf16(&input, &mut ours, true, DecoderMode::Replacement);
            let mut rd = rs(enc).new_decoder_without_bom_handling();
            let mut theirs = vec![0u16; rd.max_utf16_buffer_length(input.len()).unwrap()];
            let (_, _, m, _) = rd.decode_to_utf16(&input, &mut theirs, true);
            assert_eq!(ours[..n], theirs[..m], "{enc:?} {input:X?}");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Differential tests against encoding_rs.

fn assert_same_decode(enc: Encoding, input: &[u8]) {
    assert_eq!(
        decode(enc, input),
        rs_decode(enc, input),
        "{enc:?} replacement {input:X?}"
    );
    assert_eq!(
        decode_fatal(enc, input),
        rs_decode_fatal(enc, input),
        "{enc:?} fatal {input:X?}"
    );
}

#[test]
fn every_byte_and_byte_pair_decodes_as_encoding_rs() {
    for enc in ALL {
        for a in 0..=255u8 {
            assert_same_decode(enc, &[a]);
            for b in 0..=255u8 {
                assert_same_decode(enc, &[a, b]);
            }
        }
    }
}

#[test]
fn every_byte_pair_after_a_prefix_decodes_as_encoding_rs() {
    let prefixes: [(Encoding, &[u8]); 7] = [
        (EUC_JP, b"\x8F"),
        (ISO_2022_JP, b"\x1B"),
        (ISO_2022_JP, b"\x1B$B"),
        (ISO_2022_JP, b"\x1B(J"),
        (ISO_2022_JP, b"\x1B(I"),
        (ISO_2022_JP, b"\x1B$B\x24"),
        (ISO_2022_JP, b"a\x1B(B"),
    ];
    for (enc, prefix) in prefixes {
        for a in 0..=255u8 {
            for b in 0..=255u8 {
                assert_same_decode(enc, &[prefix, &[a, b]].concat());
            }
        }
    }
}

/// About 100k random inputs per encoding, whole and in random chunks (compared chunk by chunk).
fn random_inputs_decode_as_encoding_rs(enc: Encoding, seed: u64) {
    let mut rng = Rng(seed);
    for _ in 0..100_000 {
        let input = random_input(&mut rng, enc);
        assert_same_decode(enc, &input);
        let chunks = random_chunks(&mut rng, &input);
        assert_eq!(
            decode_chunks(enc, &chunks),
            rs_decode_chunks(enc, &chunks),
            "{enc:?} {chunks:X?}"
        );
    }
}

#[test]
fn random_inputs_decode_as_encoding_rs_euc_jp() {
    random_inputs_decode_as_encoding_rs(EUC_JP, 1000);
}

#[test]
fn random_inputs_decode_as_encoding_rs_iso_2022_jp() {
    random_inputs_decode_as_encoding_rs(ISO_2022_JP, 1001);
}

#[test]
fn random_inputs_decode_as_encoding_rs_shift_jis() {
    random_inputs_decode_as_encoding_rs(SHIFT_JIS, 1002);
}

/// Every scalar value, in one string: html mode's bytes as encoding_rs's.
fn every_scalar_value_encodes_as_encoding_rs_in_html_mode(enc: Encoding) {
    let all: String = (0..=0x10FFFFu32).filter_map(char::from_u32).collect();
    assert!(
        encode_html(enc, &all) == rs_encode_html_chunks(enc, &[&all]),
        "{enc:?}"
    );
}

/// Every scalar value, in one string, going on after each error: fatal mode's errors and the
/// bytes between them as encoding_rs's.
fn every_scalar_value_encodes_as_encoding_rs_in_fatal_mode(enc: Encoding) {
    let all: String = (0..=0x10FFFFu32).filter_map(char::from_u32).collect();
    assert!(
        encode_fatal_run(enc, &all) == rs_encode_fatal_run(enc, &all),
        "{enc:?}"
    );
}

#[test]
fn every_scalar_value_encodes_as_encoding_rs_euc_jp_html() {
    every_scalar_value_encodes_as_encoding_rs_in_html_mode(EUC_JP);
}

#[test]
fn every_scalar_value_encodes_as_encoding_rs_euc_jp_fatal() {
    every_scalar_value_encodes_as_encoding_rs_in_fatal_mode(EUC_JP);
}

#[test]
fn every_scalar_value_encodes_as_encoding_rs_iso_2022_jp_html() {
    every_scalar_value_encodes_as_encoding_rs_in_html_mode(ISO_2022_JP);
}

#[test]
fn every_scalar_value_encodes_as_encoding_rs_iso_2022_jp_fatal() {
    every_scalar_value_encodes_as_encoding_rs_in_fatal_mode(ISO_2022_JP);
}

#[test]
fn every_scalar_value_encodes_as_encoding_rs_shift_jis_html() {
    every_scalar_value_encodes_as_encoding_rs_in_html_mode(SHIFT_JIS);
}

#[test]
fn every_scalar_value_encodes_as_encoding_rs_shift_jis_fatal() {
    every_scalar_value_encodes_as_encoding_rs_in_fatal_mode(SHIFT_JIS);
}

/// Each BMP scalar value after `prefix` (which leaves ISO-2022-JP's encoder in a given state), in
/// both modes, from a new encoder, as encoding_rs.
fn each_bmp_scalar_value_encodes_as_encoding_rs(enc: Encoding, prefix: &str) {
    let mut ours = [0u8; 64];
    let mut theirs = [0u8; 64];
    for c in (0..=0xFFFFu32).filter_map(char::from_u32) {
        let s = format!("{prefix}{c}");
        for mode in [EncoderMode::Fatal, EncoderMode::Html] {
            let mut e = Encoder::new(enc).unwrap();
            let (r, _, n) = e.encode_from_utf8(&s, &mut ours, true, mode);
            let mut re = rs(enc).new_encoder();
            let (rr, m) = match mode {
                EncoderMode::Fatal => {
                    let (rr, _, m) = re.encode_from_utf8_without_replacement(&s, &mut theirs, true);
                    (matches!(rr, encoding_rs::EncoderResult::Unmappable(_)), m)
                }
                EncoderMode::Html => {
                    let (rr, _, m, _) = re.encode_from_utf8(&s, &mut theirs, true);
                    assert_eq!(rr, encoding_rs::CoderResult::InputEmpty);
                    (false, m)
                }
            };
            let ours = (matches!(r, EncoderResult::Unmappable(_)), &ours[..n]);
            assert_eq!(ours, (rr, &theirs[..m]), "{enc:?} {mode:?} {s:?}");
        }
    }
}

#[test]
fn each_bmp_scalar_value_encodes_as_encoding_rs_euc_jp() {
    each_bmp_scalar_value_encodes_as_encoding_rs(EUC_JP, "");
}

#[test]
fn each_bmp_scalar_value_encodes_as_encoding_rs_shift_jis() {
    each_bmp_scalar_value_encodes_as_encoding_rs(SHIFT_JIS, "");
}

#[test]
fn each_bmp_scalar_value_encodes_as_encoding_rs_iso_2022_jp_from_ascii() {
    each_bmp_scalar_value_encodes_as_encoding_rs(ISO_2022_JP, "");
}

#[test]
fn each_bmp_scalar_value_encodes_as_encoding_rs_iso_2022_jp_from_roman() {
    each_bmp_scalar_value_encodes_as_encoding_rs(ISO_2022_JP, "\u{A5}");
}

#[test]
fn each_bmp_scalar_value_encodes_as_encoding_rs_iso_2022_jp_from_jis0208() {
    each_bmp_scalar_value_encodes_as_encoding_rs(ISO_2022_JP, "\u{3042}");
}

/// Random strings split into chunks keep ISO-2022-JP's encoder state across calls: the same bytes
/// as encoding at once and as encoding_rs's streaming encoder, from UTF-8 and from UTF-16.
#[test]
fn chunked_encoding_matches_whole_and_encoding_rs() {
    let pool = [
        'a',
        '\\',
        '~',
        '\n',
        '\u{E}',
        '\u{1B}',
        '\u{80}',
        '\u{A5}',
        '\u{203E}',
        '\u{2212}',
        '\u{3042}',
        '\u{4E00}',
        '\u{FF61}',
        '\u{FF76}',
        '\u{FF0D}',
        '\u{2170}',
        '\u{E000}',
        '\u{1F600}',
    ];
    let mut rng = Rng(99);
    for enc in ALL {
        for _ in 0..3000 {
            let chars: Vec<char> = (0..rng.below(12))
                .map(|_| pool[rng.below(pool.len())])
                .collect();
            let whole: String = chars.iter().collect();
            let mut chunks: Vec<String> = Vec::new();
            let mut i = 0;
            while i < chars.len() || rng.below(3) == 0 {
                let n = rng.below(chars.len() - i + 1).min(3);
                chunks.push(chars[i..i + n].iter().collect());
                i += n;
            }
            chunks.push(String::new());
            let chunk_refs: Vec<&str> = chunks.iter().map(String::as_str).collect();
            let want = encode_html(enc, &whole);
            assert_eq!(
                want,
                rs_encode_html_chunks(enc, &[&whole]),
                "{enc:?} {whole:?}"
            );
            let (mut from_utf8, mut from_utf16) = (Vec::new(), Vec::new());
            let mut e8 = Encoder::new(enc).unwrap();
            let mut e16 = Encoder::new(enc).unwrap();
            for (k, chunk) in chunks.iter().enumerate() {
                let last = k + 1 == chunks.len();
                let mut out =
                    vec![0u8; e8.max_buffer_length_from_utf8(chunk.len(), EncoderMode::Html)];
                let (r, read, n) = e8.encode_from_utf8(chunk, &mut out, last, EncoderMode::Html);
                assert_eq!((r, read), (EncoderResult::InputEmpty, chunk.len()));
                from_utf8.extend_from_slice(&out[..n]);
                let units: Vec<u16> = chunk.encode_utf16().collect();
                let mut out =
                    vec![0u8; e16.max_buffer_length_from_utf16(units.len(), EncoderMode::Html)];
                let (r, read, n) = e16.encode_from_utf16(&units, &mut out, last, EncoderMode::Html);
                assert_eq!((r, read), (EncoderResult::InputEmpty, units.len()));
                from_utf16.extend_from_slice(&out[..n]);
            }
            assert_eq!(from_utf8, want, "{enc:?} {chunks:?}");
            assert_eq!(from_utf16, want, "{enc:?} {chunks:?}");
            assert_eq!(
                rs_encode_html_chunks(enc, &chunk_refs),
                want,
                "{enc:?} {chunks:?}"
            );
        }
    }
}

/// The encoder's buffer bounds hold for ISO-2022-JP's longest outputs per input unit: an escape
/// before each ASCII byte, and html mode's `&#65533;` for U+001B (after an escape, or not).
#[test]
fn iso_2022_jp_worst_cases_fit_the_buffer_bounds() {
    let worst = [
        "\u{1B}".repeat(40),
        "\u{3042}\u{1B}".repeat(20),
        "\u{3042}a".repeat(20),
        "\u{3042}\u{E000}".repeat(20),
        "\u{A5}\u{FFFF}".repeat(20),
    ];
    for s in &worst {
        for mode in [EncoderMode::Fatal, EncoderMode::Html] {
            let mut e = Encoder::new(ISO_2022_JP).unwrap();
            let mut out = vec![0u8; e.max_buffer_length_from_utf8(s.len(), mode)];
            let (mut pos, mut results) = (0, Vec::new());
            loop {
                let (r, read, _) = e.encode_from_utf8(&s[pos..], &mut out, true, mode);
                pos += read;
                results.push(r);
                if !matches!(r, EncoderResult::Unmappable(_)) {
                    break;
                }
            }
            assert_eq!(
                (results.last(), pos),
                (Some(&EncoderResult::InputEmpty), s.len()),
                "{s:?}"
            );
            let units: Vec<u16> = s.encode_utf16().collect();
            let mut e = Encoder::new(ISO_2022_JP).unwrap();
            let mut out = vec![0u8; e.max_buffer_length_from_utf16(units.len(), mode)];
            let (mut pos, mut results) = (0, Vec::new());
            loop {
                let (r, read, _) = e.encode_from_utf16(&units[pos..], &mut out, true, mode);
                pos += read;
                results.push(r);
                if !matches!(r, EncoderResult::Unmappable(_)) {
                    break;
                }
            }
            assert_eq!(
                (results.last(), pos),
                (Some(&EncoderResult::InputEmpty), units.len()),
                "{s:?}"
            );
        }
    }
}
