// A TypeScript consumer of encoding-wasm/detect, checked with tsc --strict by run.mjs under each
// moduleResolution.
import { HTMLDecoderStream, type HTMLEncodingSource, sniffHTML } from 'encoding-wasm/detect';

const { encoding, source } = sniffHTML(new Uint8Array([0x3c]), { transportLabel: 'sjis', defaultEncoding: 'utf-8' });
const from: HTMLEncodingSource = source;
const stream = new HTMLDecoderStream({ transportLabel: 'euc-jp', fatal: true });
const readable: ReadableStream<string> = stream.readable;
const writable: WritableStream<ArrayBuffer> = stream.writable;
const decided: string = stream.encoding;
// @ts-expect-error: sniffHTML takes bytes, not text
sniffHTML('<meta charset=utf-8>');
// @ts-expect-error: the source is one of the algorithm's steps
const wrong: HTMLEncodingSource = 'guess';

export const results = [encoding, from, readable, writable, decided, wrong];
