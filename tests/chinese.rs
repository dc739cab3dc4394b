//! GBK, gb18030 (§ 10) and Big5 (§ 11) through the public API: cases from the standard's text and
//! its index files, then differential tests against encoding_rs (an oracle, not a dependency).

use encoding_wasm::{DecoderMode, DecoderResult, Encoder, EncoderMode, EncoderResult, Encoding};

const GBK: Encoding = Encoding::Gbk;
const GB18030: Encoding = Encoding::Gb18030;
const BIG5: Encoding = Encoding::Big5;

/// Each encoding under test with encoding_rs's.
const PAIRS: [(Encoding, &encoding_rs::Encoding); 3] = [
    (GBK, encoding_rs::GBK),
    (GB18030, encoding_rs::GB18030),
    (BIG5, encoding_rs::BIG5),
];

// ---------------------------------------------------------------------------------------------
// Helpers over this crate's API

/// Decodes all of `bytes` in one final call, replacement mode.
fn decode(encoding: Encoding, bytes: &[u8]) -> String {
    encoding.new_decoder().decode_to_string(bytes, true)
}

/// Decodes all of `bytes` in one final call to UTF-16, replacement mode.
fn decode_utf16(encoding: Encoding, bytes: &[u8]) -> Vec<u16> {
    let mut d = encoding.new_decoder();
    let mut out = vec![0u16; d.max_utf16_buffer_length(bytes.len())];
    let (r, read, n) = d.decode_to_utf16(bytes, &mut out, true, DecoderMode::Replacement);
    assert_eq!((r, read), (DecoderResult::InputEmpty, bytes.len()));
    out.truncate(n);
    out
}

/// Decodes in fatal mode: `Ok(output)`, or `Err(output before the first error)`.
fn decode_fatal(encoding: Encoding, bytes: &[u8]) -> Result<String, String> {
    let mut d = encoding.new_decoder();
    let mut out = vec![0u8; d.max_utf8_buffer_length(bytes.len())];
    let (r, _, n) = d.decode_to_utf8(bytes, &mut out, true, DecoderMode::Fatal);
    out.truncate(n);
    let s = String::from_utf8(out).unwrap();
    match r {
        DecoderResult::InputEmpty => Ok(s),
        DecoderResult::Malformed => Err(s),
        DecoderResult::OutputFull => panic!("max_utf8_buffer_length was too small"),
    }
}

/// Feeds `chunks` (the last one final) to one decoder whose UTF-16 output buffer holds `room`
/// code units, calling again while it is full. Returns the output produced during each chunk;
/// in fatal mode, stops at the first error and returns `Err` with the outputs so far.
fn decode_chunks(
    encoding: Encoding,
    chunks: &[&[u8]],
    room: usize,
    mode: DecoderMode,
) -> Result<Vec<String>, Vec<String>> {
    let mut d = encoding.new_decoder();
    let mut buf = vec![0u16; room];
    let mut outputs = Vec::new();
    for (k, chunk) in chunks.iter().enumerate() {
        let last = k + 1 == chunks.len();
        let mut units = Vec::new();
        let mut src = *chunk;
        loop {
            let (r, read, n) = d.decode_to_utf16(src, &mut buf, last, mode);
            units.extend_from_slice(&buf[..n]);
            src = &src[read..];
            match r {
                DecoderResult::InputEmpty => break,
                DecoderResult::OutputFull => assert!(n > 0 || read > 0, "no progress"),
                DecoderResult::Malformed => {
                    outputs.push(String::from_utf16(&units).unwrap());
                    return Err(outputs);
                }
            }
        }
        assert!(src.is_empty());
        outputs.push(String::from_utf16(&units).unwrap());
    }
    Ok(outputs)
}

/// Encodes all of `s` with `encoding`'s encoder: `Err(c)` for the first unmappable `c` in fatal
/// mode.
fn encode(encoding: Encoding, s: &str, mode: EncoderMode) -> Result<Vec<u8>, char> {
    encoding.new_encoder().unwrap().encode_to_vec(s, mode)
}

