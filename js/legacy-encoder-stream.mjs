// LegacyEncoderStream: TextEncoderStream's shape
// (https://encoding.spec.whatwg.org/#interface-textencoderstream) for any encoding with an encoder,
// plus UTF-16LE/BE, built on LegacyEncoder's streaming mode. Strings in, bytes out; a leading
// surrogate ending a chunk and ISO-2022-JP's mode carry into the next chunk, so any chunking of a
// text gives the bytes encode() gives for the whole of it.

import {
  toDOMString,
  toDictionary,
  isObject,
  illegalInvocation,
  defineInterface,
  genericTransformStream,
  requireTransformStream,
  requireArguments,
  lengthOf,
} from './webidl.mjs';
import { LegacyEncoder } from './extensions.mjs';
import { uncurryThis, uncurryGetter } from './primordials.mjs';

// LegacyEncoder's method and getters as they are when this module loads (see primordials.mjs):
// a caller's replacement of them later changes no stream.
const encode = uncurryThis(LegacyEncoder.prototype.encode);
const encodingOf = uncurryGetter(LegacyEncoder.prototype, 'encoding');
const fatalOf = uncurryGetter(LegacyEncoder.prototype, 'fatal');

export class LegacyEncoderStream {
  #encoder;

  constructor(label, options = undefined) {
    const what = "Failed to construct 'LegacyEncoderStream'";
    // biome-ignore lint/complexity/noArguments: the count is what WebIDL checks
    requireArguments(arguments.length, 1, what);
    const l = toDOMString(label);
    const { fatal } = toDictionary(options, ['fatal'], what);
    requireTransformStream(what);
    let encoder;
    try {
      encoder = new LegacyEncoder(l, { fatal });
    } catch (e) {
      // A refused label is this constructor's RangeError; anything else passes through as it is.
      if (!(e instanceof RangeError)) throw e;
      throw new RangeError(e.message.replace("'LegacyEncoder'", "'LegacyEncoderStream'"));
    }
    this.#encoder = encoder;
    setTransform(this, {
      // Each chunk is converted as a DOMString; a fatal error (a TypeError) errors the stream.
      transform(chunk, controller) {
        const bytes = encode(encoder, toDOMString(chunk), { stream: true });
        if (lengthOf(bytes) !== 0) controller.enqueue(bytes);
      },
      // The end of the text: a leading surrogate left alone is U+FFFD; ISO-2022-JP returns to ASCII.
      flush(controller) {
        const bytes = encode(encoder, '');
        if (lengthOf(bytes) !== 0) controller.enqueue(bytes);
      },
    });
  }

  get encoding() {
    if (!isObject(this) || !(#encoder in this)) throw illegalInvocation('LegacyEncoderStream.encoding');
    return encodingOf(this.#encoder);
  }

  get fatal() {
    if (!isObject(this) || !(#encoder in this)) throw illegalInvocation('LegacyEncoderStream.fatal');
    return fatalOf(this.#encoder);
  }
}
const setTransform = genericTransformStream(LegacyEncoderStream, 'LegacyEncoderStream');
defineInterface(LegacyEncoderStream, 'LegacyEncoderStream');
