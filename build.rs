//! Generates the label table and the index tables from `indexes/` (the Encoding Standard's own
//! files), so no mapping data is typed by hand. The multi-byte indexes are packed compactly (see
//! `pack` below; `src/tables.rs` expands them lazily), unless the `unpacked-indexes` feature asks
//! for them as plain arrays.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::{env, fs};

#[path = "src/index_model.rs"]
mod index_model;
use index_model::{adapt, BitCoder, Entry, Model, Step, CLASS_START};

fn main() {
    let dir = PathBuf::from(env::var_os("CARGO_MANIFEST_DIR").unwrap()).join("indexes");
    let out = PathBuf::from(env::var_os("OUT_DIR").unwrap());
    println!("cargo:rerun-if-changed=indexes");
    println!("cargo:rerun-if-changed=build.rs");

    let names = write_labels(&dir, &out);
    write_single_byte(&dir, &out, &names);
    write_multi_byte(&dir, &out);
}

/// Reads an index file as the standard says (<https://encoding.spec.whatwg.org/#indexes>): drop
/// empty lines and lines starting with "#", split on TAB; the first field is a decimal pointer, the
/// second a hexadecimal code point.
fn read_index(dir: &Path, name: &str) -> Vec<(u32, u32)> {
    let path = dir.join(format!("index-{name}.txt"));
    let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut entries: Vec<(u32, u32)> = text
        .split('\n')
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let mut f = l.split('\t');
            let pointer = f.next().unwrap().trim().parse().unwrap();
            let cp = f.next().unwrap().trim().trim_start_matches("0x");
            (pointer, u32::from_str_radix(cp, 16).unwrap())
        })
        .collect();
    entries.sort_unstable();
    entries
}

/// `labels.rs`: the names in `encodings.json` order, which is the order of the `Encoding` enum,
/// and every encoding's labels as one string: a line per encoding in that order, its labels
/// sorted and separated by spaces (about 2.3 KB, against 5 KB as a table of string slices).
fn write_labels(dir: &Path, out: &Path) -> Vec<String> {
    let json: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(dir.join("encodings.json")).unwrap()).unwrap();
    let mut names = Vec::new();
    let mut lines = Vec::new();
    for group in json.as_array().unwrap() {
        for enc in group["encodings"].as_array().unwrap() {
            names.push(enc["name"].as_str().unwrap().to_owned());
            let mut labels: Vec<&str> = enc["labels"]
                .as_array()
                .unwrap()
                .iter()
                .map(|l| l.as_str().unwrap())
                .collect();
            labels.sort_unstable();
            // Lookup compares ASCII case-insensitively against labels in lowercase.
            let plain = |l: &&str| {
                l.bytes()
                    .all(|b| b.is_ascii_graphic() && !b.is_ascii_uppercase())
            };
            assert!(
                labels.iter().all(plain),
                "labels are ASCII lowercase without spaces"
            );
            lines.push(labels.join(" "));
        }
    }
    let mut s = String::new();
    writeln!(
        s,
        "#[cfg(test)]\npub(crate) static JSON_NAMES: [&str; {}] = {names:?};",
        names.len()
    )
    .unwrap();
    writeln!(
        s,
        "pub(crate) static LABELS: &str = {:?};",
        lines.join("\n")
    )
    .unwrap();
    fs::write(out.join("labels.rs"), s).unwrap();
    names
}

