//! The TextDecoder algorithm (§ 7.2, `TextDecoderCore`), the hooks for standards (§ 6) and labels
//! (§ 4.2–4.3), from the standard's text.

use encoding_wasm::hooks::{
    bom_sniff, decode, utf8_decode, utf8_decode_without_bom, utf8_decode_without_bom_or_fail,
};
use encoding_wasm::{DecoderResult, Encoding, Malformed, TextDecoderCore};

const BOM8: &[u8] = b"\xEF\xBB\xBF";

fn text_decoder(e: Encoding, fatal: bool, ignore_bom: bool) -> TextDecoderCore {
    TextDecoderCore::new(e, fatal, ignore_bom).unwrap()
}

/// `new TextDecoder(label)` then one non-streaming decode().
fn decode_once(e: Encoding, bytes: &[u8]) -> Result<String, Malformed> {
    text_decoder(e, false, false).decode(bytes, false)
}

/// U+FEFF in each BOM-removing encoding.
fn bom(e: Encoding) -> &'static [u8] {
    match e {
        Encoding::Utf8 => BOM8,
        Encoding::Utf16Be => b"\xFE\xFF",
        Encoding::Utf16Le => b"\xFF\xFE",
        _ => unreachable!(),
    }
}

/// U+FEFF then "a".
fn bom_then_a(e: Encoding) -> Vec<u8> {
    let a: &[u8] = match e {
        Encoding::Utf8 => b"a",
        Encoding::Utf16Be => b"\x00a",
        _ => b"a\x00",
    };
    [bom(e), a].concat()
}

const BOM_ENCODINGS: [Encoding; 3] = [Encoding::Utf8, Encoding::Utf16Be, Encoding::Utf16Le];

// -------------------------------------------------------------------------------------------------
// serialize I/O queue: BOM handling

#[test]
fn bom_is_removed_at_the_start_for_utf8_and_utf16() {
    for e in BOM_ENCODINGS {
        assert_eq!(
            decode_once(e, &bom_then_a(e)),
            Ok("a".into()),
            "{}",
            e.name()
        );
        // Only one BOM is removed.
        let twice = [bom(e), &bom_then_a(e)].concat();
        assert_eq!(
            decode_once(e, &twice),
            Ok("\u{FEFF}a".into()),
            "{}",
            e.name()
        );
    }
}

#[test]
fn bom_is_kept_by_other_encodings() {
    // windows-1252 decodes EF BB BF as three characters, none of them removed.
    assert_eq!(
        decode_once(Encoding::Windows1252, BOM8),
        Ok("\u{EF}\u{BB}\u{BF}".into())
    );
    // x-user-defined: EF BB BF are U+F7EF U+F7BB U+F7BF.
    assert_eq!(
        decode_once(Encoding::XUserDefined, BOM8),
        Ok("\u{F7EF}\u{F7BB}\u{F7BF}".into())
    );
}

#[test]
fn gb18030_keeps_a_decoded_u_feff() {
    // U+FEFF is gb18030 pointer 39116 + 0xFEFF - 0xFE6C (index gb18030 ranges), so the four bytes
    // 84 31 95 33 (§ 10.2.2). Only UTF-8 and UTF-16 remove a BOM.
    for e in [Encoding::Gb18030, Encoding::Gbk] {
        assert_eq!(
            decode_once(e, b"\x84\x31\x95\x33a"),
            Ok("\u{FEFF}a".into()),
            "{}",
            e.name()
        );
    }
}

#[test]
fn a_bom_after_text_is_kept() {
    assert_eq!(
        decode_once(Encoding::Utf8, b"a\xEF\xBB\xBF"),
        Ok("a\u{FEFF}".into())
    );
    let mut d = text_decoder(Encoding::Utf8, false, false);
    assert_eq!(d.decode(b"a", true), Ok("a".into()));
    assert_eq!(d.decode(BOM8, false), Ok("\u{FEFF}".into()));
}

