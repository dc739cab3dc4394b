//! The families table: every state machine of the decoders and encoders, with the Cargo feature of
//! its family, the encodings it serves and how each gets its decoder and encoder. The dispatch of
//! `decoder.rs` and `encoder.rs` is made from it; the encodings themselves come from
//! `encodings.json` (src/encoding.rs).

/// Calls `$then!` with the table, a row per state machine:
/// `(cfg) Kind for pattern => decoder Type = new, encoder Type = new, saved by save;`
/// where the cfg says which builds have it, each `new` is a function of the encoding, the encoder
/// is left out where there is none, and `saved by` names the function that saves a decoder whose
/// state is not only the bytes it holds (see `Decoder::save`).
macro_rules! families {
    ($then:ident) => {
        $then! {
            (feature = "lite") Utf8 for Encoding::Utf8
                => decoder crate::utf8::Utf8Decoder = |_| Default::default(),
                encoder crate::utf8::Utf8Encoder = |_| crate::utf8::Utf8Encoder;
            (feature = "lite") SingleByte for crate::encoding::single_byte!()
                => decoder crate::single_byte::SingleByteDecoder = crate::single_byte::SingleByteDecoder::new,
                encoder crate::single_byte::SingleByteEncoder = crate::single_byte::SingleByteEncoder::new;
            (feature = "chinese-simplified") Gb18030 for Encoding::Gbk | Encoding::Gb18030
                => decoder crate::chinese_simplified::Gb18030Decoder = |_| Default::default(),
                encoder crate::chinese_simplified::Gb18030Encoder =
                    |e| crate::chinese_simplified::Gb18030Encoder::new(e == Encoding::Gbk);
            (feature = "chinese-traditional") Big5 for Encoding::Big5
                => decoder crate::chinese_traditional::Big5Decoder = |_| Default::default(),
                encoder crate::chinese_traditional::Big5Encoder = |_| Default::default();
            (feature = "japanese") EucJp for Encoding::EucJp
                => decoder crate::japanese::EucJpDecoder = |_| Default::default(),
                encoder crate::japanese::EucJpEncoder = |_| Default::default();
            (feature = "japanese") Iso2022Jp for Encoding::Iso2022Jp
                => decoder crate::japanese::Iso2022JpDecoder = |_| Default::default(),
                encoder crate::japanese::Iso2022JpEncoder = |_| Default::default(),
                saved by crate::japanese::Iso2022JpDecoder::save;
            (feature = "japanese") ShiftJis for Encoding::ShiftJis
                => decoder crate::japanese::ShiftJisDecoder = |_| Default::default(),
                encoder crate::japanese::ShiftJisEncoder = |_| Default::default();
            (feature = "korean") EucKr for Encoding::EucKr
                => decoder crate::korean::EucKrDecoder = |_| Default::default(),
                encoder crate::korean::EucKrEncoder = |_| Default::default();
            // In every build; the standard gives it no encoder.
            (all()) Replacement for Encoding::Replacement
                => decoder crate::misc::ReplacementDecoder = |_| Default::default(),
                saved by |d: &crate::misc::ReplacementDecoder| Some(d.save());
            (feature = "lite") Utf16 for Encoding::Utf16Be | Encoding::Utf16Le
                => decoder crate::misc::Utf16Decoder = |e| crate::misc::Utf16Decoder::new(e == Encoding::Utf16Be),
                encoder crate::misc::Utf16Encoder = |e| crate::misc::Utf16Encoder::new(e == Encoding::Utf16Be);
            (feature = "lite") XUserDefined for Encoding::XUserDefined
                => decoder crate::misc::XUserDefinedDecoder = |_| crate::misc::XUserDefinedDecoder,
                encoder crate::misc::XUserDefinedEncoder = |_| crate::misc::XUserDefinedEncoder;
        }
    };
}

pub(crate) use families;
