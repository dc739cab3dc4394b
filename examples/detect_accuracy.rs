//! The detector's top-1 accuracy against chardetng's on the held-out text of detect/corpus/
//! (never used in training), per language × legacy encoding × sample length, and both
//! detectors' speed on 1 MiB. A guess is right when decoding the sample with it gives the text
//! back (so windows-1252 is right for ISO-8859-15 text without the characters they differ in).
//!
//! `cargo run --release --features detect --example detect_accuracy [heldout|train] [rows]`
//! (`train` reads the training text instead, for tuning; `rows` keeps the rows whose
//! "lang encoding" contains it; with DETECT_WRONG set, our wrong guesses go to stderr).
//! With DETECT_SAMPLES=<dir>, every sample (and each 1 MiB speed input) is also written there,
//! for bench/detect.mjs to run the JavaScript detectors on the same bytes: `samples.jsonl` has
//! one record a line (lang, encoding, length or speed, both guesses, whether chardetng ever
//! guesses the encoding, and the byte lengths of its sample and text) and `samples.bin` has each
//! sample's bytes then its text in UTF-8, in order.

use encoding_rs::Encoding as Oracle;
use serde_json::json;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::time::Instant;
use unicode_normalization::UnicodeNormalization;

const LENGTHS: [usize; 7] = [16, 32, 64, 128, 512, 2048, 16384];

/// Languages by group and each group's legacy encodings (ISO-8859-1 and -9 are windows-1252 and
/// -1254 in the Encoding Standard; KOI8-R is KOI8-U's subset for letters).
const GROUPS: [(&[&str], &[&str]); 14] = [
    (
        &[
            "en", "fr", "de", "es", "pt", "it", "nl", "ca", "gl", "eu", "ga", "da", "sv", "nb",
            "nn", "fi", "is",
        ],
        &["windows-1252", "ISO-8859-15"],
    ),
    (
        &["pl", "cs", "sk", "hu", "sl", "hr", "ro"],
        &["windows-1250", "ISO-8859-2"],
    ),
    (
        &["lt", "lv", "et"],
        &["windows-1257", "ISO-8859-4", "ISO-8859-13"],
    ),
    (
        &["ru", "uk", "bg", "be", "sr", "mk"],
        &[
            "windows-1251",
            "KOI8-R",
            "KOI8-U",
            "ISO-8859-5",
            "IBM866",
            "x-mac-cyrillic",
        ],
    ),
    (&["el"], &["windows-1253", "ISO-8859-7"]),
    (&["he"], &["windows-1255", "ISO-8859-8"]),
    (&["ar"], &["windows-1256", "ISO-8859-6"]),
    (&["th"], &["windows-874"]),
    (&["tr"], &["windows-1254"]),
    (&["vi"], &["windows-1258"]),
    (&["ja"], &["Shift_JIS", "EUC-JP", "ISO-2022-JP"]),
    (&["zh-Hans"], &["GBK"]),
    (&["zh-Hant"], &["Big5"]),
    (&["ko"], &["EUC-KR"]),
];

/// The encodings of `GROUPS` that chardetng never guesses, nor any that reads their text right.
const NOT_CHARDETNGS: [&str; 1] = ["x-mac-cyrillic"];

/// Text as windows-1258 writes it: a letter it lacks becomes one it has (the base with one of
/// the marks) followed by the other marks, combining.
fn as_windows_1258(line: &str) -> String {
    let enc = encoding_rs::WINDOWS_1258;
    let encodable = |s: &str| !enc.encode(s).2;
    let mut out = String::new();
    for ch in line.chars() {
        let s = ch.to_string();
        if encodable(&s) {
            out.push(ch);
            continue;
        }
        let mut parts = s.nfd();
        let Some(base) = parts.next() else { continue };
        let marks: Vec<char> = parts.collect();
        let pick = marks.iter().position(|&m| {
            let composed: String = [base, m].iter().collect::<String>().nfc().collect();
            composed.chars().count() == 1 && encodable(&composed)
        });
        match pick {
            Some(i) => {
                out.extend([base, marks[i]].iter().collect::<String>().nfc());
                out.extend(
                    marks
                        .iter()
                        .enumerate()
                        .filter(|&(j, _)| j != i)
                        .map(|(_, m)| m),
                );
            }
            None => {
                out.push(base);
                out.extend(&marks);
            }
        }
    }
    out
}

