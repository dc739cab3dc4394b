//! Saved states (`Decoder::save`, `TextDecoderCore::save`, `Encoder::save`): a decoder or encoder
//! kept as a number between calls, and restored from it, goes on exactly as one kept alive. The
//! JS layer keeps every stream's state this way, so these are the streams of the package.

#[allow(unused_macros)]
mod common;

use common::{hex, random_bytes, random_chunks, random_utf16, Rng};
use encoding_wasm::{
    Decoder, DecoderMode, DecoderResult, Encoder, EncoderMode, EncoderResult, Encoding,
    TextDecoderCore,
};

/// What one decode() call gave: the text, or a fatal error.
type Call = Result<Vec<u16>, ()>;

/// One decode() call over `pieces` (its input in pieces, as the JS layer passes it) on `core`, and
/// with `save_between` the core saved and restored before every piece and after the call, as the
/// JS layer does. A fatal error ends the call (the rest is not fed).
fn call(
    core: &mut TextDecoderCore,
    pieces: &[&[u8]],
    stream: bool,
    save_between: Option<(Encoding, bool, bool)>,
) -> Call {
    let reload = |core: &mut TextDecoderCore| {
        if let Some((e, fatal, ignore_bom)) = save_between {
            let saved = core.save().expect("a state between pieces");
            *core = TextDecoderCore::restore(e, fatal, ignore_bom, saved).expect("restored");
        }
    };
    let mut text = Vec::new();
    core.start(stream);
    for (i, piece) in pieces.iter().enumerate() {
        reload(core);
        let mut out = vec![0u16; core.max_utf16_buffer_length(piece.len())];
        let (result, read, written) = core.decode_to_utf16(piece, &mut out, i == pieces.len() - 1);
        if result == DecoderResult::Malformed {
            reload(core);
            return Err(());
        }
        assert_eq!((result, read), (DecoderResult::InputEmpty, piece.len()));
        text.extend_from_slice(&out[..written]);
    }
    reload(core);
    Ok(text)
}

/// The BOM of the encodings that remove one, else nothing.
fn bom(e: Encoding) -> &'static [u8] {
    match e {
        Encoding::Utf8 => b"\xEF\xBB\xBF",
        Encoding::Utf16Le => b"\xFF\xFE",
        Encoding::Utf16Be => b"\xFE\xFF",
        _ => b"",
    }
}

/// Random call sequences (chunks streamed, a final call now and then, then more calls on the same
/// decoder; each call's input in random pieces; BOMs at the start, fatal errors mid-stream), on a
/// TextDecoderCore kept alive and on one saved and restored around every piece: the same results.
#[test]
fn a_text_decoder_saved_between_calls_goes_on_as_one_kept() {
    for e in Encoding::ALL {
        if e == Encoding::Replacement || !e.is_available() {
            continue;
        }
        let mut rng = Rng::for_encoding(e, 0x5A7E);
        for _ in 0..400 {
            let (fatal, ignore_bom) = (rng.one_in(2), rng.one_in(3));
            let mut kept = TextDecoderCore::new(e, fatal, ignore_bom).unwrap();
            let mut saved = TextDecoderCore::new(e, fatal, ignore_bom).unwrap();
            let mut log = Vec::new();
            for _ in 0..1 + rng.below(3) {
                let mut input = random_bytes(&mut rng, e);
                if rng.one_in(3) {
                    input.splice(0..0, bom(e).iter().copied());
                }
                let chunks = random_chunks(&mut rng, input.len());
                for (k, chunk) in chunks.iter().enumerate() {
                    let bytes = &input[chunk.clone()];
                    let stream = k + 1 < chunks.len() || rng.one_in(4);
                    // The call's pieces: split at random points.
                    let cuts = random_chunks(&mut rng, bytes.len());
                    let mut pieces: Vec<&[u8]> = cuts.iter().map(|r| &bytes[r.clone()]).collect();
                    if pieces.is_empty() {
                        pieces.push(&[]);
                    }
                    log.push(format!("{} stream {stream}", hex(bytes)));
                    let a = call(&mut kept, &pieces, stream, None);
                    let b = call(&mut saved, &pieces, stream, Some((e, fatal, ignore_bom)));
                    assert_eq!(
                        a,
                        b,
                        "{} fatal {fatal} ignoreBOM {ignore_bom}: {log:?}",
                        e.name()
                    );
                }
            }
        }
    }
}

