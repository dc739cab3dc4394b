// encoding-wasm/detect (sniffHTML, HTMLDecoderStream, repair, detect, Detector): the runtime-neutral cases of
// shared/detect.mjs against the ES module entry and the CommonJS one, and what only Node shows
// (the entries' files, util.inspect, built-ins replaced after load).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { inspect } from 'node:util';
import * as detect from 'encoding-wasm/detect';
import cases from './shared/detect.mjs';
import { runCase } from './run-case.mjs';

const require = createRequire(import.meta.url);

for (const [entry, lib] of [
  ['import', detect],
  ['require', require('encoding-wasm/detect')],
]) {
  test(`encoding-wasm/detect (${entry})`, async (t) => {
    for (const [name, fn] of cases) await t.test(name, (t) => runCase(t, fn, lib));
  });
}

test('the entries export sniffHTML, HTMLDecoderStream, repair, detect and Detector only', () => {
  const names = ['Detector', 'HTMLDecoderStream', 'detect', 'repair', 'sniffHTML'];
  assert.deepEqual(Object.keys(detect).sort(), names);
  assert.deepEqual(Object.keys(require('encoding-wasm/detect')).sort(), names);
});

test('the CommonJS entry decodes with the TextDecoder of the CommonJS API (one registry)', async () => {
  const { HTMLDecoderStream } = require('encoding-wasm/detect');
  // Shift_JIS is in the japanese family, bound by require('encoding-wasm') when first asked for.
  const stream = new HTMLDecoderStream({ transportLabel: 'shift_jis' });
  const out = [];
  const writer = stream.writable.getWriter();
  writer.write(new Uint8Array([0x82, 0xa0]));
  writer.close();
  for await (const s of stream.readable) out.push(s);
  assert.equal(out.join(''), '\u3042');
});

test('util.inspect shows an HTMLDecoderStream by its attributes', () => {
  const shown = inspect(new detect.HTMLDecoderStream({ fatal: true }));
  assert.match(shown, /^HTMLDecoderStream \{/);
  assert.match(shown, /encoding: ''/);
  assert.match(shown, /fatal: true/);
});

test("a TextDecoder.prototype.decode replaced after load changes no HTMLDecoderStream's text", async () => {
  const { TextDecoder } = await import('encoding-wasm');
  const decode = TextDecoder.prototype.decode;
  TextDecoder.prototype.decode = () => 'replaced';
  try {
    const stream = new detect.HTMLDecoderStream({ transportLabel: 'koi8-r' });
    const writer = stream.writable.getWriter();
    writer.write(new Uint8Array([0xc1]));
    writer.close();
    const out = [];
    for await (const s of stream.readable) out.push(s);
    assert.deepEqual(out, ['\u0430']);
  } finally {
    TextDecoder.prototype.decode = decode;
  }
});

test("sniffHTML reads no array's length through %TypedArray%.prototype, which user code may replace", () => {
  const proto = Object.getPrototypeOf(Uint8Array.prototype);
  const length = Object.getOwnPropertyDescriptor(proto, 'length');
  const input = new TextEncoder().encode('<meta charset=koi8-r>');
  Object.defineProperty(proto, 'length', { get: () => 0, configurable: true });
  let result;
  try {
    result = detect.sniffHTML(input);
  } finally {
    Object.defineProperty(proto, 'length', length);
  }
  assert.deepEqual(result, { encoding: 'KOI8-R', source: 'meta' });
});

test('repair: built-ins replaced after load change nothing', () => {
  const { push } = Array.prototype;
  const { slice } = String.prototype;
  const iterator = Array.prototype[Symbol.iterator];
  Array.prototype.push = () => {
    throw new Error('push');
  };
  String.prototype.slice = () => 'x';
  Array.prototype[Symbol.iterator] = () => {
    throw new Error('iterator');
  };
  const typedArray = Object.getPrototypeOf(Uint8Array.prototype);
  const length = Object.getOwnPropertyDescriptor(typedArray, 'length');
  let repaired;
  try {
    Object.defineProperty(typedArray, 'length', {
      configurable: true,
      get() {
        throw new Error('length');
      },
    });
    repaired = detect.repair('Ã©tÃ©').text;
  } finally {
    Object.defineProperty(typedArray, 'length', length);
    Array.prototype.push = push;
    String.prototype.slice = slice;
    Array.prototype[Symbol.iterator] = iterator;
  }
  assert.equal(repaired, 'été');
});

test("the detector's bindWasm refuses, with an Error that says so, what is not the detector's instance", async () => {
  // js/detect/bind.mjs as built (pkg/detect/), imported alone: the entries bind their own copy.
  const { bindWasm } = await import('../../pkg/detect/bind.mjs');
  const message = "encoding-wasm/detect: bindWasm() needs the detector module's instance.";
  for (const value of [undefined, null, {}, { exports: null }, { exports: { detector_new: 1 } }]) {
    assert.throws(() => bindWasm(value), { name: 'Error', message }, String(value));
  }
});

test("the detector's module, unbound, failed, then bound: detectorInstance() says which", async () => {
  // The same standalone copy as above, which no entry binds.
  const { bindOrFallback, bindOrFallbackSync, detectorInstance } = await import('../../pkg/detect/bind.mjs');
  assert.throws(() => detectorInstance(), {
    name: 'Error',
    message: 'encoding-wasm/detect: the detector module is not instantiated.',
  });
  const noJs = new Error('no js');
  const fail = () => {
    throw noJs;
  };
  bindOrFallbackSync(() => {
    throw new Error('no wasm');
  }, fail);
  const message =
    'encoding-wasm/detect cannot run: its WebAssembly module could not be loaded (Error: no wasm); its JavaScript build could not be loaded either (Error: no js).';
  assert.throws(
    () => detectorInstance(),
    (e) => e.message === message && e.cause === noJs,
  );
  await bindOrFallback(() => Promise.reject(new Error('no wasm')), 'build it');
  assert.throws(() => detectorInstance(), {
    message: 'encoding-wasm/detect cannot run: its WebAssembly module could not be loaded (Error: no wasm); build it.',
  });
  const instance = { exports: { detector_new() {} } };
  await bindOrFallback(() => instance, fail);
  assert.equal(detectorInstance(), instance);
  const other = { exports: { detector_new() {} } };
  bindOrFallbackSync(() => other, fail);
  assert.equal(detectorInstance(), other);
});
