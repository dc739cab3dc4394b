// Compares our decoder's output with the browser's own TextDecoder for the same bytes and options,
// locating each difference by character index and byte offset.

// Captured at load: the page never installs the polyfill, so this is the engine's decoder.
export const NativeTextDecoder = globalThis.TextDecoder;

const MAX_LISTED = 20;

/**
 * The offset of the first byte of character `index` of the decoded text: the fewest bytes whose
 * streaming decode already yields the `index` characters before it (output only grows with input).
 */
export function byteOffsetOf(lib, bytes, label, ignoreBOM, index) {
  const produced = (n) => {
    try {
      return new lib.TextDecoder(label, { ignoreBOM }).decode(bytes.subarray(0, n), { stream: true }).length;
    } catch {
      return NaN;
    }
  };
  if (Number.isNaN(produced(0))) return null;
  let lo = 0;
  let hi = bytes.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (produced(mid) >= index) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

export const describe = (s) =>
  s === undefined
    ? 'nothing'
    : [...s].map((c) => `U+${c.codePointAt(0).toString(16).toUpperCase().padStart(4, '0')}`).join(' ');

/**
 * `Native` is the browser's decoder (a parameter so a test can stand in a known difference).
 * @returns {{ status: 'unsupported' | 'same' | 'different', message: string,
 *   diffs: Array<{ charIndex: number, byteOffset: number | null, ours: string, browser: string }>, more: number }}
 */
export function compareWithBrowser(lib, bytes, label, { fatal, ignoreBOM }, ours, Native = NativeTextDecoder) {
  let decoder;
  try {
    decoder = new Native(label, { fatal, ignoreBOM });
  } catch (e) {
    return {
      status: 'unsupported',
      message: `This browser's TextDecoder does not accept “${label}” (${e.name}: ${e.message}).`,
      diffs: [],
      more: 0,
    };
  }
  let theirs;
  try {
    theirs = { text: decoder.decode(bytes) };
  } catch (e) {
    theirs = { error: e };
  }
  if (ours.error || theirs.error) {
    if (ours.error && theirs.error) {
      return {
        status: 'same',
        message: `Both throw: ours ${ours.error.name}, the browser's ${theirs.error.name}.`,
        diffs: [],
        more: 0,
      };
    }
    const who = ours.error ? 'Ours throws but the browser decodes' : 'The browser throws but ours decodes';
    return { status: 'different', message: `${who} (${(ours.error ?? theirs.error).message}).`, diffs: [], more: 0 };
  }
  const a = ours.text;
  const b = theirs.text;
  if (a === b) {
    return {
      status: 'same',
      message: `Identical output: ${a.length.toLocaleString('en')} UTF-16 code units.`,
      diffs: [],
      more: 0,
    };
  }
  const diffs = [];
  let more = 0;
  const at = (i, ourPart, theirPart) => {
    if (diffs.length >= MAX_LISTED) {
      more++;
      return;
    }
    diffs.push({
      charIndex: i,
      byteOffset: byteOffsetOf(lib, bytes, label, ignoreBOM, i),
      ours: describe(ourPart),
      browser: describe(theirPart),
    });
  };
  if (a.length === b.length) {
    // Same length: list each run of differing code units.
    for (let i = 0; i < a.length; i++) {
      if (a[i] === b[i]) continue;
      let j = i;
      while (j < a.length && a[j] !== b[j]) j++;
      at(i, a.slice(i, j), b.slice(i, j));
      i = j;
    }
  } else {
    // Different lengths: the span between the common prefix and the common suffix.
    let p = 0;
    while (p < a.length && p < b.length && a[p] === b[p]) p++;
    let s = 0;
    while (s < a.length - p && s < b.length - p && a[a.length - 1 - s] === b[b.length - 1 - s]) s++;
    const clip = (t) => (t.length > 16 ? t.slice(0, 16) : t);
    at(p, clip(a.slice(p, a.length - s)) || undefined, clip(b.slice(p, b.length - s)) || undefined);
  }
  const count = diffs.length + more;
  return {
    status: 'different',
    message: `${count} difference${count === 1 ? '' : 's'} (ours ${a.length.toLocaleString('en')} code units, the browser's ${b.length.toLocaleString('en')}).`,
    diffs,
    more,
  };
}
