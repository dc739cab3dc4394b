//! Differential tests against encoding_rs, the oracle (a dev-dependency only).
//!
//! Decoders: every single byte and every two-byte sequence (after each encoding's interesting
//! prefixes too), gb18030's every four-byte shape, and a million seeded random inputs biased toward
//! each encoding's byte ranges, each also fed in random chunkings (empty ones included) and
//! compared call by call with encoding_rs's streaming decoder. Both modes, both outputs: in fatal
//! mode, whether an error happens and the output before it (read counts may differ where the
//! standard restores bytes). encoding_rs's `*_without_bom_handling` decoders are used, as ours do
//! no BOM sniffing.
//!
//! Encoders: every scalar value, in fatal and html modes, from UTF-8; every code unit alone and
//! every surrogate in context from UTF-16; random strings (with lone surrogates in UTF-16 input).
//! encoding_rs's UTF-16BE/LE encoders output UTF-8 (their output encoding), so ours, an
//! extension, are compared with a plain reference built from `char::encode_utf16` instead;
//! replacement has no encoder in either.
//!
//! Tests are one module per encoding (`cargo test --test differential euc_kr`), and a failure
//! names the encoding and the input in hex.

#[macro_use]
mod common;

use common::{hex, hex16, random_bytes, random_chunks, random_string, random_utf16, Rng, Text};
use encoding_wasm::{
    Decoder, DecoderMode, DecoderResult, EncoderMode, EncoderResult, Encoding, Family,
};
use std::ops::Range;

/// encoding_rs's encoding of the same name, reached through one of our labels.
fn oracle(e: Encoding) -> &'static encoding_rs::Encoding {
    let label = e.labels().next().unwrap();
    let rs = encoding_rs::Encoding::for_label(label.as_bytes()).unwrap();
    assert_eq!(rs.name(), e.name(), "label {label:?}");
    rs
}

// ---------------------------------------------------------------------------------------------
// Decoding

/// An output code unit type, with both implementations' calls for it.
trait Unit: Copy + PartialEq + Default {
    const NAME: &'static str;
    fn ours(
        d: &mut Decoder,
        src: &[u8],
        last: bool,
        mode: DecoderMode,
    ) -> (DecoderResult, usize, Vec<Self>);
    /// encoding_rs: (malformed, read, output); replacement mode decodes errors as U+FFFD.
    fn oracle(
        d: &mut encoding_rs::Decoder,
        src: &[u8],
        last: bool,
        fatal: bool,
    ) -> (bool, usize, Vec<Self>);
    fn show(units: &[Self]) -> String;
}

impl Unit for u16 {
    const NAME: &'static str = "UTF-16";
    fn ours(
        d: &mut Decoder,
        src: &[u8],
        last: bool,
        mode: DecoderMode,
    ) -> (DecoderResult, usize, Vec<u16>) {
        let mut out = vec![0; d.max_utf16_buffer_length(src.len())];
        let (r, read, n) = d.decode_to_utf16(src, &mut out, last, mode);
        out.truncate(n);
        (r, read, out)
    }
    fn oracle(
        d: &mut encoding_rs::Decoder,
        src: &[u8],
        last: bool,
        fatal: bool,
    ) -> (bool, usize, Vec<u16>) {
        let mut out = vec![0; d.max_utf16_buffer_length(src.len()).unwrap()];
        let (malformed, read, n) = if fatal {
            let (r, read, n) = d.decode_to_utf16_without_replacement(src, &mut out, last);
            assert!(!matches!(r, encoding_rs::DecoderResult::OutputFull));
            (
                matches!(r, encoding_rs::DecoderResult::Malformed(..)),
                read,
                n,
            )
        } else {
            let (r, read, n, _) = d.decode_to_utf16(src, &mut out, last);
            assert_eq!(r, encoding_rs::CoderResult::InputEmpty);
            (false, read, n)
        };
        out.truncate(n);
        (malformed, read, out)
    }
    fn show(units: &[u16]) -> String {
        format!("[{}] {:?}", hex16(units), String::from_utf16_lossy(units))
    }
}

