// The polyfill's install step. The runtime's TextDecoder is kept where it is exact: it gets every
// label of the standard right and passes every self-test (polyfill-checks.mjs; as core-js counts a
// bug as a missing feature); its TextDecoderStream is kept beside it where that knows the
// encodings tried. Otherwise this package's replace them (and still hand each call to the native where
// that is exact for it: natives.mjs). TextEncoder and TextEncoderStream are installed where
// missing. Mode 'always' installs all four of this package's classes whatever the runtime has.
// Where the entry could bind no module (neither WebAssembly nor the JavaScript build), nothing:
// classes that only throw would be worse than the runtime's or none; the API's Errors say why.

import { passesSelfTests } from './natives.mjs';
import { decoderIsExact, streamIsExact } from './polyfill-checks.mjs';
import { TABLE, baseModule, loadFailure } from './wasm.mjs';
import { isOurs } from './webidl.mjs';

function install(g, name, value) {
  // As WebIDL defines interface objects: writable, configurable, not enumerable.
  Object.defineProperty(g, name, { value, writable: true, configurable: true, enumerable: false });
}

// Installs, and returns what it did: { installed, kept } (names of the four classes) and `reason`,
// why nothing was installed (or null). The polyfill entries export it as `status`.
export function installPolyfill(lib, mode = 'where-needed', g = globalThis) {
  // Where the entry could bind no module, this package's classes would only throw: none installed.
  if (baseModule() === null) {
    const reason = loadFailure()?.message ?? 'encoding-wasm: no module is bound.';
    return { installed: [], kept: [], reason };
  }
  const always = mode === 'always';
  // A class is kept if it is this package's (maybe another copy's), or unless `always`, exact.
  const keep = (current, exact) => isOurs(current) || (!always && typeof current === 'function' && exact(current));
  const exact = (D) => decoderIsExact(D, TABLE, (name, cases) => passesSelfTests(D, name, cases));
  const decoderKept = keep(g.TextDecoder, exact);
  const kept = {
    TextDecoder: decoderKept,
    TextDecoderStream: keep(g.TextDecoderStream, (S) => decoderKept && streamIsExact(S, TABLE)),
    TextEncoder: keep(g.TextEncoder, () => true),
    TextEncoderStream: keep(g.TextEncoderStream, () => true),
  };
  const status = { installed: [], kept: [], reason: null };
  for (const [name, k] of Object.entries(kept)) {
    if (!k) install(g, name, lib[name]);
    status[k ? 'kept' : 'installed'].push(name);
  }
  return status;
}