#[test]
fn a_bom_split_across_chunks_counts() {
    for e in BOM_ENCODINGS {
        let bytes = bom_then_a(e);
        let mut d = text_decoder(e, false, false);
        let mut out = String::new();
        for b in &bytes[..bytes.len() - 1] {
            out += &d.decode(std::slice::from_ref(b), true).unwrap();
        }
        out += &d.decode(&bytes[bytes.len() - 1..], false).unwrap();
        assert_eq!(out, "a", "{}", e.name());
    }
    // Empty chunks before it do not count as the start having passed.
    let mut d = text_decoder(Encoding::Utf8, false, false);
    assert_eq!(d.decode(b"", true), Ok("".into()));
    assert_eq!(d.decode(b"\xEF\xBB", true), Ok("".into()));
    assert_eq!(d.decode(b"\xBF\xEF\xBB\xBF", false), Ok("\u{FEFF}".into()));
}

#[test]
fn ignore_bom_keeps_it() {
    for e in BOM_ENCODINGS {
        let mut d = text_decoder(e, false, true);
        assert!(d.ignore_bom());
        assert_eq!(
            d.decode(&bom_then_a(e), false),
            Ok("\u{FEFF}a".into()),
            "{}",
            e.name()
        );
    }
}

#[test]
fn a_second_bom_is_kept_and_each_new_stream_removes_one() {
    let mut d = text_decoder(Encoding::Utf8, false, false);
    assert_eq!(d.decode(BOM8, true), Ok("".into()));
    assert_eq!(d.decode(BOM8, true), Ok("\u{FEFF}".into()));
    assert_eq!(d.decode(b"a", false), Ok("a".into()));
    // The non-streaming call ended the stream: the next call starts anew.
    assert_eq!(d.decode(b"\xEF\xBB\xBFb", false), Ok("b".into()));
    assert_eq!(d.decode(b"\xEF\xBB\xBFc", false), Ok("c".into()));
}

// -------------------------------------------------------------------------------------------------
// decode(): streaming, flushing, fatal

#[test]
fn streaming_then_a_final_call() {
    let mut d = text_decoder(Encoding::Utf8, false, false);
    assert_eq!(d.decode(b"\xE2", true), Ok("".into()));
    assert_eq!(d.decode(b"\x82", true), Ok("".into()));
    assert_eq!(d.decode(b"\xAC", false), Ok("\u{20AC}".into()));
    // An incomplete sequence at the final call is an error, flushed as U+FFFD.
    assert_eq!(d.decode(b"\xE2\x82", true), Ok("".into()));
    assert_eq!(d.decode(b"", false), Ok("\u{FFFD}".into()));
    // UTF-16LE: an odd byte is held across calls.
    let mut d = text_decoder(Encoding::Utf16Le, false, false);
    assert_eq!(d.decode(b"a", true), Ok("".into()));
    assert_eq!(d.decode(b"\x00b", true), Ok("a".into()));
    assert_eq!(d.decode(b"", false), Ok("\u{FFFD}".into()));
}

#[test]
fn a_final_call_resets_the_state() {
    let mut d = text_decoder(Encoding::Utf8, false, false);
    assert_eq!(d.decode(b"\xE2\x82", false), Ok("\u{FFFD}".into()));
    // A fresh decoder: \xAC alone is an error, not the end of U+20AC.
    assert_eq!(d.decode(b"\xAC", false), Ok("\u{FFFD}".into()));
    let mut d = text_decoder(Encoding::EucKr, false, false);
    assert_eq!(d.decode(b"\xB0", false), Ok("\u{FFFD}".into()));
    assert_eq!(d.decode(b"\xA1", false), Ok("\u{FFFD}".into()));
}

