// In Node, buffer.node.mjs's probes find every Buffer fast path, and each gives what the standard
// says. A probe that wrongly refused Node's Buffer would leave every output right, only slower (the
// package falls back to wasm or plain JS), so no test of the outputs could see it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import {
  EXTERNAL,
  nodeView,
  ucs2Slice,
  ucs2Write,
  utf16Bytes,
  utf16LeWhole,
  windows1252Latin1,
} from '../../pkg/buffer.node.mjs';

const bytes = (...b) => new Uint8Array(b);

test('every Buffer fast path is found in Node', () => {
  const paths = { ucs2Slice, ucs2Write, utf16LeWhole, windows1252Latin1 };
  for (const [name, path] of Object.entries(paths)) assert.equal(typeof path, 'function', name);
  assert.notEqual(nodeView(new ArrayBuffer(8)), null);
  assert.notEqual(utf16Bytes('a', false), null);
  // Node copies more than 0xFBEE9 code units into an external string (EXTERN_APEX).
  assert.ok(EXTERNAL > 0xfbee9, `EXTERNAL is ${EXTERNAL}`);
});

test('the fast paths give what the standard says', () => {
  const view = nodeView(new ArrayBuffer(8));
  assert.equal(ucs2Write(view, 'a\uD800', 2, 4), 4);
  assert.deepEqual([...view], [0, 0, 0x61, 0, 0, 0xd8, 0, 0]);
  assert.equal(ucs2Slice(view, 2, 4), 'a');
  // https://encoding.spec.whatwg.org/#shared-utf-16-decoder: a BOM dropped, a lone lead
  // surrogate and an odd last byte each one U+FFFD, or a fatal error (null).
  assert.equal(utf16LeWhole(bytes(0xff, 0xfe, 0x41, 0x00, 0x3d, 0xd8, 0x42, 0x00), false, false), 'A\uFFFDB');
  assert.equal(utf16LeWhole(bytes(0xff, 0xfe, 0x41, 0x00, 0x42), false, true), '\uFEFFA\uFFFD');
  assert.equal(utf16LeWhole(bytes(0x41, 0x00, 0x3d, 0xd8), true, false), null);
  // https://encoding.spec.whatwg.org/#windows-1252 is Latin-1 but for 0x80-0x9F (null: not taken).
  assert.equal(windows1252Latin1(bytes(0x41, 0xa0, 0xe9, 0xff)), 'A\u00A0\u00E9\u00FF');
  assert.equal(windows1252Latin1(bytes(0x41, 0x80)), null);
  // The encoders' USVString: a lone surrogate is U+FFFD (FD FF in UTF-16LE, FF FD in BE).
  assert.deepEqual(utf16Bytes('a\uD800', false), bytes(0x61, 0x00, 0xfd, 0xff));
  assert.deepEqual(utf16Bytes('a\uD800', true), bytes(0x00, 0x61, 0xff, 0xfd));
});

test('a Buffer without swap16 leaves UTF-16BE to the other paths', async () => {
  const { swap16 } = Buffer.prototype;
  delete Buffer.prototype.swap16;
  try {
    // Freshly evaluated, so that its Buffer methods are read without swap16.
    const probed = await import('../../js/buffer.node.mjs?without-swap16');
    assert.equal(probed.utf16Bytes('a', true), null);
  } finally {
    Buffer.prototype.swap16 = swap16;
  }
});

