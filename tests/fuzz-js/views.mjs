// Every kind of buffer source a caller can pass, built around given bytes, with the bytes the view
// really holds read from its internal slots (WebIDL ignores everything a caller can redefine), and
// hostile variants whose properties and hooks lie; each hook records that it ran.

const TypedArray = Object.getPrototypeOf(Uint8Array);
const slot = (proto, name) => Object.getOwnPropertyDescriptor(proto, name).get;
const typedBuffer = slot(TypedArray.prototype, 'buffer');
const typedByteOffset = slot(TypedArray.prototype, 'byteOffset');
const typedByteLength = slot(TypedArray.prototype, 'byteLength');
const dataViewBuffer = slot(DataView.prototype, 'buffer');
const dataViewByteOffset = slot(DataView.prototype, 'byteOffset');
const dataViewByteLength = slot(DataView.prototype, 'byteLength');
const arrayBufferByteLength = slot(ArrayBuffer.prototype, 'byteLength');
const sharedByteLength = slot(SharedArrayBuffer.prototype, 'byteLength');
const arrayBufferResizable = slot(ArrayBuffer.prototype, 'resizable');
const sharedGrowable = slot(SharedArrayBuffer.prototype, 'growable');

const typedArrayTag = slot(TypedArray.prototype, Symbol.toStringTag);

/** A typed array's [[TypedArrayName]], or undefined for anything else. */
export const typedArrayName = (value) => typedArrayTag.call(value);

/** A view's [[ViewedArrayBuffer]] and [[ByteOffset]]. */
export const viewBuffer = (view) => (view instanceof DataView ? dataViewBuffer : typedBuffer).call(view);
export const viewOffset = (view) => (view instanceof DataView ? dataViewByteOffset : typedByteOffset).call(view);

const isShared = (buffer) => {
  try {
    sharedByteLength.call(buffer);
    return true;
  } catch {
    return false;
  }
};

/** The bytes a buffer source holds, from internal slots only (none once detached). */
export function realBytes(source) {
  if (ArrayBuffer.isView(source)) {
    const viewed = source instanceof DataView ? dataViewBuffer.call(source) : null;
    if (viewed !== null && !isShared(viewed) && arrayBufferByteLength.call(viewed) === 0) {
      return new Uint8Array(0); // DataView's getters throw once its buffer is detached
    }
    const dataView = source instanceof DataView;
    const buffer = (dataView ? dataViewBuffer : typedBuffer).call(source);
    const offset = (dataView ? dataViewByteOffset : typedByteOffset).call(source);
    const length = (dataView ? dataViewByteLength : typedByteLength).call(source);
    return length === 0 ? new Uint8Array(0) : new Uint8Array(buffer, offset, length).slice();
  }
  const length = (isShared(source) ? sharedByteLength : arrayBufferByteLength).call(source);
  return length === 0 ? new Uint8Array(0) : new Uint8Array(source).slice();
}

/** Whether WebIDL refuses the source: a resizable or growable buffer (no [AllowResizable]). */
export function isResizable(source) {
  const buffer = ArrayBuffer.isView(source)
    ? (source instanceof DataView ? dataViewBuffer : typedBuffer).call(source)
    : source;
  return isShared(buffer) ? sharedGrowable.call(buffer) : arrayBufferResizable.call(buffer);
}

export const isSharedSource = (source) =>
  isShared(
    ArrayBuffer.isView(source) ? (source instanceof DataView ? dataViewBuffer : typedBuffer).call(source) : source,
  );

const TYPED = [
  Uint8Array,
  Int8Array,
  Uint8ClampedArray,
  Uint16Array,
  Int16Array,
  Uint32Array,
  Int32Array,
  Float32Array,
  Float64Array,
  BigInt64Array,
  BigUint64Array,
];

/**
 * A buffer source holding `bytes` (padded with random bytes to a whole number of elements),
 * within a larger buffer of junk; `uint8Only` for encodeInto's destinations. Unless `r.honest`,
 * at times resizable or hostile (either sets r.hostile). Returns { source, kind, hostile, hooks }
 * where hooks.ran lists the hooks that ran.
 */
