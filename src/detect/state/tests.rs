use super::*;
use crate::Encoding;

/// Real inputs whose states cover every part: Russian in windows-1251, long enough to be pruned
/// (index-windows-1251.txt); Japanese in Shift_JIS and EUC-JP, Chinese in GBK with a four-byte
/// gb18030 sequence, Korean in EUC-KR and Chinese in Big5 (encoding_rs); Czech in UTF-8;
/// ISO-2022-JP's escapes; a BOM.
fn inputs() -> Vec<Vec<u8>> {
    let russian = b"\xCF\xF0\xE8\xE2\xE5\xF2, \xEA\xE0\xEA \xE4\xE5\xEB\xE0? \
        \xDD\xF2\xEE \xEF\xF0\xEE\xF1\xF2\xEE\xE9 \xF2\xE5\xEA\xF1\xF2. ";
    let japanese = "日本語の文章です。今日は良い天気ですね。";
    let (shift_jis, _, _) = encoding_rs::SHIFT_JIS.encode(japanese);
    let (euc_jp, _, _) = encoding_rs::EUC_JP.encode(japanese);
    let (gbk, _, _) = encoding_rs::GBK.encode("中文的句子，今天天气很好。");
    let (euc_kr, _, _) = encoding_rs::EUC_KR.encode("한국어 문장입니다.");
    let (big5, _, _) = encoding_rs::BIG5.encode("中文的句子，今天天氣很好。");
    vec![
        russian.repeat(5000 / russian.len() + 1),
        shift_jis.into_owned(),
        [&euc_jp[..], b"\x8F\xA2\xAF \x8E\xB1"].concat(),
        [&gbk[..], b"\x81\x30\x81\x30\x80"].concat(),
        euc_kr.into_owned(),
        big5.into_owned(),
        "Příliš žluťoučký kůň €𝄞".as_bytes().to_vec(),
        b"\x1B$B$3$s$K$A$O\x1B(B!".to_vec(),
        b"\xEF\xBB\xBFcaf\xE9".to_vec(),
    ]
}

/// What `ranked` gives under each of its options.
fn rankings(detector: &Detector) -> Vec<Vec<(Encoding, f32)>> {
    [
        (None, false),
        (None, true),
        (Some(&b"jp"[..]), false),
        (Some(b"ru"), true),
    ]
    .iter()
    .map(|&(tld, allow_utf8)| detector.ranked(tld, allow_utf8))
    .collect()
}

#[test]
fn a_detector_restored_at_any_split_goes_on_as_the_one_fed_straight_through() {
    for input in inputs() {
        let mut whole = Detector::new();
        whole.feed(&input, true);
        for split in 0..=input.len() {
            let mut first = Detector::new();
            first.feed(&input[..split], false);
            let state = first.save();
            let mut restored = Detector::restore(&state).expect("a saved state");
            assert_eq!(restored.save(), state, "split {split}");
            assert_eq!(rankings(&restored), rankings(&first), "split {split}");
            restored.feed(&input[split..], true);
            assert_eq!(rankings(&restored), rankings(&whole), "split {split}");
        }
    }
}

#[test]
fn a_detector_restored_in_place_over_another_goes_on_as_the_one_saved() {
    // As the wasm module restores its one detector at every call: over one fed other bytes, and
    // after bytes refused (cut short, or with a flag of 2, so that some fields were replaced).
    let inputs = inputs();
    for (i, before) in inputs.iter().enumerate() {
        for (j, input) in inputs.iter().enumerate() {
            let (head, tail) = input.split_at(input.len() / 2);
            let mut saved = Detector::new();
            saved.feed(head, false);
            let state = saved.save();
            let mut bad_flag = state;
            bad_flag[KOI8_U_ONLY] = 2;
            let mut reused = Detector::new();
            reused.feed(before, true);
            assert!(!reused.restore_from(&state[..STATE_LEN / 2]), "{i} {j}");
            assert!(!reused.restore_from(&bad_flag), "{i} {j}");
            assert!(reused.restore_from(&state), "{i} {j}");
            // Saved in place, it stays as it was.
            let mut out = [0; STATE_LEN];
            reused.save_into(&mut out);
            assert_eq!(out, state, "{i} {j}");
            assert_eq!(rankings(&reused), rankings(&saved), "{i} {j}");
            reused.feed(tail, true);
            saved.feed(tail, true);
            assert_eq!(reused.save(), saved.save(), "{i} {j}");
            assert_eq!(rankings(&reused), rankings(&saved), "{i} {j}");
        }
    }
}