// A ucs2Write right in all the probe reads but the lone surrogate's high byte: a Proxy of Node's
// own (its source reads as native code, as nativeMethod asks) that writes each lone surrogate as
// U+0000, in a process of its own, the plant made before the package loads. The module must refuse
// it, and a legacy encode of over 16 code units (written to wasm memory by ucs2Write where it is
// trusted) must still see the lone surrogate as U+FFFD: `&#65533;` in windows-1252
// (https://encoding.spec.whatwg.org/#single-byte-encoder, html mode).
test('a ucs2Write that writes a lone surrogate as U+0000 is refused', () => {
  const code = String.raw`
    const { ucs2Write } = Buffer.prototype;
    const LONE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
    Buffer.prototype.ucs2Write = new Proxy(ucs2Write, {
      apply: (write, buffer, [s, ...rest]) => Reflect.apply(write, buffer, [s.replace(LONE, '\0'), ...rest]),
    });
    const source = Function.prototype.toString.call(Buffer.prototype.ucs2Write);
    const probe = Buffer.alloc(8);
    const written = probe.ucs2Write('a\uD800', 2, 4);
    const probed = await import('./pkg/buffer.node.mjs');
    const lib = await import('encoding-wasm');
    const encoded = lib.encode('a'.repeat(20) + '\uD800', 'windows-1252');
    console.log(JSON.stringify({
      source,
      written,
      probe: [...probe],
      ucs2Write: probed.ucs2Write,
      nodeView: probed.nodeView(new ArrayBuffer(8)),
      encoded: Buffer.from(encoded).toString('latin1'),
    }));`;
  const root = new URL('../../', import.meta.url);
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', code], { cwd: root, encoding: 'utf8' });
  const got = JSON.parse(out);
  // The plant passes every check of the probe but the last byte.
  assert.match(got.source, /\{\s*\[native code\]\s*\}\s*$/);
  assert.equal(got.written, 4);
  assert.deepEqual(got.probe, [0, 0, 0x61, 0, 0, 0, 0, 0]);
  assert.equal(got.ucs2Write, null);
  assert.equal(got.nodeView, null);
  assert.equal(got.encoded, `${'a'.repeat(20)}&#65533;`);
});

// encode() to UTF-16 takes utf16Bytes in Node and the wasm encoder where there is no Buffer (the
// inline-wasm entry): both must give each scalar value of the USVString (a lone surrogate as
// U+FFFD) as code units in the encoding's byte order, fatal or not, also past the 2^21-unit pieces
// the wasm path encodes a long string in (a pair cut by a piece's end is kept whole).
test('encode() to UTF-16 gives the same bytes with and without Buffer', async () => {
  const node = await import('encoding-wasm');
  const inline = await import('../../pkg/index.inline.mjs');
  const le = (units) => new Uint8Array(units.flatMap((u) => [u & 0xff, u >> 8]));
  const a = (n) => Array(n).fill(0x61);
  const PIECE = 1 << 21;
  const cases = [
    ['', le([])],
    ['a\uD800b', le([0x61, 0xfffd, 0x62])],
    ['\uDC00\uD83D\uDE00\uD800', le([0xfffd, 0xd83d, 0xde00, 0xfffd])],
    ['\uFEFF\u3042', le([0xfeff, 0x3042])],
    [`${'a'.repeat(PIECE - 1)}\u{1F600}b`, le([...a(PIECE - 1), 0xd83d, 0xde00, 0x62])],
    [`${'a'.repeat(PIECE - 1)}\uD800b`, le([...a(PIECE - 1), 0xfffd, 0x62])],
  ];
  for (const [s, want] of cases) {
    const wantBe = want.map((_, i) => want[i ^ 1]);
    for (const lib of [node, inline]) {
      for (const fatal of [false, true]) {
        const where = `${lib === node ? 'node' : 'inline'} ${s.length} units, fatal ${fatal}`;
        assert.ok(Buffer.from(lib.encode(s, 'utf-16le', { fatal })).equals(want), `UTF-16LE ${where}`);
        assert.ok(Buffer.from(lib.encode(s, 'utf-16be', { fatal })).equals(wantBe), `UTF-16BE ${where}`);
      }
    }
  }
});

