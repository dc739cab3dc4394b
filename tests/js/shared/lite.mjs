// The lite entry ('encoding-wasm/lite') before and after each add-on, in any runtime (no node:
// imports). `liteCases({ load, standardEncodings })` gives `[name, fn(lib)]` pairs, to run in
// order against the lite entry's namespace in a realm where the full entry was never imported
// (it would make every encoding available): first the lite entry alone, then each add-on loaded in
// turn by `load(name)` (which imports 'encoding-wasm/<name>'). After them every encoding is
// loaded, and the callers run the shared cases (*.cases.mjs) against the same namespace.
// `standardEncodings` is the standard's encodings.json: the labels checked are all of its labels.
import { equal, deepEqual, ok, throws } from './assert.mjs';

// Each add-on and what it adds, with bytes written out from the standard's indexes: Shift_JIS
// 82A0 93FA 967B is あ日本 and EUC-JP C6FC CBDC is 日本 (jis0208 pointers 283, 3569, 4007);
// ISO-2022-JP switches to JIS X 0208 (ESC $ B) for あ and back (ESC ( B); GBK D6D0 is 中 (gb18030
// pointer 16293); gb18030's 81 30 81 30 is U+0080 (ranges pointer 0); Big5 A440 is 一 (big5
// pointer 5495); EUC-KR B0A1 is 가 (euc-kr pointer 9026).
export const ADDONS = [
  [
    'japanese',
    [
      ['Shift_JIS', [0x82, 0xa0, 0x93, 0xfa, 0x96, 0x7b], 'あ日本'],
      ['EUC-JP', [0xc6, 0xfc, 0xcb, 0xdc], '日本'],
      ['ISO-2022-JP', [0x1b, 0x24, 0x42, 0x24, 0x22, 0x1b, 0x28, 0x42], 'あ'],
    ],
  ],
  [
    'chinese-simplified',
    [
      ['GBK', [0xd6, 0xd0], '中'],
      ['gb18030', [0x81, 0x30, 0x81, 0x30], '\u0080'],
    ],
  ],
  ['chinese-traditional', [['Big5', [0xa4, 0x40], '一']]],
  ['korean', [['EUC-KR', [0xb0, 0xa1], '가']]],
];

// Every call that takes a label, and the prefix of its RangeError's message.
const CALLS = [
  ["Failed to construct 'TextDecoder'", (lib, l) => new lib.TextDecoder(l)],
  ["Failed to construct 'TextDecoderStream'", (lib, l) => new lib.TextDecoderStream(l)],
  ["Failed to execute 'encode'", (lib, l) => lib.encode('a', l)],
  ["Failed to construct 'LegacyEncoder'", (lib, l) => new lib.LegacyEncoder(l)],
  ["Failed to construct 'LegacyEncoderStream'", (lib, l) => new lib.LegacyEncoderStream(l)],
  ["Failed to execute 'inspect'", (lib, l) => lib.inspect(new Uint8Array([0x41]), l)],
  ["Failed to execute 'decode'", (lib, l) => lib.decode(new Uint8Array([0x41]), l)],
];

const labelsOf = (standardEncodings, name) =>
  standardEncodings.flatMap((g) => g.encodings).find((e) => e.name === name).labels;

// Every label of the add-on's encodings, as given and as a page might write it, is a RangeError
// naming the import, from every call.
function assertNotLoaded(lib, standardEncodings, addon, encodings) {
  for (const [name] of encodings) {
    const labels = labelsOf(standardEncodings, name);
    ok(labels.length > 0, name);
    for (const label of [...labels, ` ${labels[0].toUpperCase()}\n`]) {
      for (const [what, call] of CALLS) {
        const e = throws(() => call(lib, label), RangeError, `${what} with ${JSON.stringify(label)}:`);
        equal(
          e.message,
          `${what}: the ${name} encoding is not loaded: import 'encoding-wasm/${addon}' (or the full 'encoding-wasm') to add it.`,
        );
      }
    }
  }
}

// The add-on's encodings decode, encode and stream, under every label.
async function assertLoaded(lib, standardEncodings, encodings) {
  for (const [name, bytes, text] of encodings) {
    for (const label of labelsOf(standardEncodings, name)) {
      equal(new lib.TextDecoder(label).decode(new Uint8Array(bytes)), text, `${label}:`);
      equal(new lib.TextDecoderStream(label).encoding, name.toLowerCase(), label);
      equal(new lib.LegacyEncoder(label).encoding, name, label);
      equal(new lib.LegacyEncoderStream(label).encoding, name, label);
    }
    deepEqual(lib.encode(text, name), new Uint8Array(bytes), `encode in ${name}:`);
    deepEqual(lib.decode(new Uint8Array(bytes), name), { text, encoding: name }, `decode in ${name}:`);
    const inspected = lib.inspect(new Uint8Array([...bytes, 0xff]), name);
    equal(inspected.text, `${text}\uFFFD`, `inspect in ${name}:`);
    equal(inspected.errors.length, 1, `inspect in ${name}: errors`);
    const stream = new lib.TextDecoderStream(name);
    const writer = stream.writable.getWriter();
    const reader = stream.readable.getReader();
    // Byte by byte: the decoder's state carries between chunks.
    const written = Promise.all([...bytes.map((b) => writer.write(new Uint8Array([b]))), writer.close()]);
    let out = '';
    for (let r = await reader.read(); !r.done; r = await reader.read()) out += r.value;
    await written;
    equal(out, text, `TextDecoderStream(${name}) byte by byte:`);
  }
}

