//! Encodings, their names and labels (<https://encoding.spec.whatwg.org/#names-and-labels>) and
//! output encodings (<https://encoding.spec.whatwg.org/#output-encodings>).

include!(concat!(env!("OUT_DIR"), "/labels.rs"));

/// The 40 encodings of the Encoding Standard, in the order of its table of names and labels
/// (`encodings.json`), which is also the order of its chapters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Encoding {
    Utf8,
    Ibm866,
    Iso8859_2,
    Iso8859_3,
    Iso8859_4,
    Iso8859_5,
    Iso8859_6,
    Iso8859_7,
    Iso8859_8,
    Iso8859_8I,
    Iso8859_10,
    Iso8859_13,
    Iso8859_14,
    Iso8859_15,
    Iso8859_16,
    Koi8R,
    Koi8U,
    Macintosh,
    Windows874,
    Windows1250,
    Windows1251,
    Windows1252,
    Windows1253,
    Windows1254,
    Windows1255,
    Windows1256,
    Windows1257,
    Windows1258,
    XMacCyrillic,
    Gbk,
    Gb18030,
    Big5,
    EucJp,
    Iso2022Jp,
    ShiftJis,
    EucKr,
    Replacement,
    Utf16Be,
    Utf16Le,
    XUserDefined,
}

/// The standard's chapters, which group the encodings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// The encoding (UTF-8): <https://encoding.spec.whatwg.org/#the-encoding>.
    Utf8,
    /// Legacy single-byte encodings:
    /// <https://encoding.spec.whatwg.org/#legacy-single-byte-encodings>.
    SingleByte,
    /// Legacy multi-byte Chinese (simplified) encodings:
    /// <https://encoding.spec.whatwg.org/#legacy-multi-byte-chinese-(simplified)-encodings>.
    ChineseSimplified,
    /// Legacy multi-byte Chinese (traditional) encodings:
    /// <https://encoding.spec.whatwg.org/#legacy-multi-byte-chinese-(traditional)-encodings>.
    ChineseTraditional,
    /// Legacy multi-byte Japanese encodings:
    /// <https://encoding.spec.whatwg.org/#legacy-multi-byte-japanese-encodings>.
    Japanese,
    /// Legacy multi-byte Korean encodings:
    /// <https://encoding.spec.whatwg.org/#legacy-multi-byte-korean-encodings>.
    Korean,
    /// Legacy miscellaneous encodings:
    /// <https://encoding.spec.whatwg.org/#legacy-miscellaneous-encodings>.
    Miscellaneous,
}

const NAMES: [&str; 40] = [
    "UTF-8",
    "IBM866",
    "ISO-8859-2",
    "ISO-8859-3",
    "ISO-8859-4",
    "ISO-8859-5",
    "ISO-8859-6",
    "ISO-8859-7",
    "ISO-8859-8",
    "ISO-8859-8-I",
    "ISO-8859-10",
    "ISO-8859-13",
    "ISO-8859-14",
    "ISO-8859-15",
    "ISO-8859-16",
    "KOI8-R",
    "KOI8-U",
    "macintosh",
    "windows-874",
    "windows-1250",
    "windows-1251",
    "windows-1252",
    "windows-1253",
    "windows-1254",
    "windows-1255",
    "windows-1256",
    "windows-1257",
    "windows-1258",
    "x-mac-cyrillic",
    "GBK",
    "gb18030",
    "Big5",
    "EUC-JP",
    "ISO-2022-JP",
    "Shift_JIS",
    "EUC-KR",
    "replacement",
    "UTF-16BE",
    "UTF-16LE",
    "x-user-defined",
];

impl Encoding {
    /// Every encoding, in the standard's order.
    pub const ALL: [Encoding; 40] = {
        use Encoding::*;
        [
            Utf8,
            Ibm866,
            Iso8859_2,
            Iso8859_3,
            Iso8859_4,
            Iso8859_5,
            Iso8859_6,
            Iso8859_7,
            Iso8859_8,
            Iso8859_8I,
            Iso8859_10,
            Iso8859_13,
            Iso8859_14,
            Iso8859_15,
            Iso8859_16,
            Koi8R,
            Koi8U,
            Macintosh,
            Windows874,
            Windows1250,
            Windows1251,
            Windows1252,
            Windows1253,
            Windows1254,
            Windows1255,
            Windows1256,
            Windows1257,
            Windows1258,
            XMacCyrillic,
            Gbk,
            Gb18030,
            Big5,
            EucJp,
            Iso2022Jp,
            ShiftJis,
            EucKr,
            Replacement,
            Utf16Be,
            Utf16Le,
            XUserDefined,
        ]
    };

    /// Get an encoding (<https://encoding.spec.whatwg.org/#concept-encoding-get>): ASCII whitespace
    /// is trimmed from `label`, which is then matched ASCII case-insensitively against every label.
    /// Nothing else is folded.
    pub fn for_label(label: &str) -> Option<Encoding> {
        Self::for_label_bytes(label.as_bytes())
    }

    /// [`Encoding::for_label`] on bytes (a label with a non-ASCII byte never matches).
    pub fn for_label_bytes(label: &[u8]) -> Option<Encoding> {
        let label = trim_ascii_whitespace(label);
        // Labels are ASCII lowercase: a case-insensitive comparison folds only the input's case.
        let matches = |list: &str| {
            list.as_bytes()
                .split(|&b| b == b' ')
                .any(|l| l.eq_ignore_ascii_case(label))
        };
        Self::ALL
            .into_iter()
            .zip(label_lists())
            .find(|&(_, list)| matches(list))
            .map(|(e, _)| e)
    }