/// The sample of at most `len` bytes starting at line `start`, cut on a character boundary:
/// its text and bytes.
fn sample(lines: &[String], start: usize, len: usize, enc: &'static Oracle) -> (String, Vec<u8>) {
    let mut text = String::new();
    for line in lines[start..].iter().chain(lines.iter()) {
        text.push_str(line);
        text.push('\n');
        if text.len() >= len * 2 && enc.encode(&text).0.len() > len {
            break;
        }
    }
    // The longest prefix of whole characters that encodes to at most len bytes.
    let bounds: Vec<usize> = text
        .char_indices()
        .map(|(i, _)| i)
        .chain([text.len()])
        .collect();
    let (mut lo, mut hi) = (0, bounds.len() - 1);
    while lo < hi {
        let mid = (lo + hi).div_ceil(2);
        if enc.encode(&text[..bounds[mid]]).0.len() <= len {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    let text = text[..bounds[lo]].to_string();
    let bytes = enc.encode(&text).0.into_owned();
    (text, bytes)
}

fn right(guess: &str, text: &str, bytes: &[u8]) -> bool {
    Oracle::for_label(guess.as_bytes())
        .is_some_and(|e| e.decode_without_bom_handling(bytes).0 == text)
}

fn ours(bytes: &[u8]) -> &'static str {
    encoding_wasm::detect::detect(bytes, None, false)[0]
        .0
        .name()
}

fn chardetng(bytes: &[u8]) -> &'static str {
    let mut detector = chardetng::EncodingDetector::new();
    detector.feed(bytes, true);
    detector.guess(None, false).name()
}

/// Where DETECT_SAMPLES asks the samples to be written.
struct SampleDump {
    records: BufWriter<File>,
    data: BufWriter<File>,
}

impl SampleDump {
    fn create(dir: &std::path::Path) -> std::io::Result<Self> {
        std::fs::create_dir_all(dir)?;
        Ok(Self {
            records: BufWriter::new(File::create(dir.join("samples.jsonl"))?),
            data: BufWriter::new(File::create(dir.join("samples.bin"))?),
        })
    }

    /// Adds `record` with the byte lengths of `bytes` and `text`, which go to the data file.
    fn add(
        &mut self,
        mut record: serde_json::Value,
        bytes: &[u8],
        text: &str,
    ) -> std::io::Result<()> {
        record["bytes"] = bytes.len().into();
        record["text"] = text.len().into();
        self.data.write_all(bytes)?;
        self.data.write_all(text.as_bytes())?;
        writeln!(self.records, "{record}")
    }