impl Unit for u8 {
    const NAME: &'static str = "UTF-8";
    fn ours(
        d: &mut Decoder,
        src: &[u8],
        last: bool,
        mode: DecoderMode,
    ) -> (DecoderResult, usize, Vec<u8>) {
        let mut out = vec![0; d.max_utf8_buffer_length(src.len())];
        let (r, read, n) = d.decode_to_utf8(src, &mut out, last, mode);
        out.truncate(n);
        (r, read, out)
    }
    fn oracle(
        d: &mut encoding_rs::Decoder,
        src: &[u8],
        last: bool,
        fatal: bool,
    ) -> (bool, usize, Vec<u8>) {
        let (malformed, read, out) = if fatal {
            let mut out = vec![
                0;
                d.max_utf8_buffer_length_without_replacement(src.len())
                    .unwrap()
            ];
            let (r, read, n) = d.decode_to_utf8_without_replacement(src, &mut out, last);
            assert!(!matches!(r, encoding_rs::DecoderResult::OutputFull));
            out.truncate(n);
            (
                matches!(r, encoding_rs::DecoderResult::Malformed(..)),
                read,
                out,
            )
        } else {
            let mut out = vec![0; d.max_utf8_buffer_length(src.len()).unwrap()];
            let (r, read, n, _) = d.decode_to_utf8(src, &mut out, last);
            assert_eq!(r, encoding_rs::CoderResult::InputEmpty);
            out.truncate(n);
            (false, read, out)
        };
        (malformed, read, out)
    }
    fn show(units: &[u8]) -> String {
        format!("[{}] {:?}", hex(units), String::from_utf8_lossy(units))
    }
}

/// One decode call's outcome: the output it wrote and whether it hit an error (fatal mode, where
/// a run stops at the first error).
type Outcome<U> = (Vec<U>, bool);

/// Feeds `calls` (ranges of `input`, the last one final) to our decoder.
fn run_ours<U: Unit>(
    e: Encoding,
    input: &[u8],
    calls: &[(Range<usize>, bool)],
    mode: DecoderMode,
) -> Vec<Outcome<U>> {
    let mut d = e.new_decoder();
    let mut outcomes = Vec::with_capacity(calls.len());
    for (range, last) in calls {
        let src = &input[range.clone()];
        let (r, read, out) = U::ours(&mut d, src, *last, mode);
        let malformed = match r {
            DecoderResult::InputEmpty => {
                assert_eq!(
                    read,
                    src.len(),
                    "{}: InputEmpty with input left, [{}]",
                    e.name(),
                    hex(input)
                );
                false
            }
            DecoderResult::Malformed if mode == DecoderMode::Fatal => true,
            r => panic!(
                "{}: {r:?} in {mode:?} mode with the documented max buffer, [{}]",
                e.name(),
                hex(input)
            ),
        };
        outcomes.push((out, malformed));
        if malformed {
            break;
        }
    }
    outcomes
}

fn run_oracle<U: Unit>(
    e: Encoding,
    input: &[u8],
    calls: &[(Range<usize>, bool)],
    mode: DecoderMode,
) -> Vec<Outcome<U>> {
    let mut d = oracle(e).new_decoder_without_bom_handling();
    let mut outcomes = Vec::with_capacity(calls.len());
    for (range, last) in calls {
        let src = &input[range.clone()];
        let (malformed, read, out) = U::oracle(&mut d, src, *last, mode == DecoderMode::Fatal);
        assert!(malformed || read == src.len());
        outcomes.push((out, malformed));
        if malformed {
            break;
        }
    }
    outcomes
}

/// Compares both decoders over the same calls, call by call.
fn compare_calls<U: Unit>(
    e: Encoding,
    input: &[u8],
    calls: &[(Range<usize>, bool)],
    mode: DecoderMode,
) {
    let ours = run_ours::<U>(e, input, calls, mode);
    let theirs = run_oracle::<U>(e, input, calls, mode);
    if ours != theirs {
        let show = |o: &[Outcome<U>]| {
            o.iter()
                .map(|(out, err)| format!("{}{}", U::show(out), if *err { " ERROR" } else { "" }))
                .collect::<Vec<_>>()
                .join(", ")
        };
        panic!(
            "{} decoder, {mode:?} mode, to {}, input [{}], calls {:?}:\n  ours:       {}\n  encoding_rs: {}",
            e.name(),
            U::NAME,
            hex(input),
            calls,
            show(&ours),
            show(&theirs)
        );
    }
}

/// One-shot: a single final call, both modes, both outputs.
fn compare_one_shot(e: Encoding, input: &[u8]) {
    let calls = [(0..input.len(), true)];
    for mode in [DecoderMode::Replacement, DecoderMode::Fatal] {
        compare_calls::<u16>(e, input, &calls, mode);
        compare_calls::<u8>(e, input, &calls, mode);
    }
}