#[test]
fn fatal_errors_throw_and_keep_the_state_as_the_standard_says() {
    let mut d = text_decoder(Encoding::Utf8, true, false);
    assert!(d.fatal());
    assert_eq!(d.decode(b"a\xFF", false), Err(Malformed));
    let error: Box<dyn std::error::Error> = Box::new(Malformed);
    assert_eq!(error.to_string(), "the input is malformed in this encoding");
    assert_eq!(d.decode(b"b", false), Ok("b".into()));
    // The UTF-8 decoder's handler drops a held sequence with the error (the byte it gives back to
    // the queue is dropped with the rest of the call's input), so the next call is clean.
    assert_eq!(d.decode(b"\xE2\x82", true), Ok("".into()));
    assert_eq!(d.decode(b"\x41", true), Err(Malformed));
    assert_eq!(d.decode(b"\xAC", false), Err(Malformed));
    assert_eq!(d.decode(b"\xE2\x82", true), Ok("".into()));
    assert_eq!(d.decode(b"\xFF", true), Err(Malformed));
    assert_eq!(d.decode(b"ok", false), Ok("ok".into()));
    // An error at end-of-queue throws too.
    assert_eq!(d.decode(b"\xE2\x82", true), Ok("".into()));
    assert_eq!(d.decode(b"", false), Err(Malformed));
    assert_eq!(d.decode(b"", false), Ok("".into()));
    // The BOM is removed again after an error, as at any new start.
    assert_eq!(d.decode(b"\xFF", false), Err(Malformed));
    assert_eq!(d.decode(b"\xEF\xBB\xBFx", false), Ok("x".into()));
    let mut d = text_decoder(Encoding::EucKr, true, false);
    assert_eq!(d.decode(b"\xB0", true), Ok("".into()));
    assert_eq!(d.decode(b"\x20", true), Err(Malformed));
    assert_eq!(d.decode(b"\xA1", false), Err(Malformed));
    assert_eq!(d.decode(b"\xB0\xA1", false), Ok("\u{AC00}".into()));
}

#[test]
fn a_fatal_error_in_a_streaming_call_keeps_the_decoders_state() {
    // ISO-2022-JP: ESC ( J switches to Roman, where 0x7E is U+203E; 0xFF is then an error, but
    // do not flush stays true and the decoder stays in Roman, so 0x7E goes on as U+203E.
    let mut d = text_decoder(Encoding::Iso2022Jp, true, false);
    assert_eq!(d.decode(b"\x7E", false), Ok("~".into()));
    assert_eq!(d.decode(b"\x1B\x28\x4A\xFF\x7E", true), Err(Malformed));
    assert_eq!(d.decode(b"\x7E", false), Ok("\u{203E}".into()));
    // After a final call the next starts afresh in ASCII.
    assert_eq!(d.decode(b"\x7E", false), Ok("~".into()));
    // A fatal error in a call without stream: the next call starts afresh.
    assert_eq!(d.decode(b"\x1B\x28\x4A\xFF", false), Err(Malformed));
    assert_eq!(d.decode(b"\x7E", false), Ok("~".into()));
    // BOM seen is as before the throwing call: its output (here "a") was never serialized.
    let mut d = text_decoder(Encoding::Utf8, true, false);
    assert_eq!(d.decode(b"a\xFF", true), Err(Malformed));
    assert_eq!(d.decode(b"\xEF\xBB\xBFb", false), Ok("b".into()));
    assert_eq!(d.decode(b"a", true), Ok("a".into()));
    assert_eq!(d.decode(b"\xFF", true), Err(Malformed));
    assert_eq!(d.decode(b"\xEF\xBB\xBFb", false), Ok("\u{FEFF}b".into()));
}

#[test]
fn a_fatal_error_empties_the_queue_of_restored_bytes_too() {
    // gb18030 (§ 10.2.1): 0xA4 0x31 are first and second, then 0x39 is no third byte: the handler
    // restores 0x31 0x39 to the queue and errors. The queue is emptied, so neither comes out.
    let mut d = text_decoder(Encoding::Gbk, true, false);
    assert_eq!(d.decode(b"\xA4\x31", true), Ok("".into()));
    assert_eq!(d.decode(b"\x39", true), Err(Malformed));
    assert_eq!(d.decode(b"", false), Ok("".into()));
    let mut d = text_decoder(Encoding::Gb18030, true, false);
    assert_eq!(d.decode(b"\xBF\x34", true), Ok("".into()));
    assert_eq!(d.decode(b"\x55", true), Err(Malformed));
    assert_eq!(d.decode(b"a", true), Ok("a".into()));
    // UTF-16BE (§ 14.2.1): lead surrogate D8C3, then code unit A5FE is no trail: it is restored
    // (both bytes) and dropped; the next byte starts a code unit afresh.
    let mut d = text_decoder(Encoding::Utf16Be, true, false);
    assert_eq!(d.decode(b"\xFE\xFF\xD8\xC3\xA5\xFE", true), Err(Malformed));
    assert_eq!(d.decode(b"\x00", true), Ok("".into()));
    assert_eq!(d.decode(b"\x41", false), Ok("A".into()));
    let mut d = text_decoder(Encoding::Utf16Be, true, false);
    assert_eq!(d.decode(b"\xD9\x49\xA6\xFE", true), Err(Malformed));
    assert_eq!(d.decode(b"", false), Ok("".into()));
    // ISO-2022-JP (§ 12.2.1): ESC then 0x24 in one call, 0x00 in the next: the escape fails and
    // restores 0x24 0x00 (lead from the earlier call); both are dropped, ASCII state kept.
    let mut d = text_decoder(Encoding::Iso2022Jp, true, false);
    assert_eq!(d.decode(b"\x1B\x24", true), Ok("".into()));
    assert_eq!(d.decode(b"\x00", true), Err(Malformed));
    assert_eq!(d.decode(b"b", false), Ok("b".into()));
}

