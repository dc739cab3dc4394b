// natives.mjs hands calls to the runtime's own TextDecoder and TextEncoder only where they pass the
// self-tests (self-tests.mjs, natives.mjs's probes). Here each native the package may use is made
// subtly wrong before the package loads, in a process of its own, in one of the ways runtimes have
// been: the package's output must stay the standard's (hand-worked below), and the wrapped native
// must really be wrong on the same call, so that a wrapper that changes nothing fails the test.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

// Runs `calls` (see `call` in the child) with the wrapped natives and with the package, after
// `wrap` (code that replaces globalThis.TextDecoder or TextEncoder) has run; `entry` is the
// package's Node entry (Buffer's fast paths) or its inline-wasm one (none: strings are built by the
// native UTF-16LE decoder, UTF-16LE whole calls go to the native). Returns [native, ours] each.
function compare(wrap, calls, entry = 'encoding-wasm') {
  const code = `
    const Native = globalThis.TextDecoder;
    const NativeEncoder = globalThis.TextEncoder;
    ${wrap}
    const wrapped = { TextDecoder: globalThis.TextDecoder, TextEncoder: globalThis.TextEncoder };
    const lib = await import(${JSON.stringify(entry)});
    const bytes = (hex) => Uint8Array.from(hex.match(/../g) ?? [], (h) => parseInt(h, 16));
    // A decoder call: [label, options, ...chunks] (all but the last with stream), giving the text
    // of each call joined, or '<TypeError>' where one threw. An encoder call: ['encode', string]
    // or ['encodeInto', string, length, shared], giving the bytes (and read, written) as hex.
    const hex = (u8) => Array.from(u8, (b) => b.toString(16).padStart(2, '0')).join(' ');
    function call(api, [label, a, b, c, ...rest]) {
      try {
        if (label === 'encode') return hex(new api.TextEncoder().encode(a));
        if (label === 'encodeInto') {
          const dest = new Uint8Array(c ? new SharedArrayBuffer(b) : new ArrayBuffer(b)).fill(0xaa);
          const { read, written } = new api.TextEncoder().encodeInto(a, dest);
          return read + ' ' + written + ': ' + hex(dest);
        }
        const d = new api.TextDecoder(label, a);
        const chunks = [b, c, ...rest].filter((x) => x !== undefined);
        return chunks.map((h, i) => d.decode(bytes(h), { stream: i < chunks.length - 1 })).join('');
      } catch (e) {
        if (e instanceof TypeError) return '<TypeError>';
        throw e;
      }
    }
    const calls = ${JSON.stringify(calls)};
    console.log(JSON.stringify(calls.map((c) => [call(wrapped, c), call(lib, c)])));`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', code], { cwd: root, encoding: 'utf8' });
  return JSON.parse(out);
}

// Each wrong native: [what, code that installs it, [call, the standard's result]..., entries].
const A100 = '61'.repeat(100); // long enough for the native string builder (over 64 code units)
const a100 = 'a'.repeat(100);
const NODE = ['encoding-wasm'];
const BOTH = ['encoding-wasm', `${root}pkg/index.inline.mjs`];
// A native TextDecoder whose decode() returns `result`, code over `s` (the native's text) and
// `this`; one whose constructor gets the caller's options with `change` spread over them.
const decodeGives = (result) => `globalThis.TextDecoder = class extends Native {
      decode(input, options) {
        const s = super.decode(input, options);
        return ${result};
      }
    };`;
const constructedWith = (change) => `globalThis.TextDecoder = class extends Native {
      constructor(label, options) { super(label, { ...options, ${change} }); }
    };`;