/// The state of a detector fed `bytes`.
fn state_after(bytes: &[u8]) -> [u8; STATE_LEN] {
    let mut detector = Detector::new();
    detector.feed(bytes, false);
    detector.save()
}

/// Whether `state` with `bytes` written at `at` is restored.
fn restores(state: &[u8; STATE_LEN], at: usize, bytes: &[u8]) -> bool {
    let mut changed = *state;
    changed[at..at + bytes.len()].copy_from_slice(bytes);
    Detector::restore(&changed).is_some()
}

#[test]
fn restore_refuses_truncated_and_overlong_bytes() {
    let state = state_after(b"caf\xE9 \x82\xA0");
    for len in 0..STATE_LEN {
        assert!(Detector::restore(&state[..len]).is_none(), "{len} bytes");
    }
    assert!(Detector::restore(&[&state[..], &[0]].concat()).is_none());
}

// Where the fields are (see `save`): the detector's own, then the parts. The first single-byte
// candidate is windows-1252 (Western: 17 languages, 61 classes), the last windows-1258
// (Vietnamese: 1 language); the CJK ones are Shift_JIS, EUC-JP, EUC-KR, Big5, GBK.
const HEAD: usize = 0;
const HEAD_LEN: usize = 3;
const FED: usize = 4;
const NON_ASCII: usize = 12;
const ASCII_PAIRS: usize = 13;
const LAST_KIND: usize = 85;
const UTF8: usize = 86;
const ISO_2022_JP: usize = 90;
const WINDOWS_1252: usize = 95;
const WINDOWS_1252_PRUNED: usize = WINDOWS_1252 + 1 + 17 * 8;
const CJK: usize = STATE_LEN - 1 - 5 * CJK_LEN;
const WINDOWS_1258: usize = CJK - (1 + 8 + 4 + 8);
const KOI8_U_ONLY: usize = STATE_LEN - 1;

#[test]
fn restore_refuses_flags_other_than_0_and_1() {
    let state = state_after(b"ab");
    let flags = [
        NON_ASCII,
        UTF8 + 3,
        ISO_2022_JP + 3,
        ISO_2022_JP + 4,
        CJK + 11,
        CJK + 4 * CJK_LEN + 11,
        KOI8_U_ONLY,
    ];
    for at in flags {
        assert!(restores(&state, at, &[1]), "{at}");
        assert!(!restores(&state, at, &[2]), "{at}");
        assert!(!restores(&state, at, &[0xFF]), "{at}");
    }
}

#[test]
fn restore_refuses_a_head_other_than_the_first_bytes_fed() {
    let state = state_after(b"ab");
    assert!(restores(&state, HEAD, b"xy"));
    // More than three, more or fewer than were fed, a byte after them.
    assert!(!restores(&state, HEAD_LEN, &[4]));
    assert!(!restores(&state, HEAD_LEN, &[3]));
    assert!(!restores(&state, HEAD_LEN, &[1]));
    assert!(!restores(&state, HEAD + 2, b"c"));
    let three = state_after(b"abcdef");
    assert!(restores(&three, FED, &1000u64.to_le_bytes()));
    assert!(!restores(&three, FED, &2u64.to_le_bytes()));
}

