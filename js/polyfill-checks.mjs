// The polyfill's checks of a runtime's TextDecoder and TextDecoderStream: the self-tests of every
// encoding (self-tests.mjs's, and here those of the encodings this package never hands to a native)
// and the labels. Only the polyfill entries import this.

import { PROBE, S, SELF_TESTS, THROWS, fatal, passes, streaming, whole } from './self-tests.mjs';

const UTF_16BE = [
  [
    'BOM and lone surrogates',
    'utf-16be',
    0,
    ['FEFF0041', 'A'],
    ['FFFE0041', '\uFFFEA'],
    ['D8000041', '\uFFFDA'],
    ['DC00D800', '\uFFFD\uFFFD'],
    ['D83DDE0000', '\u{1F600}\uFFFD'],
  ],
  whole('utf-16be', 'D800', THROWS, 1),
  streaming('utf-16be', 'D83D', 'DE00', '\u{1F600}'),
];

// gb18030 and GBK share https://encoding.spec.whatwg.org/#gb18030-decoder: 0x80 (U+20AC), 0xFF,
// the four-byte ranges (index gb18030 ranges) and their ends, pointer 7457, an ASCII trail byte
// given back, and code points the index changed for GB18030-2022; fatal mode; a four-byte sequence
// split across calls. B0 A1: pointer (0xB0 - 0x81) * 190 + (0xA1 - 0x41) = 9026, index gb18030
// U+554A. 81 7F: 0x7F is no trail byte, an error. 81 30 81 30: pointer 0, index gb18030 ranges
// U+0080.
const gb18030 = (label) => [
  whole(label, '80', '\u20AC'),
  whole(label, 'FF', '\uFFFD'),
  whole(label, '817F', '\uFFFD\x7F'),
  whole(label, '81308130', '\u0080'),
  whole(label, '8431A439', '\uFFFF'),
  whole(label, '8431A530', '\uFFFD'),
  whole(label, '90308130', '\u{10000}'),
  whole(label, 'E3329A35', '\u{10FFFF}'),
  whole(label, 'E3329A36', '\uFFFD'),
  whole(label, '8135F437', '\uE7C7'),
  whole(label, 'A6D9', '\uFE10'),
  whole(label, 'A8BC', '\u1E3F'),
  whole(label, 'FE51', '\uE816'),
  fatal(label, 'B0A1', '\u554A', '817F'),
  streaming(label, '8130', '8130', '\u0080'),
];

// https://encoding.spec.whatwg.org/#big5-decoder: the four pointers that give two code points,
// HKSCS (index Big5 below 0xA140; supplementary planes), 0x80 and 0xFF, an ASCII trail byte; fatal
// mode and streaming. A4 40: pointer (0xA4 - 0x81) * 157 + (0x40 - 0x40) = 5495, index Big5 U+4E00.
// 81 41: pointer 1, not in index Big5, an error.
const BIG5 = [
  whole('big5', '8862', '\u00CA\u0304'),
  whole('big5', '8864', '\u00CA\u030C'),
  whole('big5', '88A3', '\u00EA\u0304'),
  whole('big5', '88A5', '\u00EA\u030C'),
  whole('big5', '8740', '\u43F0'),
  whole('big5', '8845', '\u{2010C}'),
  whole('big5', 'A3E1', '\u20AC'),
  whole('big5', 'F9FE', '\uFFED'),
  whole('big5', '80', '\uFFFD'),
  whole('big5', 'FF', '\uFFFD'),
  whole('big5', '8141', '\uFFFDA'),
  fatal('big5', 'A440', '\u4E00', '8141'),
  streaming('big5', 'A4', '40', '\u4E00'),
];

