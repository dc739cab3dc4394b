//! Shared by the verification suites: a small seeded PRNG, inputs biased toward each encoding's
//! interesting byte ranges, random chunkings and random strings, and hex for failure messages.
#![allow(dead_code)] // each test file uses a different part

use encoding_wasm::Encoding;

/// SplitMix64: tiny, seeded, reproducible.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// A seed for an encoding, so each encoding's stream is independent and reproducible.
    pub fn for_encoding(e: Encoding, salt: u64) -> Rng {
        Rng::new(0x5EED_0000 ^ ((e as u64) << 32) ^ salt)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    pub fn in_range(&mut self, lo: u32, hi: u32) -> u32 {
        lo + self.below((hi - lo + 1) as usize) as u32
    }

    pub fn one_in(&mut self, n: usize) -> bool {
        self.below(n) == 0
    }
}

/// Byte ranges (inclusive) worth drawing from for an encoding's decoder: its leading, trailing and
/// special bytes, ASCII, and the bytes that are never valid. Each range is drawn equally often.
pub fn byte_ranges(e: Encoding) -> &'static [(u8, u8)] {
    use Encoding::*;
    match e {
        Utf8 => &[
            (0x00, 0x7F),
            (0x80, 0x8F),
            (0x90, 0x9F),
            (0xA0, 0xBF),
            (0x80, 0xBF),
            (0x80, 0xBF),
            (0xC0, 0xC1),
            (0xC2, 0xDF),
            (0xE0, 0xE0),
            (0xE1, 0xEC),
            (0xED, 0xED),
            (0xEE, 0xEF),
            (0xF0, 0xF0),
            (0xF1, 0xF3),
            (0xF4, 0xF4),
            (0xF5, 0xFF),
        ],
        Gbk | Gb18030 => &[
            (0x00, 0x7F),
            (0x30, 0x39),
            (0x30, 0x39),
            (0x40, 0x7E),
            (0x80, 0x80),
            (0x81, 0xFE),
            (0x81, 0xFE),
            (0x81, 0x84),
            (0xE3, 0xE3),
            (0xFE, 0xFE),
            (0xA1, 0xA9),
            (0xFF, 0xFF),
        ],
        Big5 => &[
            (0x00, 0x7F),
            (0x40, 0x7E),
            (0x80, 0x80),
            (0x81, 0xFE),
            (0x81, 0xFE),
            (0x87, 0x88),
            (0xA1, 0xFE),
            (0xA1, 0xFE),
            (0x62, 0x66),
            (0xA3, 0xA5),
            (0xFF, 0xFF),
        ],
        EucJp => &[
            (0x00, 0x7F),
            (0x8E, 0x8E),
            (0x8F, 0x8F),
            (0xA1, 0xFE),
            (0xA1, 0xFE),
            (0xA1, 0xDF),
            (0x80, 0xA0),
            (0xFF, 0xFF),
        ],
        Iso2022Jp => &[
            (0x1B, 0x1B),
            (0x1B, 0x1B),
            (0x24, 0x24),
            (0x28, 0x28),
            (0x40, 0x40),
            (0x42, 0x42),
            (0x4A, 0x4A),
            (0x49, 0x49),
            (0x44, 0x44),
            (0x21, 0x7E),
            (0x21, 0x7E),
            (0x0A, 0x0A),
            (0x0D, 0x0D),
            (0x0E, 0x0F),
            (0x00, 0x7F),
            (0x80, 0xFF),
        ],
        ShiftJis => &[
            (0x00, 0x7F),
            (0x40, 0x7E),
            (0x80, 0x80),
            (0x81, 0x9F),
            (0x81, 0x9F),
            (0xA0, 0xA0),
            (0xA1, 0xDF),
            (0xE0, 0xFC),
            (0xF0, 0xF9),
            (0x80, 0xFC),
            (0xFD, 0xFF),
        ],
        EucKr => &[
            (0x00, 0x7F),
            (0x41, 0x5A),
            (0x61, 0x7A),
            (0x81, 0xFE),
            (0x81, 0xFE),
            (0xA1, 0xFE),
            (0xC7, 0xC9),
            (0x80, 0x80),
            (0xFF, 0xFF),
        ],
        Utf16Be | Utf16Le => &[
            (0x00, 0x00),
            (0x20, 0x7E),
            (0xD8, 0xDB),
            (0xDC, 0xDF),
            (0xFE, 0xFF),
            (0x00, 0xFF),
        ],
        _ => &[(0x00, 0x7F), (0x80, 0xFF)],
    }
}

/// A random input for `e`'s decoder: mostly short, sometimes with ASCII runs (fast paths).
pub fn random_bytes(rng: &mut Rng, e: Encoding) -> Vec<u8> {
    let ranges = byte_ranges(e);
    let len = match rng.below(8) {
        0 => rng.below(4),
        7 => rng.below(200),
        _ => rng.below(40),
    };
    let mut v = Vec::with_capacity(len);
    while v.len() < len {
        if rng.one_in(24) {
            let run = 1 + rng.below(24);
            v.extend((0..run).map(|_| rng.in_range(0x20, 0x7E) as u8));
            continue;
        }
        let (lo, hi) = ranges[rng.below(ranges.len())];
        v.push(rng.in_range(u32::from(lo), u32::from(hi)) as u8);
    }
    v
}

