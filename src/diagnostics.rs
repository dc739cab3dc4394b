//! Where a decode went wrong: each malformed sequence's byte range and the index of the U+FFFD that
//! replaces it (the JS `inspect()` extension). Built on the public decoder contract (decoders,
//! <https://encoding.spec.whatwg.org/#decoder>, and BOM sniff,
//! <https://encoding.spec.whatwg.org/#bom-sniff>) and the count of restored bytes a decoder holds,
//! so it works for every encoding without knowing its states.
//!
//! The input is fed one byte at a time in fatal mode. A malformed sequence starts where the
//! decoder was last idle (nothing pending) or where the last one ended, and ends before the first
//! byte the decoder will read again: the byte left unread by the failing call, or the first of
//! the bytes of earlier calls that the standard restores to the queue ("prepend to ioQueue").
//! Those bytes are dropped from the decoder and fed again one at a time, so that each of their
//! own sequences is placed too. An error that leaves the decoder not idle (ISO-2022-JP's trailing
//! byte state given ESC: the escape starts there) keeps the byte that did it for the next
//! sequence.

use crate::decoder::{Decoder, DecoderMode, DecoderResult};
use crate::encoding::Encoding;

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

/// Decodes `bytes` as TextDecoder would in replacement mode (a leading BOM of UTF-8/UTF-16 removed
/// unless `ignore_bom`), or, with `sniff_bom`, as the decode hook does
/// (<https://encoding.spec.whatwg.org/#decode>: a BOM picks the encoding and is skipped). Byte
/// offsets always count from the start of `bytes`.
#[cfg(test)]
pub fn inspect(bytes: &[u8], encoding: Encoding, ignore_bom: bool, sniff_bom: bool) -> Inspection {
    let mut inspector = Inspector::for_input(bytes, encoding, ignore_bom, sniff_bom);
    inspector.feed(bytes, true);
    Inspection {
        text: inspector.text,
        encoding: inspector.encoding,
        errors: inspector.errors,
    }
}

/// The most bytes kept from earlier pieces: enough for every restored byte (at most three).
const CARRY: usize = 4;

/// [`inspect`] over input in pieces, so that memory stays bounded: after each [`Inspector::feed`]
/// the caller takes `text` and `errors` (that piece's share; byte offsets and text indexes count
/// from the start of the whole input) and clears them.
#[derive(Clone, Debug)]
pub struct Inspector {
    decoder: Decoder,
    pub encoding: Encoding,
    /// A leading U+FEFF of the text is still to be removed.
    drop_bom: bool,
    /// Bytes fed before the current piece.
    offset: usize,
    /// Where the current malformed sequence would start.
    seq_start: usize,
    /// The last (up to [`CARRY`]) bytes of the earlier pieces, to feed restored bytes again.
    carry: Vec<u8>,
    /// Code units of text so far.
    text_len: usize,
    pub text: Vec<u16>,
    /// The errors of the current piece, but none past the first [`Inspector::limit`] of the input.
    pub errors: Vec<MalformedSequence>,
    /// How many errors are recorded in `errors` at most, over the whole input.
    pub limit: usize,
    /// Every error so far, recorded or not.
    pub total: usize,
}

impl Inspector {
    /// An inspector that decodes as TextDecoder does with `encoding` and `ignore_bom`. For the
    /// decode hook, the caller sniffs the BOM and passes the encoding it picks (without
    /// `ignore_bom`: the BOM is then dropped as TextDecoder drops its own).
    pub fn new(encoding: Encoding, ignore_bom: bool) -> Inspector {
        Inspector {
            decoder: Decoder::new(encoding),
            encoding,
            drop_bom: !ignore_bom
                && matches!(
                    encoding,
                    Encoding::Utf8 | Encoding::Utf16Be | Encoding::Utf16Le
                ),
            offset: 0,
            seq_start: 0,
            carry: Vec::new(),
            text_len: 0,
            text: Vec::new(),
            errors: Vec::new(),
            limit: usize::MAX,
            total: 0,
        }
    }

    /// The inspector [`inspect`] uses for `bytes`. The decode hook's BOM sniff picks the
    /// encoding, whose inspector drops that BOM as TextDecoder drops its own; without a BOM there
    /// is nothing to drop.
    #[cfg(test)]
    fn for_input(bytes: &[u8], encoding: Encoding, ignore_bom: bool, sniff_bom: bool) -> Inspector {
        match crate::hooks::bom_sniff(bytes).filter(|_| sniff_bom) {
            Some((sniffed, _)) => Inspector::new(sniffed, false),
            None => Inspector::new(encoding, ignore_bom || sniff_bom),
        }
    }

    /// Decodes the next piece of the input, recording each error; `last` ends the input.
    pub fn feed(&mut self, bytes: &[u8], last: bool) {
        self.run(self.offset, bytes);
        self.offset += bytes.len();
        let tail = &bytes[bytes.len().saturating_sub(CARRY)..];
        self.carry.extend_from_slice(tail);
        self.carry.drain(..self.carry.len().saturating_sub(CARRY));
        if !last {
            return;
        }
        // End-of-queue, then the bytes an error there restored, and end-of-queue again. A bound
        // on rounds keeps a misbehaving decoder from looping.
        for _ in 0..8 {
            match self.step(&[], true).0 {
                DecoderResult::Malformed => {
                    let again = self.malformed(self.offset);
                    self.run(again, &[]);
                }
                _ => break,
            }
        }
    }

