//! The wasm binding layer (src/wasm/) through its exports, as the JS side calls them: numbers
//! in, scratch buffers in linear memory. Run with wasm-bindgen-test (Node or a browser).
#![cfg(target_arch = "wasm32")]

use encoding_wasm::wasm::buffers::{input16, input8, output16_at, output8, results, OUT_OF_BOUNDS};
use encoding_wasm::wasm::decode::{bom_sniff, decode_once, decode_saved, CoreTextDecoder};
use encoding_wasm::wasm::encode::encode_saved;
use encoding_wasm::wasm::info::{
    describe_encodings, flag_bits, has_encoding, FAILED, FATAL, IGNORE_BOM, INSPECT, PLAIN,
};
use wasm_bindgen_test::wasm_bindgen_test;

const UTF8: u32 = 0;
const WINDOWS_1252: u32 = 21;
const ISO_2022_JP: u32 = 33;
const REPLACEMENT: u32 = 36;
const UTF16LE: u32 = 38;

fn put(bytes: &[u8]) -> usize {
    unsafe { core::slice::from_raw_parts_mut(input8(bytes.len()), bytes.len()) }
        .copy_from_slice(bytes);
    bytes.len()
}

fn put16(s: &[u16]) -> usize {
    unsafe { core::slice::from_raw_parts_mut(input16(s.len()), s.len()) }.copy_from_slice(s);
    s.len()
}

fn text(n: i32) -> String {
    assert!(n >= 0, "decode returned {n}");
    let at = unsafe { *output16_at() } as *const u16;
    String::from_utf16(unsafe { core::slice::from_raw_parts(at, n as usize) }).unwrap()
}

fn bytes(n: i32) -> Vec<u8> {
    assert!(n >= 0, "encode returned {n}");
    unsafe { core::slice::from_raw_parts(output8(), n as usize) }.to_vec()
}

fn result(i: usize) -> u32 {
    unsafe { *results().add(i) }
}

#[wasm_bindgen_test]
fn describe_lists_forty_encodings_in_order() {
    let n = describe_encodings();
    let table =
        String::from_utf8(unsafe { core::slice::from_raw_parts(output8(), n) }.to_vec()).unwrap();
    let lines: Vec<&str> = table.lines().collect();
    assert_eq!(lines.len(), 40);
    assert_eq!(lines[0], "The Encoding\tUTF-8\t1\tlite\tunicode-1-1-utf-8 unicode11utf8 unicode20utf8 utf-8 utf8 x-unicode20utf8");
    assert!(lines[35].starts_with(
        "Legacy multi-byte Korean encodings\tEUC-KR\t1\tkorean\tcseuckr csksc56011987 "
    ));
    assert!(lines[36].starts_with("Legacy miscellaneous encodings\treplacement\t0\tlite\t"));
    assert!(lines[38].starts_with("Legacy miscellaneous encodings\tUTF-16LE\t0\tlite\t"));
}

#[wasm_bindgen_test]
fn the_full_build_has_every_encoding() {
    assert!((0..40).all(has_encoding));
    assert!(!has_encoding(40));
    assert!(!has_encoding(u32::MAX));
}

#[wasm_bindgen_test]
fn one_shot_decode_removes_the_bom_and_replaces_errors() {
    assert_eq!(
        text(decode_once(UTF8, 0, put(b"\xEF\xBB\xBFa\xF0\x90\x80b"))),
        "a\u{FFFD}b"
    );
    assert_eq!(
        text(decode_once(UTF8, IGNORE_BOM, put(b"\xEF\xBB\xBFa"))),
        "\u{FEFF}a"
    );
    assert_eq!(decode_once(UTF8, FATAL, put(b"a\xFF")), -1);
    assert_eq!(
        text(decode_once(WINDOWS_1252, 0, put(b"\x80\x81"))),
        "\u{20AC}\u{81}"
    );
    // TextDecoder refuses replacement; the decode hook's plain decoder does not.
    assert_eq!(decode_once(REPLACEMENT, 0, put(b"a")), -4);
    assert_eq!(
        text(decode_once(REPLACEMENT, PLAIN, put(b"ab"))),
        "\u{FFFD}"
    );
    assert_eq!(decode_once(99, 0, put(b"a")), -2);
}

