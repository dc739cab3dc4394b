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

// The same for the extensions (encode, decode, getEncoding, inspect, LegacyEncoder; docs/api.md),
// the fatal errors and the WebIDL checks every call shares, each message written out in full.
test("an extension's or a shared check's error says what failed, word for word", () => {
  const { LegacyEncoder, LegacyEncoderStream, TextDecoder, TextEncoder } = lib;
  const resizable = () => new ArrayBuffer(1, { maxByteLength: 2 });
  const cases = [
    [() => lib.getEncoding(), 'TypeError', "Failed to execute 'getEncoding': 1 argument required, but only 0 present."],
    [() => lib.decode(), 'TypeError', "Failed to execute 'decode': 1 argument required, but only 0 present."],
    [() => lib.encode('a'), 'TypeError', "Failed to execute 'encode': 2 arguments required, but only 1 present."],
    [() => lib.inspect(), 'TypeError', "Failed to execute 'inspect': 2 arguments required, but only 0 present."],
    [
      () => lib.encode('a', 'replacement'),
      'RangeError',
      "Failed to execute 'encode': the replacement encoding has no encoder.",
    ],
    [
      () => lib.encode('a', 'utf-8', 5),
      'TypeError',
      "Failed to execute 'encode': the options argument is not an object.",
    ],
    [
      () => lib.decode(new Uint8Array(1), 'bogus'),
      'RangeError',
      `Failed to execute 'decode': the encoding label "bogus" is not supported.`,
    ],
    [
      () => lib.inspect(new Uint8Array(1), 'utf-8', { maxErrors: -1 }),
      'RangeError',
      "Failed to execute 'inspect': maxErrors must be a number from 0 up, or Infinity.",
    ],
    [
      () => lib.inspect(new Uint8Array(1), 'utf-8', { maxErrors: Number.NaN }),
      'RangeError',
      "Failed to execute 'inspect': maxErrors must be a number from 0 up, or Infinity.",
    ],
    [
      () => new LegacyEncoder('replacement'),
      'RangeError',
      "Failed to construct 'LegacyEncoder': the replacement encoding has no encoder.",
    ],
    [
      () => new LegacyEncoder('bogus'),
      'RangeError',
      `Failed to construct 'LegacyEncoder': the encoding label "bogus" is not supported.`,
    ],
    [
      () => new LegacyEncoder('utf-8', 5),
      'TypeError',
      "Failed to construct 'LegacyEncoder': the options argument is not an object.",
    ],
    [
      () => new LegacyEncoder('utf-8').encode('a', 5),
      'TypeError',
      "Failed to execute 'encode' on 'LegacyEncoder': the options argument is not an object.",
    ],
    [
      () => new LegacyEncoderStream('replacement'),
      'RangeError',
      "Failed to construct 'LegacyEncoderStream': the replacement encoding has no encoder.",
    ],
    [
      () => new LegacyEncoderStream('bogus'),
      'RangeError',
      `Failed to construct 'LegacyEncoderStream': the encoding label "bogus" is not supported.`,
    ],
    [
      () => new LegacyEncoderStream('utf-8', 5),
      'TypeError',
      "Failed to construct 'LegacyEncoderStream': the options argument is not an object.",
    ],
    [
      () => new lib.TextDecoderStream('utf-8', 5),
      'TypeError',
      "Failed to construct 'TextDecoderStream': the options argument is not an object.",
    ],
    // A fatal encode's TypeError names the code point, itself, and its index in the input.
    [
      () => lib.encode('a\u3042', 'windows-1252', { fatal: true }),
      'TypeError',
      'U+3042 ("\u3042") at index 1 cannot be encoded in windows-1252.',
    ],
    [
      () => new LegacyEncoder('shift_jis', { fatal: true }).encode('ab\u{1F600}'),
      'TypeError',
      'U+1F600 ("\u{1F600}") at index 2 cannot be encoded in Shift_JIS.',
    ],
    // https://encoding.spec.whatwg.org/#concept-td-serialize: a fatal error, naming the encoding.
    [
      () => new TextDecoder('utf-8', { fatal: true }).decode(new Uint8Array([0xff])),
      'TypeError',
      'The encoded data is not valid utf-8.',
    ],
    [
      () => new TextDecoder('utf-16le', { fatal: true }).decode(new Uint8Array([0x41])),
      'TypeError',
      'The encoded data is not valid utf-16le.',
    ],
    [
      () => new TextDecoder('shift_jis', { fatal: true }).decode(new Uint8Array([0xff])),
      'TypeError',
      'The encoded data is not valid shift_jis.',
    ],
    // WebIDL's BufferSource and Uint8Array have no [AllowResizable].
    [
      () => new TextDecoder().decode(resizable()),
      'TypeError',
      "Failed to execute 'decode' on 'TextDecoder': a resizable ArrayBuffer or growable SharedArrayBuffer is not allowed.",
    ],
    [
      () => new TextDecoder().decode(new Uint8Array(resizable())),
      'TypeError',
      "Failed to execute 'decode' on 'TextDecoder': a resizable ArrayBuffer or growable SharedArrayBuffer is not allowed.",
    ],
    [
      () => new TextEncoder().encodeInto('a', new Uint8Array(new SharedArrayBuffer(1, { maxByteLength: 2 }))),
      'TypeError',
      "Failed to execute 'encodeInto' on 'TextEncoder': a resizable ArrayBuffer or growable SharedArrayBuffer is not allowed.",
    ],
    [
      () => TextDecoder.prototype.decode.call({}),
      'TypeError',
      "TextDecoder.decode: 'this' is not an instance of this interface (illegal invocation).",
    ],
    [
      () => LegacyEncoder.prototype.encode.call({}, 'a'),
      'TypeError',
      "LegacyEncoder.encode: 'this' is not an instance of this interface (illegal invocation).",
    ],
  ];
  for (const [call, name, message] of cases) assert.throws(call, { name, message });
});

// A stream's chunk is checked as its method's argument would be, and a stream needs TransformStream.
test("a stream's error says what failed, word for word", async () => {
  const written = (stream, chunk) => {
    const writer = stream.writable.getWriter();
    // (The read fails with the write: the error is asserted on the write.)
    stream.readable
      .getReader()
      .read()
      .catch(() => {});
    return writer.write(chunk);
  };
  await assert.rejects(written(new lib.TextDecoderStream(), 5), {
    name: 'TypeError',
    message:
      "Failed to execute 'write' on 'TextDecoderStream': the argument is not an ArrayBuffer, a SharedArrayBuffer or a view on one.",
  });
  await assert.rejects(written(new lib.LegacyEncoderStream('windows-1252', { fatal: true }), 'a\u3042'), {
    name: 'TypeError',
    message: 'U+3042 ("\u3042") at index 1 cannot be encoded in windows-1252.',
  });
  const { TransformStream } = globalThis;
  delete globalThis.TransformStream;
  try {
    for (const [make, name] of [
      [() => new lib.TextDecoderStream(), 'TextDecoderStream'],
      [() => new lib.TextEncoderStream(), 'TextEncoderStream'],
      [() => new lib.LegacyEncoderStream('utf-8'), 'LegacyEncoderStream'],
    ]) {
      assert.throws(make, {
        name: 'TypeError',
        message: `Failed to construct '${name}': TransformStream is not available.`,
      });
    }
  } finally {
    globalThis.TransformStream = TransformStream;
  }
});
