// encoding-wasm/detect's detect() and Detector, runtime-neutral (no node: imports): each case takes
// the module's namespace. Inputs whose right answer is certain: byte order marks, pure ASCII (whose
// guess is the top-level domain's fallback, src/detect/tld.rs: windows-1252 without one, Shift_JIS
// for 'jp'), and sentences in one legacy encoding each, their bytes from the package's encode()
// (encoding is not what is tested here) and checked against the standard's indexes as noted.
import { deepEqual, equal, ok, throws, sharedArrayBuffer, detach, loggingDictionary } from './assert.mjs';

// 日本語の文章です。今日は良い天気ですね。 in Shift_JIS: 日 93 FA (index-jis0208 pointer 3619 - …),
// the kana 82 xx (の 82 CC, で 82 C5, す 82 B7), 。 81 42.
const SHIFT_JIS = [
  0x93, 0xfa, 0x96, 0x7b, 0x8c, 0xea, 0x82, 0xcc, 0x95, 0xb6, 0x8f, 0xcd, 0x82, 0xc5, 0x82, 0xb7, 0x81, 0x42, 0x8d,
  0xa1, 0x93, 0xfa, 0x82, 0xcd, 0x97, 0xc7, 0x82, 0xa2, 0x93, 0x56, 0x8b, 0x43, 0x82, 0xc5, 0x82, 0xb7, 0x82, 0xcb,
  0x81, 0x42,
];
// Привет, мир! Как у вас дела сегодня? in windows-1251 (П CF, р F0, и E8 … я FF: index-windows-1251).
const WINDOWS_1251 = [
  0xcf, 0xf0, 0xe8, 0xe2, 0xe5, 0xf2, 0x2c, 0x20, 0xec, 0xe8, 0xf0, 0x21, 0x20, 0xca, 0xe0, 0xea, 0x20, 0xf3, 0x20,
  0xe2, 0xe0, 0xf1, 0x20, 0xe4, 0xe5, 0xeb, 0xe0, 0x20, 0xf1, 0xe5, 0xe3, 0xee, 0xe4, 0xed, 0xff, 0x3f,
];
// 中文的句子，今天天气很好。 in GBK (中 D6 D0, 文 CE C4 …, ，A3 AC, 。A1 A3).
const GBK = [
  0xd6, 0xd0, 0xce, 0xc4, 0xb5, 0xc4, 0xbe, 0xe4, 0xd7, 0xd3, 0xa3, 0xac, 0xbd, 0xf1, 0xcc, 0xec, 0xcc, 0xec, 0xc6,
  0xf8, 0xba, 0xdc, 0xba, 0xc3, 0xa1, 0xa3,
];
// 한국어 문장입니다. 오늘 날씨가 좋네요. in EUC-KR (한 C7 D1, 국 B1 B9, 어 BE EE …).
const EUC_KR = [
  0xc7, 0xd1, 0xb1, 0xb9, 0xbe, 0xee, 0x20, 0xb9, 0xae, 0xc0, 0xe5, 0xc0, 0xd4, 0xb4, 0xcf, 0xb4, 0xd9, 0x2e, 0x20,
  0xbf, 0xc0, 0xb4, 0xc3, 0x20, 0xb3, 0xaf, 0xbe, 0xbe, 0xb0, 0xa1, 0x20, 0xc1, 0xc1, 0xb3, 0xd7, 0xbf, 0xe4, 0x2e,
];
// 日本語 in UTF-8: E6 97 A5, E6 9C AC, E8 AA 9E.
const UTF8 = [0xe6, 0x97, 0xa5, 0xe6, 0x9c, 0xac, 0xe8, 0xaa, 0x9e];
const ASCII = [...'Hello, world: plain ASCII text.'].map((c) => c.charCodeAt(0));

const u8 = (bytes) => new Uint8Array(bytes);
const certain = (encoding) => ({ encoding, confidence: 1, alternatives: [] });

