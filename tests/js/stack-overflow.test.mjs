// A stack overflow can interrupt any call at any point, even its `finally`: after calls that ran
// out of stack at every depth, each module still serves the next call (its busy flag is a store
// in the `finally`, not a call that the overflow could stop).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as lib from 'encoding-wasm';

const SJIS = new Uint8Array([0x82, 0xa0, 0x41]); // あA
const big = new Uint8Array((2 << 20) + 2).fill(0x41); // over 2 MiB: the pieces path
big.set([0x82, 0xa0], 2 << 20);

// `call` at the bottom of a recursion that runs out of stack, at many depths near the limit.
function atEveryDepth(call) {
  const deep = () => {
    try {
      return deep();
    } catch {
      return call();
    }
  };
  for (let i = 0; i < 200; i++) {
    try {
      deep();
    } catch {
      // a RangeError somewhere inside the call: what matters is the next call
    }
  }
}

const calls = {
  'inspect()': () => lib.inspect(SJIS, 'shift_jis'),
  'inspect() as UTF-8': () => lib.inspect(SJIS, 'utf-8'),
  'decode() over 2 MiB': () => lib.decode(big, 'shift_jis'),
  'TextDecoder.decode': () => new lib.TextDecoder('shift_jis').decode(SJIS),
  'TextDecoder stream': () => new lib.TextDecoder('gb18030').decode(SJIS, { stream: true }),
  'encode()': () => lib.encode('あ'.repeat(40), 'shift_jis'),
  'LegacyEncoder fatal': () => new lib.LegacyEncoder('shift_jis', { fatal: true }).encode('é', { stream: true }),
  'getEncoding()': () => lib.getEncoding('x-sjis-odd-label'),
};

for (const [name, call] of Object.entries(calls)) {
  test(`${name} run out of stack at every depth: every module still works afterwards`, () => {
    atEveryDepth(call);
    assert.equal(lib.getEncoding('cp1252'), 'windows-1252');
    assert.equal(new lib.TextDecoder('latin1').decode(new Uint8Array([0x80])), '\u20AC');
    assert.equal(new lib.TextDecoder('shift_jis').decode(SJIS), '\u3042A');
    assert.equal(lib.inspect(SJIS, 'utf-8').errorCount, 2);
    assert.deepEqual([...lib.encode('\u3042', 'shift_jis')], [0x82, 0xa0]);
  });
}
