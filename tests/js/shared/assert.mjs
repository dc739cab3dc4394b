// Minimal assertions usable in every runtime (no node: imports).

export class AssertionError extends Error {}

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
