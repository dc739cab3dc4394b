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

/// The standard's headings in `encodings.json`, each a family of encodings: its `Family`
/// variant and the Cargo feature that builds its decoders and encoders (replacement, a
/// miscellaneous encoding, is in every build).
const FAMILIES: [(&str, &str, &str); 7] = [
    ("The Encoding", "Utf8", "lite"),
    ("Legacy single-byte encodings", "SingleByte", "lite"),
    (
        "Legacy multi-byte Chinese (simplified) encodings",
        "ChineseSimplified",
        "chinese-simplified",
    ),
    (
        "Legacy multi-byte Chinese (traditional) encodings",
        "ChineseTraditional",
        "chinese-traditional",
    ),
    (
        "Legacy multi-byte Japanese encodings",
        "Japanese",
        "japanese",
    ),
    ("Legacy multi-byte Korean encodings", "Korean", "korean"),
    ("Legacy miscellaneous encodings", "Miscellaneous", "lite"),
];

/// The family whose encodings share the single-byte decoder and encoder, each over its own index.
const SINGLE_BYTE: &str = "SingleByte";

/// The multi-byte indexes, each with the feature of the family that reads it (a build has only
/// its families' indexes).
const MULTI_BYTE_INDEXES: [(&str, &str); 5] = [
    ("big5", "chinese-traditional"),
    ("euc-kr", "korean"),
    ("gb18030", "chinese-simplified"),
    ("jis0208", "japanese"),
    ("jis0212", "japanese"),
];

fn main() {
    let dir = PathBuf::from(env::var_os("CARGO_MANIFEST_DIR").unwrap()).join("indexes");
    let out = PathBuf::from(env::var_os("OUT_DIR").unwrap());
    println!("cargo:rerun-if-changed=indexes");
    println!("cargo:rerun-if-changed=build.rs");
    println!(
        "cargo:rustc-check-cfg=cfg(some_family, every_family, multi_byte_indexes, packed_indexes)"
    );
    // The detector's module (the `detect` feature alone) is the one build without a family:
    // there the crate is the registry and the detector alone.
    let some_family = FAMILIES.iter().any(|&(_, _, feature)| enabled(feature));
    assert!(
        some_family || enabled("detect"),
        "enable at least one of the features {}, or detect",
        features().join(", ")
    );
    if some_family {
        println!("cargo:rustc-cfg=some_family");
    }
    if FAMILIES.iter().all(|&(_, _, feature)| enabled(feature)) {
        println!("cargo:rustc-cfg=every_family");
    }

    let groups = read_encodings(&dir);
    write_registry(&groups, &out);
    write_labels(&groups, &out);
    write_single_byte(&dir, &out, &groups);
    write_multi_byte(&dir, &out);
}

/// Whether the build has Cargo feature `feature`.
fn enabled(feature: &str) -> bool {
    let var = format!("CARGO_FEATURE_{}", feature.to_uppercase().replace('-', "_"));
    env::var_os(var).is_some()
}

/// The families' features, each once.
fn features() -> Vec<&'static str> {
    let mut features: Vec<&str> = FAMILIES.iter().map(|&(_, _, f)| f).collect();
    features.dedup();
    features
}

/// One heading of `encodings.json`: its row of [`FAMILIES`] and its encodings' names and labels.
struct Group {
    family: (&'static str, &'static str, &'static str),
    encodings: Vec<(String, Vec<String>)>,
}

/// `encodings.json`, the standard's table of encodings
/// (<https://encoding.spec.whatwg.org/#names-and-labels>), in its order.
fn read_encodings(dir: &Path) -> Vec<Group> {
    let json: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(dir.join("encodings.json")).unwrap()).unwrap();
    let strings = |v: &serde_json::Value| v.as_str().unwrap().to_owned();
    json.as_array()
        .unwrap()
        .iter()
        .map(|group| {
            let heading = group["heading"].as_str().unwrap();
            let family = *FAMILIES
                .iter()
                .find(|f| f.0 == heading)
                .unwrap_or_else(|| panic!("a heading with no row in FAMILIES: {heading}"));
            let encodings = group["encodings"].as_array().unwrap();
            let encodings = encodings
                .iter()
                .map(|e| {
                    let labels = e["labels"].as_array().unwrap();
                    (strings(&e["name"]), labels.iter().map(strings).collect())
                })
                .collect();
            Group { family, encodings }
        })
        .collect()
}