    /// Feeds the input from position `at` to the end of `piece` (the bytes from `self.offset`),
    /// one byte at a time; positions before the piece are read from the carry.
    fn run(&mut self, mut at: usize, piece: &[u8]) {
        let end = self.offset + piece.len();
        while at < end {
            let byte = match at.checked_sub(self.offset) {
                Some(i) => piece[i],
                None => self.carry[self.carry.len() - (self.offset - at)],
            };
            let (result, read) = self.step(&[byte], false);
            if result == DecoderResult::Malformed {
                at = self.malformed(at + read);
                continue;
            }
            at += 1;
            if is_idle(&self.decoder) {
                self.seq_start = at;
            }
        }
    }

    /// Records the error the decoder just returned, `read` being the input position after the
    /// bytes it read; drops the restored bytes it holds and returns where to feed again from.
    fn malformed(&mut self, read: usize) -> usize {
        // The restored bytes held are the last ones read, all of them since the sequence began.
        let held = self
            .decoder
            .restored_len()
            .min(CARRY)
            .min(read.saturating_sub(self.seq_start));
        self.decoder.discard_queue();
        let again = read - held;
        let end = if is_idle(&self.decoder) {
            again
        } else {
            again.saturating_sub(1).max(self.seq_start)
        };
        self.error(self.seq_start, end);
        self.seq_start = end;
        again
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
        self.total += 1;
        if self.total <= self.limit {
            self.errors.push(MalformedSequence {
                byte_start,
                byte_end,
                text_index: self.text_len,
            });
        }
        self.push(0xFFFD);
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
        // https://encoding.spec.whatwg.org/#utf-8-decoder: F0 90 80 is one maximal subpart; the
        // following 41 is read again.
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
    fn bytes_restored_at_the_end_of_the_queue_are_not_part_of_the_error() {
        // https://encoding.spec.whatwg.org/#iso-2022-jp-decoder: end-of-queue in the escape state
        // restores the escape's leading byte, which is then text, or a leading byte cut short.
        assert_eq!(
            ranges(b"A\x1B(", Encoding::Iso2022Jp),
            ("A\u{FFFD}(".into(), vec![(1, 2, 1)])
        );
        assert_eq!(
            ranges(b"\x1B$B\x1B(", Encoding::Iso2022Jp),
            ("\u{FFFD}\u{FFFD}".into(), vec![(3, 4, 0), (4, 5, 1)])
        );
        // In the escape start state nothing is restored.
        assert_eq!(
            ranges(b"A\x1B", Encoding::Iso2022Jp),
            ("A\u{FFFD}".into(), vec![(1, 2, 1)])
        );
    }

    #[test]
    fn restored_bytes_of_earlier_calls_are_sequences_of_their_own() {
        // https://encoding.spec.whatwg.org/#gb18030-decoder: a bad fourth byte restores the second
        // and third (read in earlier calls) and itself; the second is text, the third and the
        // fourth one error.
        assert_eq!(
            ranges(b"\x81\x30\x81\xFF", Encoding::Gb18030),
            ("\u{FFFD}0\u{FFFD}".into(), vec![(0, 1, 0), (2, 4, 2)])
        );
        // An escape's leading byte restored mid-input, in the two-byte mode: a leading byte, cut
        // short by the ESC of the next escape.
        assert_eq!(
            ranges(b"\x1B$B\x1B(\x1B$B!!", Encoding::Iso2022Jp),
            (
                "\u{FFFD}\u{FFFD}\u{3000}".into(),
                vec![(3, 4, 0), (4, 5, 1)]
            )
        );
    }

    #[test]
    fn an_escape_that_cuts_a_character_short_starts_the_next_sequence() {
        // The trailing byte state given ESC: the error is the leading byte alone; ESC then 0xFF
        // is an escape that fails (0xFF restored), and 0xFF is an error of its own.
        assert_eq!(
            ranges(b"\x1B$B0\x1B\xFF", Encoding::Iso2022Jp),
            (
                "\u{FFFD}\u{FFFD}\u{FFFD}".into(),
                vec![(3, 4, 0), (4, 5, 1), (5, 6, 2)]
            )
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
        let cases: [(&[u8], Encoding, bool); 8] = [
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
            (
                b"\x81\x30\x81\xFF\x81\x30\x81\x30",
                Encoding::Gb18030,
                false,
            ),
            (
                b"A\x1B$B0\x1B\xFF\x1B(\x1B$B\x1B(",
                Encoding::Iso2022Jp,
                false,
            ),
        ];
        for (bytes, encoding, sniff) in cases {
            let whole = inspect(bytes, encoding, false, sniff);
            for size in 1..bytes.len() {
                let mut r = Inspector::for_input(bytes, encoding, false, sniff);
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
    fn errors_past_the_limit_are_counted_not_recorded() {
        let mut r = Inspector::new(Encoding::Utf8, false);
        r.limit = 3;
        r.feed(b"\x80a\x80", false);
        assert_eq!((r.errors.len(), r.total), (2, 2));
        r.errors.clear();
        r.feed(b"\x80\x80\x80", true);
        let starts: Vec<usize> = r.errors.iter().map(|m| m.byte_start).collect();
        assert_eq!((starts, r.total), (vec![3], 5));
        // The text has every U+FFFD all the same.
        assert_eq!(r.text, [0xFFFD, 0x61, 0xFFFD, 0xFFFD, 0xFFFD, 0xFFFD]);
    }

    #[test]
    fn replacement_encoding_is_one_error_for_the_whole_input() {
        assert_eq!(
            ranges(b"abc", Encoding::Replacement),
            ("\u{FFFD}".into(), vec![(0, 1, 0)])
        );
    }
}