const WRONG = [
  [
    'UTF-8: a surrogate encoded in three bytes decoded as that surrogate (WTF-8)',
    decodeGives("this.encoding === 'utf-8' ? s.replaceAll('\\uFFFD\\uFFFD\\uFFFD', '\\uD800') : s"),
    [
      [['utf-8', {}, '61EDA08062'], 'a\uFFFD\uFFFD\uFFFDb'],
      [['utf-8', { ignoreBOM: true }, '61EDA08062'], 'a\uFFFD\uFFFD\uFFFDb'],
      [['utf-8', {}, '61EDA0', '8062'], 'a\uFFFD\uFFFD\uFFFDb'],
    ],
    NODE,
  ],
  [
    'UTF-8: not by maximal subparts (F0 90 80 as three errors)',
    decodeGives("this.encoding === 'utf-8' ? s.replaceAll('\\uFFFDA', '\\uFFFD\\uFFFD\\uFFFDA') : s"),
    [[['utf-8', {}, 'F0908041'], '\uFFFDA']],
    NODE,
  ],
  [
    'UTF-8: the BOM kept unless ignoreBOM',
    constructedWith('ignoreBOM: true'),
    [
      [['utf-8', {}, 'EFBBBF61'], 'a'],
      [['utf-8', {}, 'EFBB', 'BF61'], 'a'],
      [['utf-8', { fatal: true }, 'EFBBBF61'], 'a'],
    ],
    NODE,
  ],
  [
    'UTF-8 and UTF-16LE: the BOM removed despite ignoreBOM',
    constructedWith('ignoreBOM: false'),
    [
      [['utf-8', { ignoreBOM: true }, 'EFBBBF61'], '\uFEFFa'],
      [['utf-8', { ignoreBOM: true }, 'EF', 'BBBF61'], '\uFEFFa'],
      [['utf-16le', { ignoreBOM: true }, 'FFFE4100'], '\uFEFFA'],
      [['utf-16le', { ignoreBOM: true }, 'FF', 'FE4100'], '\uFEFFA'],
    ],
    BOTH,
  ],
  [
    "UTF-8 and UTF-16LE: a BOM removed from a later call's output in a stream",
    `globalThis.TextDecoder = class extends Native {
      #calls = 0;
      decode(input, options) {
        const s = super.decode(input, options);
        const later = this.#calls++ > 0;
        if (!options?.stream) this.#calls = 0;
        return later && s.startsWith('\\uFEFF') ? s.slice(1) : s;
      }
    };`,
    [
      [['utf-8', {}, '61', 'EFBBBF62'], 'a\uFEFFb'],
      [['utf-16le', {}, '4100', 'FFFE4200'], 'A\uFEFFB'],
    ],
    NODE,
  ],
  [
    'UTF-8 and UTF-16LE: fatal errors not thrown',
    constructedWith('fatal: false'),
    [
      [['utf-8', { fatal: true }, '61FF'], '<TypeError>'],
      [['utf-8', { fatal: true }, 'C3'], '<TypeError>'],
      [['utf-16le', { fatal: true }, '00D84100'], '<TypeError>'],
    ],
    BOTH,
  ],
  [
    'UTF-8 and UTF-16LE: stream state lost between calls',
    `globalThis.TextDecoder = class extends Native {
      decode(input, options) { return super.decode(input); }
    };`,
    [
      [['utf-8', {}, 'E381', '82'], '\u3042'],
      [['utf-8', {}, 'F09F', '98', '80'], '\u{1F600}'],
      [['utf-16le', {}, '3DD8', '00DE'], '\u{1F600}'],
      [['utf-16le', {}, '41', '00'], 'A'],
    ],
    BOTH,
  ],
  [
    'UTF-16LE: a lone surrogate kept',
    decodeGives("this.encoding === 'utf-16le' ? s.replaceAll('\\uFFFDA', '\\uD800A') : s"),
    [
      [['utf-16le', {}, '00D84100'], '\uFFFDA'],
      [['utf-16le', {}, '00D8', '4100'], '\uFFFDA'],
    ],
    BOTH,
  ],
  // The string builder of runtimes without Buffer (utf16ToString): a wasm decoder's output of over
  // 64 code units is made a string by the native UTF-16LE decoder, with ignoreBOM. A fatal UTF-8
  // stream is decoded by wasm.
  [
    'the string builder: a leading U+FEFF dropped despite ignoreBOM',
    decodeGives("this.encoding === 'utf-16le' && s.startsWith('\\uFEFF') ? s.slice(1) : s"),
    [
      [['utf-8', { fatal: true, ignoreBOM: true }, `EFBBBF${A100}`, ''], `\uFEFF${a100}`],
      [['shift_jis', {}, `${A100}`, ''], a100],
      [['utf-16le', { ignoreBOM: true }, 'FFFE4100'], '\uFEFFA'],
    ],
    BOTH,
  ],
  [
    'the string builder: U+0080 as U+20AC',
    decodeGives("this.encoding === 'utf-16le' ? s.replaceAll('\\u0080', '\\u20AC') : s"),
    [
      [['utf-8', { fatal: true }, `C280${A100}`, ''], `\u0080${a100}`],
      [['gb18030', {}, `81308130${A100}`], `\u0080${a100}`], // index gb18030 ranges pointer 0
      [['utf-16le', {}, '80004100'], '\u0080A'],
    ],
    BOTH,
  ],
  // (The string builder's decoder is one native decoder, used for every call: its probe decodes
  // twice, so that a decoder whose ignoreBOM holds only for its first call is found.)
  [
    'the string builder: ignoreBOM kept only for the first call of a decoder',
    `globalThis.TextDecoder = class extends Native {
      #calls = 0;
      decode(input, options) {
        const s = super.decode(input, options);
        return this.encoding === 'utf-16le' && this.#calls++ > 0 && s.startsWith('\\uFEFF') ? s.slice(1) : s;
      }
    };`,
    [
      [['utf-8', { fatal: true, ignoreBOM: true }, `EFBBBF${A100}`, ''], `\uFEFF${a100}`],
      [['utf-16le', { ignoreBOM: true }, '4100', 'FFFE4200'], 'A\uFEFFB'],
    ],
    BOTH,
  ],
  // TextEncoder: https://encoding.spec.whatwg.org/#utf-8-encoder over scalar values (a lone
  // surrogate is U+FFFD: EF BF BD).
  [
    'TextEncoder: a lone surrogate as U+0000',
    `globalThis.TextEncoder = class extends NativeEncoder {
      encode(s) { return super.encode(s.replace(/[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])/g, '\\0')); }
    };`,
    [
      [['encode', 'x\uD800y'], '78 ef bf bd 79'],
      [['encode', '\uD800'], 'ef bf bd'],
    ],
    NODE,
  ],
  // (As many bytes as the standard's: only a check of each byte can see it.)
  [
    'TextEncoder: a lone surrogate as its three WTF-8 bytes',
    `globalThis.TextEncoder = class extends NativeEncoder {
      encode(s) {
        const lone = /([\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF])/;
        const out = [];
        for (const [i, part] of s.split(lone).entries()) {
          const c = part.charCodeAt(0);
          if (i % 2 === 1) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f));
          else out.push(...super.encode(part));
        }
        return new Uint8Array(out);
      }
    };`,
    [
      [['encode', 'x\uD800y'], '78 ef bf bd 79'],
      [['encode', '\uDC00'], 'ef bf bd'],
    ],
    NODE,
  ],
  [
    'TextEncoder: a surrogate pair as two U+FFFD (UCS-2)',
    `globalThis.TextEncoder = class extends NativeEncoder {
      encode(s) { return super.encode(s.replace(/[\\uD800-\\uDBFF][\\uDC00-\\uDFFF]/g, '\\uFFFD\\uFFFD')); }
    };`,
    [
      [['encode', '\u{1F600}'], 'f0 9f 98 80'],
      [['encode', '\u{10FFFF}'], 'f4 8f bf bf'],
    ],
    NODE,
  ],
  [
    'TextEncoder: a byte appended to the output',
    `globalThis.TextEncoder = class extends NativeEncoder {
      encode(s) {
        const u = super.encode(s);
        const out = new Uint8Array(u.length + 1);
        out.set(u);
        return out;
      }
    };`,
    [
      [['encode', 'a\u00E9'], '61 c3 a9'],
      [['encode', ''], ''],
    ],
    NODE,
  ],
  [
    'TextEncoder: encodeInto writes part of a character that does not fit',
    `globalThis.TextEncoder = class extends NativeEncoder {
      encodeInto(s, dest) {
        const r = super.encodeInto(s, dest);
        if (r.read === s.length) return r;
        const next = super.encode(s.slice(r.read, r.read + 2)).subarray(0, dest.length - r.written);
        dest.set(next, r.written);
        return { read: r.read + 1, written: r.written + next.length };
      }
    };`,
    [
      [['encodeInto', 'a\u{1F600}', 4], '1 1: 61 aa aa aa'],
      [['encodeInto', '\u3042', 2], '0 0: aa aa'],
    ],
    NODE,
  ],
  [
    'TextEncoder: encodeInto counts as read the character that does not fit',
    `globalThis.TextEncoder = class extends NativeEncoder {
      encodeInto(s, dest) {
        const r = super.encodeInto(s, dest);
        return r.read < s.length ? { read: r.read + 1, written: r.written } : r;
      }
    };`,
    [
      [['encodeInto', 'a\u{1F600}', 4], '1 1: 61 aa aa aa'],
      [['encodeInto', 'a\u{1F600}', 4, true], '1 1: 61 aa aa aa'],
    ],
    NODE,
  ],
  [
    'TextEncoder: encodeInto counts right but writes to a copy of the destination',
    `globalThis.TextEncoder = class extends NativeEncoder {
      encodeInto(s, dest) {
        return super.encodeInto(s, new Uint8Array(dest.length));
      }
    };`,
    [
      [['encodeInto', 'ab', 4], '2 2: 61 62 aa aa'],
      [['encodeInto', 'ab', 4, true], '2 2: 61 62 aa aa'],
    ],
    NODE,
  ],
  [
    'TextEncoder: encodeInto refuses shared memory',
    `globalThis.TextEncoder = class extends NativeEncoder {
      encodeInto(s, dest) {
        if (dest.buffer instanceof SharedArrayBuffer) throw new TypeError('shared');
        return super.encodeInto(s, dest);
      }
    };`,
    [[['encodeInto', '\u00E9\u{1F600}', 4, true], '1 2: c3 a9 aa aa']],
    NODE,
  ],
  [
    "TextEncoder: encodeInto's count wrong but on the shared-memory probe",
    `globalThis.TextEncoder = class extends NativeEncoder {
      encodeInto(s, dest) {
        const r = super.encodeInto(s, dest);
        if (dest.buffer instanceof SharedArrayBuffer && s === 'a\u{1F600}\u00E9') return r;
        return { read: r.read, written: r.written + 1 };
      }
    };`,
    [
      [['encodeInto', 'abc', 4, true], '3 3: 61 62 63 aa'],
      [['encodeInto', 'abc', 4], '3 3: 61 62 63 aa'],
    ],
    NODE,
  ],
];