/// After every byte of random inputs, a decoder's saved state restores to a decoder that saves the
/// same number and decodes the rest of the input as the original does.
#[test]
fn a_decoder_restored_after_any_byte_decodes_the_rest_alike() {
    for e in Encoding::ALL {
        if !e.is_available() {
            continue;
        }
        let mut rng = Rng::for_encoding(e, 0x5A7F);
        for _ in 0..300 {
            let input = random_bytes(&mut rng, e);
            let mut d = Decoder::new(e);
            let mut out = vec![0u16; d.max_utf16_buffer_length(input.len())];
            for at in 0..input.len() {
                d.decode_to_utf16(&input[at..=at], &mut out, false, DecoderMode::Replacement);
                let saved = d.save().expect("a state after a call");
                assert!(saved < 1 << Decoder::SAVED_BITS);
                let mut r = Decoder::restore(e, saved).expect("a state save() gave");
                assert_eq!(r.save(), Some(saved));
                let rest = &input[at + 1..];
                let mut a = vec![0u16; d.max_utf16_buffer_length(rest.len())];
                let mut b = a.clone();
                let ra = d
                    .clone()
                    .decode_to_utf16(rest, &mut a, true, DecoderMode::Replacement);
                let rb = r.decode_to_utf16(rest, &mut b, true, DecoderMode::Replacement);
                assert_eq!(
                    (ra, &a[..ra.2]),
                    (rb, &b[..rb.2]),
                    "{} {}",
                    e.name(),
                    hex(&input)
                );
            }
        }
    }
}

/// Hand-worked states: the bytes a decoder holds, and ISO-2022-JP's variables.
#[test]
fn saved_states_are_the_pending_bytes() {
    let saved_after = |e: Encoding, bytes: &[u8]| {
        let mut d = Decoder::new(e);
        d.decode_to_utf16(bytes, &mut [0u16; 16], false, DecoderMode::Fatal);
        d.save().unwrap()
    };
    // gb18030 first, second and third: length 3, then the bytes.
    assert_eq!(
        saved_after(Encoding::Gb18030, b"\x81\x30\x81"),
        3 | 0x81 << 2 | 0x30 << 10 | 0x81 << 18
    );
    // UTF-8: the leading byte and the continuation byte so far.
    assert_eq!(
        saved_after(Encoding::Utf8, b"a\xF0\x9F"),
        2 | 0xF0 << 2 | 0x9F << 10
    );
    // UTF-16LE: a leading surrogate (D83D) and a leading byte.
    assert_eq!(
        saved_after(Encoding::Utf16Le, b"\x3D\xD8\x00"),
        3 | 0x3D << 2 | 0xD8 << 10
    );
    // EUC-JP: 0x8F then a leading byte (jis0212).
    assert_eq!(
        saved_after(Encoding::EucJp, b"\x8F\xA1"),
        2 | 0x8F << 2 | 0xA1 << 10
    );
    // A complete sequence leaves nothing.
    assert_eq!(saved_after(Encoding::ShiftJis, b"\x82\xA0"), 0);
    // ISO-2022-JP after ESC $: escape state (6), output state ASCII (0), leading 0x24.
    assert_eq!(saved_after(Encoding::Iso2022Jp, b"\x1B\x24"), 6 | 0x24 << 6);
    // After ESC $ B: leading byte state (3) as decoder and output state, leading taken, output set.
    assert_eq!(
        saved_after(Encoding::Iso2022Jp, b"\x1B\x24\x42"),
        3 | 3 << 3 | 1 << 14
    );
}