#[test]
fn restore_refuses_more_ascii_pairs_than_bytes_fed() {
    // "abc": three pairs (the first byte follows a non-letter, as at the start of any text), of
    // classes 0 then 1, 1 then 2, 2 then 2.
    let state = state_after(b"abc");
    let pair = |k: usize| ASCII_PAIRS + 8 * k;
    assert!(restores(&state, pair(1), &0u64.to_le_bytes()));
    assert!(!restores(&state, pair(1), &2u64.to_le_bytes()));
    // Counts whose sum overflows.
    let mut huge = state;
    huge[pair(0)..pair(2)].fill(0xFF);
    huge[FED..FED + 8].fill(0xFF);
    assert!(Detector::restore(&huge).is_none());
}

#[test]
fn restore_refuses_counts_out_of_range() {
    let state = state_after(b"ab");
    // ASCII's three classes, or a non-ASCII byte.
    assert!(restores(&state, LAST_KIND, &[3]));
    assert!(!restores(&state, LAST_KIND, &[4]));
    // UTF-8: bytes needed and the bounds the lead byte set.
    assert!(restores(&state, UTF8, &[2, 0xA0, 0xBF]));
    assert!(!restores(&state, UTF8, &[4, 0x80, 0xBF]));
    assert!(!restores(&state, UTF8, &[1, 0xA0, 0xBF]));
    assert!(!restores(&state, UTF8, &[0, 0x80, 0x80]));
    // ISO-2022-JP: an escape sequence's bytes so far.
    assert!(restores(&state, ISO_2022_JP, &[0x1B, b'$', 2]));
    assert!(!restores(&state, ISO_2022_JP, &[0x1B, b'$', 3]));
    assert!(!restores(&state, ISO_2022_JP, &[0, 0, 2]));
    assert!(!restores(&state, ISO_2022_JP, &[0x1B, b'X', 1]));
}

#[test]
fn restore_refuses_a_single_byte_candidate_out_of_its_group() {
    let state = state_after(b"ab");
    // The previous byte's class (Western has 61; 63 is `IMPOSSIBLE`) and case (0 to 2).
    assert!(restores(&state, WINDOWS_1252, &[60 | 2 << 6]));
    assert!(!restores(&state, WINDOWS_1252, &[61]));
    assert!(!restores(&state, WINDOWS_1252, &[63]));
    assert!(!restores(&state, WINDOWS_1252, &[3 << 6]));
    // Languages pruned: 17 in Western, 1 in Vietnamese.
    assert!(restores(
        &state,
        WINDOWS_1252_PRUNED,
        &0x1_FFFFu32.to_le_bytes()
    ));
    assert!(!restores(
        &state,
        WINDOWS_1252_PRUNED,
        &0x2_0000u32.to_le_bytes()
    ));
    assert!(restores(&state, WINDOWS_1258 + 9, &1u32.to_le_bytes()));
    assert!(!restores(&state, WINDOWS_1258 + 9, &2u32.to_le_bytes()));
    // The rarity's top byte is the group's index (Western 0, Vietnamese 9).
    assert!(restores(&state, WINDOWS_1252 + 1 + 17 * 8 + 4 + 7, &[0]));
    assert!(!restores(&state, WINDOWS_1252 + 1 + 17 * 8 + 4 + 7, &[1]));
    assert!(restores(&state, WINDOWS_1258 + 13 + 7, &[9]));
    assert!(!restores(&state, WINDOWS_1258 + 13 + 7, &[0]));
}

#[test]
fn restore_refuses_a_cjk_candidate_pending_what_its_decoder_never_leaves_pending() {
    let state = state_after(b"ab");
    let (shift_jis, euc_jp, gbk) = (CJK, CJK + CJK_LEN, CJK + 4 * CJK_LEN);
    // A lead byte (https://encoding.spec.whatwg.org/#shift_jis-decoder); a byte that is no lead,
    // a whole character, a gap.
    assert!(restores(&state, shift_jis, &[0x81, 0, 0]));
    assert!(!restores(&state, shift_jis, &[0xA0, 0, 0]));
    assert!(!restores(&state, shift_jis, &[0xB1, 0, 0]));
    assert!(!restores(&state, shift_jis, &[0x81, 0x40, 0]));
    assert!(!restores(&state, shift_jis, &[0, 0x81, 0]));
    // EUC-JP's 0x8F then a JIS X 0212 lead; not after another lead.
    assert!(restores(&state, euc_jp, &[0x8F, 0xA2, 0]));
    assert!(!restores(&state, euc_jp, &[0xA4, 0xA2, 0]));
    // gb18030's first, second and third bytes of four; not a second byte out of 0x30 to 0x39.
    assert!(restores(&state, gbk, &[0x81, 0x30, 0x81]));
    assert!(!restores(&state, gbk, &[0x81, 0x81, 0]));
    assert!(!restores(&state, gbk, &[0x81, 0x30, 0x30]));
}

