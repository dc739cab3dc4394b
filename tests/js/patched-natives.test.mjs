// The natives are judged by their methods as captured at load, the ones later calls use: a method
// replaced since (here by a wrapper that is exact) must not vouch for the inexact original. And a
// native class whose prototype cannot be read (a Proxy's trap) neither breaks the import nor gets used.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';

const run = (script) =>
  execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: new URL('../..', import.meta.url) });

test('a native TextDecoder.prototype.decode replaced by an exact wrapper does not vouch for the native', () => {
  // IBM866's index maps 0x1A, 0x1C and 0x7F to themselves; Node 20's ICU decoder moves them
  // (and KOI8-U's 0xAE is U+045E by its index).
  const out = run(`
    import * as L from 'encoding-wasm';
    const wrapped = new WeakMap();
    TextDecoder.prototype.decode = function (input, options) {
      let d = wrapped.get(this);
      if (!d) wrapped.set(this, (d = new L.TextDecoder(this.encoding, { fatal: this.fatal, ignoreBOM: this.ignoreBOM })));
      return d.decode(input, options);
    };
    const a = new L.TextDecoder('ibm866').decode(new Uint8Array([0x1a, 0x1c, 0x7f]));
    const b = new L.TextDecoder('koi8-u').decode(new Uint8Array([0xae]));
    process.stdout.write(JSON.stringify([a, b]));
  `);
  assert.deepEqual(JSON.parse(out), ['\x1a\x1c\x7f', '\u045e']);
});

test('a native TextDecoder behind a Proxy that throws when its prototype is read: the import works and decodes exactly', () => {
  const out = run(`
    const N = TextDecoder;
    globalThis.TextDecoder = new Proxy(N, {
      get(target, key, receiver) {
        if (key === 'prototype') throw new Error('trap');
        return Reflect.get(target, key, receiver);
      },
    });
    const L = await import('encoding-wasm');
    const a = new L.TextDecoder('windows-1252').decode(new Uint8Array([0x80]));
    const b = new L.TextDecoder().decode(new Uint8Array([0xe2, 0x82, 0xac, 0xff]));
    process.stdout.write(JSON.stringify([a, b]));
  `);
  assert.deepEqual(JSON.parse(out), ['\u20ac', '\u20ac\ufffd']);
});