#[test]
fn replacement_is_refused() {
    assert!(TextDecoderCore::new(Encoding::Replacement, false, false).is_none());
    for e in Encoding::ALL
        .into_iter()
        .filter(|&e| e != Encoding::Replacement)
    {
        let d = TextDecoderCore::new(e, false, false).unwrap();
        assert_eq!(d.encoding(), e);
        assert!(!d.fatal() && !d.ignore_bom());
    }
}

#[test]
fn pieces_into_small_buffers_remove_the_bom_once() {
    // One decode() call over fixed buffers: pieces of input, looping on OutputFull.
    for (e, pieces) in [
        (
            Encoding::Utf8,
            vec![&b"\xEF"[..], b"\xBB\xBF\xEF\xBB\xBF", b"ab"],
        ),
        (Encoding::Utf16Le, vec![&b"\xFF\xFE\xFF"[..], b"\xFEa\x00"]),
    ] {
        let mut d = text_decoder(e, false, false);
        d.start(false);
        let mut out = Vec::new();
        for (i, piece) in pieces.iter().enumerate() {
            let mut src = *piece;
            loop {
                let mut buf = [0u16; 2];
                let (r, read, n) = d.decode_to_utf16(src, &mut buf, i == pieces.len() - 1);
                out.extend_from_slice(&buf[..n]);
                src = &src[read..];
                if r == DecoderResult::InputEmpty {
                    break;
                }
                assert_eq!(r, DecoderResult::OutputFull);
            }
        }
        let expected = if e == Encoding::Utf8 {
            "\u{FEFF}ab"
        } else {
            "\u{FEFF}a"
        };
        assert_eq!(String::from_utf16(&out).unwrap(), expected, "{}", e.name());
    }
}

// -------------------------------------------------------------------------------------------------
// Hooks (§ 6)

#[test]
fn decode_hook_sniffs_a_bom_which_switches_the_encoding() {
    assert_eq!(
        decode(b"\xEF\xBB\xBFa", Encoding::Windows1252),
        ("a".into(), Encoding::Utf8)
    );
    assert_eq!(
        decode(b"\xFE\xFF\x00a", Encoding::Utf8),
        ("a".into(), Encoding::Utf16Be)
    );
    assert_eq!(
        decode(b"\xFF\xFEa\x00", Encoding::EucKr),
        ("a".into(), Encoding::Utf16Le)
    );
    // No BOM: the fallback encoding, nothing removed.
    assert_eq!(
        decode(b"\xB0\xA1", Encoding::EucKr),
        ("\u{AC00}".into(), Encoding::EucKr)
    );
    // A second BOM is text; a UTF-8 BOM in a UTF-16 stream is not sniffed.
    assert_eq!(
        decode(b"\xFF\xFE\xFF\xFE", Encoding::Utf8),
        ("\u{FEFF}".into(), Encoding::Utf16Le)
    );
    assert_eq!(
        decode(b"\xEF\xBB", Encoding::Utf8),
        ("\u{FFFD}".into(), Encoding::Utf8)
    );
    assert_eq!(
        decode(b"", Encoding::Utf16Be),
        ("".into(), Encoding::Utf16Be)
    );
}

