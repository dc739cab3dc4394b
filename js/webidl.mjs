// WebIDL conversions and interface shapes (https://webidl.spec.whatwg.org/) for the four classes:
// what a browser's bindings do before and around the Encoding Standard's algorithms.
//
// A caller's view is read only through its internal slots, by the intrinsic getters captured
// here when the module loads: a redefined `length`, a subclass's getters, a patched prototype or
// a Symbol.species hook are never consulted. Views are made with the captured Uint8Array
// constructor, and copies by the captured %TypedArray%.prototype.set (no species lookup).

import { defineNodeInspect } from './inspect.mjs';
import {
  U8,
  uncurryGetter as getter,
  TypedArrayPrototypeSet as typedArraySet,
  TypedArrayPrototypeGetBuffer as typedArrayBuffer,
  TypedArrayPrototypeGetByteOffset as typedArrayByteOffset,
  TypedArrayPrototypeGetLength as typedArrayLength,
  WeakMapPrototypeGet,
  WeakMapPrototypeSet,
} from './primordials.mjs';

const typedArrayProto = Object.getPrototypeOf(U8.prototype);
const typedArrayTag = getter(typedArrayProto, Symbol.toStringTag);
const typedArrayByteLength = getter(typedArrayProto, 'byteLength');
const dataViewBuffer = getter(DataView.prototype, 'buffer');
const dataViewByteOffset = getter(DataView.prototype, 'byteOffset');
const dataViewByteLength = getter(DataView.prototype, 'byteLength');
const arrayBufferByteLength = getter(ArrayBuffer.prototype, 'byteLength');
// Resizable ArrayBuffers and growable SharedArrayBuffers, where the runtime has them.
const arrayBufferResizable = getter(ArrayBuffer.prototype, 'resizable');
const SAB = typeof SharedArrayBuffer === 'function' ? SharedArrayBuffer.prototype : null;
const sharedByteLength = SAB === null ? null : getter(SAB, 'byteLength');
const sharedGrowable = SAB === null ? null : getter(SAB, 'growable');
const isView = ArrayBuffer.isView;

export const EMPTY_BYTES = new U8(0);

// DOMString (https://webidl.spec.whatwg.org/#es-DOMString): ToString, which throws a TypeError for
// a Symbol.
export function toDOMString(value) {
  return `${value}`;
}

export function isObject(value) {
  return (typeof value === 'object' && value !== null) || typeof value === 'function';
}

// Dictionary conversion (https://webidl.spec.whatwg.org/#es-dictionary): undefined and null are the
// empty dictionary, another non-object throws; each member is read once, in order, and converted
// with ToBoolean.
export function toDictionary(value, members, what) {
  const out = {};
  if (value !== undefined && value !== null && !isObject(value)) {
    throw new TypeError(`${what}: the options argument is not an object.`);
  }
  for (let i = 0; i < members.length; i++) {
    const name = members[i];
    const v = value == null ? undefined : value[name];
    out[name] = v === undefined ? false : !!v;
  }
  return out;
}

const NOT_A_BUFFER = 0;
const FIXED = 1;
const SHARED = 2;
const RESIZABLE = 3;

// What `buffer` is, by brand checks (so objects from other realms pass and look-alikes do not).
function bufferKind(buffer) {
  try {
    const resizable = arrayBufferResizable === null ? arrayBufferByteLength(buffer) < 0 : arrayBufferResizable(buffer);
    return resizable ? RESIZABLE : FIXED;
  } catch {
    // not an ArrayBuffer
  }
  if (sharedByteLength === null) return NOT_A_BUFFER;
  try {
    const growable = sharedGrowable === null ? sharedByteLength(buffer) < 0 : sharedGrowable(buffer);
    return growable ? RESIZABLE : SHARED;
  } catch {
    return NOT_A_BUFFER;
  }
}

// No buffer source type here has [AllowResizable] (https://webidl.spec.whatwg.org/#AllowResizable).
function resizableError(what) {
  return new TypeError(`${what}: a resizable ArrayBuffer or growable SharedArrayBuffer is not allowed.`);
}

// The number of elements of the Uint8Array `u8` (0 once detached), from its internal slot.
export function lengthOf(u8) {
  return typedArrayLength(u8);
}

// A new Uint8Array over bytes start..end of the Uint8Array `u8` (a subarray without species).
export function subBytes(u8, start, end) {
  return new U8(typedArrayBuffer(u8), typedArrayByteOffset(u8) + start, end - start);
}

// A copy of a Uint8Array in a new, unshared buffer.
export function copyBytes(u8) {
  const out = new U8(lengthOf(u8));
  typedArraySet(out, u8);
  return out;
}

// %TypedArray%.prototype.set, as captured: copies all of `src` into `target` from index `at`.
export function setBytes(target, src, at) {
  typedArraySet(target, src, at);
}

// Whether the Uint8Array `u8`'s memory is a SharedArrayBuffer.
export function isShared(u8) {
  return bufferKind(typedArrayBuffer(u8)) === SHARED;
}

