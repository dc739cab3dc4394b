//! Where a decode went wrong: each malformed sequence's byte range and the index of the U+FFFD
//! that replaces it (the JS `inspect()` extension). Built only on the public decoder contract
//! (§ 4.1 decoders, § 6.1 BOM sniff), so it works for every encoding without knowing its states.
//!
//! The input is fed one byte at a time in fatal mode. A malformed sequence starts where the
//! decoder was last idle (nothing pending) and ends before the first byte the decoder will read
//! again: the byte left unread by the failing call, and the bytes of earlier calls that the
//! standard restores to the queue and the decoder keeps ("prepend to ioQueue").
#![cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]

use crate::decoder::{Decoder, DecoderMode, DecoderResult};
use crate::encoding::Encoding;
use crate::hooks::bom_sniff;

/// One malformed sequence: `bytes[byte_start..byte_end]` became the U+FFFD at `text[text_index]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MalformedSequence {
    pub byte_start: usize,
    pub byte_end: usize,
    pub text_index: usize,
}

/// The result of [`inspect`]: the decoded text (UTF-16, as TextDecoder returns it), the encoding
/// used and every malformed sequence in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Inspection {
    pub text: Vec<u16>,
    pub encoding: Encoding,
    pub errors: Vec<MalformedSequence>,
}

/// Decodes `bytes` as TextDecoder would in replacement mode (a leading BOM of UTF-8/UTF-16
/// removed unless `ignore_bom`), or, with `sniff_bom`, as the decode hook does (§ 6.1: a BOM picks
/// the encoding and is skipped). Byte offsets always count from the start of `bytes`.
pub fn inspect(bytes: &[u8], encoding: Encoding, ignore_bom: bool, sniff_bom: bool) -> Inspection {
    let (encoding, skip, drop_bom) = match bom_sniff(bytes).filter(|_| sniff_bom) {
        Some((sniffed, len)) => (sniffed, len, false),
        None => (
            encoding,
            0,
            !sniff_bom
                && !ignore_bom
                && matches!(
                    encoding,
                    Encoding::Utf8 | Encoding::Utf16Be | Encoding::Utf16Le
                ),
        ),
    };
    let mut run = Run {
        decoder: Decoder::new(encoding),
        text: Vec::new(),
        errors: Vec::new(),
    };
    run.feed(bytes, skip);
    if drop_bom && run.text.first() == Some(&0xFEFF) {
        run.text.remove(0);
        for e in &mut run.errors {
            e.text_index -= 1;
        }
    }
    Inspection {
        text: run.text,
        encoding,
        errors: run.errors,
    }
}

struct Run {
    decoder: Decoder,
    text: Vec<u16>,
    errors: Vec<MalformedSequence>,
}

impl Run {
    /// Decodes `bytes[start..]`, recording each error.
    fn feed(&mut self, bytes: &[u8], start: usize) {
        let mut seq_start = start;
        let mut idle = self.decoder.clone();
        let mut i = start;
        while i < bytes.len() {
            let (result, read) = self.step(&bytes[i..=i], false);
            if result == DecoderResult::Malformed {
                let held = held_bytes(&self.decoder, &idle, &bytes[seq_start..i + read]);
                let end = (i + read).saturating_sub(held).max(seq_start);
                self.error(seq_start, end);
                seq_start = end;
                idle = self.decoder.clone();
                // The unread byte, if any, is fed again.
                i += read;
                continue;
            }
            i += 1;
            if is_idle(&self.decoder) {
                seq_start = i;
                idle = self.decoder.clone();
            }
        }
        // End-of-queue: an error there covers whatever was pending. A bound on rounds keeps a
        // misbehaving decoder from looping.
        for _ in 0..8 {
            match self.step(&[], true).0 {
                DecoderResult::Malformed => {
                    self.error(seq_start, bytes.len());
                    seq_start = bytes.len();
                }
                _ => break,
            }
        }
    }

    /// One call into the decoder with room for its output, appended to the text.
    fn step(&mut self, src: &[u8], last: bool) -> (DecoderResult, usize) {
        let mut buf = [0u16; 16];
        let (result, read, written) =
            self.decoder
                .decode_to_utf16(src, &mut buf, last, DecoderMode::Fatal);
        self.text.extend_from_slice(&buf[..written]);
        (result, read)
    }

    fn error(&mut self, byte_start: usize, byte_end: usize) {
        self.errors.push(MalformedSequence {
            byte_start,
            byte_end,
            text_index: self.text.len(),
        });
        self.text.push(0xFFFD);
    }
}

/// Whether the decoder holds nothing: ending the queue now gives neither output nor error.
fn is_idle(decoder: &Decoder) -> bool {
    let mut probe = decoder.clone();
    let mut buf = [0u16; 16];
    matches!(
        probe.decode_to_utf16(&[], &mut buf, true, DecoderMode::Fatal),
        (DecoderResult::InputEmpty, 0, 0)
    )
}

/// How many of the bytes fed since the decoder was last idle (`pending`, ending with the bytes the
/// failing call read) the decoder restored and keeps: the smallest count whose re-decoding by the
/// idle decoder behaves as the decoder does now when the queue ends.
fn held_bytes(decoder: &Decoder, idle: &Decoder, pending: &[u8]) -> usize {
    let now = flush(decoder.clone(), &[]);
    (0..pending.len().min(4))
        .find(|&h| flush(idle.clone(), &pending[pending.len() - h..]) == now)
        .unwrap_or(0)
}

