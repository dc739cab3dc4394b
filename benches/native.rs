//! The native upper bound: decodes and encodes the benchmark corpora (`node bench/corpus.mjs`
//! makes them in bench/corpus/) with this crate's core and with encoding_rs, and prints MB/s.
//! Run: `cargo bench --bench native` (optional filter arguments match the case id or the size,
//! e.g. `cargo bench --bench native -- shift_jis 1048576`).
//!
//! Decode: bytes to UTF-16 code units (what a JS string needs), replacement mode, one call.
//! Encode: UTF-16 code units to bytes, HTML mode (encoding_rs's only replacing mode), one call.
//! Decoded output must equal the corpus text and encoded output the corpus bytes.
//! MB/s counts the encoded bytes (the legacy side) per second in both directions. Each output is
//! checked against the corpus before timing; a mismatch is reported and that case is not timed.
//! A panic (an encoding not implemented yet) is reported as such.

use std::hint::black_box;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use encoding_wasm::{DecoderMode, EncoderMode, Encoding};

/// Case id (file name stem in bench/corpus/) and WHATWG label, as in bench/corpus.mjs.
const CASES: &[(&str, &str)] = &[
    ("utf-8-latin", "utf-8"),
    ("utf-8-cjk", "utf-8"),
    ("utf-16le-latin", "utf-16le"),
    ("utf-16le-cjk", "utf-16le"),
    ("windows-1252", "windows-1252"),
    ("windows-1251", "windows-1251"),
    ("iso-8859-7", "iso-8859-7"),
    ("shift_jis", "shift_jis"),
    ("euc-jp", "euc-jp"),
    ("iso-2022-jp", "iso-2022-jp"),
    ("gbk", "gbk"),
    ("gb18030", "gb18030"),
    ("big5", "big5"),
    ("euc-kr", "euc-kr"),
];
const SIZES: &[usize] = &[64, 4096, 1 << 20];
const SAMPLES: usize = 7;
const SAMPLE_TIME: Duration = Duration::from_millis(40);

/// Median seconds per call of `f`, over SAMPLES samples of enough calls to last SAMPLE_TIME.
fn measure(mut f: impl FnMut()) -> f64 {
    let start = Instant::now();
    f();
    let once = start.elapsed().max(Duration::from_nanos(20));
    let iters = (SAMPLE_TIME.as_nanos() / once.as_nanos()).max(1) as u32;
    let mut samples: Vec<f64> = (0..SAMPLES)
        .map(|_| {
            let t = Instant::now();
            for _ in 0..iters {
                f();
            }
            t.elapsed().as_secs_f64() / f64::from(iters)
        })
        .collect();
    samples.sort_by(f64::total_cmp);
    samples[SAMPLES / 2]
}

enum Outcome {
    MBps(f64),
    Wrong,
    Panicked,
    NotApplicable,
}

impl std::fmt::Display for Outcome {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        match self {
            Outcome::MBps(v) => write!(f, "{v:.1}"),
            Outcome::Wrong => write!(f, "wrong"),
            Outcome::Panicked => write!(f, "panic"),
            Outcome::NotApplicable => write!(f, "n/a"),
        }
    }
}

/// Runs `check` (false: wrong output), then times `run`; `bytes` is the size for MB/s.
fn bench(bytes: usize, check: impl FnOnce() -> bool, mut run: impl FnMut() -> usize) -> Outcome {
    match catch_unwind(AssertUnwindSafe(check)) {
        Err(_) => Outcome::Panicked,
        Ok(false) => Outcome::Wrong,
        Ok(true) => Outcome::MBps(
            bytes as f64
                / measure(|| {
                    black_box(run());
                })
                / 1e6,
        ),
    }
}

fn ours_decode(encoding: Encoding, src: &[u8], dst: &mut [u16]) -> usize {
    let mut decoder = encoding.new_decoder();
    let (_, read, written) = decoder.decode_to_utf16(src, dst, true, DecoderMode::Replacement);
    assert_eq!(read, src.len());
    written
}

fn rs_decode(encoding: &'static encoding_rs::Encoding, src: &[u8], dst: &mut [u16]) -> usize {
    let mut decoder = encoding.new_decoder_without_bom_handling();
    let (_, read, written, _) = decoder.decode_to_utf16(src, dst, true);
    assert_eq!(read, src.len());
    written
}