// https://encoding.spec.whatwg.org/#shift_jis-decoder: NEC row 13, NEC-selected and IBM
// extensions, the user-defined range, single bytes (0x5C and 0x7E as ASCII, 0x80, 0xA0, katakana,
// 0xFD), Microsoft's mappings of the index, an ASCII trail byte given back; fatal mode and
// streaming. 82 A0: pointer (0x82 - 0x81) * 188 + (0xA0 - 0x41) = 283, index jis0208 U+3042.
// 85 40: pointer (0x85 - 0x81) * 188 + (0x40 - 0x40) = 752, not in index jis0208, an error.
const SHIFT_JIS = [
  whole('shift_jis', '8740', '\u2460'),
  whole('shift_jis', '8790', '\u2252'),
  whole('shift_jis', 'ED40', '\u7E8A'),
  whole('shift_jis', 'FA40', '\u2170'),
  whole('shift_jis', 'FC4B', '\u9ED1'),
  whole('shift_jis', 'F040', '\uE000'),
  whole('shift_jis', 'F9FC', '\uE757'),
  whole('shift_jis', '5C7E80A0A1DFFD', '\\~\u0080\uFFFD\uFF61\uFF9F\uFFFD'),
  whole('shift_jis', '8160', '\uFF5E'),
  whole('shift_jis', '815F', '\uFF3C'),
  whole('shift_jis', '817C', '\uFF0D'),
  whole('shift_jis', '8191', '\uFFE0'),
  whole('shift_jis', '8540', '\uFFFD@'),
  fatal('shift_jis', '82A0', '\u3042', '8540'),
  streaming('shift_jis', '82', 'A0', '\u3042'),
];

// https://encoding.spec.whatwg.org/#euc-jp-decoder: JIS X 0212, half-width katakana, NEC row 13,
// IBM extensions, 0x80 and 0xFF, an ASCII trail byte given back; fatal mode, and a JIS X 0212
// character split across calls. A4 A2: pointer (0xA4 - 0xA1) * 94 + (0xA2 - 0xA1) = 283, index
// jis0208 U+3042. A1 41: 0x41 is no trail byte, an error. 8F B0 A1: pointer (0xB0 - 0xA1) * 94 +
// (0xA1 - 0xA1) = 1410, index jis0212 U+4E02.
const EUC_JP = [
  whole('euc-jp', '8FB0A1', '\u4E02'),
  whole('euc-jp', '8FA2B7', '\uFF5E'),
  whole('euc-jp', '8EA1', '\uFF61'),
  whole('euc-jp', '8EE0', '\uFFFD'),
  whole('euc-jp', 'ADA1', '\u2460'),
  whole('euc-jp', 'F9A1', '\u7E8A'),
  whole('euc-jp', 'FCFE', '\uFF02'),
  whole('euc-jp', 'A1C1', '\uFF5E'),
  whole('euc-jp', '5C80FF', '\\\uFFFD\uFFFD'),
  whole('euc-jp', 'A141', '\uFFFDA'),
  ['a fresh start after 0x8F', 'euc-jp', 0, ['8FA1', '\uFFFD'], ['A4A2', '\u3042']],
  fatal('euc-jp', 'A4A2', '\u3042', 'A141'),
  streaming('euc-jp', '8FB0', 'A1', '\u4E02'),
];

// https://encoding.spec.whatwg.org/#iso-2022-jp-decoder: its states, across calls too; the
// escape sequences; two escapes in a row; LF and an end of queue where a lead byte is expected; fatal
// mode. ESC $ B 30 21: JIS X 0208 state, pointer (0x30 - 0x21) * 94 + (0x21 - 0x21) = 1410, index
// jis0208 U+4E9C. 0E in ASCII state: an error.
const ISO_2022_JP = [
  whole('iso-2022-jp', '1B244230211B284241', '\u4E9CA'),
  whole('iso-2022-jp', '1B24403021', '\u4E9C'),
  whole('iso-2022-jp', '1B2849211B284A5C7E', '\uFF61\u00A5\u203E'),
  whole('iso-2022-jp', '1B24421B284241', '\uFFFDA'),
  whole('iso-2022-jp', '1B244230210A41', '\u4E9C\uFFFD\uFFFD'),
  whole('iso-2022-jp', '1B28414141', '\uFFFD(AAA'),
  whole('iso-2022-jp', '0E41', '\uFFFDA'),
  whole('iso-2022-jp', '1B24423021', '\u4E9C'),
  [
    'state across calls',
    'iso-2022-jp',
    0,
    ['1B24', '', S],
    ['4230', '', S],
    ['21', '\u4E9C', S],
    ['30', '\uFFFD'],
    ['411B', 'A\uFFFD'],
    ['1C', '\x1C'],
  ],
  fatal('iso-2022-jp', '1B24423021', '\u4E9C', '0E'),
];

