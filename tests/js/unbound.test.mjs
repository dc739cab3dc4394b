// Before the wasm module is bound (js/ imported as plain modules, bindWasm never called), every
// API throws an Error saying so: never a TypeError from inside the glue or a wrong result.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as api from '../../js/index.mjs';
import { bindWasm } from '../../js/wasm.mjs';
import { unclearFailures } from './shared/every-api.mjs';

test('every API throws a clear Error until the module is bound', () => {
  const unbound = /^encoding-wasm: the WebAssembly module is not instantiated \(see bindWasm\)\.$/;
  assert.deepEqual(unclearFailures(api, unbound), []);
  assert.throws(() => bindWasm({}), {
    name: 'Error',
    message: "encoding-wasm: bindWasm() needs what the glue's instantiate(module) returns.",
  });
});
