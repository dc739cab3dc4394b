// Types of encoding-wasm/detect. docs/api.md documents each.

export type AllowSharedBufferSource = ArrayBuffer | SharedArrayBuffer | ArrayBufferView;

/** Which step of the HTML Standard's encoding sniffing algorithm decided. */
export type HTMLEncodingSource = 'bom' | 'transport' | 'meta' | 'xml' | 'detect' | 'default';

export interface SniffHTMLOptions {
  /** The transport layer's label (HTTP's `Content-Type` charset); an unknown one is ignored. */
  transportLabel?: string;
  /** A label; the encoding when nothing else decides. Default `'windows-1252'`. */
  defaultEncoding?: string;
  /**
   * Step 8, autodetection: when no BOM, transport label or prescan decides, the encoding
   * `detect()` guesses for the first 1024 bytes (UTF-8 allowed), with source `'detect'`; a head of
   * ASCII alone leaves it to `defaultEncoding`.
   * sniffHTML only; default `false`.
   */
  detect?: boolean;
}

export interface SniffHTMLResult {
  /** The Encoding Standard's name, for example `'Shift_JIS'`, `'windows-1252'`, `'UTF-8'`. */
  encoding: string;
  source: HTMLEncodingSource;
}

/**
 * The HTML Standard's encoding sniffing algorithm over the first 1024 bytes of a document: a BOM,
 * then the transport layer's label, then the prescan (`<meta charset>`, `<meta http-equiv>`, XML
 * declarations), then the default.
 * @throws TypeError for input that is not a BufferSource; RangeError for an unknown `defaultEncoding`.
 */
export declare function sniffHTML(bytes: AllowSharedBufferSource, options?: SniffHTMLOptions): SniffHTMLResult;

export interface HTMLDecoderStreamOptions extends Omit<SniffHTMLOptions, 'detect'> {
  /** Errors the stream at the first malformed sequence, as TextDecoder's `fatal`. */
  fatal?: boolean;
}

/** Bytes of an HTML document in, its text out: sniffs the first 1024 bytes, then decodes. */
export declare class HTMLDecoderStream {
  /** @throws RangeError for an unknown `defaultEncoding`. */
  constructor(options?: HTMLDecoderStreamOptions);
  /** The encoding's name as sniffHTML gives it; `''` until decided. */
  readonly encoding: string;
  /** The step that decided; `''` until decided. */
  readonly source: HTMLEncodingSource | '';
  readonly fatal: boolean;
  readonly readable: ReadableStream<string>;
  readonly writable: WritableStream<AllowSharedBufferSource>;
  readonly [Symbol.toStringTag]: 'HTMLDecoderStream';
}

/** One layer of mojibake undone: the text was written in `encodedAs` and read with `decodedAs`. */
export interface RepairStep {
  encodedAs: 'UTF-8';
  /** The Encoding Standard's name, for example `'windows-1252'`, `'Shift_JIS'`. */
  decodedAs: string;
}

export interface RepairResult {
  text: string;
  changed: boolean;
  /** The layers undone, outermost first; empty when nothing changed. */
  steps: RepairStep[];
}

/**
 * Undoes mojibake: text whose UTF-8 bytes were decoded with another encoding ("Ã©tÃ©" for
 * "été"), in up to three layers, with the package's own encoders and decoders. Text that shows no
 * clear sign of it comes back unchanged.
 */
export declare function repair(text: string): RepairResult;

export interface DetectOptions {
  /** Whether UTF-8 may be guessed (valid UTF-8 is then UTF-8). Default `true`. */
  allowUTF8?: boolean;
  /**
   * The top-level domain the bytes came from, the last label of the host name (`'jp'` for
   * example.co.jp), any ASCII case: it decides for pure ASCII input and favours its encodings
   * otherwise. ASCII letters, digits and hyphens, at most 63; `''` for none.
   * @throws TypeError for anything else.
   */
  tld?: string;
}

export interface DetectedEncoding {
  /** The Encoding Standard's name, for example `'Shift_JIS'`, `'windows-1251'`, `'UTF-8'`. */
  encoding: string;
  /** In [0, 1]; the result's and its alternatives' confidences add up to at most 1. */
  confidence: number;
}

export interface DetectResult extends DetectedEncoding {
  /** The other candidates still plausible, likeliest first. */
  alternatives: DetectedEncoding[];
}

/**
 * Guesses the encoding of unlabeled bytes, a whole input: a BOM decides; pure ASCII is the
 * top-level domain's fallback (windows-1252 without one); valid UTF-8 is UTF-8 if allowed; else the
 * legacy encodings are ranked by how plausible their text is.
 * @throws TypeError for input that is not an AllowSharedBufferSource or a wrong option.
 */
export declare function detect(bytes: AllowSharedBufferSource, options?: DetectOptions): DetectResult;

export interface DetectorFeedOptions {
  /** These bytes end the input (a UTF-8 sequence cut at the end then rules UTF-8 out). */
  last?: boolean;
}

/** detect() over an input that comes in pieces: its state has a fixed size (about 3 KB). */
export declare class Detector {
  constructor();
  /** @throws TypeError for input that is not an AllowSharedBufferSource, or after `{ last: true }`. */
  feed(bytes: AllowSharedBufferSource, options?: DetectorFeedOptions): void;
  /** The guess over the bytes fed so far, as detect() gives it. */
  guess(options?: DetectOptions): DetectResult;
  readonly [Symbol.toStringTag]: 'Detector';
}