#[test]
fn bom_sniff_reads_three_or_two_bytes() {
    assert_eq!(bom_sniff(b"\xEF\xBB\xBF"), Some((Encoding::Utf8, 3)));
    assert_eq!(bom_sniff(b"\xFE\xFFxx"), Some((Encoding::Utf16Be, 2)));
    assert_eq!(bom_sniff(b"\xFF\xFE"), Some((Encoding::Utf16Le, 2)));
    assert_eq!(bom_sniff(b"\xEF\xBB"), None);
    assert_eq!(bom_sniff(b"\xFE"), None);
    assert_eq!(bom_sniff(b"\xBB\xEF\xBF"), None);
    assert_eq!(bom_sniff(b""), None);
}

#[test]
fn utf8_hooks() {
    assert_eq!(utf8_decode(b"\xEF\xBB\xBF\xEF\xBB\xBFa"), "\u{FEFF}a");
    assert_eq!(utf8_decode(b"\xFF\xFEa"), "\u{FFFD}\u{FFFD}a");
    assert_eq!(utf8_decode_without_bom(b"\xEF\xBB\xBFa"), "\u{FEFF}a");
    assert_eq!(utf8_decode_without_bom(b"\xE2\x82"), "\u{FFFD}");
    assert_eq!(
        utf8_decode_without_bom_or_fail(b"\xEF\xBB\xBFa").as_deref(),
        Some("\u{FEFF}a")
    );
    assert_eq!(utf8_decode_without_bom_or_fail(b"\xE2\x82"), None);
    assert_eq!(utf8_decode_without_bom_or_fail(b"\xED\xA0\x80"), None);
    assert_eq!(utf8_decode_without_bom_or_fail(b"").as_deref(), Some(""));
    let long = "\u{20AC}x\u{10FFFF}".repeat(100);
    assert_eq!(
        utf8_decode_without_bom_or_fail(long.as_bytes()).as_deref(),
        Some(&long[..])
    );
}

// -------------------------------------------------------------------------------------------------
// Labels (§ 4.2) and output encodings (§ 4.3)

/// Every (name, labels) in `indexes/encodings.json`, read with a tiny scan of its strings: after
/// "labels" come the labels, then "name" and the name.
fn json_encodings() -> Vec<(String, Vec<String>)> {
    let json = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/indexes/encodings.json"
    ))
    .unwrap();
    let strings: Vec<&str> = json.split('"').skip(1).step_by(2).collect();
    let mut encodings = Vec::new();
    let mut i = 0;
    while i < strings.len() {
        if strings[i] == "labels" {
            let end = i + strings[i..].iter().position(|&s| s == "name").unwrap();
            let labels = strings[i + 1..end].iter().map(|s| s.to_string()).collect();
            encodings.push((strings[end + 1].to_string(), labels));
            i = end + 2;
        } else {
            i += 1;
        }
    }
    encodings
}

#[test]
fn every_label_in_encodings_json_resolves() {
    let encodings = json_encodings();
    assert_eq!(encodings.len(), 40);
    let mut count = 0;
    for ((name, labels), e) in encodings.iter().zip(Encoding::ALL) {
        assert_eq!(e.name(), name);
        let mut ours: Vec<&str> = e.labels().collect();
        ours.sort_unstable();
        let mut theirs: Vec<&str> = labels.iter().map(|s| s.as_str()).collect();
        theirs.sort_unstable();
        assert_eq!(ours, theirs, "{name}");
        for label in labels {
            count += 1;
            assert_eq!(Encoding::for_label(label), Some(e), "{label:?}");
            assert_eq!(
                Encoding::for_label(&label.to_ascii_uppercase()),
                Some(e),
                "{label:?}"
            );
            assert_eq!(
                Encoding::for_label_bytes(label.as_bytes()),
                Some(e),
                "{label:?}"
            );
        }
    }
    assert_eq!(count, 228);
}