// https://encoding.spec.whatwg.org/#euc-kr-decoder: UHC (index EUC-KR below 0xA1A1), KS X 1001,
// 0x80 and 0xFF, unmapped pointers; fatal mode and streaming. B0 A1: pointer (0xB0 - 0x81) * 190 +
// (0xA1 - 0x41) = 9026, index EUC-KR U+AC00. C9 A1: pointer 13776, not in index EUC-KR, an error.
const EUC_KR = [
  whole('euc-kr', '8C63', '\uB620'),
  whole('euc-kr', '8141', '\uAC02'),
  whole('euc-kr', 'C652', '\uD7A3'),
  whole('euc-kr', 'A141', '\uC8A5'),
  whole('euc-kr', 'B0A1', '\uAC00'),
  whole('euc-kr', 'A2E6', '\u20AC'),
  whole('euc-kr', '80FF', '\uFFFD\uFFFD'),
  whole('euc-kr', 'C9A1', '\uFFFD'),
  whole('euc-kr', 'A2E8', '\uFFFD'),
  fatal('euc-kr', 'B0A1', '\uAC00', 'C9A1'),
  streaming('euc-kr', 'B0', 'A1', '\uAC00'),
];

// Every encoding's cases but replacement's, by name, in the order they are run: first the two found
// wrong most often (Node: windows-1252; Node and Chromium: Big5), so that a wrong native is found
// quickly; then self-tests.mjs's, x-user-defined (bytes 0x80-0xFF as U+F780-U+F7FF: the FNV-1a hash
// of PROBE's output; 0x80 in fatal mode) and the others.
export const POLYFILL_TESTS = new Map([
  ['windows-1252', SELF_TESTS.get('windows-1252')],
  ['Big5', BIG5],
  ...SELF_TESTS,
  [
    'x-user-defined',
    [whole('x-user-defined', PROBE, 0x378186d3, 0, 'every byte'), fatal('x-user-defined', '80', '\uF780')],
  ],
  ['EUC-KR', EUC_KR],
  ['Shift_JIS', SHIFT_JIS],
  ['gb18030', gb18030('gb18030')],
  ['GBK', gb18030('gbk')],
  ['EUC-JP', EUC_JP],
  ['ISO-2022-JP', ISO_2022_JP],
  ['UTF-16BE', UTF_16BE],
]);

// Whether `new Class(label)` is right for `label` of encoding `name`: its encoding attribute that
// encoding's name, in lowercase; for replacement's labels, a RangeError
// (https://encoding.spec.whatwg.org/#dom-textdecoder).
export function labelWorks(Class, name, label) {
  try {
    const { encoding } = new Class(label);
    return name !== 'replacement' && encoding === name.toLowerCase();
  } catch (e) {
    return name === 'replacement' && e instanceof RangeError;
  }
}

// Whether `Class` is an exact TextDecoder: it passes every self-test (`passed(name, cases)` says
// whether it passes `cases`, those of encoding `name`), and gets every label of `encodings` ({name,
// labels} each) right. Stops at the first failure.
export function decoderIsExact(Class, encodings, passed = (_, cases) => passes(Class, cases)) {
  for (const [name, cases] of POLYFILL_TESTS) if (!passed(name, cases)) return false;
  return encodings.every(({ name, labels }) => labels.every((label) => labelWorks(Class, name, label)));
}

// Whether `Class`, the TextDecoderStream beside an exact TextDecoder, is exact too. A runtime's
// stream decodes with its TextDecoder and looks labels up as it does (its output could not be
// tested synchronously anyway), so a few encodings are tried, by name: those runtimes have been
// found without (Node 20: ISO-8859-16, x-user-defined; builds without full ICU data: the CJK
// ones), and replacement, which must be refused. (Each stream made costs a TransformStream: about
// 0.1 ms in Deno.)
const STREAM_TRIED = ['ISO-8859-16', 'x-user-defined', 'gb18030', 'replacement'];
export function streamIsExact(Class, encodings) {
  return STREAM_TRIED.every((name) => encodings.some((e) => e.name === name) && labelWorks(Class, name, name));
}
