//! The registry against the standard's encodings.json (indexes/encodings.json, the standard's own
//! file): every encoding in its order, with its name, labels and chapter (family), and whether this
//! build has it.

use encoding_wasm::{Encoding, Family};
use serde_json::Value;

/// The family of each of encodings.json's headings.
fn family_of(heading: &str) -> Family {
    match heading {
        "The Encoding" => Family::Utf8,
        "Legacy single-byte encodings" => Family::SingleByte,
        "Legacy multi-byte Chinese (simplified) encodings" => Family::ChineseSimplified,
        "Legacy multi-byte Chinese (traditional) encodings" => Family::ChineseTraditional,
        "Legacy multi-byte Japanese encodings" => Family::Japanese,
        "Legacy multi-byte Korean encodings" => Family::Korean,
        "Legacy miscellaneous encodings" => Family::Miscellaneous,
        other => panic!("a heading this test does not know: {other}"),
    }
}

/// The Cargo feature that builds each family (replacement, a miscellaneous encoding, is in every
/// build).
fn feature_of(family: Family) -> &'static str {
    match family {
        Family::Utf8 | Family::SingleByte | Family::Miscellaneous => "lite",
        Family::ChineseSimplified => "chinese-simplified",
        Family::ChineseTraditional => "chinese-traditional",
        Family::Japanese => "japanese",
        Family::Korean => "korean",
    }
}

fn standard() -> Vec<(Family, String, Vec<String>)> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/indexes/encodings.json");
    let json: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let mut out = Vec::new();
    for group in json.as_array().unwrap() {
        let family = family_of(group["heading"].as_str().unwrap());
        for e in group["encodings"].as_array().unwrap() {
            let labels = e["labels"].as_array().unwrap();
            let labels = labels
                .iter()
                .map(|l| l.as_str().unwrap().to_owned())
                .collect();
            out.push((family, e["name"].as_str().unwrap().to_owned(), labels));
        }
    }
    out
}

#[test]
fn every_encoding_in_the_standards_order_with_its_name_labels_and_family() {
    let standard = standard();
    assert_eq!(standard.len(), Encoding::ALL.len());
    for (&e, (family, name, labels)) in Encoding::ALL.iter().zip(&standard) {
        assert_eq!(e.name(), name);
        assert_eq!(e.family(), *family, "{name}'s family");
        let mut ours: Vec<&str> = e.labels().collect();
        let mut theirs: Vec<&str> = labels.iter().map(String::as_str).collect();
        ours.sort_unstable();
        theirs.sort_unstable();
        assert_eq!(ours, theirs, "{name}'s labels");
        for label in labels {
            assert_eq!(Encoding::for_label(label), Some(e), "label {label}");
        }
    }
}

#[test]
fn availability_follows_the_families_built() {
    for (family, name, labels) in standard() {
        let built = match family {
            Family::Utf8 | Family::SingleByte => cfg!(feature = "lite"),
            Family::ChineseSimplified => cfg!(feature = "chinese-simplified"),
            Family::ChineseTraditional => cfg!(feature = "chinese-traditional"),
            Family::Japanese => cfg!(feature = "japanese"),
            Family::Korean => cfg!(feature = "korean"),
            Family::Miscellaneous => name == "replacement" || cfg!(feature = "lite"),
        };
        let e = Encoding::for_label(&labels[0]).unwrap();
        assert_eq!(e.is_available(), built, "{name}");
    }
}

#[test]
fn families_have_the_standards_headings_and_their_features() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/indexes/encodings.json");
    let json: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    for group in json.as_array().unwrap() {
        let heading = group["heading"].as_str().unwrap();
        let family = family_of(heading);
        assert_eq!(family.heading(), heading);
        assert_eq!(family.feature(), feature_of(family), "{heading}");
    }
}