export function makeSource(r, bytes, { uint8Only = false } = {}) {
  const hooks = { ran: [] };
  const allowHostile = !r.honest;
  const shared = r.chance(0.15);
  const resizable = allowHostile && r.chance(0.03);
  if (resizable) r.hostile = true;
  const Ctor = uint8Only ? Uint8Array : r.chance(0.5) ? Uint8Array : r.pick([...TYPED, DataView, ArrayBuffer]);
  const size = Ctor === DataView || Ctor === ArrayBuffer ? 1 : Ctor.BYTES_PER_ELEMENT;
  const padded = [...bytes];
  while (padded.length % size !== 0) padded.push(r.int(256));
  const before = Ctor === ArrayBuffer ? 0 : r.int(4) * size;
  const after = Ctor === ArrayBuffer ? 0 : r.int(9);
  const total = before + padded.length + after;
  const options = resizable ? { maxByteLength: total + 16 } : undefined;
  const buffer = shared ? new SharedArrayBuffer(total, options) : new ArrayBuffer(total, options);
  const all = new Uint8Array(buffer);
  for (let i = 0; i < total; i++) all[i] = 0xa5 ^ i; // junk around the view
  all.set(padded, before);
  let source;
  if (Ctor === ArrayBuffer) source = buffer;
  else if (Ctor === DataView) source = new DataView(buffer, before, padded.length);
  else source = new Ctor(buffer, before, padded.length / size);
  const memory = `${shared ? ' (shared)' : ''}${resizable ? ' (resizable)' : ''}`;
  let kind = `${Ctor.name}${memory}`;
  let hostile = false;
  if (allowHostile && Ctor !== ArrayBuffer && r.chance(0.1)) {
    ({ source, kind } = makeHostile(r, source, Ctor, buffer, before, padded.length / size, hooks));
    kind += memory;
    hostile = true;
    r.hostile = true;
  } else if (!shared && !resizable && r.chance(0.02)) {
    structuredClone(buffer, { transfer: [buffer] }); // detached: reads as empty
    kind += ' (detached)';
  }
  return { source, kind, hostile, hooks };
}

// Lies a caller can tell about a view, each recording that it was consulted.
function makeHostile(r, view, Ctor, buffer, offset, length, hooks) {
  const record = (name, value) => () => {
    hooks.ran.push(name);
    return value;
  };
  const liar = () => r.pick([0, 1, 17, 32, length + 1, length * 2 + 3, 1 << 20, -1]);
  switch (r.int(5)) {
    case 0: {
      // Own properties that shadow the prototype's getters.
      const names = r.pick([['length'], ['byteOffset'], ['byteLength'], ['buffer'], ['length', 'byteLength']]);
      for (const name of names) {
        const value = name === 'buffer' ? new ArrayBuffer(64) : liar();
        Object.defineProperty(view, name, { get: record(name, value) });
      }
      return { source: view, kind: `${Ctor.name} with own ${names.join(', ')}` };
    }
    case 1: {
      // A subclass whose getters lie.
      if (Ctor === DataView) return makeHostile(r, view, Ctor, buffer, offset, length, hooks);
      const fake = liar();
      const Sub = class extends Ctor {
        get length() {
          return record('length', fake)();
        }
        get byteLength() {
          return record('byteLength', fake)();
        }
        get byteOffset() {
          return record('byteOffset', 0)();
        }
      };
      return { source: new Sub(buffer, offset, length), kind: `subclass of ${Ctor.name} with lying getters` };
    }
    case 2: {
      // Symbol.species: subarray/slice/map would construct through the hook.
      if (Ctor === DataView) return makeHostile(r, view, Ctor, buffer, offset, length, hooks);
      const Sub = class extends Ctor {
        static get [Symbol.species]() {
          hooks.ran.push('Symbol.species');
          return Ctor;
        }
      };
      return { source: new Sub(buffer, offset, length), kind: `subclass of ${Ctor.name} with a Symbol.species hook` };
    }
    case 3: {
      // A constructor property whose species runs user code.
      const fakeCtor = { [Symbol.species]: Ctor };
      Object.defineProperty(fakeCtor, Symbol.species, { get: record('constructor[Symbol.species]', Ctor) });
      Object.defineProperty(view, 'constructor', { get: record('constructor', fakeCtor) });
      return { source: view, kind: `${Ctor.name} with a hostile constructor` };
    }
    default: {
      // Methods replaced on the instance.
      for (const name of ['subarray', 'slice', 'set', 'at', Symbol.iterator]) {
        Object.defineProperty(view, name, {
          value: () => {
            hooks.ran.push(String(name));
            throw new Error(`${String(name)} was called`);
          },
        });
      }
      return { source: view, kind: `${Ctor.name} with hostile methods` };
    }
  }
}
