// WebIDL conversions and interface shapes (https://webidl.spec.whatwg.org/) for the four classes:
// what a browser's bindings do before and around the Encoding Standard's algorithms.

const typedArrayProto = Object.getPrototypeOf(Uint8Array.prototype);
const typedArrayTag = Object.getOwnPropertyDescriptor(typedArrayProto, Symbol.toStringTag).get;
const arrayBufferByteLength = Object.getOwnPropertyDescriptor(ArrayBuffer.prototype, 'byteLength').get;
const sharedByteLength =
  typeof SharedArrayBuffer === 'function'
    ? Object.getOwnPropertyDescriptor(SharedArrayBuffer.prototype, 'byteLength').get
    : null;
const dataViewBuffer = Object.getOwnPropertyDescriptor(DataView.prototype, 'buffer').get;
const typedArrayBuffer = Object.getOwnPropertyDescriptor(typedArrayProto, 'buffer').get;

export const EMPTY_BYTES = new Uint8Array(0);

// DOMString (WebIDL § 3.2.10): ToString, which throws a TypeError for a Symbol.
export function toDOMString(value) {
  return `${value}`;
}

function isObject(value) {
  return (typeof value === 'object' && value !== null) || typeof value === 'function';
}

// Dictionary conversion (WebIDL § 3.2.17): undefined and null are the empty dictionary, another
// non-object throws; each member is read once, in order, and converted with ToBoolean.
export function toDictionary(value, members, what) {
  const out = {};
  if (value !== undefined && value !== null && !isObject(value)) {
    throw new TypeError(`${what}: the options argument is not an object.`);
  }
  for (const name of members) {
    const v = value == null ? undefined : value[name];
    out[name] = v === undefined ? false : Boolean(v);
  }
  return out;
}

function byteLengthOf(buffer, getter) {
  try {
    return getter.call(buffer);
  } catch {
    return -1;
  }
}

// Whether `view`'s memory is a SharedArrayBuffer.
export function isShared(view) {
  const buffer = view.buffer;
  return buffer.constructor !== ArrayBuffer && sharedByteLength !== null && byteLengthOf(buffer, sharedByteLength) >= 0;
}

// AllowSharedBufferSource (§ 3.2.25): an ArrayBuffer, a SharedArrayBuffer or any view on either,
// as a Uint8Array over the same memory. A detached buffer is empty. Checks are brand checks, so
// objects from other realms pass and look-alikes do not.
export function toBytes(value, what) {
  // The common case, with nothing allocated.
  if (typedArrayTag.call(value) === 'Uint8Array') return value.length === 0 ? EMPTY_BYTES : value;
  if (ArrayBuffer.isView(value)) {
    let buffer;
    try {
      buffer = typedArrayTag.call(value) === undefined ? dataViewBuffer.call(value) : typedArrayBuffer.call(value);
    } catch {
      throw new TypeError(`${what}: the argument is not an ArrayBuffer or a view on one.`);
    }
    let length;
    try {
      length = value.byteLength; // throws for a DataView whose buffer is detached
    } catch {
      return EMPTY_BYTES;
    }
    if (length === 0) return EMPTY_BYTES;
    return new Uint8Array(buffer, value.byteOffset, length);
  }
  if (isObject(value)) {
    if (
      byteLengthOf(value, arrayBufferByteLength) >= 0 ||
      (sharedByteLength !== null && byteLengthOf(value, sharedByteLength) >= 0)
    ) {
      const length = value.byteLength;
      return length === 0 ? EMPTY_BYTES : new Uint8Array(value, 0, length);
    }
  }
  throw new TypeError(`${what}: the argument is not an ArrayBuffer, a SharedArrayBuffer or a view on one.`);
}

// [AllowShared] Uint8Array: a brand check.
export function isUint8Array(value) {
  return ArrayBuffer.isView(value) && typedArrayTag.call(value) === 'Uint8Array';
}

export function illegalInvocation(what) {
  return new TypeError(`${what}: 'this' is not an instance of this interface (illegal invocation).`);
}

// Gives a class the property shapes WebIDL specifies (§ 3.7): operations and attributes are
// enumerable, and the prototype has a Symbol.toStringTag.
export function defineInterface(cls, name) {
  const proto = cls.prototype;
  for (const key of Object.getOwnPropertyNames(proto)) {
    if (key === 'constructor') continue;
    const desc = Object.getOwnPropertyDescriptor(proto, key);
    desc.enumerable = true;
    Object.defineProperty(proto, key, desc);
  }
  Object.defineProperty(proto, Symbol.toStringTag, { value: name, configurable: true });
  // Marks our own classes, so a later copy of this package (or the polyfill) recognizes them.
  Object.defineProperty(cls, Symbol.for('encoding-wasm'), { value: true });
}

export function isOurs(cls) {
  return typeof cls === 'function' && cls[Symbol.for('encoding-wasm')] === true;
}