/// Prefixes after which every byte pair is tried too, to reach each encoding's longer sequences
/// and states.
fn prefixes(e: Encoding) -> &'static [&'static [u8]] {
    use Encoding::*;
    match e {
        Utf8 => &[
            b"\xE0",
            b"\xED",
            b"\xEF",
            b"\xF0",
            b"\xF4",
            b"\xF1",
            b"\xF0\x90",
            b"\xF4\x8F",
            b"\xE1\x80",
        ],
        Gbk | Gb18030 => &[b"\x81", b"\x81\x30", b"\x84\x31", b"\xE3\x32", b"\xFE\x39"],
        EucJp => &[b"\x8F", b"\x8E", b"\xA1"],
        Iso2022Jp => &[
            b"\x1B",
            b"\x1B$",
            b"\x1B(",
            b"\x1B$B",
            b"\x1B$@",
            b"\x1B(J",
            b"\x1B(I",
            b"\x1B(B",
            b"\x1B$B\x21",
            b"\x0E",
        ],
        ShiftJis => &[b"\x81", b"\xE0"],
        Big5 => &[b"\x88", b"\xA1"],
        EucKr => &[b"\x81", b"\xB0"],
        Utf16Be => &[b"\xD8", b"\xD8\x3D", b"\xDC\x00", b"\x00"],
        Utf16Le => &[b"\x3D", b"\x3D\xD8", b"\x00\xDC", b"\x00"],
        _ => &[],
    }
}

fn every_byte_and_pair(e: Encoding) {
    let mut input = Vec::with_capacity(8);
    for prefix in std::iter::once(&b""[..]).chain(prefixes(e).iter().copied()) {
        for b in 0..=255u8 {
            input.clear();
            input.extend_from_slice(prefix);
            input.push(b);
            compare_one_shot(e, &input);
            for b2 in 0..=255u8 {
                input.truncate(prefix.len() + 1);
                input.push(b2);
                compare_one_shot(e, &input);
            }
        }
    }
}

/// Every gb18030 four-byte shape: 0x81–0xFE, 0x30–0x39, 0x81–0xFE, 0x30–0x39 (into UTF-16).
fn every_four_byte_sequence(e: Encoding) {
    for b1 in 0x81..=0xFEu8 {
        for b2 in 0x30..=0x39u8 {
            for b3 in 0x81..=0xFEu8 {
                for b4 in 0x30..=0x39u8 {
                    let input = [b1, b2, b3, b4];
                    for mode in [DecoderMode::Replacement, DecoderMode::Fatal] {
                        compare_calls::<u16>(e, &input, &[(0..4, true)], mode);
                    }
                }
            }
        }
    }
}

/// Random calls over `input`: random chunks, the final flag on the last chunk or on an extra
/// empty call.
fn random_calls(rng: &mut Rng, len: usize) -> Vec<(Range<usize>, bool)> {
    let mut calls: Vec<_> = random_chunks(rng, len)
        .into_iter()
        .map(|r| (r, false))
        .collect();
    match calls.last_mut() {
        Some(last) if rng.one_in(2) => last.1 = true,
        _ => calls.push((len..len, true)),
    }
    calls
}

