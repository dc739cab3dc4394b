// webidl/encoding.webidl (the standard's IDL) against the exported classes: every interface,
// member, argument count and attribute.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { parse } from 'webidl2';
import * as lib from 'encoding-wasm';

const idl = readFileSync(new URL('../../webidl/encoding.webidl', import.meta.url), 'utf8');
// GenericTransformStream is the Streams Standard's mixin, which the Encoding Standard includes.
const streams =
  'interface mixin GenericTransformStream { readonly attribute ReadableStream readable; readonly attribute WritableStream writable; };';
const tree = parse(idl + streams);

const mixins = new Map(tree.filter((d) => d.type === 'interface mixin').map((d) => [d.name, d]));
const interfaces = tree.filter((d) => d.type === 'interface');
const includes = tree.filter((d) => d.type === 'includes');

// WebIDL § 3.7.5.1: a function's length is the number of arguments before the first optional one.
const requiredArgs = (args) => {
  const i = args.findIndex((a) => a.optional || a.variadic);
  return i < 0 ? args.length : i;
};

test("the IDL file has the standard's four interfaces", () => {
  assert.deepEqual(interfaces.map((i) => i.name).sort(), [
    'TextDecoder',
    'TextDecoderStream',
    'TextEncoder',
    'TextEncoderStream',
  ]);
});

for (const iface of interfaces) {
  test(`${iface.name} matches its IDL`, () => {
    // biome-ignore lint/performance/noDynamicNamespaceImportAccess: every export is checked by name
    const C = lib[iface.name];
    assert.equal(typeof C, 'function');
    const members = [...iface.members];
    for (const inc of includes.filter((i) => i.target === iface.name))
      members.push(...mixins.get(inc.includes).members);
    const ctor = members.find((m) => m.type === 'constructor');
    assert.ok(ctor, 'has a constructor');
    assert.equal(C.length, requiredArgs(ctor.arguments), 'constructor length');
    const expected = [];
    for (const m of members) {
      if (m.type === 'attribute') {
        expected.push(m.name);
        const desc = Object.getOwnPropertyDescriptor(C.prototype, m.name);
        assert.ok(desc?.get, `${m.name} is a getter`);
        assert.equal(desc.set, undefined, `${m.name} is readonly`);
        assert.equal(desc.enumerable, true);
        assert.equal(desc.get.name, `get ${m.name}`);
        assert.throws(() => desc.get.call({}), TypeError);
        const value = desc.get.call(new C());
        const types = { DOMString: 'string', boolean: 'boolean' };
        if (types[m.idlType.idlType]) assert.equal(typeof value, types[m.idlType.idlType], `${m.name}'s type`);
        else assert.ok(value instanceof globalThis[m.idlType.idlType], `${m.name} is a ${m.idlType.idlType}`);
      } else if (m.type === 'operation') {
        expected.push(m.name);
        const desc = Object.getOwnPropertyDescriptor(C.prototype, m.name);
        assert.equal(typeof desc?.value, 'function', `${m.name} is an operation`);
        assert.equal(desc.value.length, requiredArgs(m.arguments), `${m.name}.length`);
        assert.equal(desc.enumerable, true);
        assert.throws(() => desc.value.call({}), TypeError);
      }
    }
    const own = Object.getOwnPropertyNames(C.prototype).filter((k) => k !== 'constructor');
    assert.deepEqual(own.sort(), expected.sort(), 'no members beyond the IDL');
    assert.equal(C.prototype[Symbol.toStringTag], iface.name);
  });
}

test('dictionary members are read in IDL order', () => {
  const dict = tree.find((d) => d.type === 'dictionary' && d.name === 'TextDecoderOptions');
  const read = [];
  const options = new Proxy(
    {},
    {
      get(_, key) {
        read.push(key);
        return undefined;
      },
    },
  );
  new lib.TextDecoder('utf-8', options);
  // WebIDL orders dictionary members lexicographically; the IDL lists them in that order too.
  assert.deepEqual(
    read,
    dict.members.map((m) => m.name),
  );
  assert.deepEqual(read, [...read].sort());
});

test('an argument error names the call that failed', () => {
  const { TextDecoder, TextDecoderStream, TextEncoder } = lib;
  const decoder = (m) => `Failed to execute 'decode' on 'TextDecoder': ${m}`;
  const encodeInto = (m) => `Failed to execute 'encodeInto' on 'TextEncoder': ${m}`;
  const cases = [
    [
      () => new TextDecoder('bogus'),
      'RangeError',
      `Failed to construct 'TextDecoder': the encoding label "bogus" is not supported.`,
    ],
    [
      () => new TextDecoderStream('bogus'),
      'RangeError',
      `Failed to construct 'TextDecoderStream': the encoding label "bogus" is not supported.`,
    ],
    [
      () => new TextDecoder().decode(5),
      'TypeError',
      decoder('the argument is not an ArrayBuffer, a SharedArrayBuffer or a view on one.'),
    ],
    [() => new TextDecoder().decode(undefined, 5), 'TypeError', decoder('the options argument is not an object.')],
    [() => new TextEncoder().encodeInto('a'), 'TypeError', encodeInto('2 arguments required, but only 1 present.')],
    [() => new TextEncoder().encodeInto('a', []), 'TypeError', encodeInto("parameter 2 is not of type 'Uint8Array'.")],
    [
      () => new TextEncoder().encodeInto('a', new Uint16Array(1)),
      'TypeError',
      encodeInto("parameter 2 is not of type 'Uint8Array'."),
    ],
  ];
  for (const [call, name, message] of cases) assert.throws(call, { name, message });
});