fn ours_encode(encoding: Encoding, src: &[u16], dst: &mut [u8]) -> usize {
    let mut encoder = encoding.new_encoder().expect("an encoder");
    let (_, read, written) = encoder.encode_from_utf16(src, dst, true, EncoderMode::Html);
    assert_eq!(read, src.len());
    written
}

fn rs_encode(encoding: &'static encoding_rs::Encoding, src: &[u16], dst: &mut [u8]) -> usize {
    let mut encoder = encoding.new_encoder();
    let (_, read, written, _) = encoder.encode_from_utf16(src, dst, true);
    assert_eq!(read, src.len());
    written
}

fn main() {
    std::panic::set_hook(Box::new(|_| {})); // a panic is reported in the table
    let filters: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("bench/corpus");
    println!("MB/s of encoded bytes, median of {SAMPLES} samples; decode to UTF-16, encode from UTF-16\n");
    println!("| case | size | decode: ours | decode: encoding_rs | ratio | encode: ours | encode: encoding_rs | ratio |");
    println!("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
    for &(id, label) in CASES {
        for &size in SIZES {
            let size_name = size.to_string();
            if !filters.is_empty() && !filters.iter().any(|f| f == id || *f == size_name) {
                continue;
            }
            let read = |ext: &str| {
                let path = dir.join(format!("{id}-{size}.{ext}"));
                std::fs::read(&path).unwrap_or_else(|e| {
                    panic!(
                        "{}: {e} (run `node bench/corpus.mjs` first)",
                        path.display()
                    )
                })
            };
            let bytes = read("bin");
            let text = String::from_utf8(read("txt")).expect("corpus text is UTF-8");
            let units: Vec<u16> = text.encode_utf16().collect();
            let ours = Encoding::for_label(label).expect("a label");
            let rs = encoding_rs::Encoding::for_label(label.as_bytes()).expect("a label");

            let n = bytes.len();
            let mut utf16 = vec![0u16; n + 16];
            let decoded_by = |decode: &dyn Fn(&mut [u16]) -> usize| {
                let mut buf = vec![0u16; n + 16];
                let m = decode(&mut buf);
                buf[..m] == units[..]
            };
            let dec_ours = bench(
                n,
                || decoded_by(&|b| ours_decode(ours, &bytes, b)),
                || ours_decode(ours, &bytes, &mut utf16),
            );
            let dec_rs = bench(
                n,
                || decoded_by(&|b| rs_decode(rs, &bytes, b)),
                || rs_decode(rs, &bytes, &mut utf16),
            );

            // The corpus bytes are what conforming encoders write (bench/corpus.mjs checks that
            // two WHATWG implementations agree), so encoders must reproduce them exactly.
            let cap = units.len() * 11 + 16;
            let mut out = vec![0u8; cap];
            let encodes_to_corpus = |encode: &dyn Fn(&mut [u8]) -> usize| {
                let mut buf = vec![0u8; cap];
                let m = encode(&mut buf);
                buf[..m] == bytes[..]
            };
            let enc_ours = bench(
                n,
                || encodes_to_corpus(&|b| ours_encode(ours, &units, b)),
                || ours_encode(ours, &units, &mut out),
            );
            // encoding_rs has no UTF-16 encoders (its output encoding for UTF-16 is UTF-8).
            let enc_rs = if rs.output_encoding() != rs {
                Outcome::NotApplicable
            } else {
                bench(
                    n,
                    || encodes_to_corpus(&|b| rs_encode(rs, &units, b)),
                    || rs_encode(rs, &units, &mut out),
                )
            };
            let ratio = |a: &Outcome, b: &Outcome| match (a, b) {
                (Outcome::MBps(a), Outcome::MBps(b)) => format!("{:.2}x", a / b),
                _ => "-".to_string(),
            };
            println!(
                "| {id} | {size} | {dec_ours} | {dec_rs} | {} | {enc_ours} | {enc_rs} | {} |",
                ratio(&dec_ours, &dec_rs),
                ratio(&enc_ours, &enc_rs)
            );
        }
    }
}
