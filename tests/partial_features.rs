//! Builds with some of the families (the wasm modules of the lite entry and the add-ons), run by
//! scripts/test-all.sh:
//! `cargo test --no-default-features --features lite --test partial_features`
//! `cargo test --no-default-features --features japanese --test partial_features`
//! The build has exactly its families; Decoder::new and Encoder::new panic as documented for the
//! others.

use encoding_wasm::{Decoder, Encoder, EncoderMode, Encoding, Family};

/// The families this build was made with.
fn built(family: Family) -> bool {
    match family {
        Family::Utf8 | Family::SingleByte => cfg!(feature = "lite"),
        Family::Japanese => cfg!(feature = "japanese"),
        Family::ChineseSimplified => cfg!(feature = "chinese-simplified"),
        Family::ChineseTraditional => cfg!(feature = "chinese-traditional"),
        Family::Korean => cfg!(feature = "korean"),
        Family::Miscellaneous => true,
    }
}

#[test]
fn every_label_is_known_and_availability_follows_the_features() {
    assert_eq!(Encoding::for_label("sjis"), Some(Encoding::ShiftJis));
    assert_eq!(Encoding::for_label("latin1"), Some(Encoding::Windows1252));
    for e in Encoding::ALL {
        let expected = match e {
            Encoding::Replacement => true,
            Encoding::Utf16Be | Encoding::Utf16Le | Encoding::XUserDefined => {
                cfg!(feature = "lite")
            }
            _ => built(e.family()),
        };
        assert_eq!(e.is_available(), expected, "{}", e.name());
    }
}

#[test]
fn the_available_encodings_decode_and_encode() {
    let mut replacement = Decoder::new(Encoding::Replacement);
    assert_eq!(replacement.decode_to_string(b"a", true), "\u{FFFD}");
    if cfg!(feature = "lite") {
        let mut d = Decoder::new(Encoding::Windows1251);
        assert_eq!(d.decode_to_string(b"\xC0", true), "А");
        let mut e = Encoder::new(Encoding::Utf16Be).unwrap();
        assert_eq!(e.encode_to_vec("a", EncoderMode::Fatal).unwrap(), b"\0a");
    }
    if cfg!(feature = "japanese") {
        let mut d = Decoder::new(Encoding::ShiftJis);
        assert_eq!(d.decode_to_string(b"\x82\xA0", true), "あ");
        let mut e = Encoder::new(Encoding::EucJp).unwrap();
        assert_eq!(
            e.encode_to_vec("あ", EncoderMode::Fatal).unwrap(),
            b"\xA4\xA2"
        );
    }
}

#[cfg(not(feature = "korean"))]
#[test]
#[should_panic(expected = "EUC-KR: its family's feature is off in this build")]
fn a_decoder_of_a_family_not_built_panics_as_documented() {
    Decoder::new(Encoding::EucKr);
}

#[cfg(not(feature = "chinese-traditional"))]
#[test]
#[should_panic(expected = "Big5: its family's feature is off in this build")]
fn an_encoder_of_a_family_not_built_panics_as_documented() {
    Encoder::new(Encoding::Big5);
}

#[cfg(not(feature = "lite"))]
#[test]
#[should_panic(expected = "windows-1252: its family's feature is off in this build")]
fn a_single_byte_decoder_without_lite_panics_as_documented() {
    Decoder::new(Encoding::Windows1252);
}