/// Encodes `s` with this crate's encoder through a small buffer in fatal mode, going on after each
/// unmappable code point: the output, with each unmappable code point recorded as `(position in
/// the output, code point)`.
fn encode_all_fatal(encoding: Encoding, s: &str) -> (Vec<u8>, Vec<(usize, char)>) {
    let mut e: Encoder = encoding.new_encoder().unwrap();
    let mut buf = vec![0u8; 1 << 16];
    let (mut out, mut errors, mut src) = (Vec::new(), Vec::new(), s);
    loop {
        let (r, read, n) = e.encode_from_utf8(src, &mut buf, true, EncoderMode::Fatal);
        out.extend_from_slice(&buf[..n]);
        src = &src[read..];
        match r {
            EncoderResult::InputEmpty => return (out, errors),
            EncoderResult::OutputFull => {}
            EncoderResult::Unmappable(c) => errors.push((out.len(), c)),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Helpers over encoding_rs

fn rs_decode(encoding: &'static encoding_rs::Encoding, bytes: &[u8]) -> String {
    encoding.decode_without_bom_handling(bytes).0.into_owned()
}

fn rs_decode_fatal(
    encoding: &'static encoding_rs::Encoding,
    bytes: &[u8],
) -> Result<String, String> {
    let mut d = encoding.new_decoder_without_bom_handling();
    let mut out = vec![
        0u8;
        d.max_utf8_buffer_length_without_replacement(bytes.len())
            .unwrap()
    ];
    let (r, _, n) = d.decode_to_utf8_without_replacement(bytes, &mut out, true);
    out.truncate(n);
    let s = String::from_utf8(out).unwrap();
    match r {
        encoding_rs::DecoderResult::InputEmpty => Ok(s),
        encoding_rs::DecoderResult::Malformed(..) => Err(s),
        encoding_rs::DecoderResult::OutputFull => panic!("encoding_rs output buffer too small"),
    }
}

/// encoding_rs's streaming decoder over `chunks`: the output produced during each chunk.
fn rs_decode_chunks(encoding: &'static encoding_rs::Encoding, chunks: &[&[u8]]) -> Vec<String> {
    let mut d = encoding.new_decoder_without_bom_handling();
    chunks
        .iter()
        .enumerate()
        .map(|(k, chunk)| {
            let mut out = vec![0u8; d.max_utf8_buffer_length(chunk.len()).unwrap()];
            let (r, read, n, _) = d.decode_to_utf8(chunk, &mut out, k + 1 == chunks.len());
            assert_eq!(
                (r, read),
                (encoding_rs::CoderResult::InputEmpty, chunk.len())
            );
            out.truncate(n);
            String::from_utf8(out).unwrap()
        })
        .collect()
}

/// encoding_rs's counterpart of [`encode_all_fatal`].
fn rs_encode_all_fatal(
    encoding: &'static encoding_rs::Encoding,
    s: &str,
) -> (Vec<u8>, Vec<(usize, char)>) {
    let mut e = encoding.new_encoder();
    let mut buf = vec![0u8; 1 << 16];
    let (mut out, mut errors, mut src) = (Vec::new(), Vec::new(), s);
    loop {
        let (r, read, n) = e.encode_from_utf8_without_replacement(src, &mut buf, true);
        out.extend_from_slice(&buf[..n]);
        src = &src[read..];
        match r {
            encoding_rs::EncoderResult::InputEmpty => return (out, errors),
            encoding_rs::EncoderResult::OutputFull => {}
            encoding_rs::EncoderResult::Unmappable(c) => errors.push((out.len(), c)),
        }
    }
}

/// encoding_rs's encoder in its replacement mode, which writes HTML numeric character references.
fn rs_encode_html(encoding: &'static encoding_rs::Encoding, s: &str) -> Vec<u8> {
    let mut e = encoding.new_encoder();
    let mut buf = vec![0u8; 1 << 16];
    let (mut out, mut src) = (Vec::new(), s);
    loop {
        let (r, read, n, _) = e.encode_from_utf8(src, &mut buf, true);
        out.extend_from_slice(&buf[..n]);
        src = &src[read..];
        if r == encoding_rs::CoderResult::InputEmpty {
            return out;
        }
    }
}

/// The html-mode output that corresponds to a fatal-mode output and its unmappable code points:
/// each code point's `&#N;` (§ 4.1's "html" error mode) inserted where the error was.
fn with_ncrs(bytes: &[u8], errors: &[(usize, char)]) -> Vec<u8> {
    let (mut out, mut start) = (Vec::new(), 0);
    for &(at, c) in errors {
        out.extend_from_slice(&bytes[start..at]);
        out.extend_from_slice(format!("&#{};", u32::from(c)).as_bytes());
        start = at;
    }
    out.extend_from_slice(&bytes[start..]);
    out
}

// ---------------------------------------------------------------------------------------------
// gb18030 decoder (§ 10.2.1), also GBK's (§ 10.1.1)

#[test]
fn gb18030_decodes_single_bytes() {
    for encoding in [GBK, GB18030] {
        assert_eq!(decode(encoding, b"az\x00\x7F"), "az\u{0}\u{7F}");
        // "If byte is 0x80, then return code point U+20AC (€)."
        assert_eq!(decode(encoding, b"\x80"), "\u{20AC}");
        // 0xFF is neither ASCII, 0x80 nor a leading byte: error.
        assert_eq!(decode(encoding, b"\xFF"), "\u{FFFD}");
    }
}

#[test]
fn gb18030_decodes_two_byte_sequences_through_the_index() {
    for encoding in [GBK, GB18030] {
        // Pointer (0x81 - 0x81) × 190 + (0x40 - 0x40) = 0: index gb18030 line "0 0x4E02".
        assert_eq!(decode(encoding, b"\x81\x40"), "\u{4E02}");
        // Trail 0x80 and up has offset 0x41: pointer 0 × 190 + 0x3F = 63, line "63 0x4E90".
        assert_eq!(decode(encoding, b"\x81\x80"), "\u{4E90}");
        // 0xA3 0xA0 maps to U+3000 rather than U+E5E5 (index gb18030's notes): pointer 6555.
        assert_eq!(decode(encoding, b"\xA3\xA0"), "\u{3000}");
        // Pointer 7182 (0xA6 0xD9) is U+FE10 in GB18030-2022's index.
        assert_eq!(decode(encoding, b"\xA6\xD9"), "\u{FE10}");
        // Pointer 6432 (0xA2 0xE3) is U+20AC.
        assert_eq!(decode(encoding, b"\xA2\xE3"), "\u{20AC}");
    }
}

#[test]
fn gb18030_two_byte_errors_restore_only_ascii_bytes() {
    for encoding in [GBK, GB18030] {
        // 0x7F is not in 0x40..=0x7E: pointer null; it is an ASCII byte, so it is restored.
        assert_eq!(decode(encoding, b"\x81\x7F"), "\u{FFFD}\u{7F}");
        assert_eq!(decode(encoding, b"\x81\x20z"), "\u{FFFD} z");
        // 0xFF is not ASCII: not restored.
        assert_eq!(decode(encoding, b"\x81\xFFz"), "\u{FFFD}z");
        // A leading byte after a leading byte makes a pointer: 64, line "64 0x4E96".
        assert_eq!(decode(encoding, b"\x81\x81"), "\u{4E96}");
    }
}

#[test]
fn gb18030_decodes_four_byte_sequences_through_the_ranges() {
    for encoding in [GBK, GB18030] {
        // Pointer 0: index gb18030 ranges "0 0x0080".
        assert_eq!(decode(encoding, b"\x81\x30\x81\x30"), "\u{80}");
        // Pointer 36: ranges "36 0x00A5".
        assert_eq!(decode(encoding, b"\x81\x30\x84\x36"), "\u{A5}");
        // "If pointer is 7457, then return code point U+E7C7" (7457 is 0x81 0x35 0xF4 0x37).
        assert_eq!(decode(encoding, b"\x81\x35\xF4\x37"), "\u{E7C7}");
        // 39419 = 3 × 12600 + 1 × 1260 + 35 × 10 + 9: the last BMP pointer, U+FFE6 + 25.
        assert_eq!(decode(encoding, b"\x84\x31\xA4\x39"), "\u{FFFF}");
        // "pointer is greater than 39419 and less than 189000": null.
        assert_eq!(decode(encoding, b"\x84\x31\xA5\x30"), "\u{FFFD}");
        assert_eq!(decode(encoding, b"\x8F\x39\xFE\x39"), "\u{FFFD}");
        // 189000 = 15 × 12600: ranges "189000 0x10000".
        assert_eq!(decode(encoding, b"\x90\x30\x81\x30"), "\u{10000}");
        // 1237575 = 98 × 12600 + 2 × 1260 + 25 × 10 + 5: U+10FFFF; one more is null.
        assert_eq!(decode(encoding, b"\xE3\x32\x9A\x35"), "\u{10FFFF}");
        assert_eq!(decode(encoding, b"\xE3\x32\x9A\x36"), "\u{FFFD}");
        assert_eq!(decode(encoding, b"\xFE\x39\xFE\x39"), "\u{FFFD}");
        assert_eq!(
            decode_utf16(encoding, b"\x90\x30\x81\x30"),
            [0xD800, 0xDC00]
        );
    }
}

#[test]
fn gb18030_failed_third_and_fourth_bytes_restore_bytes() {
    for encoding in [GBK, GB18030] {
        // Fourth byte not 0x30..=0x39: restore « second, third, byte »: "0", then 0x81 0x41
        // (pointer 1, index gb18030 line "1 0x4E04").
        assert_eq!(decode(encoding, b"\x81\x30\x81\x41"), "\u{FFFD}0\u{4E04}");
        // Restored « 0x30, 0x81, 0x81 »: "0", then 0x81 0x81 (pointer 64, U+4E96), "0", and 0x81
        // cut by end-of-queue.
        assert_eq!(
            decode(encoding, b"\x81\x30\x81\x81\x30\x81\x30"),
            "\u{FFFD}0\u{4E96}0\u{FFFD}"
        );
        // Third byte not 0x81..=0xFE: restore « second, byte ».
        assert_eq!(decode(encoding, b"\x81\x30\x20"), "\u{FFFD}0 ");
        assert_eq!(decode(encoding, b"\x81\x30\x80"), "\u{FFFD}0\u{20AC}");
        assert_eq!(decode(encoding, b"\x81\x30\xFF"), "\u{FFFD}0\u{FFFD}");
        // A null four-byte code point restores nothing.
        assert_eq!(decode(encoding, b"\x84\x31\xA5\x30z"), "\u{FFFD}z");
    }
}

#[test]
fn gb18030_end_of_queue_is_one_error() {
    for encoding in [GBK, GB18030] {
        assert_eq!(decode(encoding, b"\x81"), "\u{FFFD}");
        assert_eq!(decode(encoding, b"a\x81\x30"), "a\u{FFFD}");
        assert_eq!(decode(encoding, b"\x81\x30\x81"), "\u{FFFD}");
        assert_eq!(decode_fatal(encoding, b"a\x81\x30\x81"), Err("a".into()));
    }
}

#[test]
fn gb18030_restores_bytes_from_earlier_chunks() {
    let whole = "\u{FFFD}0\u{4E04}";
    for encoding in [GBK, GB18030] {
        for room in [2, 3, 64] {
            let chunks: [&[u8]; 5] = [b"\x81", b"\x30", b"", b"\x81", b"\x41"];
            let out = decode_chunks(encoding, &chunks, room, DecoderMode::Replacement).unwrap();
            assert_eq!(out.concat(), whole);
            // The error and the restored bytes are only known at the fourth byte.
            assert_eq!(out[..4].concat(), "");
            let chunks: [&[u8]; 3] = [b"\x81\x30\x81", b"\x41", b""];
            let out = decode_chunks(encoding, &chunks, room, DecoderMode::Replacement).unwrap();
            assert_eq!(out, ["", whole, ""]);
            let chunks: [&[u8]; 2] = [b"\x81\x30", b"\x20"];
            let out = decode_chunks(encoding, &chunks, room, DecoderMode::Replacement).unwrap();
            assert_eq!(out, ["", "\u{FFFD}0 "]);
        }
    }
}

#[test]
fn gb18030_fatal_error_leaves_this_calls_restored_bytes_unread() {
    let mut d = GB18030.new_decoder();
    let mut out = [0u8; 32];
    // All four bytes in this call: only the first counts as read.
    let (r, read, n) = d.decode_to_utf8(b"\x81\x30\x81\x41", &mut out, true, DecoderMode::Fatal);
    assert_eq!((r, read, n), (DecoderResult::Malformed, 1, 0));
    let (r, read, n) = d.decode_to_utf8(b"\x30\x81\x41", &mut out, true, DecoderMode::Fatal);
    assert_eq!((r, read), (DecoderResult::InputEmpty, 3));
    assert_eq!(&out[..n], "0\u{4E04}".as_bytes());

    // Second and third bytes from an earlier call are kept by the decoder and replayed.
    let mut d = GB18030.new_decoder();
    let (r, read, _) = d.decode_to_utf8(b"\x81\x30\x81", &mut out, false, DecoderMode::Fatal);
    assert_eq!((r, read), (DecoderResult::InputEmpty, 3));
    let (r, read, n) = d.decode_to_utf8(b"\x41", &mut out, false, DecoderMode::Fatal);
    assert_eq!((r, read, n), (DecoderResult::Malformed, 0, 0));
    let (r, read, n) = d.decode_to_utf8(b"\x41", &mut out, true, DecoderMode::Fatal);
    assert_eq!((r, read), (DecoderResult::InputEmpty, 1));
    assert_eq!(&out[..n], "0\u{4E04}".as_bytes());
}

#[test]
fn gb18030_held_bytes_wait_for_output_room() {
    let mut d = GB18030.new_decoder();
    let mut out = [0u16; 8];
    let (r, _, _) = d.decode_to_utf16(b"\x81\x30\x81", &mut out, false, DecoderMode::Fatal);
    assert_eq!(r, DecoderResult::InputEmpty);
    let (r, read, _) = d.decode_to_utf16(b"\x41", &mut out, false, DecoderMode::Fatal);
    assert_eq!((r, read), (DecoderResult::Malformed, 0));
    // No room for a step: the held "0" is not written yet.
    let (r, read, n) = d.decode_to_utf16(b"\x41", &mut out[..1], true, DecoderMode::Fatal);
    assert_eq!((r, read, n), (DecoderResult::OutputFull, 0, 0));
    let (r, read, n) = d.decode_to_utf16(b"\x41", &mut out, true, DecoderMode::Fatal);
    assert_eq!((r, read), (DecoderResult::InputEmpty, 1));
    assert_eq!(&out[..n], [0x30, 0x4E04]);
}

// ---------------------------------------------------------------------------------------------
// gb18030 encoder (§ 10.2.2) and GBK's (§ 10.1.2)

#[test]
fn gb18030_encoder_rejects_e5e5() {
    for encoding in [GBK, GB18030] {
        assert_eq!(
            encode(encoding, "a\u{E5E5}", EncoderMode::Fatal),
            Err('\u{E5E5}')
        );
        assert_eq!(
            encode(encoding, "\u{E5E5}", EncoderMode::Html).unwrap(),
            b"&#58853;"
        );
    }
}

#[test]
fn gb18030_encoder_euro_sign() {
    // "If is GBK is true and codePoint is U+20AC (€), then return byte 0x80."
    assert_eq!(
        encode(GBK, "\u{20AC}", EncoderMode::Fatal).unwrap(),
        b"\x80"
    );
    // Otherwise index gb18030's pointer 6432: 0xA2 0xE3.
    assert_eq!(
        encode(GB18030, "\u{20AC}", EncoderMode::Fatal).unwrap(),
        b"\xA2\xE3"
    );
}

#[test]
fn gb18030_encoder_private_use_side_table() {
    let table: [(char, [u8; 2]); 18] = [
        ('\u{E78D}', [0xA6, 0xD9]),
        ('\u{E78E}', [0xA6, 0xDA]),
        ('\u{E78F}', [0xA6, 0xDB]),
        ('\u{E790}', [0xA6, 0xDC]),
        ('\u{E791}', [0xA6, 0xDD]),
        ('\u{E792}', [0xA6, 0xDE]),
        ('\u{E793}', [0xA6, 0xDF]),
        ('\u{E794}', [0xA6, 0xEC]),
        ('\u{E795}', [0xA6, 0xED]),
        ('\u{E796}', [0xA6, 0xF3]),
        ('\u{E81E}', [0xFE, 0x59]),
        ('\u{E826}', [0xFE, 0x61]),
        ('\u{E82B}', [0xFE, 0x66]),
        ('\u{E82C}', [0xFE, 0x67]),
        ('\u{E832}', [0xFE, 0x6D]),
        ('\u{E843}', [0xFE, 0x7E]),
        ('\u{E854}', [0xFE, 0x90]),
        ('\u{E864}', [0xFE, 0xA0]),
    ];
    for encoding in [GBK, GB18030] {
        for (c, bytes) in table {
            assert_eq!(
                encode(encoding, &c.to_string(), EncoderMode::Fatal).unwrap(),
                bytes
            );
        }
        // The same bytes decode to GB18030-2022's code points (asymmetric), e.g. U+FE10.
        assert_eq!(
            encode(encoding, "\u{FE10}", EncoderMode::Fatal).unwrap(),
            b"\xA6\xD9"
        );
        // Private Use code points next to the table's go by the index: pointer 23767 is U+E816.
        assert_eq!(
            encode(encoding, "\u{E816}", EncoderMode::Fatal).unwrap(),
            b"\xFE\x51"
        );
    }
}

#[test]
fn gb18030_encoder_two_byte_takes_the_first_pointer() {
    for encoding in [GBK, GB18030] {
        assert_eq!(
            encode(encoding, "a\u{4E02}", EncoderMode::Fatal).unwrap(),
            b"a\x81\x40"
        );
        assert_eq!(
            encode(encoding, "\u{4E90}", EncoderMode::Fatal).unwrap(),
            b"\x81\x80"
        );
        // U+3000 is at pointers 6176 and 6555: the first, 6176 = 32 × 190 + 96, gives 0xA1 0xA1.
        assert_eq!(
            encode(encoding, "\u{3000}", EncoderMode::Fatal).unwrap(),
            b"\xA1\xA1"
        );
    }
}

#[test]
fn gb18030_encoder_four_byte_sequences() {
    let cases: [(char, &[u8]); 6] = [
        ('\u{80}', b"\x81\x30\x81\x30"),
        ('\u{A5}', b"\x81\x30\x84\x36"),
        // "If codePoint is U+E7C7, then return pointer 7457."
        ('\u{E7C7}', b"\x81\x35\xF4\x37"),
        ('\u{FFFF}', b"\x84\x31\xA4\x39"),
        ('\u{10000}', b"\x90\x30\x81\x30"),
        ('\u{10FFFF}', b"\xE3\x32\x9A\x35"),
    ];
    for (c, bytes) in cases {
        let s = c.to_string();
        assert_eq!(
            encode(GB18030, &s, EncoderMode::Fatal).unwrap(),
            bytes,
            "{c:?}"
        );
        // "If is GBK is true, then return error with codePoint."
        assert_eq!(encode(GBK, &s, EncoderMode::Fatal), Err(c));
        let ncr = format!("&#{};", u32::from(c));
        assert_eq!(encode(GBK, &s, EncoderMode::Html).unwrap(), ncr.as_bytes());
    }
}

// ---------------------------------------------------------------------------------------------
// Big5 decoder (§ 11.1.1)

#[test]
fn big5_decodes_pointers_with_two_code_points() {
    // (0x88 - 0x81) × 157 = 1099; 0x62 - 0x40 = 34, 0x64 - 0x40 = 36, 0xA3 - 0x62 = 65,
    // 0xA5 - 0x62 = 67: pointers 1133, 1135, 1164 and 1166.
    assert_eq!(decode(BIG5, b"\x88\x62"), "\u{CA}\u{304}");
    assert_eq!(decode(BIG5, b"\x88\x64"), "\u{CA}\u{30C}");
    assert_eq!(decode(BIG5, b"\x88\xA3"), "\u{EA}\u{304}");
    assert_eq!(decode(BIG5, b"\x88\xA5"), "\u{EA}\u{30C}");
    // Both code points are one step: they fit in a buffer that has room for one step only.
    for room in [2, 3] {
        let chunks: [&[u8]; 1] = [b"a\x88\x62\x88\xA5b"];
        let out = decode_chunks(BIG5, &chunks, room, DecoderMode::Replacement).unwrap();
        assert_eq!(out, ["a\u{CA}\u{304}\u{EA}\u{30C}b"]);
    }
}

#[test]
fn big5_decodes_through_the_index() {
    // Pointer 942 = 6 × 157: index Big5 "942 0x43F0"; 947: "947 0x27267" (plane 2).
    assert_eq!(decode(BIG5, b"\x87\x40"), "\u{43F0}");
    assert_eq!(decode(BIG5, b"\x87\x45"), "\u{27267}");
    assert_eq!(decode_utf16(BIG5, b"\x87\x45"), [0xD85C, 0xDE67]);
    // Pointer 5024 = (0xA1 - 0x81) × 157: "5024 0x3000".
    assert_eq!(decode(BIG5, b"\xA1\x40"), "\u{3000}");
    // Both pointers of a duplicate decode: 5247 (0xA2 0xA4) and 18991 (0xF9 0xF9) are U+2550.
    assert_eq!(decode(BIG5, b"\xA2\xA4\xF9\xF9"), "\u{2550}\u{2550}");
}

#[test]
fn big5_errors_restore_only_ascii_bytes() {
    // Pointer 1 (0x81 0x41) is not in index Big5 (its first pointer is 942); 0x41 is ASCII:
    // restored.
    assert_eq!(decode(BIG5, b"\x81\x41"), "\u{FFFD}A");
    // 0x7F is outside 0x40..=0x7E: pointer null; ASCII, restored.
    assert_eq!(decode(BIG5, b"\xA1\x7F"), "\u{FFFD}\u{7F}");
    // 0x80 and 0xA0 are not trailing bytes and not ASCII: not restored.
    assert_eq!(decode(BIG5, b"\xA1\x80z"), "\u{FFFD}z");
    assert_eq!(decode(BIG5, b"\xA1\xA0z"), "\u{FFFD}z");
    // Pointer 5024 + 0xA1 - 0x62 = 5087: "5087 0xFE5B".
    assert_eq!(decode(BIG5, b"\xA1\xA1"), "\u{FE5B}");
    // Not a leading byte.
    assert_eq!(decode(BIG5, b"\x80"), "\u{FFFD}");
    assert_eq!(decode(BIG5, b"\xFF"), "\u{FFFD}");
    // End-of-queue with Big5 leading set.
    assert_eq!(decode(BIG5, b"a\xA1"), "a\u{FFFD}");
    assert_eq!(decode_fatal(BIG5, b"a\xA1"), Err("a".into()));
}

#[test]
fn big5_restored_byte_across_chunks() {
    for room in [2, 64] {
        let chunks: [&[u8]; 3] = [b"\x81", b"\x41", b""];
        let out = decode_chunks(BIG5, &chunks, room, DecoderMode::Replacement).unwrap();
        assert_eq!(out, ["", "\u{FFFD}A", ""]);
    }
    let mut d = BIG5.new_decoder();
    let mut out = [0u8; 16];
    let (r, read, _) = d.decode_to_utf8(b"\x81", &mut out, false, DecoderMode::Fatal);
    assert_eq!((r, read), (DecoderResult::InputEmpty, 1));
    let (r, read, n) = d.decode_to_utf8(b"\x41b", &mut out, true, DecoderMode::Fatal);
    assert_eq!((r, read, n), (DecoderResult::Malformed, 0, 0));
    let (r, read, n) = d.decode_to_utf8(b"\x41b", &mut out, true, DecoderMode::Fatal);
    assert_eq!(
        (r, read, &out[..n]),
        (DecoderResult::InputEmpty, 2, &b"Ab"[..])
    );
}

// ---------------------------------------------------------------------------------------------
// Big5 encoder (§ 11.1.2) and index Big5 pointer (§ 5)

#[test]
fn big5_encoder_takes_the_last_pointer_for_six_code_points() {
    // pointer / 157 + 0x81, pointer % 157 + (0x40 or 0x62).
    let cases: [(char, [u8; 2]); 6] = [
        ('\u{2550}', [0xF9, 0xF9]), // 18991 = 120 × 157 + 151
        ('\u{255E}', [0xF9, 0xE9]), // 18975
        ('\u{2561}', [0xF9, 0xEB]), // 18977
        ('\u{256A}', [0xF9, 0xEA]), // 18976
        ('\u{5341}', [0xA4, 0x51]), // 5512 = 35 × 157 + 17
        ('\u{5345}', [0xA4, 0xCA]), // 5599 = 35 × 157 + 104
    ];
    for (c, bytes) in cases {
        assert_eq!(
            encode(BIG5, &c.to_string(), EncoderMode::Fatal).unwrap(),
            bytes,
            "{c:?}"
        );
    }
    // Other duplicates take the first: U+256D is at 5243 (0xA2 0x7E) and 18992.
    assert_eq!(
        encode(BIG5, "\u{256D}", EncoderMode::Fatal).unwrap(),
        b"\xA2\x7E"
    );
}

#[test]
fn big5_encoder_excludes_pointers_below_a1() {
    // U+43F0 and U+27267 are only at pointers 942 and 947, below (0xA1 - 0x81) × 157 = 5024.
    assert_eq!(
        encode(BIG5, "\u{43F0}", EncoderMode::Fatal),
        Err('\u{43F0}')
    );
    assert_eq!(
        encode(BIG5, "\u{27267}", EncoderMode::Html).unwrap(),
        b"&#160359;"
    );
    // U+7BB8 is at 2082 and 9081 = 57 × 157 + 132: the excluded first pointer is skipped.
    assert_eq!(
        encode(BIG5, "\u{7BB8}", EncoderMode::Fatal).unwrap(),
        b"\xBA\xE6"
    );
    assert_eq!(decode(BIG5, b"\x8E\x69"), "\u{7BB8}");
    // Plane 2 above the exclusion: U+200CC is at 11205 = 71 × 157 + 58.
    assert_eq!(
        encode(BIG5, "a\u{200CC}", EncoderMode::Fatal).unwrap(),
        b"a\xC8\x7A"
    );
    assert_eq!(
        encode(BIG5, "\u{3000}", EncoderMode::Fatal).unwrap(),
        b"\xA1\x40"
    );
    assert_eq!(encode(BIG5, "\u{80}", EncoderMode::Fatal), Err('\u{80}'));
}

// ---------------------------------------------------------------------------------------------
// Differential tests against encoding_rs

#[test]
fn every_one_and_two_byte_input_matches_encoding_rs() {
    for (ours, theirs) in PAIRS {
        for a in 0..=255u8 {
            assert_eq!(
                decode(ours, &[a]),
                rs_decode(theirs, &[a]),
                "{ours:?} {a:02X}"
            );
            assert_eq!(
                decode_fatal(ours, &[a]),
                rs_decode_fatal(theirs, &[a]),
                "{ours:?} {a:02X}"
            );
            for b in 0..=255u8 {
                let bytes = [a, b];
                let expected = rs_decode(theirs, &bytes);
                assert_eq!(decode(ours, &bytes), expected, "{ours:?} {a:02X} {b:02X}");
                let expected = rs_decode_fatal(theirs, &bytes);
                assert_eq!(
                    decode_fatal(ours, &bytes),
                    expected,
                    "{ours:?} {a:02X} {b:02X}"
                );
            }
        }
    }
}

/// Every sequence of a gb18030 leading byte, a digit, a leading byte and a byte near the digits,
/// decoded back to back in one input (each is a whole sequence or an error of four bytes).
#[test]
fn every_four_byte_gb18030_input_matches_encoding_rs() {
    for first in 0x81..=0xFEu8 {
        let mut bytes = Vec::new();
        for second in 0x30..=0x39u8 {
            for third in 0x81..=0xFEu8 {
                for fourth in 0x30..=0x39u8 {
                    bytes.extend_from_slice(&[first, second, third, fourth]);
                }
            }
        }
        for (ours, theirs) in &PAIRS[..2] {
            assert_eq!(
                decode(*ours, &bytes),
                rs_decode(theirs, &bytes),
                "{ours:?} {first:02X}"
            );
        }
    }
    // Each failed fourth byte: every byte that is not a digit after 0x81 0x30 0x81, then "z".
    let mut bytes = Vec::new();
    for fourth in (0..=255u8).filter(|b| !(0x30..=0x39).contains(b)) {
        bytes.extend_from_slice(&[0x81, 0x30, 0x81, fourth, b'z']);
    }
    for (ours, theirs) in &PAIRS[..2] {
        assert_eq!(decode(*ours, &bytes), rs_decode(theirs, &bytes));
        assert_eq!(decode_fatal(*ours, &bytes), rs_decode_fatal(theirs, &bytes));
    }
}

/// splitmix64: a small seeded generator, so failures reproduce.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    fn byte_in(&mut self, lo: u8, hi: u8) -> u8 {
        lo + self.below(u64::from(hi - lo) + 1) as u8
    }
}

/// A random input biased toward the encoding's sequences: well-formed or nearly well-formed
/// sequences, ASCII, digits and the bytes around the range limits.
fn random_input(rng: &mut Rng, encoding: Encoding) -> Vec<u8> {
    let len = rng.below(24) as usize;
    let mut v = Vec::new();
    while v.len() < len {
        match (encoding, rng.below(10)) {
            (_, 0..=1) => v.push(rng.byte_in(0x00, 0x7F)),
            (_, 2) => v.push(rng.next() as u8),
            (_, 3) => v.push(
                *[
                    0x30, 0x39, 0x3A, 0x40, 0x7E, 0x7F, 0x80, 0x81, 0xA0, 0xA1, 0xFE, 0xFF,
                ]
                .get(rng.below(12) as usize)
                .unwrap(),
            ),
            (Encoding::Big5, 4..=6) => {
                v.push(rng.byte_in(0x81, 0xFE));
                v.push(if rng.below(2) == 0 {
                    rng.byte_in(0x40, 0x7E)
                } else {
                    rng.byte_in(0xA1, 0xFE)
                });
            }
            (Encoding::Big5, _) => {
                // Around the two-code-point pointers and the HKSCS rows.
                v.push(rng.byte_in(0x81, 0x8F));
                v.push(rng.byte_in(0x40, 0xFE));
            }
            (_, 4..=6) => {
                v.push(rng.byte_in(0x81, 0xFE));
                v.push(rng.byte_in(0x40, 0xFE));
            }
            (_, _) => {
                // Four bytes, mostly near the ranges' limits (first byte 0x81..=0x84, 0x8F..=0x90,
                // 0xE3..=0xE4).
                let first = match rng.below(4) {
                    0 => rng.byte_in(0x81, 0x84),
                    1 => rng.byte_in(0x8F, 0x90),
                    2 => rng.byte_in(0xE3, 0xE4),
                    _ => rng.byte_in(0x81, 0xFE),
                };
                v.extend_from_slice(&[first, rng.byte_in(0x30, 0x39), rng.byte_in(0x81, 0xFE)]);
                v.push(if rng.below(8) == 0 {
                    rng.next() as u8
                } else {
                    rng.byte_in(0x30, 0x39)
                });
            }
        }
        // Sometimes cut a sequence short.
        if rng.below(12) == 0 {
            v.pop();
        }
    }
    v
}

/// Random chunk boundaries over `len` bytes, empty chunks included.
fn random_chunks<'a>(rng: &mut Rng, bytes: &'a [u8]) -> Vec<&'a [u8]> {
    let mut cuts: Vec<usize> = (0..rng.below(6))
        .map(|_| rng.below(bytes.len() as u64 + 1) as usize)
        .collect();
    cuts.sort_unstable();
    cuts.push(bytes.len());
    let mut start = 0;
    cuts.into_iter()
        .map(|end| {
            let chunk = &bytes[start..end];
            start = end;
            chunk
        })
        .collect()
}