/// `single_byte.rs`: per single-byte encoding, in `Encoding` order, bytes 0x80 to 0xFF (ASCII bytes
/// map to themselves, <https://encoding.spec.whatwg.org/#single-byte-decoder>): byte
/// `0x80 + pointer` to the index code point, a byte with no code point to 0xFFFF (U+FFFF is in no
/// index), each stored as its difference from the byte (wrapping), which repeats across encodings
/// and gzips to 1.9 KB against 3 KB as code points. `src/single_byte.rs` expands a table of every
/// byte's code point from it when first used.
fn write_single_byte(dir: &Path, out: &Path, names: &[String]) {
    let single: Vec<&String> = names[1..=28].iter().collect();
    let mut s = String::from("pub(crate) const UNMAPPED: u16 = 0xFFFF;\n");
    writeln!(
        s,
        "pub(crate) static SINGLE_BYTE_DELTAS: [[u16; 128]; {}] = [",
        single.len()
    )
    .unwrap();
    for name in single {
        // ISO-8859-8-I shares ISO-8859-8's index
        // (https://encoding.spec.whatwg.org/#legacy-single-byte-encodings).
        let file = match name.as_str() {
            "ISO-8859-8-I" => "iso-8859-8".to_owned(),
            n => n.to_ascii_lowercase(),
        };
        let mut high = [0xFFFFu16; 128];
        for (p, cp) in read_index(dir, &file) {
            high[p as usize] = u16::try_from(cp).unwrap();
        }
        let deltas: Vec<u16> = (0x80..)
            .zip(high)
            .map(|(byte, c)| c.wrapping_sub(byte))
            .collect();
        writeln!(s, "    // {name}\n    {deltas:?},").unwrap();
    }
    s.push_str("];\n");
    fs::write(out.join("single_byte.rs"), s).unwrap();
}

/// `multi_byte.rs`: the CJK indexes packed (or, with the `unpacked-indexes` feature, as arrays
/// indexed by pointer, 0 for none), index gb18030 ranges
/// (<https://encoding.spec.whatwg.org/#index-gb18030-ranges>) and index ISO-2022-JP katakana
/// (<https://encoding.spec.whatwg.org/#index-iso-2022-jp-katakana>) as plain arrays.
fn write_multi_byte(dir: &Path, out: &Path) {
    let unpacked = env::var_os("CARGO_FEATURE_UNPACKED_INDEXES").is_some();
    let mut s = String::new();
    for (name, konst) in [
        ("big5", "BIG5"),
        ("euc-kr", "EUC_KR"),
        ("gb18030", "GB18030"),
        ("jis0208", "JIS0208"),
        ("jis0212", "JIS0212"),
    ] {
        let entries = read_index(dir, name);
        let len = entries.last().unwrap().0 + 1;
        if unpacked {
            let mut table = vec![0; len as usize];
            for &(pointer, cp) in &entries {
                table[pointer as usize] = cp;
            }
            let t = if table.iter().all(|&cp| cp <= 0xFFFF) {
                "u16"
            } else {
                "u32"
            };
            writeln!(
                s,
                "pub(crate) static {konst}_TABLE: [{t}; {len}] = {table:?};"
            )
            .unwrap();
        } else {
            writeln!(s, "pub(crate) const {konst}_LEN: usize = {len};").unwrap();
            let file = format!("{name}.packed");
            fs::write(out.join(&file), pack(&entries)).unwrap();
            writeln!(
                s,
                "pub(crate) static {konst}_PACKED: &[u8] = include_bytes!({file:?});"
            )
            .unwrap();
        }
    }
    let ranges = read_index(dir, "gb18030-ranges");
    writeln!(
        s,
        "pub(crate) static GB18030_RANGES: [(u32, u32); {}] = {ranges:?};",
        ranges.len()
    )
    .unwrap();
    let katakana: Vec<u16> = read_index(dir, "iso-2022-jp-katakana")
        .iter()
        .enumerate()
        .map(|(i, &(p, cp))| {
            assert_eq!(i as u32, p);
            u16::try_from(cp).unwrap()
        })
        .collect();
    writeln!(
        s,
        "pub(crate) static ISO_2022_JP_KATAKANA: [u16; {}] = {katakana:?};",
        katakana.len()
    )
    .unwrap();
    fs::write(out.join("multi_byte.rs"), s).unwrap();
}

