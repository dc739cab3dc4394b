//! Shared by the fuzz targets: which encodings to fuzz, a tiny PRNG for chunk and buffer sizes
//! drawn from the input's header, and streaming drivers whose results are compared with one-shot
//! calls.

use encoding_wasm::{
    Decoder, DecoderMode, DecoderResult, Encoder, EncoderMode, EncoderResult, Encoding, Malformed,
    TextDecoderCore,
};
use std::sync::OnceLock;

/// Every encoding, or those `FUZZ_ENCODINGS` (comma-separated labels) names, to fuzz a subset.
pub fn encodings() -> &'static [Encoding] {
    static SET: OnceLock<Vec<Encoding>> = OnceLock::new();
    SET.get_or_init(|| match std::env::var("FUZZ_ENCODINGS") {
        Ok(labels) => labels
            .split(',')
            .map(|l| {
                Encoding::for_label(l)
                    .unwrap_or_else(|| panic!("FUZZ_ENCODINGS: unknown label {l:?}"))
            })
            .collect(),
        Err(_) => Encoding::ALL.to_vec(),
    })
}

/// Xorshift64*, seeded from input bytes.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n
    }
}

/// The whole of `len` items as one chunk.
pub fn whole(len: usize) -> Vec<std::ops::Range<usize>> {
    std::iter::once(0..len).collect()
}

/// Chunk ranges over `len` items, empty ones included, then a final empty one.
pub fn chunks(rng: &mut Rng, len: usize) -> Vec<std::ops::Range<usize>> {
    let mut out = Vec::new();
    let mut pos = 0;
    while pos < len {
        let size = match rng.below(4) {
            0 => 0,
            1 => 1,
            _ => rng.below(len - pos + 1),
        };
        out.push(pos..pos + size);
        pos += size;
    }
    out.push(len..len);
    out
}

/// Marks an error in fatal-mode output.
pub const ERROR: u32 = u32::MAX;

/// Decodes `src` in `chunks` (then a final empty call) to UTF-16 or UTF-8, with output buffers of
/// the documented maximum (`tiny` None: `OutputFull` is a bug) or tiny random sizes, going on
/// after each fatal error (marked [`ERROR`]). With `resave`, after each call the decoder is
/// replaced by one restored from its saved state, as the JS layer does between calls. Returns
/// code units or bytes as `u32`.
pub fn decode_stream(
    d: &mut Decoder,
    src: &[u8],
    chunks: &[std::ops::Range<usize>],
    mode: DecoderMode,
    utf16: bool,
    mut tiny: Option<&mut Rng>,
    resave: bool,
) -> Vec<u32> {
    let mut out = Vec::new();
    for (i, range) in chunks.iter().enumerate() {
        let last = i == chunks.len() - 1;
        let mut rest = &src[range.clone()];
        loop {
            let (r, read) = if utf16 {
                let size = match tiny.as_deref_mut() {
                    Some(rng) => 2 + rng.below(4),
                    None => d.max_utf16_buffer_length(rest.len()),
                };
                let mut buf = vec![0u16; size];
                let (r, read, n) = d.decode_to_utf16(rest, &mut buf, last, mode);
                out.extend(buf[..n].iter().map(|&u| u32::from(u)));
                (r, read)
            } else {
                let size = match tiny.as_deref_mut() {
                    Some(rng) => 4 + rng.below(6),
                    None => d.max_utf8_buffer_length(rest.len()),
                };
                let mut buf = vec![0u8; size];
                let (r, read, n) = d.decode_to_utf8(rest, &mut buf, last, mode);
                out.extend(buf[..n].iter().map(|&u| u32::from(u)));
                (r, read)
            };
            rest = &rest[read..];
            if resave {
                resave_decoder(d, r);
            }
            match r {
                DecoderResult::InputEmpty => {
                    assert!(rest.is_empty(), "InputEmpty with input left");
                    break;
                }
                DecoderResult::OutputFull => {
                    assert!(tiny.is_some(), "OutputFull with the documented max")
                }
                DecoderResult::Malformed => {
                    assert_eq!(mode, DecoderMode::Fatal, "Malformed in replacement mode");
                    out.push(ERROR);
                }
            }
        }
    }
    out
}

/// Replaces `d` by the decoder restored from its saved state, if it has one: only while it holds
/// bytes restored after `Malformed` (so never after `InputEmpty`) may it have none.
fn resave_decoder(d: &mut Decoder, r: DecoderResult) {
    let Some(saved) = d.save() else {
        assert_ne!(
            r,
            DecoderResult::InputEmpty,
            "no saved state after InputEmpty"
        );
        return;
    };
    assert!(
        saved < 1 << Decoder::SAVED_BITS,
        "saved state {saved:#x} too large"
    );
    *d = Decoder::restore(d.encoding(), saved).unwrap_or_else(|| {
        panic!(
            "{} refused its own saved state {saved:#x}",
            d.encoding().name()
        )
    });
}

