// A TypeScript consumer, checked with tsc --strict by run.mjs under each moduleResolution, with
// the DOM library and with only @types/node.
import {
  type EncodingInfo,
  encode,
  encodings,
  getEncoding,
  inspect,
  LegacyEncoder,
  TextDecoder,
  TextDecoderStream,
  TextEncoder,
  TextEncoderStream,
} from 'encoding-wasm';
import 'encoding-wasm/polyfill';

const text: string = new TextDecoder('shift_jis', { fatal: true }).decode(new Uint8Array([0x82, 0xa0]), {
  stream: false,
});
const bytes: Uint8Array = encode(text, 'euc-jp', { fatal: false });
const name: string | null = getEncoding('sjis');
const { read, written } = new TextEncoder().encodeInto('a', new Uint8Array(4));
const readable: ReadableStream<string> = new TextDecoderStream('gbk').readable;
const writable: WritableStream<string> = new TextEncoderStream().writable;
const errors: number = inspect(bytes, 'euc-jp').errors.length;
const first: EncodingInfo = encodings()[0].encodings[0];
const iso: Uint8Array = new LegacyEncoder('iso-2022-jp').encode('あ', { stream: true });
// @ts-expect-error: encode() needs a label
encode('a');

export const results = [text, bytes, name, read, written, readable, writable, errors, first, iso];