#[test]
fn ascii_whitespace_is_trimmed_and_nothing_else() {
    for ws in ["\t", "\n", "\x0C", "\r", " ", " \t\n\x0C\r"] {
        assert_eq!(
            Encoding::for_label(&format!("{ws}utf-8{ws}")),
            Some(Encoding::Utf8),
            "{ws:?}"
        );
        assert_eq!(
            Encoding::for_label(&format!("{ws}latin1")),
            Some(Encoding::Windows1252),
            "{ws:?}"
        );
    }
    // Not ASCII whitespace: VT, NUL, NBSP, U+3000, and whitespace inside the label.
    for bad in [
        "\x0Butf-8",
        "utf-8\0",
        "\u{A0}utf-8",
        "utf-8\u{A0}",
        "\u{3000}utf-8",
        "utf -8",
        "",
        " ",
        "utf-8\x0B",
    ] {
        assert_eq!(Encoding::for_label(bad), None, "{bad:?}");
    }
}

#[test]
fn case_insensitivity_is_ascii_only() {
    assert_eq!(Encoding::for_label("UTF-8"), Some(Encoding::Utf8));
    assert_eq!(Encoding::for_label("Shift_JIS"), Some(Encoding::ShiftJis));
    assert_eq!(Encoding::for_label("KoI8-r"), Some(Encoding::Koi8R));
    // U+212A KELVIN SIGN lowercases to "k" in Unicode, but not in ASCII.
    assert_eq!(Encoding::for_label("\u{212A}oi8-r"), None);
    assert_eq!(Encoding::for_label("\u{212A}OI8-U"), None);
    // U+0130 (İ) lowercases to "i̇"; U+0131 (ı) uppercases to "I".
    assert_eq!(Encoding::for_label("\u{130}so-8859-2"), None);
    assert_eq!(Encoding::for_label("\u{131}so-8859-2"), None);
    // U+017F LONG S uppercases to "S".
    assert_eq!(Encoding::for_label("\u{17F}hift_jis"), None);
    // Non-UTF-8 bytes never match.
    assert_eq!(Encoding::for_label_bytes(b"utf-8\xFF"), None);
    assert_eq!(Encoding::for_label_bytes(b"\xA0utf-8"), None);
}

#[test]
fn labels_that_are_not_labels() {
    for bad in [
        "utf8mb4",
        "x",
        "unicode-2-0-utf-8",
        "iso-8859-1x",
        "utf-7",
        "utf-32",
        "gb2312 x",
    ] {
        assert_eq!(Encoding::for_label(bad), None, "{bad:?}");
    }
    // Some labels of note.
    assert_eq!(Encoding::for_label("utf-16"), Some(Encoding::Utf16Le));
    assert_eq!(
        Encoding::for_label("iso-8859-1"),
        Some(Encoding::Windows1252)
    );
    assert_eq!(Encoding::for_label("ascii"), Some(Encoding::Windows1252));
    assert_eq!(
        Encoding::for_label("iso-2022-kr"),
        Some(Encoding::Replacement)
    );
    assert_eq!(
        Encoding::for_label("x-user-defined"),
        Some(Encoding::XUserDefined)
    );
    assert_eq!(Encoding::for_label("ks_c_5601-1987"), Some(Encoding::EucKr));
}

#[test]
fn get_an_output_encoding() {
    for e in Encoding::ALL {
        let expected = match e {
            Encoding::Replacement | Encoding::Utf16Be | Encoding::Utf16Le => Encoding::Utf8,
            e => e,
        };
        assert_eq!(e.output_encoding(), expected, "{}", e.name());
        assert_eq!(e.has_standard_encoder(), expected == e, "{}", e.name());
    }
}

#[test]
fn utf16_output_ends_the_queue_after_the_last_piece_unless_streaming() {
    let mut d = TextDecoderCore::new(Encoding::Utf8, false, false).unwrap();
    let mut out = [0u16; 8];
    // € is E2 82 AC: held across a streaming call, then finished.
    d.start(true);
    let r = d.decode_to_utf16(b"a\xE2\x82", &mut out, true);
    assert_eq!((r, out[0]), ((DecoderResult::InputEmpty, 3, 1), 0x61));
    d.start(false);
    let r = d.decode_to_utf16(b"\xAC", &mut out, true);
    assert_eq!((r, out[0]), ((DecoderResult::InputEmpty, 1, 1), 0x20AC));
    // Cut off at the end of a call that does not stream: one U+FFFD.
    d.start(false);
    let r = d.decode_to_utf16(b"\xE2\x82", &mut out, true);
    assert_eq!((r, out[0]), ((DecoderResult::InputEmpty, 2, 1), 0xFFFD));
}
