// HTMLDecoderStream: bytes of an HTML document in, its text out. It holds the first
// PRESCAN_LIMIT bytes (or all, if the stream ends sooner), runs the encoding sniffing algorithm on
// them (sniff-html.mjs), then decodes everything with the package's TextDecoder for that
// encoding, streaming, as the HTML Standard's "decode" of the input byte stream does
// (https://html.spec.whatwg.org/multipage/parsing.html#the-input-byte-stream: a BOM is skipped).

import { TextDecoder } from '../index.mjs';
import {
  copyBytes,
  defineInterface,
  genericTransformStream,
  illegalInvocation,
  isObject,
  lengthOf,
  requireTransformStream,
  setBytes,
  toBytes,
} from '../webidl.mjs';
import { ReflectApply, U8 } from '../primordials.mjs';
import { PRESCAN_LIMIT, encodingSniffingAlgorithm, firstBytes, htmlSniffOptions } from './sniff-html.mjs';

const CONSTRUCT = "Failed to construct 'HTMLDecoderStream'";
const WRITE = "Failed to execute 'write' on 'HTMLDecoderStream'";
// Options objects without a prototype: nothing on Object.prototype is read as one of their members.
const STREAM = { __proto__: null, stream: true };
// TextDecoder's decode as it is when this module loads: replacing the prototype's method later
// changes no stream's text.
const textDecoderDecode = TextDecoder.prototype.decode;

// The text of `bytes` (undefined: the end) by `state.decoder`: a TextDecoder, or REPLACEMENT, the
// replacement encoding's decoder (https://encoding.spec.whatwg.org/#replacement-decoder), which
// TextDecoder refuses: one error for a stream with any byte (U+FFFD, or a TypeError where fatal),
// then nothing.
function decodeWith(state, bytes, stream) {
  const { decoder } = state;
  if (decoder !== REPLACEMENT) return ReflectApply(textDecoderDecode, decoder, [bytes, stream ? STREAM : undefined]);
  if (state.replaced || bytes === undefined || lengthOf(bytes) === 0) return '';
  state.replaced = true;
  if (state.fatal) throw new TypeError('The encoded data is not valid replacement.');
  return '\uFFFD';
}
const REPLACEMENT = { replacement: true };

export class HTMLDecoderStream {
  #state;

  constructor(options = undefined) {
    if (options !== undefined && options !== null && !isObject(options)) {
      throw new TypeError(`${CONSTRUCT}: the options argument is not an object.`);
    }
    // WebIDL's order: defaultEncoding, fatal, transportLabel.
    const defaultEncoding = options == null ? undefined : options.defaultEncoding;
    const fatal = !!(options == null ? undefined : options.fatal);
    const transportLabel = options == null ? undefined : options.transportLabel;
    const sniffing = htmlSniffOptions({ defaultEncoding, transportLabel }, CONSTRUCT);
    requireTransformStream(CONSTRUCT);
    // encoding and source: '' until decided. held: the chunks (copies) before that, and their length.
    const state = { encoding: '', source: '', fatal, decoder: null, replaced: false, held: [], length: 0 };
    this.#state = state;
    // Sniffs `bytes` (everything so far), and decodes them with the encoding found.
    const decide = (bytes, stream) => {
      const { encoding, source } = encodingSniffingAlgorithm(firstBytes(bytes, lengthOf(bytes)), sniffing, !stream);
      state.encoding = encoding;
      state.source = source;
      state.held = null;
      state.decoder = encoding === 'replacement' ? REPLACEMENT : new TextDecoder(encoding, { __proto__: null, fatal });
      return decodeWith(state, bytes, stream);
    };
    setTransform(this, {
      transform(chunk, controller) {
        const bytes = toBytes(chunk, WRITE);
        let text;
        if (state.decoder !== null) text = decodeWith(state, bytes, true);
        else if (state.length + lengthOf(bytes) < PRESCAN_LIMIT) {
          state.held[state.held.length] = copyBytes(bytes);
          state.length += lengthOf(bytes);
          return;
        } else text = decide(joined(state.held, state.length, bytes), true);
        if (text !== '') controller.enqueue(text);
      },
      flush(controller) {
        const text =
          state.decoder === null
            ? decide(joined(state.held, state.length, undefined), false)
            : decodeWith(state, undefined, false);
        if (text !== '') controller.enqueue(text);
      },
    });
  }

  // The encoding's name, as sniffHTML gives it ('' until decided).
  get encoding() {
    if (!isObject(this) || !(#state in this)) throw illegalInvocation('HTMLDecoderStream.encoding');
    return this.#state.encoding;
  }

  // The step that decided: 'bom', 'transport', 'meta', 'xml' or 'default' ('' until decided).
  get source() {
    if (!isObject(this) || !(#state in this)) throw illegalInvocation('HTMLDecoderStream.source');
    return this.#state.source;
  }

  get fatal() {
    if (!isObject(this) || !(#state in this)) throw illegalInvocation('HTMLDecoderStream.fatal');
    return this.#state.fatal;
  }
}
const setTransform = genericTransformStream(HTMLDecoderStream, 'HTMLDecoderStream');
defineInterface(HTMLDecoderStream, 'HTMLDecoderStream');

// The held chunks (`length` bytes in all) and then `last` (if any), as one Uint8Array.
function joined(held, length, last) {
  const out = new U8(length + (last === undefined ? 0 : lengthOf(last)));
  let at = 0;
  for (let i = 0; i < held.length; i++) {
    setBytes(out, held[i], at);
    at += lengthOf(held[i]);
  }
  if (last !== undefined) setBytes(out, last, at);
  return out;
}