/// Seeded random inputs: one-shot in both modes and outputs, then in random chunks in both modes.
fn random_inputs(e: Encoding) {
    let count = if e.family() == Family::SingleByte {
        10_000
    } else {
        60_000
    };
    let mut rng = Rng::for_encoding(e, 1);
    for _ in 0..count {
        let input = random_bytes(&mut rng, e);
        compare_one_shot(e, &input);
        let calls = random_calls(&mut rng, input.len());
        for mode in [DecoderMode::Replacement, DecoderMode::Fatal] {
            if rng.one_in(2) {
                compare_calls::<u16>(e, &input, &calls, mode);
            } else {
                compare_calls::<u8>(e, &input, &calls, mode);
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Encoding

/// An encoder's output for a whole input and the unmappable code point it stopped at, if any.
type Encoded = (Vec<u8>, Option<char>);

fn encode_ours(e: Encoding, text: Text, mode: EncoderMode) -> Encoded {
    let mut enc = e.new_encoder().unwrap();
    let (r, read, n, len, out) = match text {
        Text::Utf8(s) => {
            let mut out = vec![0; enc.max_buffer_length_from_utf8(s.len(), mode)];
            let (r, read, n) = enc.encode_from_utf8(s, &mut out, true, mode);
            (r, read, n, s.len(), out)
        }
        Text::Utf16(u) => {
            let mut out = vec![0; enc.max_buffer_length_from_utf16(u.len(), mode)];
            let (r, read, n) = enc.encode_from_utf16(u, &mut out, true, mode);
            (r, read, n, u.len(), out)
        }
    };
    let unmappable = match r {
        EncoderResult::InputEmpty => {
            assert_eq!(
                read,
                len,
                "{}: InputEmpty with input left, {}",
                e.name(),
                text.show()
            );
            None
        }
        EncoderResult::Unmappable(c) if mode == EncoderMode::Fatal => Some(c),
        r => panic!(
            "{}: {r:?} in {mode:?} mode with the documented max buffer, {}",
            e.name(),
            text.show()
        ),
    };
    (out[..n].to_vec(), unmappable)
}

/// encoding_rs's encoder, or for UTF-16BE/LE the plain reference (every scalar value as its
/// code units, lone surrogates as U+FFFD, in byte order).
fn encode_reference(e: Encoding, text: Text, mode: EncoderMode) -> Encoded {
    if matches!(e, Encoding::Utf16Be | Encoding::Utf16Le) {
        let units: Vec<u16> = match text {
            Text::Utf8(s) => s.encode_utf16().collect(),
            Text::Utf16(u) => String::from_utf16_lossy(u).encode_utf16().collect(),
        };
        let bytes = units
            .iter()
            .flat_map(|u| {
                if e == Encoding::Utf16Be {
                    u.to_be_bytes()
                } else {
                    u.to_le_bytes()
                }
            })
            .collect();
        return (bytes, None);
    }
    let mut enc = oracle(e).new_encoder();
    let mut out = vec![0; text.len() * 16 + 32];
    let (unmappable, n) = match (text, mode) {
        (Text::Utf8(s), EncoderMode::Fatal) => {
            let (r, _, n) = enc.encode_from_utf8_without_replacement(s, &mut out, true);
            (unmappable(r), n)
        }
        (Text::Utf16(u), EncoderMode::Fatal) => {
            let (r, _, n) = enc.encode_from_utf16_without_replacement(u, &mut out, true);
            (unmappable(r), n)
        }
        (Text::Utf8(s), EncoderMode::Html) => {
            let (r, _, n, _) = enc.encode_from_utf8(s, &mut out, true);
            assert_eq!(r, encoding_rs::CoderResult::InputEmpty);
            (None, n)
        }
        (Text::Utf16(u), EncoderMode::Html) => {
            let (r, _, n, _) = enc.encode_from_utf16(u, &mut out, true);
            assert_eq!(r, encoding_rs::CoderResult::InputEmpty);
            (None, n)
        }
    };
    out.truncate(n);
    (out, unmappable)
}

fn unmappable(r: encoding_rs::EncoderResult) -> Option<char> {
    match r {
        encoding_rs::EncoderResult::InputEmpty => None,
        encoding_rs::EncoderResult::Unmappable(c) => Some(c),
        encoding_rs::EncoderResult::OutputFull => panic!("oracle buffer too small"),
    }
}

fn compare_encode(e: Encoding, text: Text, mode: EncoderMode) {
    let ours = encode_ours(e, text, mode);
    let theirs = encode_reference(e, text, mode);
    if ours != theirs {
        panic!(
            "{} encoder, {mode:?} mode, input {}:\n  ours:      [{}] unmappable {:?}\n  reference: [{}] unmappable {:?}",
            e.name(),
            text.show(),
            hex(&ours.0),
            ours.1,
            hex(&theirs.0),
            theirs.1
        );
    }
}

/// Every scalar value alone, from UTF-8, in both modes, with fresh encoders and stack buffers
/// (this loop is the hot one: 1.1 million code points per encoding).
fn every_scalar(e: Encoding) {
    if e == Encoding::Replacement {
        assert!(e.new_encoder().is_none());
        return;
    }
    let utf16 = matches!(e, Encoding::Utf16Be | Encoding::Utf16Le);
    let rs = oracle(e);
    let (mut ours_buf, mut theirs_buf) = ([0u8; 64], [0u8; 64]);
    for c in (0..=0x10FFFF).filter_map(char::from_u32) {
        let mut utf8 = [0u8; 4];
        let s: &str = c.encode_utf8(&mut utf8);
        for mode in [EncoderMode::Fatal, EncoderMode::Html] {
            let mut enc = e.new_encoder().unwrap();
            let (r, read, n) = enc.encode_from_utf8(s, &mut ours_buf, true, mode);
            let ours = (
                &ours_buf[..n],
                match r {
                    EncoderResult::Unmappable(u) if mode == EncoderMode::Fatal => Some(u),
                    EncoderResult::InputEmpty if read == s.len() => None,
                    r => panic!(
                        "{}: {r:?} after {read} bytes, {mode:?} mode, U+{:04X}",
                        e.name(),
                        u32::from(c)
                    ),
                },
            );
            let theirs = if utf16 {
                let mut units = [0u16; 2];
                let mut len = 0;
                for u in c.encode_utf16(&mut units).iter() {
                    let b = if e == Encoding::Utf16Be {
                        u.to_be_bytes()
                    } else {
                        u.to_le_bytes()
                    };
                    theirs_buf[len..len + 2].copy_from_slice(&b);
                    len += 2;
                }
                (&theirs_buf[..len], None)
            } else {
                let mut enc = rs.new_encoder();
                match mode {
                    EncoderMode::Fatal => {
                        let (r, _, n) =
                            enc.encode_from_utf8_without_replacement(s, &mut theirs_buf, true);
                        (&theirs_buf[..n], unmappable(r))
                    }
                    EncoderMode::Html => {
                        let (_, _, n, _) = enc.encode_from_utf8(s, &mut theirs_buf, true);
                        (&theirs_buf[..n], None)
                    }
                }
            };
            if ours != theirs {
                panic!(
                    "{} encoder, {mode:?} mode, U+{:04X}: ours [{}] {:?}, reference [{}] {:?}",
                    e.name(),
                    u32::from(c),
                    hex(ours.0),
                    ours.1,
                    hex(theirs.0),
                    theirs.1
                );
            }
        }
    }
}

/// From UTF-16: every code unit alone (lone surrogates included), and every surrogate in
/// contexts that pair, break or end a pair.
fn utf16_input(e: Encoding) {
    if e == Encoding::Replacement {
        return;
    }
    for unit in 0..=0xFFFFu16 {
        for mode in [EncoderMode::Fatal, EncoderMode::Html] {
            compare_encode(e, Text::Utf16(&[unit]), mode);
        }
    }
    for s in 0xD800..=0xDFFFu16 {
        let contexts: [&[u16]; 6] = [
            &[0x61, s, 0x62],
            &[s, s],
            &[0xD83D, s],
            &[s, 0xDE00],
            &[0x4E00, s, 0xAC00],
            &[0x3042, 0xD800, s, 0x61],
        ];
        for units in contexts {
            for mode in [EncoderMode::Fatal, EncoderMode::Html] {
                compare_encode(e, Text::Utf16(units), mode);
            }
        }
    }
}

/// Seeded random strings, from UTF-8 and (with lone surrogates) from UTF-16, in both modes.
fn random_strings(e: Encoding) {
    if e == Encoding::Replacement {
        return;
    }
    let mut rng = Rng::for_encoding(e, 2);
    for _ in 0..10_000 {
        let s = random_string(&mut rng);
        let u = random_utf16(&mut rng);
        for mode in [EncoderMode::Fatal, EncoderMode::Html] {
            compare_encode(e, Text::Utf8(&s), mode);
            compare_encode(e, Text::Utf16(&u), mode);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Labels

#[test]
fn every_label_names_the_same_encoding_in_encoding_rs() {
    for e in Encoding::ALL {
        for label in e.labels() {
            let rs = encoding_rs::Encoding::for_label(label.as_bytes());
            assert_eq!(rs.map(|rs| rs.name()), Some(e.name()), "label {label:?}");
        }
    }
}

macro_rules! per_encoding {
    ($($module:ident: $variant:ident;)*) => {$(
        mod $module {
            use super::*;
            const E: Encoding = Encoding::$variant;
            #[test]
            fn every_byte_and_byte_pair() {
                every_byte_and_pair(E)
            }
            #[test]
            fn random_inputs_in_random_chunks() {
                random_inputs(E)
            }
            #[test]
            fn every_scalar_value_through_the_encoder() {
                every_scalar(E)
            }
            #[test]
            fn utf16_input_with_lone_surrogates() {
                utf16_input(E)
            }
            #[test]
            fn random_strings_through_the_encoder() {
                random_strings(E)
            }
        }
    )*};
}

for_each_encoding!(per_encoding);

#[test]
fn gbk_every_four_byte_sequence() {
    every_four_byte_sequence(Encoding::Gbk)
}

#[test]
fn gb18030_every_four_byte_sequence() {
    every_four_byte_sequence(Encoding::Gb18030)
}