/// TextDecoder.decode() calls over `src` in `chunks`, each with `stream` but the last; with
/// `resave`, the core is replaced by one restored from its saved state after each call, as the JS
/// layer does. Returns each call's result.
pub fn text_decode_calls(
    core: &mut TextDecoderCore,
    src: &[u8],
    chunks: &[std::ops::Range<usize>],
    resave: bool,
) -> Vec<Result<String, Malformed>> {
    let mut out = Vec::new();
    for (i, range) in chunks.iter().enumerate() {
        out.push(core.decode(&src[range.clone()], i < chunks.len() - 1));
        if resave {
            let saved = core
                .save()
                .expect("TextDecoderCore without a saved state between calls");
            assert!(saved < 1 << 29, "saved state {saved:#x} too large");
            let (e, fatal, ignore_bom) = (core.encoding(), core.fatal(), core.ignore_bom());
            *core = TextDecoderCore::restore(e, fatal, ignore_bom, saved).unwrap_or_else(|| {
                panic!("{} refused its own TextDecoder state {saved:#x}", e.name())
            });
        }
    }
    out
}

/// Replaces each [`ERROR`] with U+FFFD in UTF-16 or UTF-8.
pub fn with_replacements(out: &[u32], utf16: bool) -> Vec<u32> {
    let fffd: &[u32] = if utf16 {
        &[0xFFFD]
    } else {
        &[0xEF, 0xBF, 0xBD]
    };
    out.iter()
        .flat_map(|&u| if u == ERROR { fffd.to_vec() } else { vec![u] })
        .collect()
}

/// Encoder input.
#[derive(Clone, Copy)]
pub enum Text<'a> {
    Utf8(&'a str),
    Utf16(&'a [u16]),
}

/// Encodes `text` in `chunks` (then a final empty call), with output buffers of the documented
/// maximum or small random sizes, writing `&#N;` itself after each fatal-mode `Unmappable` and
/// going on. A UTF-16 leading surrogate left unread at a chunk's end is passed again. With
/// `resave`, after each call the encoder is replaced by one restored from its saved state.
pub fn encode_stream(
    enc: &mut Encoder,
    text: Text,
    chunks: &[std::ops::Range<usize>],
    mode: EncoderMode,
    mut tiny: Option<&mut Rng>,
    resave: bool,
) -> Vec<u8> {
    let mut out = Vec::new();
    let mut pending: Vec<u16> = Vec::new();
    for (i, range) in chunks.iter().enumerate() {
        let last = i == chunks.len() - 1;
        let mut units = std::mem::take(&mut pending);
        let chunk: Text = match text {
            Text::Utf8(s) => Text::Utf8(&s[range.clone()]),
            Text::Utf16(u) => {
                units.extend_from_slice(&u[range.clone()]);
                Text::Utf16(&units)
            }
        };
        let len = match chunk {
            Text::Utf8(s) => s.len(),
            Text::Utf16(u) => u.len(),
        };
        let mut pos = 0;
        loop {
            let size = match (tiny.as_deref_mut(), chunk) {
                (Some(rng), _) => 16 + rng.below(8),
                (None, Text::Utf8(_)) => enc.max_buffer_length_from_utf8(len - pos, mode),
                (None, Text::Utf16(_)) => enc.max_buffer_length_from_utf16(len - pos, mode),
            };
            let mut buf = vec![0u8; size];
            let (r, read, n) = match chunk {
                Text::Utf8(s) => enc.encode_from_utf8(&s[pos..], &mut buf, last, mode),
                Text::Utf16(u) => enc.encode_from_utf16(&u[pos..], &mut buf, last, mode),
            };
            out.extend_from_slice(&buf[..n]);
            pos += read;
            if resave {
                let saved = enc.save();
                *enc = Encoder::restore(enc.encoding(), saved).unwrap_or_else(|| {
                    panic!(
                        "{} refused its own saved state {saved}",
                        enc.encoding().name()
                    )
                });
            }
            match r {
                EncoderResult::InputEmpty => {
                    if pos < len {
                        let Text::Utf16(u) = chunk else {
                            panic!("UTF-8 input left unread")
                        };
                        assert!(
                            !last && len - pos == 1 && (0xD800..0xDC00).contains(&u[pos]),
                            "input left unread"
                        );
                        pending = u[pos..].to_vec();
                    }
                    break;
                }
                EncoderResult::OutputFull => {
                    assert!(tiny.is_some(), "OutputFull with the documented max");
                    assert!(read > 0 || n > 0, "OutputFull without progress");
                }
                EncoderResult::Unmappable(c) => {
                    assert_eq!(mode, EncoderMode::Fatal, "Unmappable in html mode");
                    out.extend_from_slice(format!("&#{};", u32::from(c)).as_bytes());
                }
            }
        }
    }
    out
}