#[test]
fn restore_refuses_costs_beyond_what_the_bytes_fed_can_add() {
    // Seven bytes fed. Costs no input of that length reaches made `ranked` overflow (a panic with
    // overflow checks on, a wrong guess without).
    let state = state_after(b"caf\xE9 \x82\xA0");
    let fed = 7u64;
    // Western's first language: at most 510 a byte (two costs of at most 255 each).
    assert!(restores(
        &state,
        WINDOWS_1252 + 1,
        &(510 * fed).to_le_bytes()
    ));
    assert!(!restores(
        &state,
        WINDOWS_1252 + 1,
        &(510 * fed + 1).to_le_bytes()
    ));
    assert!(!restores(&state, WINDOWS_1252 + 1, &u64::MAX.to_le_bytes()));
    // Its rarity (below the group's index): at most 63, the highest class, a byte.
    let rarity = WINDOWS_1252 + 1 + 17 * 8 + 4;
    assert!(restores(&state, rarity, &(63 * fed).to_le_bytes()[..7]));
    assert!(!restores(
        &state,
        rarity,
        &(63 * fed + 1).to_le_bytes()[..7]
    ));
    // A CJK candidate's: at most 255 a character.
    assert!(restores(&state, CJK + 3, &(255 * fed).to_le_bytes()));
    assert!(!restores(&state, CJK + 3, &(255 * fed + 1).to_le_bytes()));
    // The bytes fed: at most 2^46.
    assert!(restores(&state, FED, &(1u64 << 46).to_le_bytes()));
    assert!(!restores(&state, FED, &((1u64 << 46) + 1).to_le_bytes()));
    // Every count and cost at its highest: ranked and fed on without overflow.
    let mut top = state;
    let most = 1u64 << 46;
    top[FED..FED + 8].copy_from_slice(&most.to_le_bytes());
    top[ASCII_PAIRS..LAST_KIND].fill(0);
    top[ASCII_PAIRS + 8 * 4..ASCII_PAIRS + 8 * 5].copy_from_slice(&most.to_le_bytes());
    for language in 0..17 {
        let at = WINDOWS_1252 + 1 + 8 * language;
        top[at..at + 8].copy_from_slice(&(510 * most).to_le_bytes());
    }
    top[rarity..rarity + 7].copy_from_slice(&(63 * most).to_le_bytes()[..7]);
    for candidate in 0..5 {
        let at = CJK + candidate * CJK_LEN + 3;
        top[at..at + 8].copy_from_slice(&(255 * most).to_le_bytes());
    }
    let mut detector = Detector::restore(&top).expect("the highest counts and costs");
    rankings(&detector);
    detector.feed(b"\xE9\x82", true);
    rankings(&detector);
}

#[test]
fn every_state_restored_is_saved_back_as_it_was() {
    // Each byte of a state with every part under way set to values of each kind: refused, or
    // restored to a detector that saves those very bytes (no field is dropped or changed).
    let state = state_after(b"\xEF\x1B$ caf\xE9 \x82\xA0\x81\x30\x81");
    for at in 0..STATE_LEN {
        for value in [0, 1, 2, 3, 0x30, 0x80, 0x81, 0xBF, 0xFF] {
            let mut changed = state;
            changed[at] = value;
            if let Some(detector) = Detector::restore(&changed) {
                assert_eq!(detector.save(), changed, "byte {at} set to {value}");
            }
        }
    }
}