/// The text and errors of decoding `src` and ending the queue, in replacement mode.
fn flush(mut decoder: Decoder, src: &[u8]) -> Vec<u16> {
    let mut buf = [0u16; 32];
    let (_, _, written) = decoder.decode_to_utf16(src, &mut buf, true, DecoderMode::Replacement);
    buf[..written].to_vec()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ranges(bytes: &[u8], encoding: Encoding) -> (String, Vec<(usize, usize, usize)>) {
        let r = inspect(bytes, encoding, false, false);
        let errors = r
            .errors
            .iter()
            .map(|e| (e.byte_start, e.byte_end, e.text_index))
            .collect();
        (String::from_utf16(&r.text).unwrap(), errors)
    }

    #[test]
    fn utf8_maximal_subparts() {
        // § 8.1.1: F0 90 80 is one maximal subpart; the following 41 is read again.
        assert_eq!(
            ranges(b"a\xF0\x90\x80A", Encoding::Utf8),
            ("a\u{FFFD}A".into(), vec![(1, 4, 1)])
        );
        // ED A0 80: ED's second byte is out of range, so three errors of one byte each.
        assert_eq!(
            ranges(b"\xED\xA0\x80", Encoding::Utf8),
            (
                "\u{FFFD}\u{FFFD}\u{FFFD}".into(),
                vec![(0, 1, 0), (1, 2, 1), (2, 3, 2)]
            )
        );
        assert_eq!(
            ranges(b"\xC3", Encoding::Utf8),
            ("\u{FFFD}".into(), vec![(0, 1, 0)])
        );
        assert_eq!(
            ranges(b"x\xE3\x81", Encoding::Utf8),
            ("x\u{FFFD}".into(), vec![(1, 3, 1)])
        );
        assert_eq!(
            ranges("é\u{1F600}".as_bytes(), Encoding::Utf8),
            ("é\u{1F600}".into(), vec![])
        );
    }

    #[test]
    fn text_index_counts_utf16_code_units() {
        let (text, errors) = ranges(b"\xF0\x9F\x98\x80\xFF", Encoding::Utf8);
        assert_eq!(text, "\u{1F600}\u{FFFD}");
        assert_eq!(errors, vec![(4, 5, 2)]);
    }

    #[test]
    fn utf16_restored_code_unit_is_not_part_of_the_error() {
        // A leading surrogate D800 followed by "a": the error covers D800's two bytes only.
        assert_eq!(
            ranges(b"\x00\xD8a\x00", Encoding::Utf16Le),
            ("\u{FFFD}a".into(), vec![(0, 2, 0)])
        );
        assert_eq!(
            ranges(b"\xD8\x00\x00a", Encoding::Utf16Be),
            ("\u{FFFD}a".into(), vec![(0, 2, 0)])
        );
        // A lone trailing surrogate, then an odd byte at the end.
        assert_eq!(
            ranges(b"\x00\xDCb\x00c", Encoding::Utf16Le),
            ("\u{FFFD}b\u{FFFD}".into(), vec![(0, 2, 0), (4, 5, 2)])
        );
    }

    #[test]
    fn single_byte_unmapped_bytes() {
        // windows-874 leaves 0xDB unmapped.
        assert_eq!(
            ranges(b"a\xDBb", Encoding::Windows874),
            ("a\u{FFFD}b".into(), vec![(1, 2, 1)])
        );
    }

    #[test]
    fn bom_handling() {
        let r = inspect(b"\xEF\xBB\xBF\xFFa", Encoding::Utf8, false, false);
        assert_eq!(String::from_utf16(&r.text).unwrap(), "\u{FFFD}a");
        assert_eq!(
            r.errors,
            vec![MalformedSequence {
                byte_start: 3,
                byte_end: 4,
                text_index: 0
            }]
        );
        let r = inspect(b"\xEF\xBB\xBF\xFFa", Encoding::Utf8, true, false);
        assert_eq!(r.errors[0].text_index, 1);
        let r = inspect(b"\xFF\xFE\x00\xDC", Encoding::Windows1252, false, true);
        assert_eq!(r.encoding, Encoding::Utf16Le);
        assert_eq!(String::from_utf16(&r.text).unwrap(), "\u{FFFD}");
        assert_eq!(
            r.errors,
            vec![MalformedSequence {
                byte_start: 2,
                byte_end: 4,
                text_index: 0
            }]
        );
        // Without a BOM the fallback is used, and a windows-1252 BOM-like prefix is text.
        let r = inspect(b"\xEF\xBB", Encoding::Windows1252, false, true);
        assert_eq!(
            (r.encoding, r.text),
            (Encoding::Windows1252, vec![0xEF, 0xBB])
        );
    }

    #[test]
    fn replacement_encoding_is_one_error_for_the_whole_input() {
        assert_eq!(
            ranges(b"abc", Encoding::Replacement),
            ("\u{FFFD}".into(), vec![(0, 1, 0)])
        );
    }
}
