//! Encodings, their names and labels (<https://encoding.spec.whatwg.org/#names-and-labels>) and
//! output encodings (<https://encoding.spec.whatwg.org/#output-encodings>).

include!(concat!(env!("OUT_DIR"), "/labels.rs"));

/// Makes the registry from `encodings.json`, as `build.rs` writes it (`registry.rs`): the number of
/// encodings; the match arms of `Encoding::family`, with the biggest family as the rest (which
/// compiles to less code than an arm per encoding); then per heading of the standard its family,
/// heading, anchor and Cargo feature, and its encodings' Rust and standard names.
macro_rules! registry {
    (
        $count:literal;
        family { $($of:pat => $of_family:ident,)* }
        $($family:ident $heading:literal $anchor:literal $feature:literal {
            $($encoding:ident $name:literal)*
        })*
    ) => {
        /// The encodings of the Encoding Standard, in the order of its table of names and labels
        /// (`encodings.json`), which is also the order of its chapters.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[repr(u8)]
        pub enum Encoding {
            $($(#[doc = $name] $encoding,)*)*
        }

        /// The standard's chapters, which group the encodings.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum Family {
            $(#[doc = concat!($heading, ": <", $anchor, ">.")] $family,)*
        }

        const NAMES: [&str; $count] = [$($($name,)*)*];

        impl Encoding {
            /// Every encoding, in the standard's order.
            pub const ALL: [Encoding; $count] = [$($(Encoding::$encoding,)*)*];

            /// The chapter of the standard that defines this encoding.
            pub fn family(self) -> Family {
                match self {
                    $($of => Family::$of_family,)*
                }
            }
        }

        impl Family {
            /// The heading of the standard's table of names and labels for this family.
            pub fn heading(self) -> &'static str {
                match self {
                    $(Family::$family => $heading,)*
                }
            }

            /// The Cargo feature that builds this family's decoders and encoders (replacement,
            /// in the miscellaneous family, is in every build); also the name of the package
            /// entry (and wasm module) that adds them.
            pub fn feature(self) -> &'static str {
                match self {
                    $(Family::$family => $feature,)*
                }
            }

            /// Whether this build has the family's feature.
            fn is_built(self) -> bool {
                match self {
                    $(Family::$family => cfg!(feature = $feature),)*
                }
            }
        }
    };
}

include!(concat!(env!("OUT_DIR"), "/registry.rs"));

impl Encoding {
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

    /// Whether this build has the encoding's decoder and encoder: the default features have
    /// every family; a build with some (the wasm modules of the lite entry and its add-ons) has
    /// the rest only as labels and names. Replacement is always there.
    pub fn is_available(self) -> bool {
        self.family().is_built() || self == Encoding::Replacement
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
#[cfg(all(some_family, not(every_family)))]
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
    fn numbers_follow_the_order() {
        assert_eq!(NAMES.len(), Encoding::ALL.len());
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