/// Random chunk boundaries over `len` items: empty chunks included, sizes mostly small.
pub fn random_chunks(rng: &mut Rng, len: usize) -> Vec<std::ops::Range<usize>> {
    let mut chunks = Vec::new();
    let mut pos = 0;
    while pos < len {
        let size = match rng.below(5) {
            0 => 0,
            1 => 1,
            2 => rng.below(4).min(len - pos),
            _ => rng.below(len - pos + 1),
        };
        chunks.push(pos..pos + size);
        pos += size;
    }
    if rng.one_in(3) {
        chunks.push(len..len);
    }
    chunks
}

/// Code point ranges worth drawing from for encoders: what the legacy encodings map, their
/// special cases, and what none of them map.
const CHAR_RANGES: &[(u32, u32)] = &[
    (0x00, 0x7F),
    (0x00, 0x7F),
    (0x80, 0xFF),
    (0x100, 0x5FF),
    (0x2000, 0x206F),
    (0x2100, 0x22FF),
    (0x2460, 0x25FF),
    (0x3000, 0x30FF),
    (0x3100, 0x33FF),
    (0x4E00, 0x9FFF),
    (0x4E00, 0x9FFF),
    (0xAC00, 0xD7A3),
    (0xE000, 0xE765),
    (0xE766, 0xF8FF),
    (0xF780, 0xF7FF),
    (0xF900, 0xFAFF),
    (0xFE30, 0xFE6F),
    (0xFF00, 0xFFEF),
    (0xFFF0, 0xFFFF),
    (0x10000, 0x10FFFF),
    (0x20000, 0x2FFFF),
    (0xA5, 0xA5),
    (0x203E, 0x203E),
    (0x2212, 0x2212),
    (0x20AC, 0x20AC),
    (0x0E, 0x0F),
    (0x1B, 0x1B),
];

fn random_char(rng: &mut Rng, (lo, hi): (u32, u32)) -> char {
    loop {
        if let Some(c) = char::from_u32(rng.in_range(lo, hi)) {
            return c;
        }
    }
}

/// Runs of characters from one range each (three in four characters keep the range of the one
/// before), so that runs of eight and more reach the encoders' bulk paths, which take eight code
/// units at a time: ASCII, kana, Hangul, CJK ideographs.
pub fn random_string(rng: &mut Rng) -> String {
    let len = if rng.one_in(8) {
        rng.below(120)
    } else {
        rng.below(16)
    };
    let mut range = CHAR_RANGES[rng.below(CHAR_RANGES.len())];
    (0..len)
        .map(|_| {
            if rng.below(4) == 0 {
                range = CHAR_RANGES[rng.below(CHAR_RANGES.len())];
            }
            random_char(rng, range)
        })
        .collect()
}

/// A random string as UTF-16 code units, with lone surrogates mixed in.
pub fn random_utf16(rng: &mut Rng) -> Vec<u16> {
    let mut units: Vec<u16> = random_string(rng).encode_utf16().collect();
    for _ in 0..rng.below(4) {
        let at = rng.below(units.len() + 1);
        units.insert(at, rng.in_range(0xD800, 0xDFFF) as u16);
    }
    units
}

/// Hex for failure messages.
/// Encoder input in either form.
#[derive(Clone, Copy)]
pub enum Text<'a> {
    Utf8(&'a str),
    Utf16(&'a [u16]),
}

impl Text<'_> {
    /// Bytes or code units.
    pub fn len(&self) -> usize {
        match self {
            Text::Utf8(s) => s.len(),
            Text::Utf16(u) => u.len(),
        }
    }

    /// For failure messages.
    pub fn show(&self) -> String {
        match self {
            Text::Utf8(s) => format!("UTF-8 {s:?} [{}]", hex(s.as_bytes())),
            Text::Utf16(u) => format!("UTF-16 [{}]", hex16(u)),
        }
    }
}

pub fn hex(bytes: &[u8]) -> String {
    bytes
        .iter()
        .map(|b| format!("{b:02X}"))
        .collect::<Vec<_>>()
        .join(" ")
}

pub fn hex16(units: &[u16]) -> String {
    units
        .iter()
        .map(|u| format!("{u:04X}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Calls `$then! { module_name: Variant; ... }` with all 40 encodings, so that per-encoding test
/// modules are listed once.
macro_rules! for_each_encoding {
    ($then:ident) => {
        $then! {
            utf_8: Utf8;
            ibm866: Ibm866;
            iso_8859_2: Iso8859_2;
            iso_8859_3: Iso8859_3;
            iso_8859_4: Iso8859_4;
            iso_8859_5: Iso8859_5;
            iso_8859_6: Iso8859_6;
            iso_8859_7: Iso8859_7;
            iso_8859_8: Iso8859_8;
            iso_8859_8_i: Iso8859_8I;
            iso_8859_10: Iso8859_10;
            iso_8859_13: Iso8859_13;
            iso_8859_14: Iso8859_14;
            iso_8859_15: Iso8859_15;
            iso_8859_16: Iso8859_16;
            koi8_r: Koi8R;
            koi8_u: Koi8U;
            macintosh: Macintosh;
            windows_874: Windows874;
            windows_1250: Windows1250;
            windows_1251: Windows1251;
            windows_1252: Windows1252;
            windows_1253: Windows1253;
            windows_1254: Windows1254;
            windows_1255: Windows1255;
            windows_1256: Windows1256;
            windows_1257: Windows1257;
            windows_1258: Windows1258;
            x_mac_cyrillic: XMacCyrillic;
            gbk: Gbk;
            gb18030: Gb18030;
            big5: Big5;
            euc_jp: EucJp;
            iso_2022_jp: Iso2022Jp;
            shift_jis: ShiftJis;
            euc_kr: EucKr;
            replacement: Replacement;
            utf_16be: Utf16Be;
            utf_16le: Utf16Le;
            x_user_defined: XUserDefined;
        }
    };
}