/// The Rust name of an encoding: its name's words capitalized, digits kept, with `_` between two
/// numbers ("ISO-8859-8-I" is `Iso8859_8I`, "UTF-16BE" `Utf16Be`, "Shift_JIS" `ShiftJis`).
fn variant(name: &str) -> String {
    let mut v = String::new();
    for word in name.split(['-', '_']) {
        if v.ends_with(|c: char| c.is_ascii_digit())
            && word.starts_with(|c: char| c.is_ascii_digit())
        {
            v.push('_');
        }
        let mut after_letter = false;
        for c in word.chars() {
            v.push(if after_letter {
                c.to_ascii_lowercase()
            } else {
                c.to_ascii_uppercase()
            });
            after_letter = c.is_ascii_alphabetic();
        }
    }
    v
}

/// `registry.rs`: the families and their encodings in the standard's order, as one call of
/// `registry!` (src/encoding.rs), which makes `Encoding`, `Family` and their lists from it.
fn write_registry(groups: &[Group], out: &Path) {
    let count: usize = groups.iter().map(|g| g.encodings.len()).sum();
    let mut s = format!("registry! {{\n    {count};\n    family {{\n");
    let biggest = groups.iter().max_by_key(|g| g.encodings.len()).unwrap();
    for g in groups.iter().filter(|g| g.family != biggest.family) {
        let arms: Vec<String> = (g.encodings.iter())
            .map(|(name, _)| format!("Encoding::{}", variant(name)))
            .collect();
        writeln!(s, "        {} => {},", arms.join(" | "), g.family.1).unwrap();
    }
    writeln!(s, "        _ => {},\n    }}", biggest.family.1).unwrap();
    let mut variants = Vec::new();
    for g in groups {
        let (heading, family, feature) = g.family;
        let anchor = heading.to_lowercase().replace(' ', "-");
        writeln!(
            s,
            "    {family} {heading:?} {:?} {feature:?} {{",
            format!("https://encoding.spec.whatwg.org/#{anchor}")
        )
        .unwrap();
        for (name, _) in &g.encodings {
            let v = variant(name);
            assert!(!variants.contains(&v), "two encodings named {v}");
            writeln!(s, "        {v} {name:?}").unwrap();
            variants.push(v);
        }
        s.push_str("    }\n");
    }
    s.push_str("}\n");
    // The single-byte encodings as one pattern, for the families table (src/families.rs).
    let single = groups.iter().find(|g| g.family.1 == SINGLE_BYTE).unwrap();
    if enabled(single.family.2) {
        let arms: Vec<String> = (single.encodings.iter())
            .map(|(name, _)| format!("Encoding::{}", variant(name)))
            .collect();
        let arms = arms.join(" | ");
        writeln!(
            s,
            "macro_rules! single_byte {{\n    () => {{\n        {arms}\n    }};\n}}"
        )
        .unwrap();
        s.push_str("pub(crate) use single_byte;\n");
    }
    fs::write(out.join("registry.rs"), s).unwrap();
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

/// `labels.rs`: every encoding's labels as one string: a line per encoding in the standard's order,
/// its labels sorted and separated by spaces (about 2.3 KB, against 5 KB as a table of string
/// slices).
fn write_labels(groups: &[Group], out: &Path) {
    let mut lines = Vec::new();
    for (_, labels) in groups.iter().flat_map(|g| &g.encodings) {
        let mut labels: Vec<&str> = labels.iter().map(String::as_str).collect();
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
    let s = format!("pub(crate) static LABELS: &str = {:?};\n", lines.join("\n"));
    fs::write(out.join("labels.rs"), s).unwrap();
}

/// `single_byte.rs`, in a build with the single-byte family: the encoding number of its first
/// encoding (they are in a row) and, per encoding, bytes 0x80 to 0xFF (ASCII bytes map to
/// themselves, <https://encoding.spec.whatwg.org/#single-byte-decoder>): byte `0x80 + pointer` to
/// the index code point, a byte with no code point to 0xFFFF (U+FFFF is in no index), each stored
/// as its difference from the byte (wrapping), which repeats across encodings and gzips to 1.9 KB
/// against 3 KB as code points. `src/single_byte.rs` expands a table of every byte's code point
/// from it when first used.
fn write_single_byte(dir: &Path, out: &Path, groups: &[Group]) {
    let mut s = String::new();
    let (_, _, feature) = *FAMILIES.iter().find(|f| f.1 == SINGLE_BYTE).unwrap();
    if !enabled(feature) {
        fs::write(out.join("single_byte.rs"), s).unwrap();
        return;
    }
    let i = groups
        .iter()
        .position(|g| g.family.1 == SINGLE_BYTE)
        .unwrap();
    let first: usize = groups[..i].iter().map(|g| g.encodings.len()).sum();
    let single: Vec<&String> = groups[i].encodings.iter().map(|(name, _)| name).collect();
    writeln!(s, "pub(crate) const FIRST_SINGLE_BYTE: usize = {first};").unwrap();
    s.push_str("pub(crate) const UNMAPPED: u16 = 0xFFFF;\n");
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

/// `multi_byte.rs`: the indexes of the build's multi-byte families, each as a call of `index!`
/// (src/tables.rs): packed (or, with the `unpacked-indexes` feature, as an array indexed by
/// pointer, 0 for none); index gb18030 ranges
/// (<https://encoding.spec.whatwg.org/#index-gb18030-ranges>) and index ISO-2022-JP katakana
/// (<https://encoding.spec.whatwg.org/#index-iso-2022-jp-katakana>) as plain arrays. A build
/// with a multi-byte index has the `multi_byte_indexes` cfg, for the code that reads them, and
/// `packed_indexes` if they are packed, for the code that expands them.
fn write_multi_byte(dir: &Path, out: &Path) {
    let unpacked = enabled("unpacked-indexes");
    let indexes = MULTI_BYTE_INDEXES.iter().filter(|i| enabled(i.1));
    if indexes.clone().next().is_some() {
        println!("cargo:rustc-cfg=multi_byte_indexes");
        if !unpacked {
            println!("cargo:rustc-cfg=packed_indexes");
        }
    }
    let mut s = String::new();
    for (name, _) in indexes {
        let entries = read_index(dir, name);
        let len = entries.last().unwrap().0 + 1;
        let t = if entries.iter().all(|&(_, cp)| cp <= 0xFFFF) {
            "u16"
        } else {
            "u32"
        };
        let function = name.replace('-', "_");
        let konst = function.to_uppercase();
        let doc = format!("Index {name}: <https://encoding.spec.whatwg.org/#index-{name}>.");
        let value = if unpacked {
            let mut table = vec![0; len as usize];
            for &(pointer, cp) in &entries {
                table[pointer as usize] = cp;
            }
            writeln!(s, "static {konst}_TABLE: [{t}; {len}] = {table:?};").unwrap();
            format!("{konst}_TABLE")
        } else {
            let file = format!("{name}.packed");
            fs::write(out.join(&file), pack(&entries)).unwrap();
            writeln!(
                s,
                "static {konst}_PACKED: &[u8] = include_bytes!({file:?});"
            )
            .unwrap();
            format!("packed({konst}_PACKED)")
        };
        writeln!(
            s,
            "index!(\n    /// {doc}\n    {function}: [{t}; {len}] = {value}\n);"
        )
        .unwrap();
    }
    if enabled("chinese-simplified") {
        let ranges = read_index(dir, "gb18030-ranges");
        writeln!(
            s,
            "pub(crate) static GB18030_RANGES: [(u32, u32); {}] = {ranges:?};",
            ranges.len()
        )
        .unwrap();
    }
    if enabled("japanese") {
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
    }
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
