// Types of encoding-wasm/detect. docs/api.md documents each.

export type AllowSharedBufferSource = ArrayBuffer | SharedArrayBuffer | ArrayBufferView;

/** Which step of the HTML Standard's encoding sniffing algorithm decided. */
export type HTMLEncodingSource = 'bom' | 'transport' | 'meta' | 'xml' | 'default';

export interface SniffHTMLOptions {
  /** The transport layer's label (HTTP's `Content-Type` charset); an unknown one is ignored. */
  transportLabel?: string;
  /** A label; the encoding when nothing else decides. Default `'windows-1252'`. */
  defaultEncoding?: string;
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

export interface HTMLDecoderStreamOptions extends SniffHTMLOptions {
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
