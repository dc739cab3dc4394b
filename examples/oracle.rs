//! The JS fuzzer's oracle (tests/fuzz-js/): cases as lines on stdin, one result line each on stdout,
//! computed with the crate's public API only, so that the package's JavaScript boundary is checked
//! against the core run natively. Bytes and UTF-16 code units are hex (code units as four digits),
//! labels are the hex of their UTF-8 bytes; a call is `s` (stream) or `f` (final) then its hex.
//!
//! - `td LABEL FATAL IGNOREBOM CALL…`: a TextDecoder's decode() calls: `t` + UTF-8 hex of the
//!   text, or `e` for a TypeError (and nothing after it); `range` for a label it refuses.
//! - `le LABEL FATAL CALL…`: a streaming encoder over UTF-16 chunks: `b` + bytes, or `u` + the
//!   unmappable code point (and nothing after it); `range` for no encoder.
//! - `hook LABEL HEX`: the decode hook with that fallback: `t` + UTF-8 hex and the encoding's name.
//! - `u8 UNITS`: UTF-8 encode of the code units as a USVString (lone surrogates U+FFFD).

use encoding_wasm::{hooks, EncoderMode, EncoderResult, Encoding, TextDecoderCore};
use std::io::{self, BufRead, BufWriter, Write};

/// Hex bytes; `-` (a field that must not be empty) is none.
fn bytes(hex: &str) -> Vec<u8> {
    let hex = hex.trim_start_matches('-');
    (0..hex.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&hex[i..i + 2], 16).expect("hex bytes"))
        .collect()
}

fn units(hex: &str) -> Vec<u16> {
    let hex = hex.trim_start_matches('-');
    (0..hex.len())
        .step_by(4)
        .map(|i| u16::from_str_radix(&hex[i..i + 4], 16).expect("hex code units"))
        .collect()
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn label(hex_label: &str) -> Option<Encoding> {
    Encoding::for_label_bytes(&bytes(hex_label))
}

/// Each call as (final?, payload hex).
fn calls<'a>(fields: impl Iterator<Item = &'a str>) -> impl Iterator<Item = (bool, &'a str)> {
    fields.map(|call| (call.starts_with('f'), &call[1..]))
}

fn text_decoder(mut fields: std::str::SplitAsciiWhitespace) -> Vec<String> {
    let encoding = label(fields.next().unwrap());
    let fatal = fields.next() == Some("1");
    let ignore_bom = fields.next() == Some("1");
    let Some(mut decoder) = encoding.and_then(|e| TextDecoderCore::new(e, fatal, ignore_bom))
    else {
        return vec!["range".into()];
    };
    let mut out = Vec::new();
    for (last, input) in calls(fields) {
        match decoder.decode(&bytes(input), !last) {
            Ok(text) => out.push(format!("t{}", hex(text.as_bytes()))),
            Err(_) => {
                out.push("e".into());
                break;
            }
        }
    }
    out
}

fn legacy_encoder(mut fields: std::str::SplitAsciiWhitespace) -> Vec<String> {
    let encoding = label(fields.next().unwrap());
    let mode = if fields.next() == Some("1") {
        EncoderMode::Fatal
    } else {
        EncoderMode::Html
    };
    let Some(mut encoder) = encoding.and_then(Encoding::new_encoder) else {
        return vec!["range".into()];
    };
    let mut out = Vec::new();
    // A leading surrogate that ended a stream call, passed again with the next.
    let mut pending: Vec<u16> = Vec::new();
    for (last, input) in calls(fields) {
        let mut src = std::mem::take(&mut pending);
        src.extend(units(input));
        let mut dst = vec![0u8; encoder.max_buffer_length_from_utf16(src.len(), mode)];
        let (result, read, written) = encoder.encode_from_utf16(&src, &mut dst, last, mode);
        match result {
            EncoderResult::Unmappable(c) => {
                out.push(format!("u{:x}", c as u32));
                break;
            }
            EncoderResult::OutputFull => unreachable!("the documented buffer length suffices"),
            EncoderResult::InputEmpty => {
                pending = src[read..].to_vec();
                out.push(format!("b{}", hex(&dst[..written])));
                if last {
                    encoder.reset();
                }
            }
        }
    }
    out
}

fn main() {
    let stdin = io::stdin();
    let mut stdout = BufWriter::new(io::stdout().lock());
    for line in stdin.lock().lines() {
        let line = line.expect("stdin");
        let mut fields = line.split_ascii_whitespace();
        let result = match fields.next() {
            Some("td") => text_decoder(fields).join(" "),
            Some("le") => legacy_encoder(fields).join(" "),
            Some("hook") => match label(fields.next().unwrap()) {
                None => "range".into(),
                Some(fallback) => {
                    let (text, used) = hooks::decode(&bytes(fields.next().unwrap_or("")), fallback);
                    format!("t{} {}", hex(text.as_bytes()), used.name())
                }
            },
            Some("u8") => {
                let text = String::from_utf16_lossy(&units(fields.next().unwrap_or("")));
                format!("b{}", hex(&hooks::utf8_encode(&text)))
            }
            other => panic!("unknown case {other:?}"),
        };
        writeln!(stdout, "{result}").expect("stdout");
    }
}
