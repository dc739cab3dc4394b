//! What a top-level domain says about unlabeled content: the encoding a browser falls back to
//! for it (Firefox's per-domain fallbacks, which chardetng also applies).

use crate::Encoding;

/// Two-letter country domains whose fallback is not windows-1252, by encoding.
const FALLBACKS: [(Encoding, &[&[u8; 2]]); 14] = [
    (Encoding::Windows1250, &[b"ba", b"cz", b"hr", b"ro", b"sk"]),
    (Encoding::Iso8859_2, &[b"hu", b"pl", b"si"]),
    (
        Encoding::Windows1251,
        &[
            b"bg", b"by", b"kg", b"kz", b"md", b"mk", b"mn", b"rs", b"ru", b"su", b"tj", b"tm",
            b"ua", b"uz",
        ],
    ),
    (Encoding::Iso8859_7, &[b"cy", b"gr"]),
    (Encoding::Windows1254, &[b"az", b"tr"]),
    (Encoding::Windows1255, &[b"il"]),
    (
        Encoding::Windows1256,
        &[
            b"ae", b"af", b"bh", b"dz", b"eg", b"iq", b"ir", b"jo", b"kw", b"lb", b"ly", b"ma",
            b"mr", b"om", b"pk", b"ps", b"qa", b"sa", b"sd", b"sy", b"tn", b"ye",
        ],
    ),
    (Encoding::Windows1257, &[b"lt", b"lv"]),
    (Encoding::Windows1258, &[b"vn"]),
    (Encoding::Windows874, &[b"th"]),
    (Encoding::Gbk, &[b"cn", b"sg"]),
    (Encoding::Big5, &[b"hk", b"mo", b"tw"]),
    (Encoding::ShiftJis, &[b"jp"]),
    (Encoding::EucKr, &[b"kp", b"kr"]),
];

/// The encoding a browser falls back to for content from `tld` (the last label of the host
/// name, any ASCII case; `None` for none known): windows-1252 unless the domain says otherwise.
pub fn fallback(tld: Option<&[u8]>) -> Encoding {
    let Some(&[a, b]) = tld else {
        return Encoding::Windows1252;
    };
    let key = [a.to_ascii_lowercase(), b.to_ascii_lowercase()];
    FALLBACKS
        .iter()
        .find(|(_, domains)| domains.contains(&&key))
        .map_or(Encoding::Windows1252, |&(encoding, _)| encoding)
}
