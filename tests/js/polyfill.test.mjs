// import 'encoding-wasm/polyfill' in fresh processes with different globals.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

// Runs `code` as an ES module in the package's directory (so 'encoding-wasm' resolves to it) and
// returns what it prints as JSON.
function run(code) {
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', code], { cwd: root, encoding: 'utf8' });
  return JSON.parse(out);
}

const ours = 'const ours = (C) => C?.[Symbol.for("encoding-wasm")] === true;';

test('installs all four classes where the globals are missing', () => {
  const r = run(`${ours}
    for (const n of ['TextDecoder', 'TextEncoder', 'TextDecoderStream', 'TextEncoderStream']) delete globalThis[n];
    await import('encoding-wasm/polyfill');
    const d = new TextDecoder('gbk');
    const desc = Object.getOwnPropertyDescriptor(globalThis, 'TextDecoder');
    console.log(JSON.stringify({
      gbk: d.encoding,
      latin1: new TextDecoder('latin1').decode(new Uint8Array([0x80, 0xE9])),
      utf8: new TextDecoder().decode(new Uint8Array([0xEF, 0xBB, 0xBF, 0xE3, 0x81, 0x82, 0xFF])),
      encoded: Array.from(new TextEncoder().encode('\\u00E9\\uD800')),
      ours: [TextDecoder, TextEncoder, TextDecoderStream, TextEncoderStream].map(ours),
      desc: [desc.writable, desc.enumerable, desc.configurable],
    }));`);
  assert.deepEqual(r, {
    gbk: 'gbk',
    latin1: '\u20AC\u00E9',
    utf8: '\u3042\uFFFD',
    encoded: [0xc3, 0xa9, 0xef, 0xbf, 0xbd],
    ours: [true, true, true, true],
    desc: [true, false, true],
  });
});

test('replaces a TextDecoder that rejects some labels, keeps a native TextEncoder', () => {
  const r = run(`${ours}
    const Native = globalThis.TextDecoder;
    const NativeEncoder = globalThis.TextEncoder;
    globalThis.TextDecoder = class TextDecoder extends Native {
      constructor(label = 'utf-8', o) { if (/gb|euc|jis|big5/i.test(label)) throw new RangeError(label); super(label, o); }
    };
    globalThis.TextDecoderStream = class TextDecoderStream {
      constructor(label) { if (/gb/i.test(label)) throw new RangeError(label); }
    };
    await import('encoding-wasm/polyfill');
    console.log(JSON.stringify({
      decoder: ours(globalThis.TextDecoder), streamReplaced: ours(globalThis.TextDecoderStream),
      encoderKept: globalThis.TextEncoder === NativeEncoder,
      gb18030: new TextDecoder('gb18030').encoding,
      stream: new TextDecoderStream('gbk').encoding,
    }));`);
  assert.deepEqual(r, { decoder: true, streamReplaced: true, encoderKept: true, gb18030: 'gb18030', stream: 'gbk' });
});

test('keeps classes that accept every label', () => {
  const r = run(`
    class Lenient { constructor(label) { this.label = label; } }
    globalThis.TextDecoder = Lenient;
    globalThis.TextDecoderStream = Lenient;
    await import('encoding-wasm/polyfill');
    console.log(JSON.stringify([globalThis.TextDecoder === Lenient, globalThis.TextDecoderStream === Lenient]));`);
  assert.deepEqual(r, [true, true]);
});

test('after the polyfill, every label of the standard works with the global TextDecoder', () => {
  const r = run(`
    import { encodings } from 'encoding-wasm';
    await import('encoding-wasm/polyfill');
    const failed = [];
    for (const g of encodings()) for (const e of g.encodings) for (const l of e.labels) {
      try {
        const d = new TextDecoder(l);
        if (e.name === 'replacement' || d.encoding !== e.name.toLowerCase()) failed.push(l);
      } catch (err) {
        if (e.name !== 'replacement' || !(err instanceof RangeError)) failed.push(l);
      }
    }
    console.log(JSON.stringify({ failed, xud: new TextDecoder('x-user-defined').decode(new Uint8Array([0x80])) }));`);
  assert.deepEqual(r, { failed: [], xud: '\uF780' });
});

test("a second copy of the package loads on top of the first copy's polyfill", () => {
  const r = run(`${ours}
    import { createRequire } from 'node:module';
    delete globalThis.TextDecoder;
    delete globalThis.TextEncoder;
    createRequire(import.meta.url)('encoding-wasm/polyfill');
    const cjsDecoder = globalThis.TextDecoder;
    const esm = await import('encoding-wasm');
    await import('encoding-wasm/polyfill');
    console.log(JSON.stringify({
      kept: globalThis.TextDecoder === cjsDecoder,
      twoCopies: esm.TextDecoder !== cjsDecoder,
      utf8: new esm.TextDecoder().decode(new Uint8Array([0x61, 0xC3, 0xA9, 0xF0, 0x9F])),
      text16: new esm.TextDecoder('utf-16le').decode(new Uint8Array(600).fill(0x30)).length,
      encoded: Array.from(new esm.TextEncoder().encode('\\u00E9')),
      viaGlobal: new TextDecoder('latin1').decode(new Uint8Array([0x80])),
    }));`);
  assert.deepEqual(r, {
    kept: true,
    twoCopies: true,
    utf8: 'a\u00E9\uFFFD',
    text16: 300,
    encoded: [0xc3, 0xa9],
    viaGlobal: '\u20AC',
  });
});