// The result's shape and bounds: names, confidences in [0, 1] summing to at most 1, best first.
function wellFormed(result) {
  deepEqual(Object.keys(result), ['encoding', 'confidence', 'alternatives']);
  equal(typeof result.encoding, 'string');
  let sum = result.confidence;
  let last = result.confidence;
  ok(result.confidence >= 0 && result.confidence <= 1, `confidence ${result.confidence}`);
  for (const alternative of result.alternatives) {
    deepEqual(Object.keys(alternative), ['encoding', 'confidence']);
    ok(alternative.confidence >= 0 && alternative.confidence <= last, `alternative ${alternative.confidence}`);
    ok(alternative.encoding !== result.encoding, 'an encoding listed twice');
    last = alternative.confidence;
    sum += alternative.confidence;
  }
  ok(sum <= 1, `the confidences sum to ${sum}`);
  return result;
}

export default [
  [
    'detect: a byte order mark decides',
    (detect) => {
      deepEqual(detect.detect(u8([0xef, 0xbb, 0xbf, ...WINDOWS_1251])), certain('UTF-8'));
      deepEqual(detect.detect(u8([0xfe, 0xff, 0x04, 0x1f])), certain('UTF-16BE'));
      deepEqual(detect.detect(u8([0xff, 0xfe, 0x1f, 0x04])), certain('UTF-16LE'));
      // Even with UTF-8 not allowed: a BOM is not a guess.
      deepEqual(detect.detect(u8([0xef, 0xbb, 0xbf, 0x41]), { allowUTF8: false }), certain('UTF-8'));
    },
  ],
  [
    "detect: pure ASCII is the top-level domain's fallback",
    (detect) => {
      deepEqual(detect.detect(u8(ASCII)), certain('windows-1252'));
      deepEqual(detect.detect(u8([])), certain('windows-1252'));
      deepEqual(detect.detect(u8(ASCII), { tld: 'jp' }), certain('Shift_JIS'));
      deepEqual(detect.detect(u8(ASCII), { tld: 'JP' }), certain('Shift_JIS'));
      // Upper case at both ends of A-Z (src/detect/tld.rs: ua windows-1251, az windows-1254).
      deepEqual(detect.detect(u8(ASCII), { tld: 'UA' }), certain('windows-1251'));
      deepEqual(detect.detect(u8(ASCII), { tld: 'AZ' }), certain('windows-1254'));
      deepEqual(detect.detect(u8(ASCII), { tld: 'ru' }), certain('windows-1251'));
      deepEqual(detect.detect(u8(ASCII), { tld: 'com' }), certain('windows-1252'));
      deepEqual(detect.detect(u8(ASCII), { tld: '' }), certain('windows-1252'));
    },
  ],
  [
    'detect: a sentence in each legacy encoding',
    (detect) => {
      for (const [bytes, encoding] of [
        [SHIFT_JIS, 'Shift_JIS'],
        [WINDOWS_1251, 'windows-1251'],
        [GBK, 'GBK'],
        [EUC_KR, 'EUC-KR'],
      ]) {
        const result = wellFormed(detect.detect(u8(bytes)));
        equal(result.encoding, encoding);
        ok(result.confidence > 0.5, `${encoding}: confidence ${result.confidence}`);
        equal(wellFormed(detect.detect(u8(bytes), { allowUTF8: false, tld: 'com' })).encoding, encoding);
      }
    },
  ],
  [
    'detect: valid UTF-8, allowed or not',
    (detect) => {
      deepEqual(detect.detect(u8(UTF8)), certain('UTF-8'));
      deepEqual(detect.detect(u8(UTF8), { allowUTF8: true }), certain('UTF-8'));
      const legacy = wellFormed(detect.detect(u8(UTF8), { allowUTF8: false }));
      ok(legacy.encoding !== 'UTF-8' && legacy.alternatives.every((a) => a.encoding !== 'UTF-8'));
      // Cut in the middle of a sequence, it is not valid UTF-8.
      ok(detect.detect(u8(UTF8.slice(0, 8))).encoding !== 'UTF-8');
    },
  ],
  [
    'detect: every kind of unshared buffer source',
    (detect) => {
      const expected = detect.detect(u8(SHIFT_JIS));
      deepEqual(detect.detect(u8(SHIFT_JIS).buffer), expected);
      deepEqual(detect.detect(new DataView(u8(SHIFT_JIS).buffer)), expected);
      deepEqual(detect.detect(new Uint16Array(u8([...SHIFT_JIS, 0, 0]).buffer, 0, SHIFT_JIS.length / 2)), expected);
      const offset = u8([0x41, ...SHIFT_JIS, 0x41]);
      deepEqual(detect.detect(offset.subarray(1, SHIFT_JIS.length + 1)).encoding, 'Shift_JIS');
    },
  ],
  [
    'detect and Detector: a SharedArrayBuffer and a view on one',
    (detect) => {
      const shared = sharedArrayBuffer(SHIFT_JIS.length);
      new Uint8Array(shared).set(SHIFT_JIS);
      const expected = detect.detect(u8(SHIFT_JIS));
      deepEqual(detect.detect(shared), expected);
      deepEqual(detect.detect(new Uint8Array(shared)), expected);
      const detector = new detect.Detector();
      detector.feed(new Uint8Array(shared));
      deepEqual(detector.guess(), expected);
    },
  ],
  [
    'Detector: fed in pieces of one byte, it guesses as detect() on the whole',
    (detect) => {
      for (const bytes of [SHIFT_JIS, WINDOWS_1251, GBK, EUC_KR, UTF8, ASCII]) {
        for (const options of [undefined, { allowUTF8: false }, { tld: 'jp' }]) {
          const detector = new detect.Detector();
          for (let i = 0; i < bytes.length; i++) detector.feed(u8([bytes[i]]), { last: i === bytes.length - 1 });
          deepEqual(detector.guess(options), detect.detect(u8(bytes), options));
        }
      }
      // Pieces of other sizes, and guesses along the way.
      const detector = new detect.Detector();
      equal(detector.guess().encoding, 'windows-1252');
      detector.feed(u8(GBK.slice(0, 7)));
      detector.feed(u8(GBK.slice(7)));
      deepEqual(detector.guess(), detect.detect(u8(GBK)));
      // An input that ends in the middle of a UTF-8 sequence: not UTF-8 once it has ended.
      const cut = new detect.Detector();
      cut.feed(u8(UTF8.slice(0, 8)));
      equal(cut.guess().encoding, 'UTF-8');
      cut.feed(u8([]), { last: true });
      deepEqual(cut.guess(), detect.detect(u8(UTF8.slice(0, 8))));
      throws(() => cut.feed(u8([0x41])), TypeError);
    },
  ],
  [
    'Detector: many at once keep their own state',
    (detect) => {
      const detectors = [SHIFT_JIS, WINDOWS_1251, GBK, EUC_KR].map(() => new detect.Detector());
      const inputs = [SHIFT_JIS, WINDOWS_1251, GBK, EUC_KR];
      for (let i = 0; i < 40; i++) {
        detectors.forEach((d, j) => {
          if (i < inputs[j].length) d.feed(u8([inputs[j][i]]));
        });
      }
      deepEqual(
        detectors.map((d) => d.guess().encoding),
        ['Shift_JIS', 'windows-1251', 'GBK', 'EUC-KR'],
      );
    },
  ],
  [
    'Detector: detect() between its feeds, through the same buffers of the module, changes nothing in it',
    (detect) => {
      const first = new detect.Detector();
      first.feed(u8(SHIFT_JIS.slice(0, 20)));
      // Each call puts a state in the module's input buffer and takes one from its output buffer:
      // detect() and other detectors between two feeds of one leave it its own.
      equal(detect.detect(u8(WINDOWS_1251)).encoding, 'windows-1251');
      const later = [WINDOWS_1251, GBK, EUC_KR].map((input) => {
        const d = new detect.Detector();
        equal(detect.detect(u8(GBK)).encoding, 'GBK');
        d.feed(u8(input));
        return d;
      });
      first.feed(u8(SHIFT_JIS.slice(20)));
      deepEqual(
        [first, ...later].map((d) => d.guess().encoding),
        ['Shift_JIS', 'windows-1251', 'GBK', 'EUC-KR'],
      );
    },
  ],
  [
    'Detector: an option getter that feeds it comes first, and another detector it feeds keeps its own',
    (detect) => {
      // The state goes into the module only after the options are read: were it taken before,
      // the getter's windows-1251 would be lost, leaving ASCII (windows-1252, the fallback).
      const d = new detect.Detector();
      const other = new detect.Detector();
      d.feed(u8(ASCII), {
        get last() {
          d.feed(u8(WINDOWS_1251));
          other.feed(u8(SHIFT_JIS));
          other.guess();
          return true;
        },
      });
      equal(d.guess().encoding, 'windows-1251');
      deepEqual(d.guess(), detect.detect(u8([...WINDOWS_1251, ...ASCII])));
      equal(other.guess().encoding, 'Shift_JIS');
      throws(() => d.feed(u8(ASCII)), TypeError);
      // A guess's options likewise: ASCII alone with 'jp' would be Shift_JIS.
      const g = new detect.Detector();
      g.feed(u8(ASCII));
      const tld = {
        toString() {
          g.feed(u8(EUC_KR));
          return 'jp';
        },
      };
      equal(g.guess({ tld }).encoding, 'EUC-KR');
      deepEqual(g.guess({ tld: 'jp' }), detect.detect(u8([...ASCII, ...EUC_KR]), { tld: 'jp' }));
    },
  ],
  [
    'detect: a big input goes through in pieces',
    (detect) => {
      // 3 MiB, more than one piece: Shift_JIS sentences.
      const big = new Uint8Array(3 << 20);
      for (let i = 0; i + SHIFT_JIS.length <= big.length; i += SHIFT_JIS.length) big.set(SHIFT_JIS, i);
      equal(wellFormed(detect.detect(big)).encoding, 'Shift_JIS');
    },
  ],
  [
    'detect and Detector: wrong arguments are TypeErrors',
    (detect) => {
      throws(() => detect.detect(), TypeError);
      for (const bad of [undefined, null, 'bytes', 42, {}, [0x41]]) throws(() => detect.detect(bad), TypeError);
      throws(() => detect.detect(u8(ASCII), 'jp'), TypeError);
      throws(() => detect.detect(u8(ASCII), 42), TypeError);
      for (const tld of ['.jp', 'co.jp', 'j p', 'ｊｐ', 'x'.repeat(64), '\u0000', '/', ':', '@', '[', '`', '{']) {
        throws(() => detect.detect(u8(ASCII), { tld }), TypeError, tld);
      }
      // A label is ASCII letters, digits and hyphens, at most 63: none of these is a country's.
      for (const tld of ['xn--p1ai', '0-9', 'a'.repeat(63)]) {
        deepEqual(detect.detect(u8(ASCII), { tld }), certain('windows-1252'), tld);
      }
      // The message shows a label of more than 64 characters cut to 64 and an ellipsis.
      const shown = (tld) => throws(() => detect.detect(u8(ASCII), { tld }), TypeError).message;
      ok(shown('x'.repeat(64)).includes(`tld option "${'x'.repeat(64)}" is`), shown('x'.repeat(64)));
      ok(shown('x'.repeat(65)).includes(`tld option "${'x'.repeat(64)}…" is`), shown('x'.repeat(65)));
      // A Symbol is no DOMString.
      throws(() => detect.detect(u8(ASCII), { tld: Symbol('jp') }), TypeError);
      throws(() => new detect.Detector().feed(), TypeError);
      throws(() => new detect.Detector().feed('bytes'), TypeError);
      throws(() => new detect.Detector().feed(u8([]), 1), TypeError);
      throws(() => new detect.Detector().guess({ tld: 'a.b' }), TypeError);
      throws(() => detect.Detector.prototype.feed.call({}, u8([])), TypeError);
      throws(() => detect.Detector.prototype.guess.call(undefined), TypeError);
      throws(() => detect.Detector(), TypeError);
    },
  ],
  [
    'detect and Detector: each error says which method and what is wrong',
    (detect) => {
      const message = (fn) => throws(fn, TypeError).message;
      const DETECT = "Failed to execute 'detect'";
      const FEED = "Failed to execute 'feed' on 'Detector'";
      const GUESS = "Failed to execute 'guess' on 'Detector'";
      const LABEL = "is not a domain label (ASCII letters, digits and hyphens, at most 63), such as 'jp'.";
      equal(
        message(() => detect.detect()),
        `${DETECT}: 1 argument required, but only 0 present.`,
      );
      equal(
        message(() => detect.detect(42)),
        `${DETECT}: the argument is not an ArrayBuffer, a SharedArrayBuffer or a view on one.`,
      );
      equal(
        message(() => detect.detect(u8([]), 'jp')),
        `${DETECT}: the options argument is not an object.`,
      );
      equal(
        message(() => detect.detect(u8([]), { tld: 'a.b' })),
        `${DETECT}: the tld option "a.b" ${LABEL}`,
      );
      const detector = new detect.Detector();
      equal(
        message(() => detector.feed()),
        `${FEED}: 1 argument required, but only 0 present.`,
      );
      equal(
        message(() => detector.feed('x')),
        `${FEED}: the argument is not an ArrayBuffer, a SharedArrayBuffer or a view on one.`,
      );
      equal(
        message(() => detector.feed(u8([]), 1)),
        `${FEED}: the options argument is not an object.`,
      );
      equal(
        message(() => detector.guess({ tld: 'a.b' })),
        `${GUESS}: the tld option "a.b" ${LABEL}`,
      );
      equal(
        message(() => detector.guess(1)),
        `${GUESS}: the options argument is not an object.`,
      );
      detector.feed(u8([0x41]), { last: true });
      equal(
        message(() => detector.feed(u8([0x41]))),
        `${FEED}: the input has ended (fed with { last: true }).`,
      );
      const illegal = "'this' is not an instance of this interface (illegal invocation).";
      equal(
        message(() => detect.Detector.prototype.feed.call({}, u8([]))),
        `Detector.feed: ${illegal}`,
      );
      equal(
        message(() => detect.Detector.prototype.guess.call({})),
        `Detector.guess: ${illegal}`,
      );
    },
  ],
  [
    'detect: options read once each, in order, as a WebIDL dictionary',
    (detect) => {
      const read = [];
      const options = loggingDictionary(read, { tld: { toString: () => 'JP' }, allowUTF8: 0 });
      deepEqual(detect.detect(u8(ASCII), options), certain('Shift_JIS'));
      deepEqual(read, ['allowUTF8', 'tld']);
      equal(detect.detect(u8(UTF8), { allowUTF8: '' }).encoding === 'UTF-8', false);
      deepEqual(detect.detect(u8(UTF8), { allowUTF8: 'yes' }), certain('UTF-8'));
      deepEqual(detect.detect(u8(UTF8), null), certain('UTF-8'));
    },
  ],
  [
    "detect: a buffer detached by an option's getter is empty by the time it is read",
    (detect) => {
      const input = u8(SHIFT_JIS);
      const result = detect.detect(input, {
        get tld() {
          detach(input.buffer);
          return 'jp';
        },
      });
      deepEqual(result, certain('Shift_JIS'));
    },
  ],
  [
    'detect: hostile inputs',
    (detect) => {
      // A view whose length getter lies, and a Proxy: neither is read through its properties.
      const lying = u8(GBK);
      Object.defineProperty(lying, 'length', { value: 1 });
      equal(detect.detect(lying).encoding, 'GBK');
      throws(() => detect.detect(new Proxy(u8(GBK), {})), TypeError);
      // Every byte value, and bytes no encoding decodes: still a well-formed answer.
      const all = new Uint8Array(256).map((_, i) => i);
      wellFormed(detect.detect(all));
      wellFormed(detect.detect(new Uint8Array(1000).fill(0xff)));
      wellFormed(detect.detect(new Uint8Array(1000).fill(0x80), { allowUTF8: false }));
    },
  ],
  [
    'sniffHTML: { detect: true } guesses when nothing else decides',
    (detect) => {
      const html = (body) => u8([...[...'<p>'].map((c) => c.charCodeAt(0)), ...body]);
      deepEqual(detect.sniffHTML(html(WINDOWS_1251), { detect: true }), { encoding: 'windows-1251', source: 'detect' });
      deepEqual(detect.sniffHTML(html(SHIFT_JIS), { detect: true }), { encoding: 'Shift_JIS', source: 'detect' });
      deepEqual(detect.sniffHTML(html(SHIFT_JIS)), { encoding: 'windows-1252', source: 'default' });
      deepEqual(detect.sniffHTML(html(SHIFT_JIS), { detect: false }), { encoding: 'windows-1252', source: 'default' });
      // What decides before step 8 still does.
      deepEqual(detect.sniffHTML(html(SHIFT_JIS), { detect: true, transportLabel: 'gbk' }), {
        encoding: 'GBK',
        source: 'transport',
      });
      deepEqual(detect.sniffHTML(u8([0xef, 0xbb, 0xbf, ...SHIFT_JIS]), { detect: true }), {
        encoding: 'UTF-8',
        source: 'bom',
      });
      // UTF-8 text whose byte 1024 falls inside a character (あ is E3 81 82; "<p>" + 341 of them
      // end at byte 1026): the input goes on, so the cut is no error.
      const utf8 = u8([0x3c, 0x70, 0x3e, ...Array.from({ length: 400 }, () => [0xe3, 0x81, 0x82]).flat()]);
      for (const start of [0, 1, 2]) {
        deepEqual(detect.sniffHTML(utf8.subarray(start), { detect: true }), { encoding: 'UTF-8', source: 'detect' });
      }
      // The same, 1024 bytes in all (340 あ and E3): the input ends there, so the cut is an error.
      const cut = utf8.subarray(0, 1024);
      equal(cut[1023], 0xe3);
      const guess = detect.sniffHTML(cut, { detect: true });
      ok(guess.source === 'detect' && guess.encoding !== 'UTF-8', JSON.stringify(guess));
      // ISO-2022-JP is ASCII bytes but ESC: 日本 is ESC $ B, 46 7C 4B 5C (index-jis0208 pointers
      // 3569 and 4007: row and cell + 0x21), ESC ( B.
      const jis = html([0x1b, 0x24, 0x42, 0x46, 0x7c, 0x4b, 0x5c, 0x1b, 0x28, 0x42]);
      deepEqual(detect.sniffHTML(jis, { detect: true }), { encoding: 'ISO-2022-JP', source: 'detect' });
      // 0x80 alone is no ASCII: the detector decides (which encoding, one byte hardly tells).
      equal(detect.sniffHTML(html([0x35, 0x20, 0x80]), { detect: true }).source, 'detect');
      // A head of ASCII alone tells nothing: the default decides.
      const ascii = u8([...'<title>x</title>'].map((c) => c.charCodeAt(0)));
      deepEqual(detect.sniffHTML(ascii, { detect: true, defaultEncoding: 'utf-8' }), {
        encoding: 'UTF-8',
        source: 'default',
      });
    },
  ],
];
