// The built-ins the API's calls use, captured when this module loads (as Node's core does with its
// primordials): user code that later replaces a prototype's method, a getter, Math's functions or
// Function.prototype.call itself never runs in the middle of a call, where it could call another
// decoder of the same wasm module and overwrite the scratch buffers that call is using. Methods
// are "uncurried": StringPrototypeSlice(s, a, b) is s.slice(a, b) without looking anything up.

const { apply, getPrototypeOf } = Reflect;
export { apply as ReflectApply };
// uncurryThis(f)(self, ...args) is Reflect.apply(f, self, args), by Function.prototype.call bound
// to `f` (engines call such a bound function without an array for the arguments).
const { bind, call } = Function.prototype;
const uncurryThis = apply(bind, bind, [call]);
const getter = (proto, name) => {
  const get = Object.getOwnPropertyDescriptor(proto, name)?.get;
  return get === undefined ? null : uncurryThis(get);
};
// A method that not every engine has (String#isWellFormed in older ones): null there.
const method = (proto, name) => (typeof proto[name] === 'function' ? uncurryThis(proto[name]) : null);

export const U8 = Uint8Array;
export const U16 = Uint16Array;
export const U32 = Uint32Array;
export const DV = DataView;
const TypedArrayPrototype = getPrototypeOf(U8.prototype);

export const { ceil: MathCeil, floor: MathFloor, max: MathMax, min: MathMin } = Math;
export const { defineProperty: ObjectDefineProperty, setPrototypeOf: ObjectSetPrototypeOf } = Object;
export const StringFromCharCode = String.fromCharCode;
export const StringFromCodePoint = String.fromCodePoint;
export const JSONStringify = JSON.stringify;
export const NumberPrototypeToString = uncurryThis(Number.prototype.toString);
export const StringPrototypeToUpperCase = uncurryThis(String.prototype.toUpperCase);
export const StringPrototypeToLowerCase = uncurryThis(String.prototype.toLowerCase);
export const StringPrototypePadStart = uncurryThis(String.prototype.padStart);

export const StringPrototypeCharCodeAt = uncurryThis(String.prototype.charCodeAt);
export const StringPrototypeSlice = uncurryThis(String.prototype.slice);
export const StringPrototypeIsWellFormed = method(String.prototype, 'isWellFormed');
export const StringPrototypeToWellFormed = method(String.prototype, 'toWellFormed');
export const ArrayPrototypePush = uncurryThis(Array.prototype.push);
export const ArrayPrototypeJoin = uncurryThis(Array.prototype.join);
export const MapPrototypeGet = uncurryThis(Map.prototype.get);
export const MapPrototypeSet = uncurryThis(Map.prototype.set);
export const MapPrototypeGetSize = getter(Map.prototype, 'size');
export const WeakMapPrototypeGet = uncurryThis(WeakMap.prototype.get);
export const WeakMapPrototypeSet = uncurryThis(WeakMap.prototype.set);
export const RegExpPrototypeExec = uncurryThis(RegExp.prototype.exec);
export const DataViewPrototypeGetUint32 = uncurryThis(DataView.prototype.getUint32);
export const DataViewPrototypeGetByteLength = getter(DataView.prototype, 'byteLength');
export const TypedArrayPrototypeSet = uncurryThis(TypedArrayPrototype.set);
export const TypedArrayPrototypeGetLength = getter(TypedArrayPrototype, 'length');
export const TypedArrayPrototypeGetBuffer = getter(TypedArrayPrototype, 'buffer');
export const TypedArrayPrototypeGetByteOffset = getter(TypedArrayPrototype, 'byteOffset');
export const ArrayBufferPrototypeGetByteLength = getter(ArrayBuffer.prototype, 'byteLength');

export { uncurryThis, getter as uncurryGetter };

// WebAssembly.Memory's `buffer` and `grow`, where there is WebAssembly.
const WasmMemory = typeof WebAssembly === 'object' ? WebAssembly.Memory?.prototype : undefined;
export const WebAssemblyMemoryGetBuffer = WasmMemory === undefined ? null : getter(WasmMemory, 'buffer');
export const WebAssemblyMemoryGrow = WasmMemory === undefined ? null : uncurryThis(WasmMemory.grow);