    /// The encoding's name, as the standard spells it (for example "Shift_JIS").
    pub fn name(self) -> &'static str {
        NAMES[self as usize]
    }

    /// Every label of this encoding, in ASCII lowercase, sorted.
    pub fn labels(self) -> impl Iterator<Item = &'static str> {
        label_lists()
            .nth(self as usize)
            .unwrap_or_default()
            .split(' ')
    }

    /// The chapter of the standard that defines this encoding.
    pub fn family(self) -> Family {
        use Encoding::*;
        match self {
            Utf8 => Family::Utf8,
            Gbk | Gb18030 => Family::ChineseSimplified,
            Big5 => Family::ChineseTraditional,
            EucJp | Iso2022Jp | ShiftJis => Family::Japanese,
            EucKr => Family::Korean,
            Replacement | Utf16Be | Utf16Le | XUserDefined => Family::Miscellaneous,
            _ => Family::SingleByte,
        }
    }

    /// Whether this build has the encoding's decoder and encoder: the default features have
    /// every family; a build with some (the wasm modules of the lite entry and its add-ons) has
    /// the rest only as labels and names. Replacement is always there.
    pub fn is_available(self) -> bool {
        match self.family() {
            Family::Utf8 | Family::SingleByte => cfg!(feature = "lite"),
            Family::ChineseSimplified => cfg!(feature = "chinese-simplified"),
            Family::ChineseTraditional => cfg!(feature = "chinese-traditional"),
            Family::Japanese => cfg!(feature = "japanese"),
            Family::Korean => cfg!(feature = "korean"),
            Family::Miscellaneous => self == Encoding::Replacement || cfg!(feature = "lite"),
        }
    }

    /// Get an output encoding (<https://encoding.spec.whatwg.org/#get-an-output-encoding>):
    /// replacement and UTF-16BE/LE give UTF-8.
    pub fn output_encoding(self) -> Encoding {
        match self {
            Encoding::Replacement | Encoding::Utf16Be | Encoding::Utf16Le => Encoding::Utf8,
            e => e,
        }
    }

    /// Whether the standard defines an encoder (all but replacement and UTF-16BE/LE).
    pub fn has_standard_encoder(self) -> bool {
        self.output_encoding() == self
    }
}

/// The lines of `LABELS`: each encoding's labels separated by spaces, in `Encoding` order. (A
/// byte search: `str::split` would bring in 0.8 KB of wasm code for this.)
pub(crate) fn label_lists() -> impl Iterator<Item = &'static str> {
    let mut rest = Some(LABELS);
    core::iter::from_fn(move || next_line(&mut rest))
}

#[inline(never)]
fn next_line(rest: &mut Option<&'static str>) -> Option<&'static str> {
    let s = (*rest)?;
    match s.bytes().position(|b| b == b'\n') {
        Some(i) => {
            *rest = s.get(i + 1..);
            s.get(..i)
        }
        None => {
            *rest = None;
            Some(s)
        }
    }
}

/// ASCII whitespace is U+0009 TAB, U+000A LF, U+000C FF, U+000D CR, or U+0020 SPACE (Infra).
fn trim_ascii_whitespace(mut s: &[u8]) -> &[u8] {
    let ws = |b: &u8| matches!(b, b'\t' | b'\n' | b'\x0C' | b'\r' | b' ');
    while let Some((first, rest)) = s.split_first() {
        if !ws(first) {
            break;
        }
        s = rest;
    }
    while let Some((last, rest)) = s.split_last() {
        if !ws(last) {
            break;
        }
        s = rest;
    }
    s
}

/// An encoding whose family's feature is off: the caller should have asked
/// [`Encoding::is_available`].
#[cold]
pub(crate) fn unavailable(encoding: Encoding) -> ! {
    panic!(
        "{}: its family's feature is off in this build",
        encoding.name()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_follow_encodings_json() {
        assert_eq!(NAMES, JSON_NAMES);
        for (i, e) in Encoding::ALL.iter().enumerate() {
            assert_eq!(*e as usize, i);
        }
    }

    #[test]
    fn label_lines_follow_encodings() {
        assert_eq!(label_lists().count(), Encoding::ALL.len());
        assert_eq!(Encoding::Utf8.labels().next(), Some("unicode-1-1-utf-8"));
        assert_eq!(
            Encoding::XUserDefined.labels().collect::<Vec<_>>(),
            ["x-user-defined"]
        );
        assert_eq!(Encoding::Windows1252.labels().count(), 17);
    }

    #[test]
    fn lookup_trims_whitespace_and_folds_ascii_case_only() {
        assert_eq!(
            Encoding::for_label(" \tLATIN1\x0C\r\n"),
            Some(Encoding::Windows1252)
        );
        assert_eq!(Encoding::for_label("UTF-16"), Some(Encoding::Utf16Le));
        assert_eq!(Encoding::for_label(""), None);
        assert_eq!(Encoding::for_label("utf-8 latin1"), None);
        assert_eq!(Encoding::for_label("\u{a0}utf-8"), None);
        // U+212A KELVIN SIGN lowercases to "k" outside ASCII: no match.
        assert_eq!(Encoding::for_label("\u{212a}oi8-r"), None);
        assert_eq!(Encoding::for_label_bytes(b"utf-8\0"), None);
    }

    #[test]
    fn lowercased_name_is_a_label() {
        for e in Encoding::ALL {
            assert_eq!(Encoding::for_label(&e.name().to_ascii_lowercase()), Some(e));
        }
    }
}
