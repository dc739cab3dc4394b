// js/self-tests.mjs and js/polyfill-checks.mjs: every expected value is the standard's, as the
// transcription in tests/js/reference/ computes it from the index files; this package's decoder
// passes them all.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as lib from 'encoding-wasm';
import { GROUPS, NAMES } from './reference/encodings.mjs';
import { ReferenceTextDecoder } from './reference/text-decoder.mjs';
import { POLYFILL_TESTS, labelWorks } from '../../js/polyfill-checks.mjs';
import { SELF_TESTS, THROWS, caseFailure, hash, passes } from '../../js/self-tests.mjs';

// The reference as a TextDecoder class: its encoding attribute is the name in lowercase.
class Reference {
  #decoder;
  constructor(label, options) {
    this.#decoder = new ReferenceTextDecoder(label, options);
  }
  get encoding() {
    return this.#decoder.encoding.toLowerCase();
  }
  decode(input, options) {
    return this.#decoder.decode(input, options);
  }
}

test('FNV-1a: the published test vectors', () => {
  // http://www.isthe.com/chongo/src/fnv/test_fnv.c (32-bit FNV-1a of "", "a", "foobar")
  assert.equal(hash(''), 0x811c9dc5);
  assert.equal(hash('a'), 0xe40c292c);
  assert.equal(hash('foobar'), 0xbf9cf968);
});

test('every encoding but replacement has self-tests, every one the standard decodes as expected', () => {
  assert.deepEqual([...POLYFILL_TESTS.keys()].sort(), NAMES.filter((n) => n !== 'replacement').sort());
  // The ones natives.mjs runs before it hands a call to a native: single-byte, UTF-8, UTF-16LE.
  const singleByte = GROUPS.find((g) => g.heading === 'Legacy single-byte encodings').encodings.map((e) => e.name);
  assert.deepEqual([...SELF_TESTS.keys()].sort(), [...singleByte, 'UTF-8', 'UTF-16LE'].sort());
  for (const [name, cases] of SELF_TESTS) assert.equal(POLYFILL_TESTS.get(name), cases, name);
  for (const [name, cases] of POLYFILL_TESTS) {
    assert.ok(cases.length > 0, name);
    for (const c of cases) assert.equal(caseFailure(Reference, c), null, `${name}: ${c[0]}`);
  }
});

test('the reference gets the single-byte hashes for the standard indexes, and no other table does', () => {
  const hashes = new Map();
  for (const [name, cases] of POLYFILL_TESTS) {
    const probe = cases.find((c) => c[0] === 'every byte');
    if (probe === undefined) continue;
    const [, label, , [hex, expected]] = probe;
    assert.equal(typeof expected, 'number', name);
    const bytes = Buffer.from(hex, 'hex');
    assert.equal(hash(new ReferenceTextDecoder(label).decode(bytes)), expected, name);
    // Bytes 0x80-0xFF decode differently in each (ISO-8859-8-I is ISO-8859-8 with another name).
    const key = name === 'ISO-8859-8-I' ? 'ISO-8859-8' : name;
    assert.ok(!hashes.has(expected) || hashes.get(expected) === key, `${name} has ${hashes.get(expected)}'s hash`);
    hashes.set(expected, key);
  }
  assert.equal(hashes.size, 28);
});

test("this package's TextDecoder passes every self-test and gets every label right", () => {
  for (const [name, cases] of POLYFILL_TESTS) assert.ok(passes(lib.TextDecoder, cases), name);
  for (const group of GROUPS) {
    for (const { name, labels } of group.encodings) {
      for (const label of labels) assert.ok(labelWorks(lib.TextDecoder, name, label), label);
    }
  }
});

test('a call expected to throw passes only with a TypeError; a constructor that throws fails', () => {
  const c = ['fatal', 'utf-8', 1, ['FF', THROWS]];
  assert.equal(caseFailure(Reference, c), null);
  const RangeErrors = class extends Reference {
    decode() {
      throw new RangeError('no');
    }
  };
  assert.equal(caseFailure(RangeErrors, c).call, 0);
  const Refusing = class {
    constructor() {
      throw new RangeError('unsupported');
    }
  };
  assert.equal(caseFailure(Refusing, c).call, -1);
  assert.equal(passes(Refusing, SELF_TESTS.get('UTF-8')), false);
});

// Each check of caseFailure, failed alone by a decoder wrong in that respect only.
test('a self-test fails a decoder that throws where text is expected, or gets a hashed output wrong', () => {
  // A TypeError where the case expects text.
  const Throwing = class extends Reference {
    decode() {
      throw new TypeError('no');
    }
  };
  assert.deepEqual(caseFailure(Throwing, ['fatal', 'utf-8', 1, ['62', 'b']])?.call, 0);
  // A single-byte decoder whose output differs from the standard's in one code point: the whole
  // table's case is a hash, which must differ too (windows-1252 0x80 is U+20AC, not U+0080).
  const Latin1Like = class extends Reference {
    decode(input, options) {
      return super.decode(input, options).replace('\u20AC', '\u0080');
    }
  };
  const everyByte = SELF_TESTS.get('windows-1252')[0];
  assert.equal(everyByte[0], 'every byte');
  assert.equal(caseFailure(Reference, everyByte), null);
  assert.equal(caseFailure(Latin1Like, everyByte)?.call, 0);
  // A call with no argument is made with none (decode()), not with empty bytes.
  const NoArgument = class extends Reference {
    decode(...args) {
      if (args[0] === undefined) throw new TypeError('an argument is required');
      return super.decode(...args);
    }
  };
  assert.equal(passes(NoArgument, SELF_TESTS.get('UTF-8')), false);
});

test("labelWorks: a label's encoding by name, a RangeError for replacement's", () => {
  assert.equal(labelWorks(Reference, 'windows-1252', 'latin1'), true);
  assert.equal(labelWorks(Reference, 'ISO-8859-2', 'latin1'), false);
  assert.equal(labelWorks(Reference, 'replacement', 'iso-2022-kr'), true);
  // A class that accepts replacement's labels, or calls windows-1252 by another name.
  const Accepting = class {
    encoding = 'replacement';
  };
  assert.equal(labelWorks(Accepting, 'replacement', 'iso-2022-kr'), false);
  const Named = class {
    encoding = 'iso-8859-1';
  };
  assert.equal(labelWorks(Named, 'windows-1252', 'latin1'), false);
  const TypeErrors = class {
    constructor() {
      throw new TypeError('no');
    }
  };
  assert.equal(labelWorks(TypeErrors, 'replacement', 'iso-2022-kr'), false);
  // A RangeError is right only for replacement's labels.
  const RangeErrors = class {
    constructor() {
      throw new RangeError('no');
    }
  };
  assert.equal(labelWorks(RangeErrors, 'windows-1252', 'latin1'), false);
  assert.equal(labelWorks(RangeErrors, 'replacement', 'iso-2022-kr'), true);
});
