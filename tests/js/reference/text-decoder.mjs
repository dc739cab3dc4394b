// § 7.1 TextDecoderCommon and § 7.2 TextDecoder, transcribed from the standard, over byte arrays
// (no WebIDL conversions), with one deliberate change where the issue asks for Blink and Gecko's
// behaviour: after a fatal error in a stream call the rest of that call's input is dropped.
import { getAnEncoding, newDecoder } from './encodings.mjs';
import { END_OF_QUEUE, ERROR, FINISHED, IOQueue, processAnItem } from './infrastructure.mjs';

const codePointsToString = (codePoints) => {
  let s = '';
  for (const codePoint of codePoints) s += String.fromCodePoint(codePoint);
  return s;
};

export class ReferenceTextDecoder {
  encoding;
  decoder;
  ioQueue;
  ignoreBOM = false;
  bomSeen = false;
  errorMode = 'replacement';
  doNotFlush = false;

  // https://encoding.spec.whatwg.org/#dom-textdecoder
  constructor(label = 'utf-8', options = {}) {
    const encoding = getAnEncoding(String(label));
    if (encoding === null || encoding === 'replacement') throw new RangeError(`not a TextDecoder label: ${label}`);
    this.encoding = encoding;
    if (options.fatal === true) this.errorMode = 'fatal';
    this.ignoreBOM = Boolean(options.ignoreBOM);
  }

  // https://encoding.spec.whatwg.org/#concept-td-serialize
  serializeIOQueue(ioQueue) {
    const output = [];
    while (true) {
      const item = ioQueue.read();
      if (item === END_OF_QUEUE) return codePointsToString(output);
      if (
        (this.encoding === 'UTF-8' || this.encoding === 'UTF-16BE' || this.encoding === 'UTF-16LE') &&
        this.ignoreBOM === false &&
        this.bomSeen === false
      ) {
        this.bomSeen = true;
        if (item === 0xfeff) continue;
      }
      output.push(item);
    }
  }

  // https://encoding.spec.whatwg.org/#dom-textdecoder-decode
  /**
   * @param {ArrayLike<number>} [input] the bytes, or undefined when not given
   * @param {{ stream?: boolean }} [options]
   */
  decode(input, options = {}) {
    if (this.doNotFlush === false) {
      this.decoder = newDecoder(this.encoding);
      this.ioQueue = new IOQueue([END_OF_QUEUE]);
      this.bomSeen = false;
    }
    this.doNotFlush = Boolean(options.stream);
    if (input !== undefined) this.ioQueue.pushItems(Array.from(input));
    const output = new IOQueue([END_OF_QUEUE]);
    while (true) {
      const item = this.ioQueue.read();
      if (item === END_OF_QUEUE && this.doNotFlush === true) return this.serializeIOQueue(output);
      const result = processAnItem(item, this.decoder, this.ioQueue, output, this.errorMode);
      if (result === FINISHED) return this.serializeIOQueue(output);
      if (result === ERROR) {
        // The change from the standard's letter (Blink, Gecko): the decoder, BOM seen and do not
        // flush stay as they are, but the rest of this call's input, including items the handler
        // restored, is dropped instead of being decoded by the next call.
        this.ioQueue = new IOQueue([END_OF_QUEUE]);
        throw new TypeError(`The encoded data is not valid ${this.encoding}`);
      }
    }
  }
}