/// Calls split where the standard's state matters, each on a core restored from the last call's
/// saved state, against hand-worked text.
#[test]
fn streams_split_where_state_matters() {
    let run = |e: Encoding, fatal: bool, ignore_bom: bool, calls: &[(&[u8], bool)]| {
        let mut saved = 0;
        calls
            .iter()
            .map(|&(bytes, stream)| {
                let mut core = TextDecoderCore::restore(e, fatal, ignore_bom, saved).unwrap();
                let result = core.decode(bytes, stream).map_err(|_| ());
                saved = core.save().unwrap();
                result
            })
            .collect::<Vec<_>>()
    };
    let ok = |s: &str| Ok(s.to_string());
    // A BOM split across calls is removed; with ignoreBOM it is U+FEFF.
    let utf8_bom: &[(&[u8], bool)] = &[(b"\xEF", true), (b"\xBB", true), (b"\xBFA", false)];
    assert_eq!(
        run(Encoding::Utf8, false, false, utf8_bom),
        [ok(""), ok(""), ok("A")]
    );
    assert_eq!(
        run(Encoding::Utf8, false, true, utf8_bom),
        [ok(""), ok(""), ok("\u{FEFF}A")]
    );
    let utf16_bom: &[(&[u8], bool)] = &[(b"\xFF", true), (b"\xFEA", true), (b"\x00", false)];
    assert_eq!(
        run(Encoding::Utf16Le, false, false, utf16_bom),
        [ok(""), ok(""), ok("A")]
    );
    // Only the first BOM of a stream goes, even when the first came in an earlier call.
    assert_eq!(
        run(
            Encoding::Utf8,
            false,
            false,
            &[
                (b"\xEF\xBB\xBFa", true),
                (b"\xEF\xBB", true),
                (b"\xBF", false)
            ]
        ),
        [ok("a"), ok(""), ok("\u{FEFF}")]
    );
    // A leading surrogate across calls.
    assert_eq!(
        run(
            Encoding::Utf16Le,
            false,
            false,
            &[(b"\x3D", true), (b"\xD8\x00", true), (b"\xDE", false)]
        ),
        [ok(""), ok(""), ok("\u{1F600}")]
    );
    // ISO-2022-JP: ESC $ B split, a jis0208 pair split (0x30 0x21 is U+4E9C), back to ASCII.
    assert_eq!(
        run(
            Encoding::Iso2022Jp,
            true,
            false,
            &[
                (b"\x1B", true),
                (b"\x24", true),
                (b"\x42\x30", true),
                (b"\x21\x1B\x28", true),
                (b"\x42a", false)
            ]
        ),
        [ok(""), ok(""), ok(""), ok("\u{4E9C}"), ok("a")]
    );
    // Fatal: an error ends the call, the stream goes on from the decoder's state (gb18030 first
    // reset by the error; its restored 0x20 dropped with the rest of the call).
    assert_eq!(
        run(
            Encoding::Gb18030,
            true,
            false,
            &[
                (b"\x81", true),
                (b"\x20b", true),
                (b"\x81", true),
                (b"\x40", false)
            ]
        ),
        [ok(""), Err(()), ok(""), ok("\u{4E02}")]
    );
    // A BOM seen before a fatal error in the same call is not seen: the next call removes it.
    assert_eq!(
        run(
            Encoding::Utf8,
            true,
            false,
            &[(b"\xEF\xBB\xBF\xFF", true), (b"\xEF\xBB\xBFc", false)]
        ),
        [Err(()), ok("c")]
    );
}

