// import 'encoding-wasm/polyfill' in fresh processes with different globals.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { TextDecoder as NodeTextDecoder } from 'node:util';
import * as lib from 'encoding-wasm';
import { installPolyfill } from '../../pkg/node-bind.mjs';
import { ReferenceTextDecoder } from './reference/text-decoder.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));

// Runs `code` as an ES module in the package's directory (so 'encoding-wasm' resolves to it) and
// returns what it prints as JSON.
function run(code, flags = []) {
  const out = execFileSync(process.execPath, [...flags, '--input-type=module', '-e', code], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
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

test('its status says what it installed and kept', () => {
  const r = run(`const { status } = await import('encoding-wasm/polyfill');
    console.log(JSON.stringify(status));`);
  // Node's TextDecoder is wrong (windows-1252 as Latin-1): replaced; its encoders are kept.
  assert.deepEqual(r, {
    installed: ['TextDecoder', 'TextDecoderStream'],
    kept: ['TextEncoder', 'TextEncoderStream'],
    refused: [],
    skipped: [],
    reason: null,
  });
  const always = run(`const { status } = await import('encoding-wasm/polyfill/always');
    console.log(JSON.stringify(status));`);
  assert.deepEqual(always.installed, ['TextDecoder', 'TextDecoderStream', 'TextEncoder', 'TextEncoderStream']);
});

test('never throws at import: a global it may not replace is refused, one that throws when read is left', () => {
  const r = run(`const Native = globalThis.TextDecoder;
    delete globalThis.TextDecoder;
    Object.defineProperty(globalThis, 'TextDecoder', { value: Native }); // not configurable
    Object.defineProperty(globalThis, 'TextEncoderStream', { get() { throw new Error('no'); }, configurable: true });
    const { status } = await import('encoding-wasm/polyfill');
    console.log(JSON.stringify({ status, kept: globalThis.TextDecoder === Native }));`);
  assert.deepEqual(r.status.refused, ['TextDecoder']);
  assert.equal(r.kept, true);
  assert.ok(r.status.installed.includes('TextEncoderStream'), JSON.stringify(r.status));
  const lib =
    run(`Object.defineProperty(globalThis, 'TextDecoder', { get() { throw new Error('no'); }, configurable: true });
    const { TextDecoder } = await import('encoding-wasm');
    console.log(JSON.stringify(new TextDecoder('shift_jis').decode(new Uint8Array([0x82, 0xa0]))));`);
  assert.equal(lib, '\u3042');
});

test('installs no stream class where TransformStream is missing, and says so', () => {
  const r = run(`for (const n of ['TextDecoderStream', 'TextEncoderStream', 'TransformStream']) delete globalThis[n];
    const { status } = await import('encoding-wasm/polyfill');
    console.log(JSON.stringify({ status, streams: [typeof TextDecoderStream, typeof TextEncoderStream] }));`);
  assert.deepEqual(r.streams, ['undefined', 'undefined']);
  assert.deepEqual(r.status, {
    installed: ['TextDecoder'],
    kept: ['TextEncoder'],
    refused: [],
    skipped: ['TextDecoderStream', 'TextEncoderStream'],
    reason: 'encoding-wasm: the runtime has no TransformStream, which the stream classes are built on.',
  });
  // Node's own TextDecoderStream (it does not need the global TransformStream) is left beside the
  // installed TextDecoder, and status says so; its TextEncoderStream is kept.
  const node = run(`${ours}
    const Native = globalThis.TextDecoderStream;
    delete globalThis.TransformStream;
    const { status } = await import('encoding-wasm/polyfill');
    console.log(JSON.stringify({ status, left: globalThis.TextDecoderStream === Native, decoder: ours(TextDecoder) }));`);
  assert.deepEqual(node.status.skipped, ['TextDecoderStream']);
  assert.deepEqual(node.status.kept, ['TextEncoder', 'TextEncoderStream']);
  assert.equal(node.left, true);
  assert.equal(node.decoder, true);
});

// Each of the four classes in exactly one of status's lists.
function assertAccountedFor(status) {
  const listed = [...status.installed, ...status.kept, ...status.refused, ...status.skipped].sort();
  assert.deepEqual(
    listed,
    ['TextDecoder', 'TextDecoderStream', 'TextEncoder', 'TextEncoderStream'],
    JSON.stringify(status),
  );
}

test('on a frozen global object, status accounts for each class once', () => {
  // Node's globals are getters that define a data property on first read: on a frozen global,
  // reading one that was not read before throws.
  const r = run(`Object.freeze(globalThis);
    const { status } = await import('encoding-wasm/polyfill');
    console.log(JSON.stringify(status));`);
  assertAccountedFor(r);
  assert.deepEqual(r.installed, []);
  assert.ok(r.refused.includes('TextDecoder'), JSON.stringify(r));
  assert.deepEqual(r.skipped, ['TextDecoderStream', 'TextEncoderStream']);
  assert.match(r.reason, /TransformStream/);
  const always = run(`Object.freeze(globalThis);
    const { status } = await import('encoding-wasm/polyfill/always');
    console.log(JSON.stringify(status));`);
  assertAccountedFor(always);
  assert.deepEqual(always.refused, ['TextDecoder', 'TextEncoder']);
});

test('where no module could be bound, every class is skipped, and reason says why', () => {
  // node --jitless has no WebAssembly, and the inline-wasm entry no JavaScript build.
  const r = run(
    `const { status } = await import('./pkg/polyfill.inline.mjs');
    console.log(JSON.stringify(status));`,
    ['--jitless'],
  );
  assert.deepEqual([r.installed, r.kept, r.refused], [[], [], []]);
  assert.deepEqual(r.skipped, ['TextDecoder', 'TextDecoderStream', 'TextEncoder', 'TextEncoderStream']);
  assert.match(r.reason, /^encoding-wasm cannot run: this runtime has no WebAssembly; the inline-wasm entry/);
});

test('a TextDecoder behind a Proxy whose traps throw for the mark is replaced, not a crash', () => {
  for (const trap of ['get', 'getOwnPropertyDescriptor']) {
    const r = run(`${ours}
      const Native = globalThis.TextDecoder;
      globalThis.TextDecoder = new Proxy(Native, {
        ${trap}(t, k, r) { if (k === Symbol.for('encoding-wasm')) throw new Error('trap'); return Reflect.${trap}(t, k, r); },
      });
      const { status } = await import('encoding-wasm/polyfill');
      console.log(JSON.stringify({ status, replaced: globalThis.TextDecoder !== Native && ours(globalThis.TextDecoder) }));`);
    assert.deepEqual(r.status.installed, ['TextDecoder', 'TextDecoderStream'], trap);
    assert.equal(r.replaced, true, trap);
  }
});

// (Its `prototype` is read: natives.mjs captures the native's methods at load.)
test('a TextDecoder behind a Proxy whose every trap but the read of its prototype throws is replaced', () => {
  const r = run(`const thrower = () => { throw new Error('trap'); };
    const traps = {};
    for (const k of Object.getOwnPropertyNames(Reflect)) traps[k] = thrower;
    traps.get = (t, k) => { if (k === 'prototype') return t.prototype; throw new Error('trap'); };
    globalThis.TextDecoder = new Proxy(globalThis.TextDecoder, traps);
    const { status } = await import('encoding-wasm/polyfill');
    console.log(JSON.stringify(status));`);
  assert.deepEqual(r.installed, ['TextDecoder', 'TextDecoderStream']);
});

test('a global that is writable but not configurable is replaced by assignment', () => {
  const r = run(`${ours}
    Object.defineProperty(globalThis, 'TextDecoder', { value: TextDecoder, writable: true, configurable: false });
    const { status } = await import('encoding-wasm/polyfill');
    console.log(JSON.stringify({ status, ours: ours(globalThis.TextDecoder) }));`);
  assert.deepEqual(r.status.installed, ['TextDecoder', 'TextDecoderStream']);
  assert.deepEqual(r.status.refused, []);
  assert.equal(r.ours, true);
});

test("the mark is this package's only as an own property: one on Object.prototype is not believed", () => {
  const r = run(`const Native = globalThis.TextDecoder;
    Object.prototype[Symbol.for('encoding-wasm')] = true;
    const { status } = await import('encoding-wasm/polyfill');
    const lib = await import('encoding-wasm');
    console.log(JSON.stringify({ status, ours: globalThis.TextDecoder === lib.TextDecoder,
      win1252: new TextDecoder('windows-1252').decode(new Uint8Array([0x93])) }));`);
  assert.deepEqual(r.status.installed, ['TextDecoder', 'TextDecoderStream']);
  assert.equal(r.ours, true);
  assert.equal(r.win1252, '\u201C');
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

// An exact TextDecoder and TextDecoderStream that are not this package's: the transcription of the
// standard (tests/js/reference/), as a class, and a stream class whose labels are its.
const exactClasses = `
  import { ReferenceTextDecoder } from ${JSON.stringify(new URL('reference/text-decoder.mjs', import.meta.url).href)};
  class ExactDecoder {
    #decoder;
    constructor(label = 'utf-8', options = {}) { this.#decoder = new ReferenceTextDecoder(label, options); }
    get encoding() { return this.#decoder.encoding.toLowerCase(); }
    decode(input, options) { return this.#decoder.decode(input, options); }
  }
  class ExactStream { constructor(label) { this.encoding = new ExactDecoder(label).encoding; } }`;

test("keeps an exact TextDecoder and the TextDecoderStream beside it; 'polyfill/always' replaces all four", () => {
  const r = run(`${ours}${exactClasses}
    const natives = [ExactDecoder, ExactStream, globalThis.TextEncoder, globalThis.TextEncoderStream];
    const names = ['TextDecoder', 'TextDecoderStream', 'TextEncoder', 'TextEncoderStream'];
    names.forEach((n, i) => { globalThis[n] = natives[i]; });
    await import('encoding-wasm/polyfill');
    const kept = names.map((n, i) => globalThis[n] === natives[i]);
    await import('encoding-wasm/polyfill/always');
    const always = names.map((n) => ours(globalThis[n]));
    console.log(JSON.stringify({ kept, always, big5: new TextDecoder('big5').decode(new Uint8Array([0x88, 0x62])) }));`);
  assert.deepEqual(r, { kept: [true, true, true, true], always: [true, true, true, true], big5: '\u00CA\u0304' });
});

test("require('encoding-wasm/polyfill/always') replaces the runtime's classes", () => {
  const r = run(`${ours}
    import { createRequire } from 'node:module';
    const names = ['TextDecoder', 'TextDecoderStream', 'TextEncoder', 'TextEncoderStream'];
    createRequire(import.meta.url)('encoding-wasm/polyfill/always');
    console.log(JSON.stringify({
      always: names.map((n) => ours(globalThis[n])),
      win1252: new TextDecoder('windows-1252').decode(new Uint8Array([0x93])),
    }));`);
  assert.deepEqual(r, { always: [true, true, true, true], win1252: '\u201C' });
});

test('replaces a TextDecoder that accepts every label but decodes Big5 as Chromium 156 does', () => {
  const r = run(`${ours}${exactClasses}
    globalThis.TextDecoder = class extends ExactDecoder {
      decode(input, options) {
        const text = super.decode(input, options);
        return this.encoding === 'big5' ? text.replace('\\u00CA\\u0304', '\\u0093\\uDF04') : text;
      }
    };
    globalThis.TextDecoderStream = ExactStream;
    await import('encoding-wasm/polyfill');
    console.log(JSON.stringify({
      replaced: [ours(globalThis.TextDecoder), ours(globalThis.TextDecoderStream)],
      big5: new TextDecoder('big5').decode(new Uint8Array([0x88, 0x62])),
    }));`);
  assert.deepEqual(r, { replaced: [true, true], big5: '\u00CA\u0304' });
});

test("the polyfill's verdict on the native is the package's: no self-test runs twice", () => {
  const r = run(`${exactClasses}
    let made = 0;
    globalThis.TextDecoder = class extends ExactDecoder {
      constructor(...args) { made++; super(...args); }
    };
    globalThis.TextDecoderStream = ExactStream;
    await import('encoding-wasm/polyfill');
    const lib = await import('encoding-wasm');
    const before = made;
    const cyrillic = new lib.TextDecoder('windows-1251').decode(new Uint8Array([0xc0]));
    const single = made - before;
    const utf8 = new lib.TextDecoder().decode(new Uint8Array([0xc3, 0xa9]));
    console.log(JSON.stringify({ cyrillic, single, utf8, shared: made - before - single }));`);
  // One native decoder for windows-1251 and four for UTF-8 (one per options), none for a test.
  assert.deepEqual(r, { cyrillic: '\u0410', single: 1, utf8: '\u00E9', shared: 4 });
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

// The transcription of the standard as a TextDecoder class, exact; and a stream class beside it.
class Exact {
  #decoder;
  constructor(label = 'utf-8', options = {}) {
    this.#decoder = new ReferenceTextDecoder(label, options);
  }
  get encoding() {
    return this.#decoder.encoding.toLowerCase();
  }
  get fatal() {
    return this.#decoder.errorMode === 'fatal';
  }
  decode(input, options) {
    return this.#decoder.decode(input, options);
  }
}
class ExactStream {
  constructor(label) {
    this.encoding = new Exact(label).encoding;
  }
}

// A TextDecoder wrong only where the input of a call has the bytes `hex`: there, the standard's text
// for them becomes `wrong`.
function wrongFor(label, hex, wrong) {
  const bytes = Buffer.from(hex, 'hex');
  const right = new Exact(label).decode(bytes);
  const encoding = new Exact(label).encoding;
  return class extends Exact {
    decode(input, options) {
      const text = super.decode(input, options);
      return this.encoding === encoding && input !== undefined && Buffer.from(input).includes(bytes)
        ? text.replace(right, wrong)
        : text;
    }
  };
}

// A TextDecoder whose fatal decoders of `label`'s encoding, given the bytes `hex` (which the
// standard decodes without error), throw a TypeError (`wrong` null) or give `wrong` for them.
function wrongWhenFatal(label, hex, wrong) {
  const Wrong = wrongFor(label, hex, wrong);
  const bytes = Buffer.from(hex, 'hex');
  return class extends Wrong {
    decode(input, options) {
      if (wrong === null && this.fatal && input !== undefined && Buffer.from(input).includes(bytes)) {
        throw new TypeError('refused');
      }
      return this.fatal ? super.decode(input, options) : Exact.prototype.decode.call(this, input, options);
    }
  };
}

// A TextDecoder that keeps state from one whole call to the next (Chromium 156): after a call whose
// input ends with `hex`, the next call's first code point is U+FFFD.
function leaking(label, hex) {
  const end = Buffer.from(hex, 'hex');
  const encoding = new Exact(label).encoding;
  return class extends Exact {
    #leak = false;
    decode(input, options) {
      let text = super.decode(input, options);
      if (this.#leak && text !== '') text = `\uFFFD${text.slice(1)}`;
      const bytes = Buffer.from(input ?? []);
      this.#leak = this.encoding === encoding && !options?.stream && bytes.subarray(-end.length).equals(end);
      return text;
    }
  };
}

// A TextDecoder whose decoders of `label`'s encoding get `options` changed (fatal dropped, say).
function withOptions(label, change) {
  const encoding = new Exact(label).encoding;
  return class extends Exact {
    constructor(l, options) {
      super(l, new Exact(l).encoding === encoding ? { ...options, ...change } : options);
    }
  };
}

// A TextDecoder whose decoders of `label`'s encoding end the input at every call (stream state
// lost), or that remove a U+FEFF starting a call's output after a stream's first call.
function stateless(label) {
  const encoding = new Exact(label).encoding;
  return class extends Exact {
    decode(input, options) {
      return this.encoding === encoding ? super.decode(input) : super.decode(input, options);
    }
  };
}
// A TextDecoder whose decoders of `label`'s encoding give `change(text, later, ending)` for each
// call's text: `later` where an earlier call of the same stream came before, `ending` where that
// call is the stream's last.
function changedInStreams(label, change) {
  const encoding = new Exact(label).encoding;
  return class extends Exact {
    #streaming = false;
    decode(input, options) {
      const text = super.decode(input, options);
      const later = this.#streaming;
      this.#streaming = Boolean(options?.stream);
      return this.encoding === encoding ? change(text, later, later && !options?.stream) : text;
    }
  };
}
// At the end of a stream, the U+FFFD of the bytes left over (a lone lead byte) dropped.
const endDropped = (label) =>
  changedInStreams(label, (text, _, ending) => (ending && text.endsWith('\uFFFD') ? text.slice(0, -1) : text));
// A U+FEFF starting a later call's output of a stream removed.
const laterBOM = (label) =>
  changedInStreams(label, (text, later) => (later && text.startsWith('\uFEFF') ? text.slice(1) : text));

// The divergences of real runtimes (docs/runtimes.md, "Polyfill": Node 20's ICU, Chromium 156), and others a decoder can
// have: each must make the polyfill replace a TextDecoder that is otherwise exact.
const WRONG = {
  'windows-1252 0x93 as U+0093 (Node)': wrongFor('windows-1252', '93', '\u0093'),
  'IBM866 0x1A as U+001C (Node)': wrongFor('ibm866', '1a', '\x1C'),
  'KOI8-U 0xAE as U+255D (Node)': wrongFor('koi8-u', 'ae', '\u255D'),
  'ISO-8859-16 0xA1 as U+00A1': wrongFor('iso-8859-16', 'a1', '\u00A1'),
  'x-user-defined 0x80 as U+0080': wrongFor('x-user-defined', '80', '\u0080'),
  'EUC-KR 8C 63 without UHC (Node)': wrongFor('euc-kr', '8c63', '\u008Cc'),
  'Big5 88 62 as private use (Node)': wrongFor('big5', '8862', '\uF325'),
  'Big5 88 62 as U+0093 U+DF04 (Chromium)': wrongFor('big5', '8862', '\u0093\uDF04'),
  'Big5 0x80 as U+0080 (Node)': wrongFor('big5', '80', '\u0080'),
  'Shift_JIS 87 40 without NEC row 13': wrongFor('shift_jis', '8740', '\uFFFD@'),
  'Shift_JIS FA 40 without the IBM extensions': wrongFor('shift_jis', 'fa40', '\uFFFD@'),
  'Shift_JIS 0x80 as U+FFFD (Node)': wrongFor('shift_jis', '80', '\uFFFD'),
  'gb18030 without four-byte sequences': wrongFor('gb18030', '81308130', '\uFFFD0\uFFFD0'),
  'gb18030 E3 32 9A 35 (U+10FFFF) refused': wrongFor('gb18030', 'e3329a35', '\uFFFD'),
  'gb18030 A6 D9 as GB18030-2005 (U+E78D)': wrongFor('gb18030', 'a6d9', '\uE78D'),
  'GBK without four-byte sequences (Node)': wrongFor('gbk', '81308130', '\uFFFD0\uFFFD0'),
  'GBK 0xFF as U+F8F5 (Node)': wrongFor('gbk', 'ff', '\uF8F5'),
  'EUC-JP 8E E0 as U+00A2 (Node)': wrongFor('euc-jp', '8ee0', '\u00A2'),
  'EUC-JP JIS X 0212 state kept after a call (Chromium)': leaking('euc-jp', '8fa1'),
  'ISO-2022-JP LF in JIS X 0208 state (Node)': wrongFor('iso-2022-jp', '1b244230210a41', '\u4E9C\nA'),
  'ISO-2022-JP escape state kept after a call (Chromium)': leaking('iso-2022-jp', '1b'),
  'UTF-16LE lone surrogate kept': wrongFor('utf-16le', '00d84100', '\uD800A'),
  'UTF-16BE lone surrogate kept': wrongFor('utf-16be', 'd8000041', '\uD800A'),
  'UTF-8 not by maximal subparts': wrongFor('utf-8', 'f0908041', '\uFFFD\uFFFD\uFFFDA'),
  'UTF-8 fatal not thrown': withOptions('utf-8', { fatal: false }),
  'UTF-8 BOM kept without ignoreBOM': withOptions('utf-8', { ignoreBOM: true }),
  'UTF-8 BOM removed with ignoreBOM': withOptions('utf-8', { ignoreBOM: false }),
  'UTF-8 stream state lost': stateless('utf-8'),
  "UTF-8 BOM removed from a stream's later call": laterBOM('utf-8'),
  'UTF-16LE fatal not thrown': withOptions('utf-16le', { fatal: false }),
  'UTF-16LE BOM kept without ignoreBOM': withOptions('utf-16le', { ignoreBOM: true }),
  'UTF-16LE stream state lost': stateless('utf-16le'),
  "UTF-16LE BOM removed from a stream's later call": laterBOM('utf-16le'),
  'UTF-16BE stream state lost': stateless('utf-16be'),
  'windows-1253 fatal not thrown (0xAA, not in the index)': withOptions('windows-1253', { fatal: false }),
  'ISO-8859-8 fatal not thrown (0xA1, not in the index)': withOptions('iso-8859-8', { fatal: false }),
  'windows-1257 fatal not thrown (0xA1, not in the index)': withOptions('windows-1257', { fatal: false }),
  'windows-1251 fatal mode gives 0x80 as U+0080': wrongWhenFatal('windows-1251', '80', '\u0080'),
  'KOI8-R fatal mode throws at 0x80': wrongWhenFatal('koi8-r', '80', null),
  'ISO-8859-15 fatal mode gives 0xA4 as U+00A4': wrongWhenFatal('iso-8859-15', 'a4', '\u00A4'),
  'ISO-8859-16 refused (Node)': class extends Exact {
    constructor(label, options) {
      if (label === 'iso-8859-16') throw new RangeError(label);
      super(label, options);
    }
  },
  "replacement's labels accepted": class extends Exact {
    constructor(label, options) {
      super(label === 'iso-2022-kr' ? 'utf-8' : label, options);
    }
  },
  'latin1 named iso-8859-1': class extends Exact {
    get encoding() {
      return super.encoding === 'windows-1252' ? 'iso-8859-1' : super.encoding;
    }
  },
};

// Each multi-byte encoding with a decoder wrong only in fatal mode (no error thrown, or one thrown
// for valid input), or only across the calls of a stream (state lost, or a lone lead byte at the
// end dropped).
// By label, a character's bytes: U+3042, U+3042, U+4E9C, U+554A, U+554A, U+4E00, U+AC00.
const VALID = {
  shift_jis: '82a0',
  'euc-jp': 'a4a2',
  'iso-2022-jp': '1b24423021',
  gb18030: 'b0a1',
  gbk: 'b0a1',
  big5: 'a440',
  'euc-kr': 'b0a1',
};
for (const [label, valid] of Object.entries(VALID)) {
  WRONG[`${label} fatal not thrown`] = withOptions(label, { fatal: false });
  WRONG[`${label} fatal mode throws for valid input`] = wrongWhenFatal(label, valid, null);
  WRONG[`${label} stream state lost`] = stateless(label);
  WRONG[`${label}: a lone lead byte at the end of a stream dropped`] = endDropped(label);
}

// installPolyfill (polyfill.mjs) on a global object of its own, which has `TextDecoder`.
function polyfillOver(TextDecoder) {
  const g = {
    TextDecoder,
    TextDecoderStream: ExactStream,
    TextEncoder: Exact,
    TextEncoderStream: Exact,
    TransformStream: globalThis.TransformStream,
  };
  installPolyfill(lib, 'where-needed', g);
  return g;
}

test('an exact TextDecoder, and the TextDecoderStream beside it, are kept', () => {
  const g = polyfillOver(Exact);
  assert.equal(g.TextDecoder, Exact);
  assert.equal(g.TextDecoderStream, ExactStream);
});

// Node's own TextDecoder in the encodings where it is exact (README, "Polyfill": UTF-8, UTF-16LE
// and 21 single-byte encodings; and gb18030 and UTF-16BE, which the survey finds exact), the
// transcription of the standard in the others: the checks, fatal mode and streaming included,
// must keep it, so that they judge a real native's options and state, and not only the reference.
const NODE_EXACT = [
  'utf-8',
  'utf-16le',
  'utf-16be',
  'gb18030',
  'iso-8859-2',
  'iso-8859-3',
  'iso-8859-4',
  'iso-8859-5',
  'iso-8859-6',
  'iso-8859-7',
  'iso-8859-8',
  'iso-8859-8-i',
  'iso-8859-10',
  'iso-8859-13',
  'iso-8859-14',
  'iso-8859-15',
  'koi8-r',
  'macintosh',
  'windows-1250',
  'windows-1251',
  'windows-1254',
  'windows-1256',
  'windows-1257',
  'windows-1258',
  'x-mac-cyrillic',
];
class NodeWhereExact {
  #decoder;
  constructor(label = 'utf-8', options = {}) {
    const exact = NODE_EXACT.includes(new Exact(label).encoding);
    this.#decoder = exact ? new NodeTextDecoder(label, options) : new Exact(label, options);
  }
  get encoding() {
    return this.#decoder.encoding;
  }
  decode(input, options) {
    return this.#decoder.decode(input, options);
  }
}

test("Node's own TextDecoder, where it is exact, is kept", () => {
  const g = polyfillOver(NodeWhereExact);
  assert.equal(g.TextDecoder, NodeWhereExact);
  assert.equal(g.TextDecoderStream, ExactStream);
});

for (const [divergence, Wrong] of Object.entries(WRONG)) {
  test(`a TextDecoder is replaced, and its TextDecoderStream, for: ${divergence}`, () => {
    const g = polyfillOver(Wrong);
    assert.equal(g.TextDecoder, lib.TextDecoder);
    assert.equal(g.TextDecoderStream, lib.TextDecoderStream);
    assert.equal(g.TextEncoder, Exact, 'TextEncoder kept');
  });
}

test('a TextDecoderStream that refuses a label is replaced beside an exact TextDecoder', () => {
  class Partial extends ExactStream {
    constructor(label) {
      if (label === 'gb18030') throw new RangeError(label);
      super(label);
    }
  }
  const g = { TextDecoder: Exact, TextDecoderStream: Partial, TransformStream: globalThis.TransformStream };
  installPolyfill(lib, 'where-needed', g);
  assert.equal(g.TextDecoder, Exact);
  assert.equal(g.TextDecoderStream, lib.TextDecoderStream);
});
