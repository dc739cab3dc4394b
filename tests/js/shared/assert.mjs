// Minimal assertions usable in every runtime (no node: imports).

export class AssertionError extends Error {}

/// Thrown by a case that cannot run in this runtime (it lacks a feature the case needs): runners
/// count the case as skipped, with the message as the reason, never as passed. Recognized by its
/// name, as the harness may be another copy of this module.
export class Skip extends Error {
  constructor(reason) {
    super(reason);
    this.name = 'Skip';
  }
}

export const isSkip = (e) => e instanceof Error && e.name === 'Skip';

/// A SharedArrayBuffer of `n` bytes; where the runtime has none (Hermes), the case is skipped.
export function sharedArrayBuffer(n) {
  if (typeof SharedArrayBuffer !== 'function') throw new Skip('no SharedArrayBuffer in this runtime');
  return new SharedArrayBuffer(n);
}

/// Detaches `buffer` (ArrayBuffer#transfer or structuredClone's transfer); where the runtime can
/// do neither (Hermes), the case is skipped.
export function detach(buffer) {
  if (typeof buffer.transfer === 'function') buffer.transfer();
  else if (typeof structuredClone === 'function') structuredClone(buffer, { transfer: [buffer] });
  else throw new Skip('no way to detach an ArrayBuffer in this runtime (no transfer, no structuredClone)');
}

/// A dictionary whose members are getters: each reading pushes the member's name onto `log` and
/// gives its value in `members`. For checking that a WebIDL dictionary's members are read once
/// each, in lexicographic order, and when.
export function loggingDictionary(log, members) {
  const dictionary = {};
  for (const [name, value] of Object.entries(members)) {
    Object.defineProperty(dictionary, name, {
      get() {
        log.push(name);
        return value;
      },
      enumerable: true,
    });
  }
  return dictionary;
}

const show = (v) => {
  if (typeof v === 'string') return JSON.stringify(v);
  if (ArrayBuffer.isView(v)) return `${v.constructor.name}[${Array.from(v).join(',')}]`;
  try {
    return JSON.stringify(v);
  } catch {
    return String(v);
  }
};

export function ok(value, message = 'expected a truthy value') {
  if (!value) throw new AssertionError(message);
}

export function equal(actual, expected, message = '') {
  if (!Object.is(actual, expected)) {
    throw new AssertionError(`${message} expected ${show(expected)}, got ${show(actual)}`.trim());
  }
}

export function deepEqual(actual, expected, message = '') {
  const a = ArrayBuffer.isView(actual) ? Array.from(actual) : actual;
  const e = ArrayBuffer.isView(expected) ? Array.from(expected) : expected;
  if (JSON.stringify(a) !== JSON.stringify(e) || ArrayBuffer.isView(actual) !== ArrayBuffer.isView(expected)) {
    throw new AssertionError(`${message} expected ${show(expected)}, got ${show(actual)}`.trim());
  }
}

export function throws(fn, ErrorType, message = '') {
  try {
    fn();
  } catch (e) {
    if (ErrorType && !(e instanceof ErrorType) && e?.name !== ErrorType.name) {
      throw new AssertionError(`${message} expected ${ErrorType.name}, got ${e?.name}: ${e?.message}`.trim());
    }
    return e;
  }
  throw new AssertionError(`${message} expected ${ErrorType ? ErrorType.name : 'an error'} to be thrown`.trim());
}

export async function rejects(promiseOrFn, ErrorType, message = '') {
  try {
    await (typeof promiseOrFn === 'function' ? promiseOrFn() : promiseOrFn);
  } catch (e) {
    if (ErrorType && !(e instanceof ErrorType) && e?.name !== ErrorType.name) {
      throw new AssertionError(`${message} expected ${ErrorType.name}, got ${e?.name}: ${e?.message}`.trim());
    }
    return e;
  }
  throw new AssertionError(`${message} expected a rejection`.trim());
}

/// Writes `chunks` to `stream` (a TransformStream) and resolves to the chunks read from it; a write
/// error rejects.
export async function pipe(stream, chunks) {
  const writer = stream.writable.getWriter();
  const reader = stream.readable.getReader();
  const reading = (async () => {
    const out = [];
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return out;
      out.push(value);
    }
  })();
  reading.catch(() => {}); // a write error is what the caller sees
  for (const c of chunks) await writer.write(c);
  await writer.close();
  return reading;
}
