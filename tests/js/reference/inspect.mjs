// The package's inspect() extension modelled on the standard's algorithms: TextDecoder's decode in
// replacement mode (https://encoding.spec.whatwg.org/#dom-textdecoder-decode), or with sniffBOM the
// decode hook (https://encoding.spec.whatwg.org/#decode), run over an I/O queue that knows each
// byte's position in the input, so that every error is placed by the handlers' own reads and
// restores. The ranges follow the rule docs/api.md gives for inspect():
// - a malformed sequence starts where the decoder was last idle (ending the queue there would
//   give finished) or where the previous one ended;
// - it ends where the queue's position is after the handler returned error: the bytes it
//   restored ("prepend to ioQueue") are read again, so they are not part of it;
// - a handler that returns error and is not idle after it has taken its last byte into its next
//   state (only ISO-2022-JP's trailing byte state, given 0x1B: the escape starts there), so that
//   byte starts the next sequence.
import { newDecoder } from './encodings.mjs';
import { END_OF_QUEUE, ERROR, FINISHED, IOQueue } from './infrastructure.mjs';

// An I/O queue over `bytes` and end-of-queue whose position is the index of the next byte to read.
class PositionedIOQueue extends IOQueue {
  constructor(bytes) {
    super([...bytes, END_OF_QUEUE]);
    this.bytes = bytes;
    this.position = 0;
  }

  read() {
    const item = super.read();
    if (item !== END_OF_QUEUE) this.position += 1;
    return item;
  }

  // Every handler restores the bytes it read last, in order: the position moves back over them.
  // (Checked, so that a handler restoring anything else cannot go unnoticed.)
  restore(itemOrList) {
    const list = Array.isArray(itemOrList) ? itemOrList : [itemOrList];
    const position = this.position - list.length;
    if (position < 0 || list.some((byte, k) => this.bytes[position + k] !== byte)) {
      throw new Error(`a handler restored ${list} at ${this.position}, not the bytes it read last`);
    }
    this.position = position;
    super.restore(list);
  }
}

// Whether ending the queue now would give finished: a copy of the decoder is given end-of-queue.
function isIdle(decoder) {
  const copy = Object.assign(Object.create(Object.getPrototypeOf(decoder)), decoder);
  return copy.handler(new IOQueue([END_OF_QUEUE]), END_OF_QUEUE) === FINISHED;
}

// https://encoding.spec.whatwg.org/#bom-sniff: the encoding and the BOM's length, or null.
export function bomSniff(bytes) {
  const starts = (...bom) => bom.every((byte, i) => bytes[i] === byte);
  if (starts(0xef, 0xbb, 0xbf)) return { encoding: 'UTF-8', length: 3 };
  if (starts(0xfe, 0xff)) return { encoding: 'UTF-16BE', length: 2 };
  if (starts(0xff, 0xfe)) return { encoding: 'UTF-16LE', length: 2 };
  return null;
}

/**
 * inspect(bytes, encoding) by the reference: `encoding` is a name (replacement allowed, as the
 * package allows it); returns { text, encoding, errors: [{ byteStart, byteEnd, textIndex }] }.
 * @param {ArrayLike<number>} bytes
 * @param {string} encoding
 * @param {{ ignoreBOM?: boolean, sniffBOM?: boolean }} [options]
 */
export function referenceInspect(bytes, encoding, { ignoreBOM = false, sniffBOM = false } = {}) {
  const ioQueue = new PositionedIOQueue(Array.from(bytes));
  let used = encoding;
  // https://encoding.spec.whatwg.org/#decode steps 1–2.
  const bom = sniffBOM ? bomSniff(bytes) : null;
  if (bom !== null) {
    used = bom.encoding;
    for (let i = 0; i < bom.length; i++) ioQueue.read();
  }
  const decoder = newDecoder(used);
  // https://encoding.spec.whatwg.org/#concept-td-serialize: TextDecoder (not the decode hook)
  // drops a leading U+FEFF of UTF-8 and UTF-16 unless ignoreBOM; the first item decides.
  let bomSeen = sniffBOM || ignoreBOM || !['UTF-8', 'UTF-16BE', 'UTF-16LE'].includes(used);
  let text = '';
  const errors = [];
  const append = (codePoint) => {
    const isBOM = !bomSeen && codePoint === 0xfeff;
    bomSeen = true;
    if (!isBOM) text += String.fromCodePoint(codePoint);
  };
  let start = ioQueue.position;
  // https://encoding.spec.whatwg.org/#concept-encoding-run in "replacement" mode, placing errors.
  while (true) {
    const result = decoder.handler(ioQueue, ioQueue.read());
    if (result === FINISHED) break;
    if (result === ERROR) {
      const end = isIdle(decoder) ? ioQueue.position : Math.max(ioQueue.position - 1, start);
      errors.push({ byteStart: start, byteEnd: end, textIndex: text.length });
      append(0xfffd);
      start = end;
      continue;
    }
    if (Array.isArray(result)) for (const codePoint of result) append(codePoint);
    if (isIdle(decoder)) start = ioQueue.position;
  }
  return { text, encoding: used, errors };
}
