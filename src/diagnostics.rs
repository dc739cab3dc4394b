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

#[cfg(test)]
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
#[cfg(test)]
pub fn inspect(bytes: &[u8], encoding: Encoding, ignore_bom: bool, sniff_bom: bool) -> Inspection {
    let mut inspector = Inspector::new(encoding, ignore_bom, sniff_bom);
    inspector.feed(bytes, true);
    Inspection {
        text: inspector.text,
        encoding: inspector.encoding,
        errors: inspector.errors,
    }
}

/// [`inspect`] over input in pieces, so that memory stays bounded: after each [`Inspector::feed`]
/// the caller takes `text` and `errors` (that piece's share; byte offsets and text indexes count
/// from the start of the whole input) and clears them.
#[derive(Clone, Debug)]
pub struct Inspector {
    decoder: Decoder,
    /// The encoding used (after a BOM sniff, the sniffed one).
    pub encoding: Encoding,
    sniff_bom: bool,
    /// Nothing fed yet: the BOM is sniffed from the first piece, which must hold the first three
    /// bytes of the input (or all of it).
    first: bool,
    /// A leading U+FEFF of the text is still to be removed.
    drop_bom: bool,
    /// Bytes fed before the current piece.
    offset: usize,
    /// Where the current malformed sequence would start: where the decoder was last idle.
    seq_start: usize,
    idle: Decoder,
    /// The last (up to four) bytes of the earlier pieces.
    carry: Vec<u8>,
    /// Code units of text so far.
    text_len: usize,
    pub text: Vec<u16>,
    pub errors: Vec<MalformedSequence>,
}

impl Inspector {
    pub fn new(encoding: Encoding, ignore_bom: bool, sniff_bom: bool) -> Inspector {
        Inspector {
            decoder: Decoder::new(encoding),
            encoding,
            sniff_bom,
            first: true,
            drop_bom: !sniff_bom
                && !ignore_bom
                && matches!(
                    encoding,
                    Encoding::Utf8 | Encoding::Utf16Be | Encoding::Utf16Le
                ),
            offset: 0,
            seq_start: 0,
            idle: Decoder::new(encoding),
            carry: Vec::new(),
            text_len: 0,
            text: Vec::new(),
            errors: Vec::new(),
        }
    }

    /// Decodes the next piece of the input, recording each error; `last` ends the input.
    pub fn feed(&mut self, bytes: &[u8], last: bool) {
        let mut i = 0;
        if self.first {
            self.first = false;
            if let Some((sniffed, len)) = bom_sniff(bytes).filter(|_| self.sniff_bom) {
                self.encoding = sniffed;
                self.decoder = Decoder::new(sniffed);
                self.idle = self.decoder.clone();
                i = len;
                self.seq_start = len;
            }
        }
        let offset = self.offset;
        while i < bytes.len() {
            let (result, read) = self.step(&bytes[i..=i], false);
            if result == DecoderResult::Malformed {
                let at = offset + i + read;
                let held = self.held_bytes(&bytes[..i + read], at);
                let end = at.saturating_sub(held).max(self.seq_start);
                self.error(self.seq_start, end);
                self.seq_start = end;
                self.idle = self.decoder.clone();
                // The unread byte, if any, is fed again.
                i += read;
                continue;
            }
            i += 1;
            if is_idle(&self.decoder) {
                self.seq_start = offset + i;
                self.idle = self.decoder.clone();
            }
        }
        self.offset += bytes.len();
        let tail = &bytes[bytes.len().saturating_sub(4)..];
        self.carry.extend_from_slice(tail);
        self.carry.drain(..self.carry.len().saturating_sub(4));
        if !last {
            return;
        }
        // End-of-queue: an error there covers whatever was pending. A bound on rounds keeps a
        // misbehaving decoder from looping.
        for _ in 0..8 {
            match self.step(&[], true).0 {
                DecoderResult::Malformed => {
                    self.error(self.seq_start, self.offset);
                    self.seq_start = self.offset;
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
        for &unit in &buf[..written] {
            self.push(unit);
        }
        (result, read)
    }

    fn push(&mut self, unit: u16) {
        if self.drop_bom {
            self.drop_bom = false;
            if unit == 0xFEFF {
                return;
            }
        }
        self.text.push(unit);
        self.text_len += 1;
    }

    fn error(&mut self, byte_start: usize, byte_end: usize) {
        self.errors.push(MalformedSequence {
            byte_start,
            byte_end,
            text_index: self.text_len,
        });
        self.push(0xFFFD);
    }

    /// How many of the bytes fed since the decoder was last idle (up to input position `at`,
    /// the end of what the failing call read; `piece` is the current piece's bytes before `at`)
    /// the decoder restored and keeps: the smallest count whose re-decoding by the idle decoder
    /// behaves as the decoder does now when the queue ends.
    fn held_bytes(&self, piece: &[u8], at: usize) -> usize {
        let pending = (at - self.seq_start).min(4);
        let mut recent = [0u8; 4];
        // The last `pending` bytes before `at`, from this piece and the carry of earlier ones.
        for (k, slot) in recent[..pending].iter_mut().rev().enumerate() {
            *slot = match piece.len().checked_sub(k + 1) {
                Some(j) => piece[j],
                None => self.carry[self.carry.len() - (k + 1 - piece.len())],
            };
        }
        let recent = &recent[..pending];
        let now = flush(self.decoder.clone(), &[]);
        (0..pending)
            .find(|&h| flush(self.idle.clone(), &recent[pending - h..]) == now)
            .unwrap_or(0)
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
    fn pieces_give_what_the_whole_input_gives() {
        let cases: [(&[u8], Encoding, bool); 6] = [
            (
                b"\xEF\xBB\xBFa\xF0\x90\x80A\xE3\x81\xFF\xC3",
                Encoding::Utf8,
                false,
            ),
            (
                b"\x00\xD8a\x00\x00\xDCb\x00\x3D\xD8\x00\xDEc",
                Encoding::Utf16Le,
                false,
            ),
            (b"\xFF\xFE\x00\xDCa\x00", Encoding::Windows1252, true),
            (b"\x81\x30\x81\xFFa\x81\x30\x81", Encoding::Gb18030, false),
            (
                b"\x1B\x24\x42\x30\x21\x1B\x28\xFF\x1B",
                Encoding::Iso2022Jp,
                false,
            ),
            (b"\x82\xA0\x82\x20\x80\xA0", Encoding::ShiftJis, false),
        ];
        for (bytes, encoding, sniff) in cases {
            let whole = inspect(bytes, encoding, false, sniff);
            for size in 3..bytes.len() {
                let mut r = Inspector::new(encoding, false, sniff);
                let (mut text, mut errors) = (Vec::new(), Vec::new());
                let pieces: Vec<&[u8]> = bytes.chunks(size).collect();
                for (k, piece) in pieces.iter().enumerate() {
                    r.feed(piece, k + 1 == pieces.len());
                    text.append(&mut r.text);
                    errors.append(&mut r.errors);
                }
                assert_eq!((text, errors), (whole.text.clone(), whole.errors.clone()));
                assert_eq!(r.encoding, whole.encoding);
            }
        }
    }

    #[test]
    fn replacement_encoding_is_one_error_for_the_whole_input() {
        assert_eq!(
            ranges(b"abc", Encoding::Replacement),
            ("\u{FFFD}".into(), vec![(0, 1, 0)])
        );
    }
}
