// Before the wasm module is bound (js/ imported as plain modules, bindWasm never called), every
// API throws an Error saying so: never a TypeError from inside the glue or a wrong result.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as api from '../../js/index.mjs';
import { bindWasm } from '../../js/wasm.mjs';

const notReady = (e) => e.constructor === Error && /WebAssembly module is not instantiated/.test(e.message);

test('every API throws a clear Error until the module is bound', () => {
  const calls = [
    ['TextDecoder', () => new api.TextDecoder()],
    ['TextEncoder', () => new api.TextEncoder()],
    ['TextDecoderStream', () => new api.TextDecoderStream()],
    ['TextEncoderStream', () => new api.TextEncoderStream()],
    ['LegacyEncoder', () => new api.LegacyEncoder('shift_jis')],
    ['LegacyEncoderStream', () => new api.LegacyEncoderStream('shift_jis')],
    ['encode', () => api.encode('a', 'utf-8')],
    ['getEncoding', () => api.getEncoding('utf-8')],
    ['decode', () => api.decode(new Uint8Array(1))],
    ['inspect', () => api.inspect(new Uint8Array(1), 'utf-8')],
    ['encodings', () => api.encodings()],
  ];
  for (const [name, call] of calls) assert.throws(call, notReady, name);
  assert.deepEqual(Object.keys(api).sort(), calls.map(([name]) => name).sort());
  assert.throws(() => bindWasm({}), /needs what the glue's instantiate\(module\) returns/);
});