    fn finish(mut self) -> std::io::Result<()> {
        self.records.flush()?;
        self.data.flush()
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let split = args.get(1).map_or("heldout", String::as_str);
    let filter = args.get(2).cloned().unwrap_or_default();
    let show_wrong = std::env::var_os("DETECT_WRONG").is_some();
    let mut dump = std::env::var_os("DETECT_SAMPLES").map(|dir| {
        SampleDump::create(std::path::Path::new(&dir))
            .unwrap_or_else(|e| panic!("DETECT_SAMPLES {dir:?}: {e}"))
    });
    let dumped = |r: std::io::Result<()>| r.unwrap_or_else(|e| panic!("DETECT_SAMPLES: {e}"));
    let corpus = concat!(env!("CARGO_MANIFEST_DIR"), "/detect/corpus");
    println!(
        "Samples from detect/corpus/<lang>.{split}.txt; each cell: ours / chardetng, % right.\n"
    );
    print!("| lang | encoding |");
    for len in LENGTHS {
        print!(" {len} |");
    }
    println!("\n| --- | --- |{}", " ---: |".repeat(LENGTHS.len()));
    let mut sums = [[0f64; 2]; LENGTHS.len()];
    let mut rows = 0;
    let mut speed_inputs = Vec::new();
    // Rows of encodings chardetng never guesses.
    let mut unguessed: Vec<[[f64; 2]; LENGTHS.len()]> = Vec::new();
    for (langs, encodings) in GROUPS {
        for lang in langs {
            let path = format!("{corpus}/{lang}.{split}.txt");
            let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
            for name in encodings {
                if !format!("{lang} {name}").contains(&filter) {
                    continue;
                }
                let enc = Oracle::for_label(name.as_bytes()).expect("an encoding");
                let all: Vec<&str> = text.lines().collect();
                let lines: Vec<String> = all
                    .iter()
                    .map(|l| match *name {
                        "windows-1258" => as_windows_1258(l),
                        _ => l.to_string(),
                    })
                    .filter(|l| {
                        // Only lines the encoding writes and reads back as they are (its encoder
                        // may change some characters: ISO-2022-JP's halfwidth katakana).
                        let (bytes, _, unmappable) = enc.encode(l);
                        !unmappable && enc.decode_without_bom_handling(&bytes).0 == l.as_str()
                    })
                    .collect();
                // Only where the encoding can write most of the language.
                if lines.len() * 10 < all.len() * 9 {
                    continue;
                }
                print!("| {lang} | {name} |");
                let mut row = [[0.0; 2]; LENGTHS.len()];
                for (i, len) in LENGTHS.into_iter().enumerate() {
                    let n = if len >= 2048 { 60 } else { 300 };
                    let mut right_count = [0; 2];
                    for k in 0..n {
                        let (text, bytes) = sample(&lines, k * lines.len() / n, len, enc);
                        let guess = ours(&bytes);
                        let ok = right(guess, &text, &bytes);
                        if !ok && show_wrong {
                            eprintln!("{lang} {name} {len}: {guess} for {text:?}");
                        }
                        let theirs = chardetng(&bytes);
                        right_count[0] += usize::from(ok);
                        right_count[1] += usize::from(right(theirs, &text, &bytes));
                        if let Some(dump) = &mut dump {
                            let record = json!({ "lang": lang, "encoding": name, "length": len,
                                "ours": guess, "chardetng": theirs,
                                "chardetngGuesses": !NOT_CHARDETNGS.contains(name) });
                            dumped(dump.add(record, &bytes, &text));
                        }
                    }
                    let pct = right_count.map(|r| 100.0 * r as f64 / n as f64);
                    sums[i][0] += pct[0];
                    sums[i][1] += pct[1];
                    row[i] = pct;
                    print!(" {:.1} / {:.1} |", pct[0], pct[1]);
                }
                println!();
                rows += 1;
                if NOT_CHARDETNGS.contains(name) {
                    unguessed.push(row);
                }
                if matches!(
                    (*lang, *name),
                    ("de", "windows-1252")
                        | ("ru", "windows-1251")
                        | ("ja", "Shift_JIS")
                        | ("zh-Hans", "GBK")
                ) {
                    speed_inputs
                        .push((format!("{lang} {name}"), sample(&lines, 0, 1 << 20, enc).1));
                }
            }
        }
    }
    print!("| **mean** | {rows} rows |");
    for [a, b] in sums {
        print!(" **{:.1} / {:.1}** |", a / rows as f64, b / rows as f64);
    }
    let shared_rows = rows - unguessed.len();
    print!("\n| **mean** | {shared_rows} rows chardetng can guess |");
    for (i, [a, b]) in sums.into_iter().enumerate() {
        let [ua, ub] = unguessed
            .iter()
            .fold([0.0, 0.0], |[x, y], row| [x + row[i][0], y + row[i][1]]);
        print!(
            " **{:.1} / {:.1}** |",
            (a - ua) / shared_rows as f64,
            (b - ub) / shared_rows as f64
        );
    }
    if let Some(mut dump) = dump {
        for (label, bytes) in &speed_inputs {
            dumped(dump.add(json!({ "speed": label }), bytes, ""));
        }
        dumped(dump.finish());
    }
    println!("\n\nSpeed on 1 MiB (MB/s, 10^6 bytes), ours / chardetng, by CPU time (wall time):\n");
    for (label, bytes) in speed_inputs {
        let rate = |f: fn(&[u8]) -> &'static str| {
            let runs = 10;
            let (start, cpu) = (Instant::now(), cpu_ns());
            for _ in 0..runs {
                std::hint::black_box(f(std::hint::black_box(&bytes)));
            }
            let total = (bytes.len() * runs) as f64;
            let wall = total / start.elapsed().as_secs_f64() / 1e6;
            (
                cpu_ns().map_or(wall, |end| {
                    total / ((end - cpu.unwrap_or(0)) as f64 / 1e9) / 1e6
                }),
                wall,
            )
        };
        let (a, b) = (rate(ours), rate(chardetng));
        println!(
            "- {label}: {:.0} / {:.0} ({:.0} / {:.0})",
            a.0, b.0, a.1, b.1
        );
    }
}

/// This thread's time on a CPU so far, in nanoseconds (Linux), which other processes on a
/// busy machine do not inflate as they do wall time.
fn cpu_ns() -> Option<u64> {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    stat.split_whitespace().next()?.parse().ok()
}