// AllowSharedBufferSource (https://webidl.spec.whatwg.org/#AllowSharedBufferSource): an
// ArrayBuffer, a SharedArrayBuffer or any view on either, as a Uint8Array over the same memory,
// whose length is read later through its slot (lengthOf) so that it is 0 if the buffer is detached
// by then. Resizable buffers are refused. Shared memory is copied at once, as decode() takes "a
// copy of input": another thread writing to it can then tear nothing a decoder reads (Node's native
// UTF-8 decoder crashes the process on that).
export function toBytes(value, what) {
  if (isView(value)) {
    const tag = typedArrayTag(value);
    if (tag === undefined) {
      const kind = bufferKind(dataViewBuffer(value));
      if (kind === RESIZABLE) throw resizableError(what);
      let length;
      try {
        length = dataViewByteLength(value); // throws once the buffer is detached
      } catch {
        return EMPTY_BYTES;
      }
      if (length === 0) return EMPTY_BYTES;
      return unshared(new U8(dataViewBuffer(value), dataViewByteOffset(value), length), kind);
    }
    const buffer = typedArrayBuffer(value);
    const kind = bufferKind(buffer);
    if (kind === RESIZABLE) throw resizableError(what);
    // A Uint8Array as it is (nothing allocated: everything reads it through its slots); any other
    // view as a new one.
    if (tag === 'Uint8Array') return unshared(value, kind);
    const length = typedArrayByteLength(value);
    return length === 0 ? EMPTY_BYTES : unshared(new U8(buffer, typedArrayByteOffset(value), length), kind);
  }
  const kind = isObject(value) ? bufferKind(value) : NOT_A_BUFFER;
  if (kind === RESIZABLE) throw resizableError(what);
  if (kind === NOT_A_BUFFER) {
    throw new TypeError(`${what}: the argument is not an ArrayBuffer, a SharedArrayBuffer or a view on one.`);
  }
  const length = kind === FIXED ? arrayBufferByteLength(value) : sharedByteLength(value);
  return length === 0 ? EMPTY_BYTES : unshared(new U8(value, 0, length), kind);
}

function unshared(u8, kind) {
  return kind === SHARED ? copyBytes(u8) : u8;
}

// [AllowShared] Uint8Array (https://webidl.spec.whatwg.org/#es-buffer-source-types): a brand check;
// the view itself, or null if it is not one.
export function toUint8Array(value, what) {
  if (!isView(value) || typedArrayTag(value) !== 'Uint8Array') return null;
  if (bufferKind(typedArrayBuffer(value)) === RESIZABLE) throw resizableError(what);
  return value;
}

// Overload resolution (https://webidl.spec.whatwg.org/#dfn-overload-resolution-algorithm) first
// counts the arguments: fewer than the required `needed` is a TypeError before any is converted.
export function requireArguments(count, needed, what) {
  if (count < needed) {
    throw new TypeError(`${what}: ${needed} argument${needed === 1 ? '' : 's'} required, but only ${count} present.`);
  }
}

// A call on an object whose own call is still running: only user code that a patched built-in
// runs in between can make one. It is refused rather than let it end the running call's state.
export function reentered(what) {
  return new TypeError(`${what}: called again while its earlier call is still running.`);
}

export function illegalInvocation(what) {
  return new TypeError(`${what}: 'this' is not an instance of this interface (illegal invocation).`);
}

// The stream classes' constructors refuse to run where the runtime has no TransformStream.
export function requireTransformStream(what) {
  if (typeof TransformStream !== 'function') throw new TypeError(`${what}: TransformStream is not available.`);
}

// The GenericTransformStream mixin (https://streams.spec.whatwg.org/#generictransformstream) on
// interface `name`: its readable and writable getters on `cls.prototype` (defineInterface then
// names them and makes them enumerable), reading the TransformStream that the returned function
// makes with a transformer for each instance; on anything else they throw, as a brand check does.
export function genericTransformStream(cls, name) {
  const transforms = new WeakMap();
  for (const attribute of ['readable', 'writable']) {
    Object.defineProperty(cls.prototype, attribute, {
      get() {
        const transform = WeakMapPrototypeGet(transforms, this);
        if (transform === undefined) throw illegalInvocation(`${name}.${attribute}`);
        return transform[attribute];
      },
      configurable: true,
    });
  }
  return (instance, transformer) => {
    WeakMapPrototypeSet(transforms, instance, new TransformStream(transformer));
  };
}

// The mark of this package's classes, and what isOurs reads it with, captured at load.
const MARK = Symbol.for('encoding-wasm');
const getOwnPropertyDescriptor = Object.getOwnPropertyDescriptor;

// Gives a class the property shapes WebIDL specifies
// (https://webidl.spec.whatwg.org/#es-interfaces): its name, operations and attributes enumerable,
// a Symbol.toStringTag on the prototype, and Node's inspect method (inspect.node.mjs, in Node's
// entries). The name is set, not left to the class syntax: a bundler renames a class that would
// shadow a global another module of the bundle uses (esbuild makes `class TextDecoder`
// `class TextDecoder2` beside code that calls the global).
export function defineInterface(cls, name) {
  Object.defineProperty(cls, 'name', { value: name, configurable: true });
  const proto = cls.prototype;
  for (const key of Object.getOwnPropertyNames(proto)) {
    if (key === 'constructor') continue;
    const desc = Object.getOwnPropertyDescriptor(proto, key);
    desc.enumerable = true;
    Object.defineProperty(proto, key, desc);
    // Where classes are compiled to functions (Babel, as React Native does for Hermes), a getter
    // is named `get`; WebIDL's name is `get <attribute>`.
    if (desc.get) Object.defineProperty(desc.get, 'name', { value: `get ${key}`, configurable: true });
  }
  Object.defineProperty(proto, Symbol.toStringTag, { value: name, configurable: true });
  defineNodeInspect(proto, name);
  // Marks our own classes, so a later copy of this package (or the polyfill) recognizes them.
  Object.defineProperty(cls, MARK, { value: true });
}

// Whether `cls` is one of this package's classes (maybe another copy's): the mark is its own
// property, read by its descriptor (captured above), so that no getter runs and a mark inherited
// (from Object.prototype, say) does not count; false where reading it throws (a Proxy's trap).
export function isOurs(cls) {
  try {
    return typeof cls === 'function' && getOwnPropertyDescriptor(cls, MARK)?.value === true;
  } catch {
    return false;
  }
}
