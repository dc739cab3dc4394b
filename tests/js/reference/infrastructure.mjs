// § 3 Terminology (I/O queues) and § 4.1 Encoders and decoders (handler results, process an item),
// transcribed from https://encoding.spec.whatwg.org/ for the reference model. Items are numbers
// (bytes or scalar values); end-of-queue and the handler results other than items are symbols.

// https://encoding.spec.whatwg.org/#end-of-stream
export const END_OF_QUEUE = Symbol('end-of-queue');

// A handler returns finished, one or more items (an array here), error, or continue.
export const FINISHED = Symbol('finished');
export const CONTINUE = Symbol('continue');
export const ERROR = Symbol('error');

// https://encoding.spec.whatwg.org/#concept-stream
export class IOQueue {
  /** @param {Array<number|symbol>} items */
  constructor(items) {
    this.items = items;
  }

  // https://encoding.spec.whatwg.org/#concept-stream-read
  // The queues used here always end with end-of-queue, so reading never waits.
  read() {
    if (this.items.length === 0) throw new Error('reading an empty I/O queue would wait');
    if (this.items[0] === END_OF_QUEUE) return END_OF_QUEUE;
    return this.items.shift();
  }

  // https://encoding.spec.whatwg.org/#concept-stream-push
  push(item) {
    if (this.items.at(-1) === END_OF_QUEUE) {
      if (item === END_OF_QUEUE) return;
      this.items.splice(this.items.length - 1, 0, item);
    } else {
      this.items.push(item);
    }
  }

  // To push a sequence of items is to push each, in order.
  pushItems(items) {
    for (const item of items) this.push(item);
  }

  // https://encoding.spec.whatwg.org/#concept-stream-prepend
  // An item, or a list of items inserted in the given order before the first item.
  restore(itemOrList) {
    const list = Array.isArray(itemOrList) ? itemOrList : [itemOrList];
    if (list.includes(END_OF_QUEUE)) throw new Error('end-of-queue cannot be restored');
    this.items.unshift(...list);
  }
}

// https://encoding.spec.whatwg.org/#to-i-o-queue-convert
export function toIOQueue(input) {
  return new IOQueue([...input, END_OF_QUEUE]);
}

// https://encoding.spec.whatwg.org/#concept-encoding-process (decoders only: the error modes are
// "replacement" and "fatal").
export function processAnItem(item, decoder, input, output, mode) {
  const result = decoder.handler(input, item);
  if (result === FINISHED) {
    output.push(END_OF_QUEUE);
    return result;
  }
  if (Array.isArray(result)) {
    for (const codePoint of result) {
      if (codePoint >= 0xd800 && codePoint <= 0xdfff) throw new Error('a decoder returned a surrogate');
    }
    output.pushItems(result);
  } else if (result === ERROR) {
    if (mode === 'replacement') output.push(0xfffd);
    else if (mode === 'fatal') return result;
    else throw new Error(`not a decoder error mode: ${mode}`);
  }
  return CONTINUE;
}

// https://encoding.spec.whatwg.org/#concept-encoding-run
export function processAQueue(decoder, input, output, mode) {
  while (true) {
    const result = processAnItem(input.read(), decoder, input, output, mode);
    if (result !== CONTINUE) return result;
  }
}

// The byte ranges the handlers name.
export const isASCIIByte = (byte) => typeof byte === 'number' && byte >= 0x00 && byte <= 0x7f;
export const inRange = (byte, low, high) => typeof byte === 'number' && byte >= low && byte <= high;
