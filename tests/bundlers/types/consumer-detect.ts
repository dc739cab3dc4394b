// A TypeScript consumer of encoding-wasm/detect, checked with tsc --strict by run.mjs under each
// moduleResolution.
import {
  Detector,
  type DetectResult,
  detect,
  HTMLDecoderStream,
  type HTMLEncodingSource,
  sniffHTML,
} from 'encoding-wasm/detect';

const { encoding, source } = sniffHTML(new Uint8Array([0x3c]), { transportLabel: 'sjis', defaultEncoding: 'utf-8' });
const from: HTMLEncodingSource = source;
const detected: HTMLEncodingSource = sniffHTML(new Uint8Array([0xe0]), { detect: true }).source;
const stream = new HTMLDecoderStream({ transportLabel: 'euc-jp', fatal: true });
const readable: ReadableStream<string> = stream.readable;
const writable: WritableStream<ArrayBuffer> = stream.writable;
const decided: string = stream.encoding;
// @ts-expect-error: sniffHTML takes bytes, not text
sniffHTML('<meta charset=utf-8>');
// @ts-expect-error: the source is one of the algorithm's steps
const wrong: HTMLEncodingSource = 'guess';

const guess: DetectResult = detect(new Uint8Array([0x82, 0xa0]), { allowUTF8: false, tld: 'jp' });
const confidence: number = guess.confidence;
const alternative: string | undefined = guess.alternatives[0]?.encoding;
const detector = new Detector();
detector.feed(new ArrayBuffer(1));
detector.feed(new DataView(new ArrayBuffer(1)), { last: true });
const streamed: string = detector.guess({ tld: 'ru' }).encoding;
// @ts-expect-error: detect takes bytes, not text
detect('text');
// @ts-expect-error: tld is a string
detect(new Uint8Array(0), { tld: 1 });

export const results = [
  encoding,
  from,
  detected,
  readable,
  writable,
  decided,
  wrong,
  confidence,
  alternative,
  streamed,
];
