// Before the wasm module is bound (js/ imported as plain modules, bindWasm never called), every
// API throws an Error saying so: never a TypeError from inside the glue or a wrong result.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as api from '../../js/index.mjs';
import { bindWasm } from '../../js/wasm.mjs';
import { unclearFailures } from './shared/every-api.mjs';

test('every API throws a clear Error until the module is bound', () => {
  assert.deepEqual(unclearFailures(api, /WebAssembly module is not instantiated/), []);
  assert.throws(() => bindWasm({}), /needs what the glue's instantiate\(module\) returns/);
});
