// TextDecoderStream (https://encoding.spec.whatwg.org/#interface-textdecoderstream) and
// TextEncoderStream (https://encoding.spec.whatwg.org/#interface-textencoderstream) as shims over
// TransformStream.

import {
  EMPTY_BYTES,
  toDOMString,
  toBytes,
  isObject,
  illegalInvocation,
  defineInterface,
  genericTransformStream,
  requireTransformStream,
} from './webidl.mjs';
import { FATAL, IGNORE_BOM, LOWER_NAMES, ready } from './wasm.mjs';
import { newDecoderState } from './text-decoder.mjs';
import { encodeUtf8 } from './text-encoder.mjs';
import { StringPrototypeCharCodeAt, StringPrototypeSlice } from './primordials.mjs';

export class TextDecoderStream {
  #state;

  constructor(label = undefined, options = undefined) {
    const what = "Failed to construct 'TextDecoderStream'";
    const state = newDecoderState(label, options, what);
    this.#state = state;
    requireTransformStream(what);
    setDecoderTransform(this, {
      // decode and enqueue a chunk: a fatal error or a wrong chunk throws, erroring the stream.
      transform(chunk, controller) {
        let text;
        try {
          text = state.decode(toBytes(chunk, "Failed to execute 'write' on 'TextDecoderStream'"), true);
        } catch (e) {
          state.release();
          throw e;
        }
        if (text !== '') controller.enqueue(text);
      },
      // flush and enqueue: the end of the queue, where a pending partial character is an error.
      flush(controller) {
        const text = state.decode(EMPTY_BYTES, false);
        if (text !== '') controller.enqueue(text);
      },
    });
  }

  get encoding() {
    if (!isObject(this) || !(#state in this)) throw illegalInvocation('TextDecoderStream.encoding');
    return LOWER_NAMES[this.#state.enc];
  }

  get fatal() {
    if (!isObject(this) || !(#state in this)) throw illegalInvocation('TextDecoderStream.fatal');
    return (this.#state.flags & FATAL) !== 0;
  }

  get ignoreBOM() {
    if (!isObject(this) || !(#state in this)) throw illegalInvocation('TextDecoderStream.ignoreBOM');
    return (this.#state.flags & IGNORE_BOM) !== 0;
  }
}
const setDecoderTransform = genericTransformStream(TextDecoderStream, 'TextDecoderStream');
defineInterface(TextDecoderStream, 'TextDecoderStream');

const EF_BF_BD = [0xef, 0xbf, 0xbd];

export class TextEncoderStream {
  #brand = true;

  constructor() {
    ready();
    // The leading surrogate of a chunk's last code unit, carried to the next chunk.
    let pending = '';
    requireTransformStream("Failed to construct 'TextEncoderStream'");
    setEncoderTransform(this, {
      // encode and enqueue a chunk, with convert code unit to scalar value across chunks.
      transform(chunk, controller) {
        let s = pending + toDOMString(chunk);
        pending = '';
        const last = StringPrototypeCharCodeAt(s, s.length - 1);
        if (last >= 0xd800 && last <= 0xdbff) {
          pending = StringPrototypeSlice(s, -1);
          s = StringPrototypeSlice(s, 0, -1);
        }
        if (s !== '') controller.enqueue(encodeUtf8(s));
      },
      // encode and flush: a leading surrogate left alone becomes U+FFFD.
      flush(controller) {
        if (pending !== '') controller.enqueue(new Uint8Array(EF_BF_BD));
      },
    });
  }

  get encoding() {
    if (!isObject(this) || !(#brand in this)) throw illegalInvocation('TextEncoderStream.encoding');
    return 'utf-8';
  }
}
const setEncoderTransform = genericTransformStream(TextEncoderStream, 'TextEncoderStream');
defineInterface(TextEncoderStream, 'TextEncoderStream');
