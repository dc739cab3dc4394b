// natives.mjs self-tests the runtime's own decoders and encoder on first use. A probe that fails
// (here the native constructor throws, as it would from a stack overflow in the caller's context)
// is tried again on later uses, three tries in all; a probe that succeeds is kept.
import { test } from 'node:test';
import assert from 'node:assert/strict';

// natives.mjs, freshly evaluated with globalThis.TextDecoder replaced by a subclass whose
// constructor throws for its first `failures` calls; the count of constructions is `made()`.
async function withFlakyDecoder(failures, name) {
  const Native = globalThis.TextDecoder;
  let made = 0;
  globalThis.TextDecoder = class extends Native {
    constructor(...args) {
      made++;
      if (failures > 0) {
        failures--;
        throw new RangeError('Maximum call stack size exceeded');
      }
      super(...args);
    }
  };
  try {
    const natives = await import(`../../js/natives.mjs?${name}`);
    return { natives, made: () => made };
  } finally {
    globalThis.TextDecoder = Native;
  }
}

test('a native probe that threw is tried again on the next use, and its success kept', async () => {
  const { natives, made } = await withFlakyDecoder(1, 'once');
  assert.equal(natives.nativeUtf16(), null);
  const decoder = natives.nativeUtf16();
  assert.notEqual(decoder, null);
  assert.equal(decoder.decode(new Uint16Array([0x61, 0x3042])), 'a\u3042');
  const count = made();
  assert.equal(natives.nativeUtf16(), decoder);
  assert.equal(made(), count, 'a kept result is not probed again');
});

test('after three failed tries a native is given up: no more probing', async () => {
  const { natives, made } = await withFlakyDecoder(Number.POSITIVE_INFINITY, 'never');
  for (let i = 0; i < 3; i++) {
    assert.equal(natives.nativeUtf8(), null);
    assert.equal(made(), i + 1);
  }
  assert.equal(natives.nativeUtf8(), null);
  assert.equal(made(), 3);
});

// Node's own TextEncoder is exact (it replaces a lone surrogate by U+FFFD, and encodeInto stops
// before a character that does not fit, into plain and shared memory alike): every probe of it
// must pass, or the package would take its slower JavaScript paths for nothing.
test("Node's own encoder and encodeInto pass their probes", async () => {
  const natives = await import('../../js/natives.mjs?node-encoder');
  assert.ok(natives.nativeEncoder() instanceof TextEncoder);
  assert.equal(natives.nativeEncodeInto(), true);
  assert.equal(natives.nativeEncodeIntoShared(), true);
});
