// The polyfill's install step: the four classes on globalThis where missing, and TextDecoder and
// TextDecoderStream replaced where the runtime's reject any of the standard's labels (builds of
// engines without full ICU data, for example). Where the entry could bind no module (neither
// WebAssembly nor the JavaScript build), nothing: classes that only throw would be worse than the
// runtime's or none; the API's Errors say why.

import { isOurs } from './webidl.mjs';
import { TABLE, REPLACEMENT, baseModule } from './wasm.mjs';

// Whether `Class` accepts every label of every encoding but replacement.
function acceptsEveryLabel(Class) {
  try {
    for (let enc = 0; enc < TABLE.length; enc++) {
      if (enc === REPLACEMENT) continue;
      for (const label of TABLE[enc].labels) new Class(label);
    }
    return true;
  } catch {
    return false;
  }
}

function install(g, name, value) {
  // As WebIDL defines interface objects: writable, configurable, not enumerable.
  Object.defineProperty(g, name, { value, writable: true, configurable: true, enumerable: false });
}

export function installPolyfill(lib, g = globalThis) {
  if (baseModule() === null) return;
  for (const name of ['TextDecoder', 'TextDecoderStream']) {
    const current = g[name];
    if (typeof current !== 'function' || (!isOurs(current) && !acceptsEveryLabel(current))) install(g, name, lib[name]);
  }
  for (const name of ['TextEncoder', 'TextEncoderStream']) {
    if (typeof g[name] !== 'function') install(g, name, lib[name]);
  }
}
