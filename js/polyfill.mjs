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
import { ObjectDefineProperty } from './primordials.mjs';
import { isOurs } from './webidl.mjs';

// As WebIDL defines interface objects: writable, configurable, not enumerable. Where the property
// is not configurable but is a writable data property, the value alone is set, as an assignment
// would; otherwise this throws.
function install(g, name, value) {
  try {
    ObjectDefineProperty(g, name, { value, writable: true, configurable: true, enumerable: false });
  } catch {
    ObjectDefineProperty(g, name, { value });
  }
}

// A global, or undefined where reading it throws (an accessor or a Proxy of another library's).
function globalOf(g, name) {
  try {
    return g[name];
  } catch {
    return undefined;
  }
}

const NAMES = ['TextDecoder', 'TextDecoderStream', 'TextEncoder', 'TextEncoderStream'];
const NO_TRANSFORM_STREAM = 'encoding-wasm: the runtime has no TransformStream, which the stream classes are built on.';

// Installs, and returns what it did, each of the four classes named in exactly one list:
// `installed`; `kept` (the runtime's, or this package's already); `refused`, those the global object
// would not let it replace (it never throws for that); `skipped`, those it did not install, leaving
// the global as it was, for `reason`: all four where no module could be bound, the stream classes
// where the runtime has no TransformStream (they are built on it). `reason` is null where none was
// skipped. The polyfill entries export it as `status`.
export function installPolyfill(lib, mode = 'where-needed', g = globalThis) {
  const status = { installed: [], kept: [], refused: [], skipped: [], reason: null };
  // Where the entry could bind no module, this package's classes would only throw: none installed.
  if (baseModule() === null) {
    status.skipped.push(...NAMES);
    status.reason = loadFailure()?.message ?? 'encoding-wasm: no module is bound.';
    return status;
  }
  const always = mode === 'always';
  // A class is kept if it is this package's (maybe another copy's), or unless `always`, exact. A
  // global that throws when read, or when examined, is neither: it is replaced where it can be.
  const keep = (name, exact) => {
    try {
      const cls = g[name];
      return isOurs(cls) || (!always && typeof cls === 'function' && exact(cls));
    } catch {
      return false;
    }
  };
  const exact = (D) => decoderIsExact(D, TABLE, (name, cases) => passesSelfTests(D, name, cases));
  const decoderKept = keep('TextDecoder', exact);
  const streams = typeof globalOf(g, 'TransformStream') === 'function';
  const kept = {
    TextDecoder: decoderKept,
    TextDecoderStream: keep('TextDecoderStream', (S) => decoderKept && streamIsExact(S, TABLE)),
    TextEncoder: keep('TextEncoder', () => true),
    TextEncoderStream: keep('TextEncoderStream', () => true),
  };
  for (const name of NAMES) {
    if (kept[name]) status.kept.push(name);
    else if (!streams && name.endsWith('Stream')) {
      status.skipped.push(name);
      status.reason = NO_TRANSFORM_STREAM;
    } else {
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
