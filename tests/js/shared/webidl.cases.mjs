// The classes look and act like a browser's (WebIDL § 3.7): constructors, lengths and names,
// attribute getters with brand checks, enumerable members, Symbol.toStringTag.
import { equal, ok, throws, deepEqual, Skip } from './assert.mjs';

const SHAPES = {
  TextDecoder: { length: 0, attributes: ['encoding', 'fatal', 'ignoreBOM'], operations: { decode: 0 } },
  TextEncoder: { length: 0, attributes: ['encoding'], operations: { encode: 0, encodeInto: 2 } },
  TextDecoderStream: {
    length: 0,
    attributes: ['encoding', 'fatal', 'ignoreBOM', 'readable', 'writable'],
    operations: {},
  },
  TextEncoderStream: { length: 0, attributes: ['encoding', 'readable', 'writable'], operations: {} },
};

// Every export that takes required arguments, with how many (js/index.d.ts), called with each
// smaller count: WebIDL's TypeError, worded alike, before any argument is converted.
const REQUIRED = [
  ['encode', 2, (lib, a) => lib.encode(...a)],
  ['getEncoding', 1, (lib, a) => lib.getEncoding(...a)],
  ['decode', 1, (lib, a) => lib.decode(...a)],
  ['inspect', 2, (lib, a) => lib.inspect(...a)],
  ['LegacyEncoder', 1, (lib, a) => new lib.LegacyEncoder(...a)],
  ['LegacyEncoderStream', 1, (lib, a) => new lib.LegacyEncoderStream(...a)],
  ['TextEncoder.encodeInto', 2, (lib, a) => new lib.TextEncoder().encodeInto(...a)],
];

// Whether classes are compiled to functions here (by Babel, as React Native does for Hermes): a
// constructor then cannot tell `C.call(instance)` from `new C()`.
function classesCompiledAway() {
  class Probe {}
  try {
    Probe.call(new Probe());
    return true;
  } catch {
    return false;
  }
}

export default [
  [
    'every export with required arguments refuses fewer with a TypeError, as WebIDL words it',
    (lib) => {
      for (const [name, needed, call] of REQUIRED) {
        for (let given = 0; given < needed; given++) {
          // Arguments that would be refused if converted: only the count may be checked.
          const args = Array.from({ length: given }, () => ({
            toString() {
              throw new Error(`${name}: an argument was converted before the count was checked`);
            },
          }));
          const e = throws(() => call(lib, args), TypeError, `${name} with ${given}`);
          const plural = needed === 1 ? '' : 's';
          ok(
            e.message.endsWith(`: ${needed} argument${plural} required, but only ${given} present.`),
            `${name}: ${e.message}`,
          );
        }
      }
      // The count is of the arguments passed: an explicit undefined counts.
      equal(lib.getEncoding(undefined), null);
      throws(() => new lib.LegacyEncoder(undefined), RangeError, 'LegacyEncoder(undefined)');
    },
  ],
  [
    'constructors need new, and have WebIDL lengths and names',
    (lib) => {
      for (const [name, shape] of Object.entries(SHAPES)) {
        const C = lib[name];
        equal(typeof C, 'function', name);
        equal(C.name, name);
        equal(C.length, shape.length, `${name}.length`);
        throws(() => C(), TypeError, `${name}()`);
        const desc = Object.getOwnPropertyDescriptor(C, 'prototype');
        deepEqual([desc.writable, desc.enumerable, desc.configurable], [false, false, false], `${name}.prototype`);
        equal(C.prototype.constructor, C);
      }
    },
  ],

  [
    'constructors refuse a call without new even with an instance as this',
    (lib) => {
      if (classesCompiledAway()) throw new Skip('classes are compiled to functions here, which cannot refuse this');
      for (const name of Object.keys(SHAPES)) {
        const C = lib[name];
        throws(() => C.call(new C()), TypeError, `${name}.call`);
      }
    },
  ],

  [
    'attributes are enumerable getters on the prototype that reject a foreign this',
    (lib) => {
      for (const [name, shape] of Object.entries(SHAPES)) {
        const C = lib[name];
        const instance = new C();
        for (const attr of shape.attributes) {
          const desc = Object.getOwnPropertyDescriptor(C.prototype, attr);
          ok(desc && typeof desc.get === 'function', `${name}.${attr} getter`);
          equal(desc.set, undefined, `${name}.${attr} is readonly`);
          equal(desc.enumerable, true, `${name}.${attr} enumerable`);
          equal(desc.configurable, true, `${name}.${attr} configurable`);
          equal(desc.get.name, `get ${attr}`);
          equal(desc.get.length, 0);
          ok(!Object.hasOwn(instance, attr), `${name}.${attr} is not an own property`);
          desc.get.call(instance);
          for (const foreign of [{}, C.prototype, null, undefined, 1, Object.create(C.prototype)]) {
            throws(() => desc.get.call(foreign), TypeError, `${name}.${attr} on ${String(foreign)}`);
          }
        }
        for (const other of Object.keys(SHAPES)) {
          if (other === name) continue;
          const O = lib[other];
          for (const attr of SHAPES[other].attributes) {
            throws(
              () => Object.getOwnPropertyDescriptor(O.prototype, attr).get.call(instance),
              TypeError,
              `${other}.${attr} on a ${name}`,
            );
          }
        }
      }
    },
  ],

  [
    'operations are enumerable, writable methods with WebIDL lengths that check this',
    (lib) => {
      for (const [name, shape] of Object.entries(SHAPES)) {
        const C = lib[name];
        for (const [op, length] of Object.entries(shape.operations)) {
          const desc = Object.getOwnPropertyDescriptor(C.prototype, op);
          ok(desc && typeof desc.value === 'function', `${name}.${op}`);
          deepEqual(
            [desc.writable, desc.enumerable, desc.configurable],
            [true, true, true],
            `${name}.${op} descriptor`,
          );
          equal(desc.value.length, length, `${name}.${op}.length`);
          equal(desc.value.name, op);
          throws(() => desc.value.call({}, new Uint8Array(1), new Uint8Array(1)), TypeError, `${name}.${op} on {}`);
          throws(() => new desc.value(), TypeError, `new ${name}.${op}`);
        }
        const own = Object.getOwnPropertyNames(C.prototype)
          .filter((k) => k !== 'constructor')
          .sort();
        deepEqual(own, [...shape.attributes, ...Object.keys(shape.operations)].sort(), `${name} members`);
      }
    },
  ],

  [
    'Symbol.toStringTag',
    (lib) => {
      for (const name of Object.keys(SHAPES)) {
        const desc = Object.getOwnPropertyDescriptor(lib[name].prototype, Symbol.toStringTag);
        deepEqual([desc.value, desc.writable, desc.enumerable, desc.configurable], [name, false, false, true], name);
        equal(Object.prototype.toString.call(new lib[name]()), `[object ${name}]`);
      }
    },
  ],

  [
    'subclassing works as with native classes',
    (lib) => {
      class Mine extends lib.TextDecoder {}
      const m = new Mine('latin1');
      equal(m.encoding, 'windows-1252');
      equal(m.decode(new Uint8Array([0x80])), '\u20AC');
    },
  ],
];