const RANDOM_INPUTS: usize = 100_000;

fn random_inputs_match_encoding_rs(index: usize, seed: u64) {
    let (ours, theirs) = PAIRS[index];
    let mut rng = Rng(seed);
    for n in 0..RANDOM_INPUTS {
        let bytes = random_input(&mut rng, ours);
        let expected = rs_decode(theirs, &bytes);
        assert_eq!(
            decode(ours, &bytes),
            expected,
            "{ours:?} input {n}: {bytes:02X?}"
        );
        let utf16: Vec<u16> = expected.encode_utf16().collect();
        assert_eq!(
            decode_utf16(ours, &bytes),
            utf16,
            "{ours:?} input {n}: {bytes:02X?}"
        );
        let expected_fatal = rs_decode_fatal(theirs, &bytes);
        assert_eq!(
            decode_fatal(ours, &bytes),
            expected_fatal,
            "{ours:?} input {n}: {bytes:02X?}"
        );

        // Random boundaries, or every byte its own chunk with an empty final one.
        let chunks = if n % 8 == 0 {
            bytes.chunks(1).chain([&[][..]]).collect()
        } else {
            random_chunks(&mut rng, &bytes)
        };
        let room = [2, 3, 5, 64][rng.below(4) as usize];
        let out = decode_chunks(ours, &chunks, room, DecoderMode::Replacement).unwrap();
        assert_eq!(
            out,
            rs_decode_chunks(theirs, &chunks),
            "{ours:?} input {n}: {chunks:02X?}"
        );
        // Fatal mode over the chunks: the same outcome, and the same output before an error.
        let fatal = decode_chunks(ours, &chunks, room, DecoderMode::Fatal)
            .map(|o| o.concat())
            .map_err(|o| o.concat());
        assert_eq!(fatal, expected_fatal, "{ours:?} input {n}: {chunks:02X?}");
    }
}