// A decoded string leaves the wasm module by ucs2Slice in Node, and where there is no Buffer (the
// inline-wasm entry) up to 64 units by 16 at a time, then trimmed to its length: every length up
// to 80, and none may bring along units of memory past its end.
test('decodes of every short length give the same string with and without Buffer', async () => {
  const node = await import('encoding-wasm');
  const inline = await import('../../pkg/index.inline.mjs');
  // windows-1252: 0x80 is U+20AC, and the native decoders of Node (ICU) read it as U+0080, so
  // the package decodes it itself.
  const byte = (i) => (i % 7 === 3 ? 0x80 : 0x61 + (i % 26));
  const unit = (i) => (i % 7 === 3 ? '\u20AC' : String.fromCharCode(0x61 + (i % 26)));
  // The longest first, so that memory past each shorter output holds units it must not take.
  for (let n = 80; n >= 1; n--) {
    const bytes = Uint8Array.from({ length: n }, (_, i) => byte(i));
    const want = Array.from({ length: n }, (_, i) => unit(i)).join('');
    for (const lib of [node, inline]) {
      assert.equal(new lib.TextDecoder('windows-1252').decode(bytes), want, `${lib === node ? 'node' : 'inline'} ${n}`);
    }
  }
});

// Each condition of the probes above, failed alone: a Buffer method (or String#toWellFormed) that
// is wrong in exactly one thing a probe checks and right in the others, planted before the package
// loads, in a process of its own. Each plant is a Proxy of Node's own method (its source reads as
// native code, as nativeMethod asks) whose result is `change`, code over `call(a)` (Node's method
// on the same receiver with arguments `a`), `args` and `self` (the receiver). `gets` are expressions run
// after the package loads (`lib`, its Node entry; `probed`, buffer.node.mjs; `hex(u8)`); `want`,
// each one's value as the standard has it, hand-worked. The plant must really be wrong on some
// call (`planted`, run on the plant itself), so that a plant that changes nothing fails the test.
const PLANTS = [
  [
    'ucs2Slice: a surrogate pair as two U+FFFD (the first probe only)',
    ['ucs2Slice', String.raw`call(args).replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g, '\uFFFD\uFFFD')`],
    'Buffer.from([0x3d, 0xd8, 0x00, 0xde]).ucs2Slice(0, 4)',
    [
      ['probed.ucs2Slice', null],
      // index gb18030 ranges: 90 30 81 30 is U+10000; over 64 units, the string is made by ucs2Slice.
      [
        `new lib.TextDecoder('gb18030').decode(new Uint8Array([...Array(100).fill(0x61), 0x90, 0x30, 0x81, 0x30]))`,
        `${'a'.repeat(100)}\u{10000}`,
      ],
    ],
  ],
  [
    'ucs2Slice: a leading U+FEFF dropped (the second probe only)',
    ['ucs2Slice', String.raw`args[0] === 0 && call(args).startsWith('\uFEFF') ? call(args).slice(1) : call(args)`],
    'Buffer.from([0xff, 0xfe, 0x41, 0x00]).ucs2Slice(0, 4)',
    [
      ['probed.ucs2Slice', null],
      [
        `new lib.TextDecoder('utf-16le', { ignoreBOM: true }).decode(new Uint8Array([0xff, 0xfe, 0x41, 0x00]))`,
        '\uFEFFA',
      ],
    ],
  ],
  [
    "ucs2Slice: a view read up to its `length` property, not its internal slot (sliceViews' first check)",
    ['ucs2Slice', 'call([args[0], Math.min(args[1], self.length)])'],
    "Object.defineProperty(Buffer.from([0x41, 0x00]), 'length', { value: 0 }).ucs2Slice(0, 2)",
    [
      ['typeof probed.ucs2Slice', 'function'],
      ['probed.utf16LeWhole', null],
      [
        `new lib.TextDecoder('utf-16le').decode(Object.defineProperty(new Uint8Array([0x41, 0x00, 0x42, 0x00]), 'length', { value: 0 }))`,
        'AB',
      ],
    ],
  ],
  [
    "String#toWellFormed: a lone surrogate kept (sliceViews' second check)",
    ['toWellFormed', 'String(self)'],
    String.raw`'a\uD800'.toWellFormed()`,
    [
      ['probed.utf16LeWhole', null],
      [`new lib.TextDecoder('utf-16le').decode(new Uint8Array([0x00, 0xd8, 0x41, 0x00]))`, '\uFFFDA'],
    ],
  ],
  [
    "latin1Slice: bytes 0x80-0xFF as U+FFFD (sliceViews' third check)",
    ['latin1Slice', String.raw`call(args).replace(/[\x80-\xFF]/g, '\uFFFD')`],
    'Buffer.from([0xd8]).latin1Slice(0, 1)',
    [
      ['probed.windows1252Latin1', null],
      [`new lib.TextDecoder('windows-1252').decode(new Uint8Array([0x41, 0xd8]))`, 'A\u00D8'],
    ],
  ],
  [
    "ucs2Write: ASCII letters upper-cased (the probe's first byte)",
    ['ucs2Write', 'call([args[0].toUpperCase(), ...args.slice(1)])'],
    `(() => { const b = Buffer.alloc(2); b.ucs2Write('a', 0, 2); return hex(b); })()`,
    [
      ['probed.ucs2Write', null],
      // Over 16 code units, a legacy encode writes the string to wasm memory by ucs2Write.
      [`Buffer.from(lib.encode('a'.repeat(20), 'windows-1252')).toString('latin1')`, 'a'.repeat(20)],
    ],
  ],
  [
    "ucs2Write: ASCII written with a high byte 01 (the probe's second byte)",
    [
      'ucs2Write',
      String.raw`call([args[0].replace(/[\x00-\x7F]/g, (c) => String.fromCharCode(c.charCodeAt(0) | 0x100)), ...args.slice(1)])`,
    ],
    `(() => { const b = Buffer.alloc(2); b.ucs2Write('a', 0, 2); return hex(b); })()`,
    [
      ['probed.ucs2Write', null],
      [`Buffer.from(lib.encode('a'.repeat(20), 'windows-1252')).toString('latin1')`, 'a'.repeat(20)],
    ],
  ],
  [
    "ucs2Write: a lead surrogate written one higher (the probe's third byte)",
    [
      'ucs2Write',
      String.raw`call([args[0].replace(/[\uD800-\uDBFF]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 1)), ...args.slice(1)])`,
    ],
    String.raw`(() => { const b = Buffer.alloc(4); b.ucs2Write('\u{1F600}', 0, 4); return hex(b); })()`,
    [
      ['probed.ucs2Write', null],
      // https://encoding.spec.whatwg.org/#single-byte-encoder in html mode: U+1F600 as &#128512;.
      [
        `Buffer.from(lib.encode('a'.repeat(20) + '\u{1F600}', 'windows-1252')).toString('latin1')`,
        `${'a'.repeat(20)}&#128512;`,
      ],
    ],
  ],
];

for (const [what, [name, change], planted, gets] of PLANTS) {
  test(`a probe refuses a Buffer method wrong in one thing: ${what}`, () => {
    const target = name === 'toWellFormed' ? 'String.prototype' : 'Buffer.prototype';
    const code = `
      const hex = (u8) => Array.from(u8, (b) => b.toString(16).padStart(2, '0')).join(' ');
      const before = ${planted};
      const original = ${target}.${name};
      ${target}.${name} = new Proxy(original, {
        apply: (f, self, args) => {
          const call = (a) => Reflect.apply(f, self, a);
          return ${change};
        },
      });
      const after = ${planted};
      const probed = await import('./pkg/buffer.node.mjs');
      const lib = await import('encoding-wasm');
      console.log(JSON.stringify({ before, after, gets: [${gets.map(([g]) => g).join(', ')}] }));`;
    const root = new URL('../../', import.meta.url);
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', code], { cwd: root, encoding: 'utf8' });
    const got = JSON.parse(out);
    assert.notEqual(got.after, got.before, 'the plant changes nothing: the case tests nothing');
    for (const [i, [g, want]] of gets.entries()) assert.equal(got.gets[i], want, g);
  });
}
