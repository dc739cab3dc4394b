// A TypeScript consumer of the lite entry and the add-ons, checked with tsc --strict by run.mjs
// under each moduleResolution: lite has the full entry's API; an add-on is imported for its effect
// and exports nothing.
import {
  type EncodingInfo,
  decode,
  encode,
  encodings,
  getEncoding,
  inspect,
  LegacyEncoder,
  LegacyEncoderStream,
  TextDecoder,
  TextDecoderStream,
  TextEncoder,
  TextEncoderStream,
} from 'encoding-wasm/lite';
import 'encoding-wasm/japanese';
import 'encoding-wasm/chinese-simplified';
import 'encoding-wasm/chinese-traditional';
import 'encoding-wasm/korean';
// @ts-expect-error: an add-on exports nothing
import { TextDecoder as NotExported } from 'encoding-wasm/japanese';

const text: string = new TextDecoder('shift_jis', { fatal: true }).decode(new Uint8Array([0x82, 0xa0]));
const bytes: Uint8Array = encode(text, 'windows-1251', { fatal: false });
const name: string | null = getEncoding('sjis');
const decoded: { text: string; encoding: string } = decode(bytes, 'big5');
const { written } = new TextEncoder().encodeInto('a', new Uint8Array(4));
const readable: ReadableStream<string> = new TextDecoderStream('euc-kr').readable;
const writable: WritableStream<string> = new TextEncoderStream().writable;
const legacy: WritableStream<string> = new LegacyEncoderStream('gbk').writable;
const errors: number = inspect(bytes, 'euc-jp').errors.length;
const first: EncodingInfo = encodings()[0].encodings[0];
const iso: Uint8Array = new LegacyEncoder('iso-2022-jp').encode('あ', { stream: true });
// @ts-expect-error: encode() needs a label
encode('a');

export const results = [
  text,
  bytes,
  name,
  decoded,
  written,
  readable,
  writable,
  legacy,
  errors,
  first,
  iso,
  NotExported,
];