#[test]
fn random_gbk_inputs_match_encoding_rs() {
    random_inputs_match_encoding_rs(0, 0x6762_6B00);
}

#[test]
fn random_gb18030_inputs_match_encoding_rs() {
    random_inputs_match_encoding_rs(1, 0x6762_1803);
}

#[test]
fn random_big5_inputs_match_encoding_rs() {
    random_inputs_match_encoding_rs(2, 0x6269_6735);
}

/// Every scalar value, in order, as one string.
fn all_scalar_values() -> String {
    (0..=0x10FFFFu32).filter_map(char::from_u32).collect()
}

/// Every scalar value through one encoder, fatal and html modes, against encoding_rs's.
fn every_scalar_value_encodes_as_encoding_rs_does(index: usize) {
    let (ours, theirs) = PAIRS[index];
    let all = all_scalar_values();
    let (bytes, errors) = encode_all_fatal(ours, &all);
    let (expected_bytes, expected_errors) = rs_encode_all_fatal(theirs, &all);
    assert_eq!(errors.len(), expected_errors.len(), "{ours:?}");
    assert_eq!(errors, expected_errors, "{ours:?}");
    assert!(bytes == expected_bytes, "{ours:?}: fatal-mode bytes differ");
    // encoding_rs's html mode is the same encoder with its references (`&#N;`) inserted, which
    // is slow to run again in debug builds: build its output from the fatal run instead.
    let html = encode(ours, &all, EncoderMode::Html).unwrap();
    assert!(
        html == with_ncrs(&expected_bytes, &expected_errors),
        "{ours:?}: html-mode bytes differ"
    );
    // Checked directly on the Basic Multilingual Plane.
    let bmp: String = all.chars().take_while(|&c| c <= '\u{FFFF}').collect();
    let html = encode(ours, &bmp, EncoderMode::Html).unwrap();
    assert!(
        html == rs_encode_html(theirs, &bmp),
        "{ours:?}: html-mode bytes differ"
    );
}

