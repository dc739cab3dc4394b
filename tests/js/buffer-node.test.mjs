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