/// A TextDecoder as JS keeps it: its encoding, flags and saved state.
struct Stream(u32, u32, u32);

impl Stream {
    /// One piece of a decode() call through `decode_saved`; the state after it is kept.
    fn piece(&mut self, input: &[u8], stream: bool, first: bool, last: bool) -> i32 {
        let n = decode_saved(self.0, self.1, self.2, put(input), stream, first, last);
        self.2 = result(0);
        n
    }

    /// One decode() call of one piece.
    fn call(&mut self, input: &[u8], stream: bool) -> i32 {
        self.piece(input, stream, true, true)
    }
}

#[wasm_bindgen_test]
fn streaming_decoder_keeps_state_until_a_final_call() {
    let mut d = Stream(UTF16LE, 0, 0);
    assert_eq!(text(d.call(b"\xFF\xFE\x3D", true)), "");
    assert_eq!(text(d.call(b"\xD8\x00", true)), "");
    assert_eq!(text(d.call(b"\xDE\x61", false)), "\u{1F600}\u{FFFD}");
    // A new call after the final one starts afresh: the BOM is removed again.
    assert_eq!(text(d.call(b"\xFF\xFEa\x00", false)), "a");
    // A call in pieces: only the first starts it, only the last ends it.
    assert_eq!(text(d.piece(b"\xFF\xFE\x3D", false, true, false)), "");
    assert_eq!(
        text(d.piece(b"\xD8\x00\xDE", false, false, true)),
        "\u{1F600}"
    );
    // TextDecoder refuses replacement; a number no state has is refused.
    assert_eq!(
        decode_saved(REPLACEMENT, 0, 0, put(b"a"), false, true, true),
        -4
    );
    assert_eq!(decode_saved(40, 0, 0, put(b"a"), false, true, true), -2);
    assert_eq!(
        decode_saved(UTF8, 0, 1 << 29, put(b"a"), false, true, true),
        -4
    );
    // Only the inspector and the decode hook's decoder are objects.
    assert!(CoreTextDecoder::create(UTF8, 0).is_none());
    assert!(CoreTextDecoder::create(REPLACEMENT, PLAIN).is_some());
    assert!(CoreTextDecoder::create(40, PLAIN).is_none());
}

#[wasm_bindgen_test]
fn a_fatal_error_keeps_a_streams_state_and_ends_a_final_call() {
    // ISO-2022-JP: ESC ( J then an error; the stream stays in Roman, where 0x7E is U+203E.
    let mut d = Stream(ISO_2022_JP, FATAL, 0);
    assert_eq!(d.call(b"\x1B\x28\x4A\xFF", true), -1);
    assert_eq!(text(d.call(b"\x7E", false)), "\u{203E}");
    assert_eq!(text(d.call(b"\x7E", false)), "~");
    assert_eq!(d.call(b"\x1B\x28\x4A\xFF", false), -1);
    assert_eq!(text(d.call(b"\x7E", false)), "~");
    let mut d = Stream(UTF8, FATAL, 0);
    assert_eq!(text(d.call(b"\xE3\x81", true)), "");
    assert_eq!(d.call(b"A", true), -1);
    assert_eq!(text(d.call(b"B", false)), "B");
}

#[wasm_bindgen_test]
fn lengths_beyond_the_input_buffer_read_nothing() {
    let len = put(b"abc");
    // Far more than the input buffers hold.
    let huge = 1 << 30;
    assert_eq!(decode_once(WINDOWS_1252, 0, huge), OUT_OF_BOUNDS);
    assert_eq!(decode_once(UTF8, 0, huge), OUT_OF_BOUNDS);
    assert_eq!(
        decode_saved(UTF8, 0, 0, huge, true, true, true),
        OUT_OF_BOUNDS
    );
    let mut d = CoreTextDecoder::create(UTF8, PLAIN).unwrap();
    assert_eq!(d.decode(huge, true), OUT_OF_BOUNDS);
    assert_eq!(bom_sniff(huge), -1);
    assert_eq!(encode_saved(UTF8, false, 0, huge, true), OUT_OF_BOUNDS);
    assert_eq!(encode_saved(UTF8, true, 0, huge, false), OUT_OF_BOUNDS);
    // Within the buffer all is well.
    assert_eq!(text(decode_once(UTF8, 0, len)), "abc");
}