/// Numbers that are no state are refused (never a panic); the others restore to that state.
#[test]
fn restore_refuses_numbers_that_are_no_state() {
    for e in Encoding::ALL {
        if !e.is_available() {
            continue;
        }
        let mut rng = Rng::for_encoding(e, 0x5A80);
        let mut accepted = 0;
        let numbers = (0..1u32 << 16).chain((0..50_000).map(|_| rng.next_u64() as u32));
        for n in numbers {
            if let Some(d) = Decoder::restore(e, n) {
                assert_eq!(d.save(), Some(n), "{} {n:#x}", e.name());
                accepted += 1;
            }
        }
        assert!(accepted >= 1, "{}: the initial state", e.name());
        if TextDecoderCore::new(e, false, false).is_some() {
            for n in (0..64).map(|k| k << 26).chain([u32::MAX, 1 << 29]) {
                let restored = TextDecoderCore::restore(e, false, false, n);
                assert_eq!(restored.is_some(), n < 8 << 26, "{} {n:#x}", e.name());
            }
        }
    }
    // A pending byte that is a whole character is no state.
    assert!(Decoder::restore(Encoding::Gb18030, 1 | 0x41 << 2).is_none());
    assert!(Decoder::restore(Encoding::Utf8, 1 | 0x80 << 2).is_none());
    assert!(Decoder::restore(Encoding::Windows1252, 1 | 0x81 << 2).is_none());
    // ISO-2022-JP's trailing byte state needs a leading byte 0x21 to 0x7E.
    assert!(Decoder::restore(Encoding::Iso2022Jp, 4).is_none());
    assert!(Decoder::restore(Encoding::Iso2022Jp, 4 | 0x21 << 6).is_some());
    // Its escape state, a leading byte 0x24 or 0x28 (the escape start state sets no other).
    assert!(Decoder::restore(Encoding::Iso2022Jp, 6 | 0x41 << 6).is_none());
    assert!(Decoder::restore(Encoding::Iso2022Jp, 6 | 0x28 << 6).is_some());
}

#[test]
fn encoder_restore_refuses_numbers_that_are_no_state() {
    // ISO-2022-JP's encoder states are 0 ASCII, 1 Roman, 2 jis0208; every other encoder has
    // only 0 (https://encoding.spec.whatwg.org/#iso-2022-jp-encoder).
    for e in Encoding::ALL {
        if !e.is_available() || Encoder::new(e).is_none() {
            continue;
        }
        let states = if e == Encoding::Iso2022Jp { 3 } else { 1 };
        for n in (0..64).chain([1 << 16, u32::MAX]) {
            let restored = Encoder::restore(e, n);
            assert_eq!(restored.is_some(), n < states, "{} {n}", e.name());
            if let Some(encoder) = restored {
                assert_eq!(encoder.save(), n, "{} {n}", e.name());
            }
        }
    }
}

/// Encoders saved and restored between random chunks of random text (a leading surrogate ending a
/// chunk passed again with the next, as the JS layer does) give the bytes of one kept alive.
#[test]
fn an_encoder_saved_between_chunks_goes_on_as_one_kept() {
    for e in Encoding::ALL {
        if !e.is_available() || Encoder::new(e).is_none() {
            continue;
        }
        let mut rng = Rng::for_encoding(e, 0x5A81);
        for _ in 0..300 {
            let units = random_utf16(&mut rng);
            let mode = if rng.one_in(2) {
                EncoderMode::Html
            } else {
                EncoderMode::Fatal
            };
            let chunks = random_chunks(&mut rng, units.len());
            let run = |save_between: bool| {
                let mut enc = Encoder::new(e).unwrap();
                let mut out = Vec::new();
                let mut pending: Vec<u16> = Vec::new();
                for (k, chunk) in chunks.iter().enumerate() {
                    let last = k + 1 == chunks.len();
                    let mut src = std::mem::take(&mut pending);
                    src.extend_from_slice(&units[chunk.clone()]);
                    let mut at = 0;
                    loop {
                        if save_between {
                            enc = Encoder::restore(e, enc.save()).unwrap();
                        }
                        let mut dst = vec![0; enc.max_buffer_length_from_utf16(src.len(), mode)];
                        let (result, read, written) =
                            enc.encode_from_utf16(&src[at..], &mut dst, last, mode);
                        out.extend_from_slice(&dst[..written]);
                        at += read;
                        match result {
                            EncoderResult::Unmappable(c) => out.extend(format!("[{c}]").bytes()),
                            _ => break,
                        }
                    }
                    pending = src[at..].to_vec();
                }
                out
            };
            assert_eq!(run(false), run(true), "{}", e.name());
        }
    }
}
