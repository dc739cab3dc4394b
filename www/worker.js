// Decodes a big file off the page: the file's stream through our TextDecoderStream, reporting
// progress, counting U+FFFD, keeping the text's start, and comparing with the browser's decoder.
import { byteOffsetOf, describe, NativeTextDecoder } from './compare.js';
import { countFFFD, ERRORS_LISTED, TEXT_LIMIT } from './decode.js';

// Loaded on the first message: the package's top-level await (wasm instantiation) would otherwise
// delay this module's evaluation past the arrival of the page's message, which would be lost.
let lib;

/** Compares two growing outputs as they arrive; remembers the first differing code unit. */
class StreamComparer {
  constructor() {
    this.ours = '';
    this.theirs = '';
    this.compared = 0;
    this.firstDiff = null;
  }
  push(side, s) {
    if (this.firstDiff !== null) return;
    this[side] += s;
    const n = Math.min(this.ours.length, this.theirs.length);
    for (let i = 0; i < n; i++) {
      if (this.ours.charCodeAt(i) !== this.theirs.charCodeAt(i)) {
        this.firstDiff = this.compared + i;
        return;
      }
    }
    this.compared += n;
    this.ours = this.ours.slice(n);
    this.theirs = this.theirs.slice(n);
  }
  finish() {
    if (this.firstDiff === null && this.ours.length !== this.theirs.length) this.firstDiff = this.compared;
  }
}

async function run({ file, choice, fallback, fatal, ignoreBOM }) {
  const total = file.size;
  let encoding = choice;
  let bom = ignoreBOM;
  if (choice === 'auto') {
    // The decode hook's BOM sniff (section "Hooks for standards") on the first three bytes.
    encoding = lib.decode(new Uint8Array(await file.slice(0, 3).arrayBuffer()), fallback).encoding;
    bom = false;
  }
  const ours = new lib.TextDecoderStream(encoding, { fatal, ignoreBOM: bom });
  let native = null;
  let nativeMessage = null;
  try {
    native = new NativeTextDecoder(encoding, { fatal, ignoreBOM: bom });
  } catch (e) {
    nativeMessage = `This browser's TextDecoder does not accept “${encoding}” (${e.name}: ${e.message}).`;
  }
  const comparer = new StreamComparer();
  let nativeError = null;
  const feedNative = (chunk, stream) => {
    if (!native || nativeError) return;
    try {
      comparer.push('theirs', native.decode(chunk, { stream }));
    } catch (e) {
      nativeError = e;
    }
  };

  let read = 0;
  let reported = -1;
  const progress = (phase) => {
    postMessage({ type: 'progress', read, total, phase });
  };
  const counter = new TransformStream({
    transform(chunk, controller) {
      read += chunk.byteLength;
      feedNative(chunk, true);
      const percent = Math.floor((read / total) * 100);
      if (percent !== reported) {
        reported = percent;
        progress('Decoding');
      }
      controller.enqueue(chunk);
    },
    flush() {
      feedNative(new Uint8Array(0), false);
    },
  });

  let head = '';
  let length = 0;
  let fffd = 0;
  let error = null;
  try {
    const reader = file.stream().pipeThrough(counter).pipeThrough(ours).getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      if (head.length < TEXT_LIMIT) head += value.slice(0, TEXT_LIMIT - head.length);
      length += value.length;
      fffd += countFFFD(value);
      comparer.push('ours', value);
    }
  } catch (e) {
    error = e;
  }
  read = total;
  progress('Decoding');

  // Locating malformed sequences needs the whole input: only done when there are any.
  let errors = [];
  let errorsTotal = 0;
  let bytes = null;
  const whole = async () => (bytes ??= new Uint8Array(await file.arrayBuffer()));
  if (error || fffd > 0) {
    progress('Locating malformed sequences');
    const inspected = lib.inspect(await whole(), encoding, { ignoreBOM: bom });
    errors = error ? inspected.errors.slice(0, 1) : inspected.errors.slice(0, ERRORS_LISTED);
    errorsTotal = error ? errors.length : inspected.errors.length;
    if (error) head = inspected.text.slice(0, Math.min(errors[0]?.textIndex ?? 0, TEXT_LIMIT));
  }

  let compare;
  if (!native) {
    compare = { status: 'unsupported', message: nativeMessage, diffs: [], more: 0 };
  } else if (error || nativeError) {
    compare =
      error && nativeError
        ? {
            status: 'same',
            message: `Both throw: ours ${error.name}, the browser's ${nativeError.name}.`,
            diffs: [],
            more: 0,
          }
        : {
            status: 'different',
            message: `${error ? 'Ours throws but the browser decodes' : 'The browser throws but ours decodes'} (${(error ?? nativeError).message}).`,
            diffs: [],
            more: 0,
          };
  } else {
    comparer.finish();
    if (comparer.firstDiff === null) {
      compare = {
        status: 'same',
        message: `Identical output: ${length.toLocaleString('en')} UTF-16 code units.`,
        diffs: [],
        more: 0,
      };
    } else {
      progress('Locating the first difference');
      const at = comparer.firstDiff;
      const byteOffset = byteOffsetOf(lib, await whole(), encoding, bom, at);
      compare = {
        status: 'different',
        message: `The outputs differ from code unit ${at.toLocaleString('en')} on (only the first difference is located in big files).`,
        diffs: [
          {
            charIndex: at,
            byteOffset,
            ours: describe(comparer.ours.slice(0, 8) || undefined),
            browser: describe(comparer.theirs.slice(0, 8) || undefined),
          },
        ],
        more: 0,
      };
    }
  }

  return {
    encoding,
    text: head,
    textLength: error ? head.length : length,
    fffd: error ? null : fffd,
    errors,
    errorsTotal,
    error: error && { name: error.name, message: error.message },
    note: null,
    compare,
  };
}

self.onmessage = async ({ data }) => {
  try {
    lib ??= await import('/encoding-wasm.js');
    postMessage({ type: 'done', result: await run(data) });
  } catch (e) {
    postMessage({ type: 'failed', message: `${e.name}: ${e.message}` });
  }
};
