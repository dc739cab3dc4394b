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

// A global, or undefined where reading it throws (an accessor or a Proxy of another library's).
function globalOf(g, name) {
  try {
    return g[name];
  } catch {
    return undefined;
  }
}

// Installs, and returns what it did: { installed, kept } (names of the four classes), `refused`
// (those the global object would not let it replace: it never throws for that) and `reason`,
// why nothing was installed (or null). The stream classes are installed only where the runtime
// has TransformStream, which they are built on. The polyfill entries export it as `status`.
export function installPolyfill(lib, mode = 'where-needed', g = globalThis) {
  // Where the entry could bind no module, this package's classes would only throw: none installed.
  if (baseModule() === null) {
    const reason = loadFailure()?.message ?? 'encoding-wasm: no module is bound.';
    return { installed: [], kept: [], refused: [], reason };
  }
  const always = mode === 'always';
  const current = (name) => globalOf(g, name);
  // A class is kept if it is this package's (maybe another copy's), or unless `always`, exact.
  const keep = (cls, exact) => isOurs(cls) || (!always && typeof cls === 'function' && exact(cls));
  const exact = (D) => decoderIsExact(D, TABLE, (name, cases) => passesSelfTests(D, name, cases));
  const decoderKept = keep(current('TextDecoder'), exact);
  const streams = typeof globalOf(g, 'TransformStream') === 'function';
  const kept = {
    TextDecoder: decoderKept,
    TextDecoderStream: keep(current('TextDecoderStream'), (S) => decoderKept && streamIsExact(S, TABLE)),
    TextEncoder: keep(current('TextEncoder'), () => true),
    TextEncoderStream: keep(current('TextEncoderStream'), () => true),
  };
  const status = { installed: [], kept: [], refused: [], reason: null };
  for (const [name, k] of Object.entries(kept)) {
    if (k) status.kept.push(name);
    else if (!streams && name.endsWith('Stream')) continue;
    else {
      try {
        install(g, name, lib[name]);
        status.installed.push(name);
      } catch {
        status.refused.push(name);
      }
    }
  }
  return status;
}