/// Encodes entries (sorted by pointer) with the model of `src/index_model.rs` through a range
/// coder; `src/tables.rs` expands them. An entry's step counts the code points no earlier entry
/// used between its class's cursor and its code point. Gzipped, the five indexes take 54 KB this
/// way, against 63 KB as varint-coded steps from the previous entry and 86 KB as runs.
fn pack(entries: &[(u32, u32)]) -> Vec<u8> {
    let mut coder = RangeEncoder::new();
    let mut model = Model::default();
    Model::count(&mut coder, entries.len() as u32);
    let mut used = vec![false; 0x110000];
    let mut used_count = Fenwick(vec![0; 0x110001]);
    let unused_in =
        |count: &Fenwick, lo: u32, hi: u32| (hi - lo) - (count.prefix(hi) - count.prefix(lo));
    let mut next_pointer = 0;
    for &(pointer, cp) in entries {
        let class = CLASS_START.iter().rposition(|&start| start <= cp).unwrap();
        let cursor = model.cursor(class);
        let step = if used[cp as usize] {
            Step::Again(i32::try_from(i64::from(cp) - i64::from(cursor)).unwrap())
        } else if cp >= cursor {
            Step::Up(unused_in(&used_count, cursor, cp))
        } else {
            Step::Down(unused_in(&used_count, cp, cursor) - 1)
        };
        let entry = Entry {
            gap: pointer - next_pointer,
            class,
            step,
        };
        assert_eq!(model.entry(&mut coder, entry), entry);
        model.landed(class, cp);
        next_pointer = pointer + 1;
        if !used[cp as usize] {
            used[cp as usize] = true;
            used_count.add(cp);
        }
    }
    coder.finish()
}

/// A binary range encoder: `low` is the bottom of the current interval (with a carry bit above
/// 32), `range` its width; bytes leave from the top, with a run of 0xFF bytes held back while a
/// carry could still reach them. `src/tables.rs` has the matching decoder.
struct RangeEncoder {
    low: u64,
    range: u32,
    /// The last byte out and how many 0xFF bytes wait behind it (plus one).
    held: u8,
    held_count: u32,
    out: Vec<u8>,
}

impl RangeEncoder {
    fn new() -> Self {
        RangeEncoder {
            low: 0,
            range: u32::MAX,
            held: 0,
            held_count: 1,
            out: Vec::new(),
        }
    }

    fn shift_low(&mut self) {
        if self.low < 0xFF00_0000 || self.low > 0xFFFF_FFFF {
            let carry = (self.low >> 32) as u8;
            let mut byte = self.held;
            for _ in 0..self.held_count {
                self.out.push(byte.wrapping_add(carry));
                byte = 0xFF;
            }
            self.held_count = 0;
            self.held = (self.low >> 24) as u8;
        }
        self.held_count += 1;
        self.low = (self.low & 0x00FF_FFFF) << 8;
    }

    fn normalize(&mut self) {
        while self.range < 1 << 24 {
            self.range <<= 8;
            self.shift_low();
        }
    }

    fn finish(mut self) -> Vec<u8> {
        for _ in 0..5 {
            self.shift_low();
        }
        self.out
    }
}

impl BitCoder for RangeEncoder {
    fn bit(&mut self, prob: &mut u16, bit: u32) -> u32 {
        let bound = (self.range >> 16) * u32::from(*prob);
        if bit == 0 {
            self.range = bound;
        } else {
            self.low += u64::from(bound);
            self.range -= bound;
        }
        adapt(prob, bit);
        self.normalize();
        bit
    }

    fn raw_chunk(&mut self, bits: u32, n: u32) -> u32 {
        self.range >>= n;
        self.low += u64::from(bits) * u64::from(self.range);
        self.normalize();
        bits
    }
}

/// Counts of used code points, for the prefix sums the steps need.
struct Fenwick(Vec<u32>);

impl Fenwick {
    fn add(&mut self, i: u32) {
        let mut i = i as usize + 1;
        while i < self.0.len() {
            self.0[i] += 1;
            i += i & i.wrapping_neg();
        }
    }

    /// How many of the positions below `i` were added.
    fn prefix(&self, i: u32) -> u32 {
        let (mut i, mut sum) = (i as usize, 0);
        while i > 0 {
            sum += self.0[i];
            i -= i & i.wrapping_neg();
        }
        sum
    }
}