export default function liteCases({ load, standardEncodings }) {
  const cases = [
    [
      'lite alone: its encodings work and every label is known',
      (lib) => {
        equal(new lib.TextDecoder('windows-1251').decode(new Uint8Array([0xc0, 0xff])), 'Ая');
        equal(new lib.TextDecoder('latin1').decode(new Uint8Array([0x80])), '€');
        equal(new lib.TextDecoder('utf-16be').decode(new Uint8Array([0x4e, 0x2d])), '中');
        equal(new lib.TextDecoder('x-user-defined').decode(new Uint8Array([0x80])), '\uF780');
        equal(new lib.TextDecoder().decode(new Uint8Array([0xe4, 0xb8, 0xad])), '中');
        deepEqual(lib.encode('€Я', 'windows-1251'), new Uint8Array([0x88, 0xdf]));
        deepEqual(new lib.TextEncoder().encode('中'), new Uint8Array([0xe4, 0xb8, 0xad]));
        deepEqual(lib.decode(new Uint8Array([0xfe, 0xff, 0x4e, 0x2d]), 'koi8-r'), { text: '中', encoding: 'UTF-16BE' });
        deepEqual(lib.decode(new Uint8Array([0xc1]), 'koi8-r'), { text: 'а', encoding: 'KOI8-R' });
        // A replacement label decodes (to U+FFFD) through decode(), as in the full entry.
        deepEqual(lib.decode(new Uint8Array([0x41]), 'iso-2022-kr'), { text: '\uFFFD', encoding: 'replacement' });
        // A BOM picks the encoding before the fallback's module is needed (the decode hook).
        deepEqual(lib.decode(new Uint8Array([0xef, 0xbb, 0xbf, 0xe4, 0xb8, 0xad]), 'shift_jis'), {
          text: '中',
          encoding: 'UTF-8',
        });
        deepEqual(lib.decode(new Uint8Array([0xff, 0xfe, 0x2d, 0x4e]), 'big5'), { text: '中', encoding: 'UTF-16LE' });
        deepEqual(lib.inspect(new Uint8Array([0xef, 0xbb, 0xbf, 0x41, 0xff]), 'shift_jis', { sniffBOM: true }), {
          text: 'A\uFFFD',
          encoding: 'UTF-8',
          errors: [{ byteStart: 4, byteEnd: 5, textIndex: 1 }],
          errorCount: 1,
          truncated: false,
        });
        // Labels of every encoding are known, loaded or not.
        for (const { encodings } of standardEncodings) {
          for (const { name, labels } of encodings) {
            for (const label of labels) equal(lib.getEncoding(label), name, `getEncoding(${JSON.stringify(label)})`);
          }
        }
        deepEqual(
          lib.encodings().map((g) => [g.heading, g.encodings.map((e) => [e.name, e.labels])]),
          standardEncodings.map((g) => [g.heading, g.encodings.map((e) => [e.name, e.labels])]),
        );
      },
    ],
    [
      'lite alone: every label of every add-on encoding is a RangeError naming its import',
      (lib) => {
        for (const [addon, encodings] of ADDONS) assertNotLoaded(lib, standardEncodings, addon, encodings);
        // An unknown label is still the usual RangeError.
        equal(
          throws(() => new lib.TextDecoder('sjis2'), RangeError).message,
          `Failed to construct 'TextDecoder': the encoding label "sjis2" is not supported.`,
        );
      },
    ],
  ];
  ADDONS.forEach(([addon, encodings], i) => {
    cases.push([
      `import 'encoding-wasm/${addon}' adds ${encodings.map(([name]) => name).join(', ')}; the encodings of add-ons not imported still throw`,
      async (lib) => {
        // A decoder made before the import keeps working after it.
        const before = new lib.TextDecoder('windows-1251');
        await load(addon);
        await assertLoaded(lib, standardEncodings, encodings);
        for (const [other, rest] of ADDONS.slice(i + 1)) assertNotLoaded(lib, standardEncodings, other, rest);
        equal(before.decode(new Uint8Array([0xc0])), 'А');
        // Importing it again changes nothing.
        await load(addon);
        await assertLoaded(lib, standardEncodings, encodings);
      },
    ]);
  });
  return cases;
}