#[wasm_bindgen_test]
fn flag_bits_are_the_ones_the_exports_use() {
    flag_bits();
    assert_eq!(
        [result(0), result(1), result(2), result(3), result(4)],
        [FATAL, IGNORE_BOM, PLAIN, INSPECT, FAILED as u32]
    );
    assert_eq!(decode_once(UTF8, FATAL, put(b"\xFF")), FAILED);
    assert_eq!(
        text(decode_once(UTF8, IGNORE_BOM, put(b"\xEF\xBB\xBF"))),
        "\u{FEFF}"
    );
}

#[wasm_bindgen_test]
fn bom_sniff_reports_encoding_and_length() {
    assert_eq!(bom_sniff(put(b"\xEF\xBB\xBF")), (UTF8 as i32) << 8 | 3);
    assert_eq!(bom_sniff(put(b"\xFF\xFEx")), (UTF16LE as i32) << 8 | 2);
    assert_eq!(bom_sniff(put(b"\xEF\xBB")), -1);
}

#[wasm_bindgen_test]
fn inspect_reports_ranges_through_the_buffers_in_pieces() {
    let mut r = CoreTextDecoder::create(UTF8, INSPECT).unwrap();
    let n = r.decode(put(b"a\xF0\x90"), false);
    assert_eq!(text(n), "a");
    assert_eq!(result(0), 0);
    let n = r.decode(put(b"\x80A\xFF"), true);
    assert_eq!(text(n), "\u{FFFD}A\u{FFFD}");
    assert_eq!((result(0), result(1)), (2, UTF8));
    let raw = unsafe { core::slice::from_raw_parts(output8(), 24) };
    let words: Vec<u32> = raw
        .chunks(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect();
    assert_eq!(words, [1, 4, 1, 5, 6, 3]);
}

#[wasm_bindgen_test]
fn encoders_in_html_and_fatal_modes() {
    let units: Vec<u16> = "a\u{20AC}\u{3042}".encode_utf16().collect();
    assert_eq!(
        bytes(encode_saved(WINDOWS_1252, true, 0, put16(&units), true)),
        b"a\x80&#12354;"
    );
    assert_eq!(
        encode_saved(WINDOWS_1252, false, 0, put16(&units), true),
        -1
    );
    assert_eq!((result(0), result(1), result(2)), (3, 0x3042, 2));
    assert_eq!(bytes(result(2) as i32), b"a\x80");
    assert_eq!(encode_saved(REPLACEMENT, true, 0, put16(&units), true), -2);
    assert_eq!(encode_saved(40, true, 0, put16(&units), true), -2);
    // windows-1252's encoder has no state but 0.
    assert_eq!(encode_saved(WINDOWS_1252, true, 1, put16(&units), true), -4);
    // A leading surrogate ending a non-final chunk is left unread, then paired.
    assert_eq!(
        bytes(encode_saved(
            UTF16LE,
            false,
            0,
            put16(&[0x61, 0xD83D]),
            false
        )),
        b"a\x00"
    );
    assert_eq!(result(0), 1);
    assert_eq!(
        bytes(encode_saved(
            UTF16LE,
            false,
            result(3),
            put16(&[0xD83D, 0xDE00]),
            true
        )),
        b"\x3D\xD8\x00\xDE"
    );
}

#[wasm_bindgen_test]
fn an_unmappable_code_point_keeps_the_encoders_state() {
    // ISO-2022-JP in JIS X 0208 mode: "x" switches back to ASCII, then U+20AC is unmappable. The
    // bytes before it are reported, and the encoder goes on from ASCII.
    let units: Vec<u16> = "\u{3042}".encode_utf16().collect();
    let n = encode_saved(ISO_2022_JP, false, 0, put16(&units), false);
    assert_eq!(bytes(n), b"\x1B$B$\"");
    // The state after it: jis0208 (2).
    assert_eq!(result(3), 2);
    let units: Vec<u16> = "x\u{20AC}y".encode_utf16().collect();
    assert_eq!(
        encode_saved(ISO_2022_JP, false, 2, put16(&units), false),
        -1
    );
    assert_eq!(
        (result(0), result(1), result(2), result(3)),
        (2, 0x20AC, 4, 0)
    );
    assert_eq!(bytes(4), b"\x1B(Bx");
    assert_eq!(
        bytes(encode_saved(ISO_2022_JP, false, 0, put16(&[0x79]), true)),
        b"y"
    );
    // A state ISO-2022-JP's encoder never has.
    assert_eq!(
        encode_saved(ISO_2022_JP, false, 3, put16(&[0x79]), true),
        -4
    );
}

/// The detector's exports (src/wasm/detect.rs), in the module built with the `detect` feature.
#[cfg(feature = "detect")]
mod detect {
    use encoding_wasm::wasm::buffers::{input8, output8, OUT_OF_BOUNDS};
    use encoding_wasm::wasm::detect::{detector_feed, detector_guess, detector_new, NO_DETECTOR};
    use wasm_bindgen_test::wasm_bindgen_test;

    const WINDOWS_1251: u32 = 20;

    /// The first `n` bytes of the output buffer.
    fn output(n: usize) -> Vec<u8> {
        unsafe { core::slice::from_raw_parts(output8(), n) }.to_vec()
    }

    /// Puts `state` then `bytes` in the input buffer; returns the length of `bytes`.
    fn put(state: &[u8], bytes: &[u8]) -> usize {
        let all = [state, bytes].concat();
        unsafe { core::slice::from_raw_parts_mut(input8(all.len()), all.len()) }
            .copy_from_slice(&all);
        bytes.len()
    }

    /// The first `n` records of the output buffer: (encoding number, confidence).
    fn records(n: i32) -> Vec<(u32, f32)> {
        output(n as usize * 8)
            .chunks_exact(8)
            .map(|r| {
                (
                    u32::from_le_bytes(r[..4].try_into().unwrap()),
                    f32::from_le_bytes(r[4..].try_into().unwrap()),
                )
            })
            .collect()
    }

    #[wasm_bindgen_test]
    fn a_detector_kept_as_its_state_is_fed_in_pieces_and_ranks_its_guesses() {
        let len = detector_new();
        let mut state = output(len);
        // "Привет, как дела?" in windows-1251 (indexes/index-windows-1251.txt), in two pieces.
        for (piece, last) in [
            (&b"\xCF\xF0\xE8\xE2\xE5\xF2, \xEA\xE0"[..], false),
            (b"\xEA \xE4\xE5\xEB\xE0?", true),
        ] {
            let n = put(&state, piece);
            assert_eq!(detector_feed(len, n, last), 0);
            state = output(len);
        }
        let n = put(&state, b"ru");
        let count = detector_guess(len, n, false);
        assert!(count >= 1);
        let ranked = records(count);
        assert_eq!(ranked[0].0, WINDOWS_1251);
        assert!(ranked.iter().map(|r| r.1).sum::<f32>() <= 1.0 + 1e-5);
        // More than the input buffer holds.
        assert_eq!(detector_feed(len, usize::MAX, false), OUT_OF_BOUNDS);
        assert_eq!(detector_guess(usize::MAX, 0, false), OUT_OF_BOUNDS);
        // A state one byte short, and one with a flag (non_ascii, after the head, its length and
        // the bytes fed) that is neither 0 nor 1.
        put(&state, b"");
        assert_eq!(detector_feed(len - 1, 1, false), NO_DETECTOR);
        assert_eq!(detector_guess(len - 1, 0, false), NO_DETECTOR);
        let mut bad = state.clone();
        bad[12] = 2;
        put(&bad, b"");
        assert_eq!(detector_feed(len, 0, true), NO_DETECTOR);
        assert_eq!(detector_guess(len, 0, true), NO_DETECTOR);
    }
}
