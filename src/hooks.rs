//! Hooks for standards (<https://encoding.spec.whatwg.org/#specification-hooks>) and legacy hooks
//! (<https://encoding.spec.whatwg.org/#legacy-hooks>), on whole inputs.

use crate::decoder::{Decoder, DecoderMode, DecoderResult};
use crate::encoder::{Encoder, EncoderMode, EncoderResult};
use crate::encoding::Encoding;

/// BOM sniff (<https://encoding.spec.whatwg.org/#bom-sniff>): the encoding a byte order mark at the
/// start of `bytes` names, with the BOM's length.
pub fn bom_sniff(bytes: &[u8]) -> Option<(Encoding, usize)> {
    match bytes {
        [0xEF, 0xBB, 0xBF, ..] => Some((Encoding::Utf8, 3)),
        [0xFE, 0xFF, ..] => Some((Encoding::Utf16Be, 2)),
        [0xFF, 0xFE, ..] => Some((Encoding::Utf16Le, 2)),
        _ => None,
    }
}

/// decode (<https://encoding.spec.whatwg.org/#decode>): a BOM overrides `fallback`; returns the
/// text and the encoding used.
pub fn decode(bytes: &[u8], fallback: Encoding) -> (String, Encoding) {
    let (encoding, skip) = bom_sniff(bytes).unwrap_or((fallback, 0));
    (
        Decoder::new(encoding).decode_to_string(&bytes[skip..], true),
        encoding,
    )
}

/// UTF-8 decode (<https://encoding.spec.whatwg.org/#utf-8-decode>): a UTF-8 BOM is skipped.
pub fn utf8_decode(bytes: &[u8]) -> String {
    utf8_decode_without_bom(bytes.strip_prefix(&[0xEF, 0xBB, 0xBF]).unwrap_or(bytes))
}

/// UTF-8 decode without BOM (<https://encoding.spec.whatwg.org/#utf-8-decode-without-bom>).
pub fn utf8_decode_without_bom(bytes: &[u8]) -> String {
    Decoder::new(Encoding::Utf8).decode_to_string(bytes, true)
}

/// UTF-8 decode without BOM or fail
/// (<https://encoding.spec.whatwg.org/#utf-8-decode-without-bom-or-fail>): `None` at the first
/// error.
pub fn utf8_decode_without_bom_or_fail(bytes: &[u8]) -> Option<String> {
    let mut out = vec![0u8; bytes.len() + 15];
    match Decoder::new(Encoding::Utf8).decode_to_utf8(bytes, &mut out, true, DecoderMode::Fatal) {
        (DecoderResult::InputEmpty, _, written) => {
            out.truncate(written);
            Some(String::from_utf8(out).expect("decoders write UTF-8"))
        }
        _ => None,
    }
}

/// UTF-8 encode (<https://encoding.spec.whatwg.org/#utf-8-encode>).
pub fn utf8_encode(s: &str) -> Vec<u8> {
    s.as_bytes().to_vec()
}

/// encode (<https://encoding.spec.whatwg.org/#encode>): html error mode. Panics for replacement and
/// UTF-16BE/LE, as get an encoder (<https://encoding.spec.whatwg.org/#get-an-encoder>) asserts;
/// pass [`Encoding::output_encoding`] when in doubt.
pub fn encode(s: &str, encoding: Encoding) -> Vec<u8> {
    assert!(
        encoding.has_standard_encoder(),
        "get an encoder: {} has none",
        encoding.name()
    );
    let mut encoder = Encoder::new(encoding).expect("checked above");
    encoder
        .encode_to_vec(s, EncoderMode::Html)
        .expect("html mode never fails")
}

/// encode or fail (<https://encoding.spec.whatwg.org/#encode-or-fail>): the code point that could
/// not be encoded, if any. Bytes up to it are written to `output`; the encoder keeps its state for
/// a next call.
pub fn encode_or_fail(encoder: &mut Encoder, s: &str, output: &mut Vec<u8>) -> Option<char> {
    let mut buf = vec![0u8; encoder.max_buffer_length_from_utf8(s.len(), EncoderMode::Fatal)];
    let (result, _, written) = encoder.encode_from_utf8(s, &mut buf, true, EncoderMode::Fatal);
    output.extend_from_slice(&buf[..written]);
    match result {
        EncoderResult::Unmappable(c) => Some(c),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bom_overrides_the_fallback() {
        assert_eq!(
            decode(b"\xFF\xFEa\x00", Encoding::Utf8),
            ("a".into(), Encoding::Utf16Le)
        );
        assert_eq!(
            decode(b"\xFE\xFF\x00a", Encoding::Windows1252),
            ("a".into(), Encoding::Utf16Be)
        );
        assert_eq!(
            decode(b"\xEF\xBB\xBF\xEF\xBB\xBF", Encoding::Windows1252),
            ("\u{FEFF}".into(), Encoding::Utf8)
        );
        assert_eq!(
            decode(b"\xEF\xBB", Encoding::Windows1252),
            ("\u{EF}\u{BB}".into(), Encoding::Windows1252)
        );
    }

    #[test]
    fn utf8_hooks() {
        assert_eq!(utf8_decode(b"\xEF\xBB\xBFa"), "a");
        assert_eq!(utf8_decode_without_bom(b"\xEF\xBB\xBFa"), "\u{FEFF}a");
        assert_eq!(utf8_decode_without_bom_or_fail(b"a\xFF"), None);
        assert_eq!(
            utf8_decode_without_bom_or_fail(b"a\xC3\xA9").as_deref(),
            Some("a\u{E9}")
        );
        // U+20AC is E2 82 AC, U+1F600 F0 9F 98 80 (the UTF-8 encoder's arithmetic).
        assert_eq!(
            utf8_encode("a\u{20AC}\u{1F600}"),
            [0x61, 0xE2, 0x82, 0xAC, 0xF0, 0x9F, 0x98, 0x80]
        );
        assert!(utf8_encode("").is_empty());
    }
}