#[test]
fn every_scalar_value_encodes_to_gbk_as_encoding_rs_does() {
    every_scalar_value_encodes_as_encoding_rs_does(0);
}

#[test]
fn every_scalar_value_encodes_to_gb18030_as_encoding_rs_does() {
    every_scalar_value_encodes_as_encoding_rs_does(1);
}

#[test]
fn every_scalar_value_encodes_to_big5_as_encoding_rs_does() {
    every_scalar_value_encodes_as_encoding_rs_does(2);
}

/// Every encodable scalar value decodes back to itself except `one_way` of them (U+E5E5 cannot be
/// encoded, and the gb18030 encoder's Private Use side table is one-way: those 18 bytes pairs
/// decode to GB18030-2022's code points).
fn encoded_scalar_values_decode_back(encoding: Encoding, one_way: usize) {
    let all = all_scalar_values();
    let (bytes, errors) = encode_all_fatal(encoding, &all);
    let decoded = decode(encoding, &bytes);
    let mut unmappable = errors.iter().map(|&(_, c)| c).peekable();
    let encoded: String = all
        .chars()
        .filter(|&c| {
            let skip = unmappable.peek() == Some(&c);
            if skip {
                unmappable.next();
            }
            !skip
        })
        .collect();
    assert_eq!(
        decoded.chars().count(),
        encoded.chars().count(),
        "{encoding:?}"
    );
    let differing: Vec<(char, char)> = encoded
        .chars()
        .zip(decoded.chars())
        .filter(|(a, b)| a != b)
        .collect();
    assert_eq!(differing.len(), one_way, "{encoding:?}: {differing:X?}");
    assert!(differing
        .iter()
        .all(|&(c, _)| ('\u{E78D}'..='\u{E864}').contains(&c)));
}

#[test]
fn gbk_encoded_scalar_values_decode_back() {
    // GBK's € is 0x80, which decodes to €.
    encoded_scalar_values_decode_back(GBK, 18);
}

#[test]
fn gb18030_encoded_scalar_values_decode_back() {
    encoded_scalar_values_decode_back(GB18030, 18);
}

#[test]
fn big5_encoded_scalar_values_decode_back() {
    encoded_scalar_values_decode_back(BIG5, 0);
}
