// util.inspect and console.log show this package's four classes as Node shows its own: each case is
// inspected twice, built once from Node's classes (the expected output) and once from ours.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { inspect } from 'node:util';
import * as lib from 'encoding-wasm';

const node = {
  TextDecoder: globalThis.TextDecoder,
  TextEncoder: globalThis.TextEncoder,
  TextDecoderStream: globalThis.TextDecoderStream,
  TextEncoderStream: globalThis.TextEncoderStream,
};

// [what, make(classes), util.inspect options]
const CASES = [
  ['a TextDecoder', (C) => new C.TextDecoder('gbk'), {}],
  ['its options', (C) => new C.TextDecoder('big5', { fatal: true, ignoreBOM: true }), {}],
  ['with colors (Node ignores them for a TextDecoder)', (C) => new C.TextDecoder('utf-16le'), { colors: true }],
  ['at the depth limit', (C) => ({ a: { b: new C.TextDecoder() } }), { depth: 1 }],
  ['beyond it, with colors', (C) => ({ a: { b: new C.TextDecoder() } }), { depth: 1, colors: true }],
  ['inside the depth', (C) => ({ a: { b: new C.TextDecoder() } }), { depth: 2 }],
  ['unlimited depth', (C) => [[[[new C.TextDecoder('shift_jis')]]]], { depth: Number.POSITIVE_INFINITY }],
  ['depth null', (C) => ({ a: new C.TextDecoderStream('euc-kr') }), { depth: null }],
  ['in an array broken over lines', (C) => [[new C.TextDecoder()]], { breakLength: 20 }],
  ['not compact', (C) => ({ x: new C.TextDecoder('koi8-r') }), { compact: false }],
  ['in a Map', (C) => new Map([['d', new C.TextDecoder('euc-jp')]]), {}],
  ['a subclass', (C) => new (class Sub extends C.TextDecoder {})('iso-2022-jp'), {}],
  // A class with no name is passed over for the nearest named one.
  ['a subclass with no name', (C) => new [class extends C.TextDecoder {}][0]('big5'), {}],
  [
    "a subclass's getter",
    (C) =>
      new (class Loud extends C.TextDecoder {
        get encoding() {
          return 'LOUD';
        }
      })(),
    {},
  ],
  ['a TextEncoder', (C) => new C.TextEncoder(), {}],
  ['with colors', (C) => new C.TextEncoder(), { colors: true }],
  ['beyond the depth', (C) => ({ x: new C.TextEncoder() }), { depth: 0 }],
  ['a subclass (Node shows no name)', (C) => new (class S extends C.TextEncoder {})(), {}],
  ['a TextDecoderStream', (C) => new C.TextDecoderStream('gbk', { fatal: true }), {}],
  ['depth 0', (C) => new C.TextDecoderStream('gbk'), { depth: 0 }],
  ['nested', (C) => ({ a: new C.TextDecoderStream() }), { depth: 2 }],
  ['with colors', (C) => new C.TextDecoderStream('big5'), { colors: true }],
  ['a TextEncoderStream', (C) => new C.TextEncoderStream(), {}],
  ['depth 1', (C) => new C.TextEncoderStream(), { depth: 1 }],
  ['with colors', (C) => new C.TextEncoderStream(), { colors: true }],
];

for (const [what, make, options] of CASES) {
  test(`util.inspect: ${what} ${JSON.stringify(options)}`, () => {
    assert.equal(inspect(make(lib), options), inspect(make(node), options));
  });
}

test('console.log prints the four classes as Node prints its own', () => {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const code = `import * as lib from 'encoding-wasm';
    for (const C of [globalThis, lib]) {
      console.log(new C.TextDecoder('windows-1252', { ignoreBOM: true }), new C.TextEncoder());
      console.log(new C.TextDecoderStream('shift_jis'));
      console.log([new C.TextEncoderStream()]);
    }`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', code], { cwd: root, encoding: 'utf8' });
  const lines = out.trimEnd().split('\n');
  assert.equal(lines.length % 2, 0);
  const half = lines.length / 2;
  assert.deepEqual(lines.slice(half), lines.slice(0, half));
  assert.match(lines[0], /^TextDecoder \{ encoding: 'windows-1252', fatal: false, ignoreBOM: true \} \{/);
});

// Where ours differ, on purpose (docs/runtimes.md, "Polyfill"): Node shows a stream beyond the depth as `undefined` (its
// customInspect returns `this` from a plain function) and its internal symbols with showHidden;
// it throws for an object made from the prototype, which ours show as plain objects.
test('where ours differ from Node', () => {
  const deep = (C) => ({ deep: { x: new C.TextDecoderStream() } });
  assert.equal(inspect(deep(node), { depth: 1 }), '{ deep: { x: undefined } }');
  assert.equal(inspect(deep(lib), { depth: 1 }), '{ deep: { x: [TextDecoderStream] } }');
  assert.match(inspect(new node.TextDecoder('gbk'), { showHidden: true }), /\[Symbol\(flags\)\]: 0/);
  assert.equal(
    inspect(new lib.TextDecoder('gbk'), { showHidden: true }),
    "TextDecoder { encoding: 'gbk', fatal: false, ignoreBOM: false }",
  );
  assert.throws(() => inspect(Object.create(node.TextDecoder.prototype)), TypeError);
  assert.equal(inspect(Object.create(lib.TextDecoder.prototype)), 'TextDecoder {}');
  assert.equal(lib.TextDecoder.prototype[Symbol.for('nodejs.util.inspect.custom')].call(42), 42);
});

test('the inspect method is a non-enumerable symbol-keyed method, as Node has', () => {
  for (const C of [lib.TextDecoder, lib.TextEncoder, lib.TextDecoderStream, lib.TextEncoderStream]) {
    const desc = Object.getOwnPropertyDescriptor(C.prototype, Symbol.for('nodejs.util.inspect.custom'));
    assert.equal(typeof desc?.value, 'function', C.name);
    assert.equal(desc.enumerable, false, C.name);
  }
});