for (const [what, wrap, cases, entries] of WRONG) {
  test(`a wrong native is not used: ${what}`, () => {
    for (const entry of entries) {
      const results = compare(
        wrap,
        cases.map(([c]) => c),
        entry,
      );
      let wrongSomewhere = false;
      for (const [i, [c, expected]] of cases.entries()) {
        const [native, ours] = results[i];
        assert.equal(ours, expected, `${entry}: ${JSON.stringify(c)}`);
        wrongSomewhere ||= native !== expected;
      }
      assert.ok(wrongSomewhere, `${entry}: the wrapped native gives the standard's results: the case tests nothing`);
    }
  });
}

// A native that calls back into the package: a stream's decoder whose native decode() runs the same
// decoder again is refused with a TypeError that says so, and the outer call goes on.
test('a native decode() that calls the same decoder again is refused', () => {
  const code = `
    const Native = globalThis.TextDecoder;
    let again = null;
    const errors = [];
    globalThis.TextDecoder = class extends Native {
      decode(input, options) {
        const d = again;
        again = null;
        try {
          d?.decode(new Uint8Array([0x41]));
        } catch (e) {
          errors.push(e.constructor.name + ': ' + e.message);
        }
        return super.decode(input, options);
      }
    };
    const lib = await import('encoding-wasm');
    // The natives' self-tests run on first use: done first, so that \`again\` is taken by our call.
    new lib.TextDecoder('utf-8').decode(new Uint8Array([0x61]), { stream: true });
    const d = new lib.TextDecoder('utf-8');
    again = d;
    const text = d.decode(new Uint8Array([0x61, 0xe3, 0x81]), { stream: true }) + d.decode(new Uint8Array([0x82]));
    console.log(JSON.stringify({ text, errors, called: again === null }));`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', code], { cwd: root, encoding: 'utf8' });
  const { text, errors, called } = JSON.parse(out);
  assert.ok(called, 'the native decoder was not used: the case tests nothing');
  assert.equal(text, 'a\u3042');
  assert.deepEqual(errors, [
    "TypeError: Failed to execute 'decode' on 'TextDecoder': called again while its earlier call is still running.",
  ]);
});
