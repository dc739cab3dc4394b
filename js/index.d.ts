// Types of encoding-wasm: the Encoding Standard's four classes (as in lib.dom.d.ts) and the
// package's extensions. docs/api.md documents each.

export type AllowSharedBufferSource = ArrayBuffer | SharedArrayBuffer | ArrayBufferView;

export interface TextDecoderOptions {
  fatal?: boolean;
  ignoreBOM?: boolean;
}

export interface TextDecodeOptions {
  stream?: boolean;
}

export interface TextEncoderEncodeIntoResult {
  read: number;
  written: number;
}

/** Decodes bytes in any of the standard's encodings (but replacement) into a string. */
export declare class TextDecoder {
  /** @throws RangeError for an unknown label or one of replacement's. */
  constructor(label?: string, options?: TextDecoderOptions);
  /** The encoding's name in lower case, for example "shift_jis". */
  readonly encoding: string;
  readonly fatal: boolean;
  readonly ignoreBOM: boolean;
  /** @throws TypeError in fatal mode at the first malformed sequence. */
  decode(input?: AllowSharedBufferSource, options?: TextDecodeOptions): string;
  readonly [Symbol.toStringTag]: 'TextDecoder';
}

/** Encodes strings as UTF-8; lone surrogates become U+FFFD. */
export declare class TextEncoder {
  constructor();
  readonly encoding: 'utf-8';
  encode(input?: string): Uint8Array;
  /** `read` counts UTF-16 code units of `source`, `written` bytes of `destination`. */
  encodeInto(source: string, destination: Uint8Array): TextEncoderEncodeIntoResult;
  readonly [Symbol.toStringTag]: 'TextEncoder';
}

export declare class TextDecoderStream {
  constructor(label?: string, options?: TextDecoderOptions);
  readonly encoding: string;
  readonly fatal: boolean;
  readonly ignoreBOM: boolean;
  readonly readable: ReadableStream<string>;
  readonly writable: WritableStream<AllowSharedBufferSource>;
  readonly [Symbol.toStringTag]: 'TextDecoderStream';
}

export declare class TextEncoderStream {
  constructor();
  readonly encoding: 'utf-8';
  readonly readable: ReadableStream<Uint8Array>;
  readonly writable: WritableStream<string>;
  readonly [Symbol.toStringTag]: 'TextEncoderStream';
}

/**
 * Encodes `input` in the encoding `label` names: every encoding with an encoder, plus UTF-16LE
 * and UTF-16BE. Unmappable code points become `&#N;` (the standard's html mode) unless `fatal`,
 * where they throw a TypeError naming the code point and its index.
 * @throws RangeError for an unknown label or the replacement encoding.
 */
export declare function encode(input: string, label: string, options?: { fatal?: boolean }): Uint8Array;

/** The standard's name of the encoding `label` names (for example "Shift_JIS"), or null. */
export declare function getEncoding(label: string): string | null;

/**
 * The standard's decode hook: a byte order mark picks UTF-8, UTF-16BE or UTF-16LE and is skipped;
 * otherwise `fallbackLabel`'s encoding is used. Malformed sequences become U+FFFD.
 */
export declare function decode(
  bytes: AllowSharedBufferSource,
  fallbackLabel?: string,
): { text: string; encoding: string };

/** A streaming encoder for any encoding with an encoder (plus UTF-16LE/BE). */
export declare class LegacyEncoder {
  constructor(label: string, options?: { fatal?: boolean });
  /** The standard's name of the encoding. */
  readonly encoding: string;
  readonly fatal: boolean;
  /** With `stream: true`, state (ISO-2022-JP's mode, a trailing high surrogate) carries over. */
  encode(input?: string, options?: { stream?: boolean }): Uint8Array;
}

/**
 * TextEncoderStream for any encoding with an encoder (plus UTF-16LE/BE): strings in, bytes out.
 * A leading surrogate ending a chunk and ISO-2022-JP's mode carry into the next chunk, so any
 * chunking gives the bytes `encode()` gives for the whole text. Unmappable code points become
 * `&#N;` unless `fatal`, where the stream errors with a TypeError.
 * @throws RangeError for an unknown label or the replacement encoding.
 */
export declare class LegacyEncoderStream {
  constructor(label: string, options?: { fatal?: boolean });
  /** The standard's name of the encoding, for example "Shift_JIS". */
  readonly encoding: string;
  readonly fatal: boolean;
  readonly readable: ReadableStream<Uint8Array>;
  readonly writable: WritableStream<string>;
  readonly [Symbol.toStringTag]: 'LegacyEncoderStream';
}

export interface MalformedSequence {
  /** The sequence is `bytes.subarray(byteStart, byteEnd)`. */
  byteStart: number;
  byteEnd: number;
  /** The index of its U+FFFD in `text`. */
  textIndex: number;
}

/**
 * Decodes as TextDecoder does (or, with `sniffBOM`, as `decode()` does) and reports the errors:
 * the first `maxErrors` (10,000 unless given; `Infinity` for all), `errorCount` counting every one.
 */
export declare function inspect(
  bytes: AllowSharedBufferSource,
  label: string,
  options?: { ignoreBOM?: boolean; sniffBOM?: boolean; maxErrors?: number; compact?: false },
): { text: string; encoding: string; errors: MalformedSequence[]; errorCount: number; truncated: boolean };
/** The same, with the errors as three typed arrays (for millions of them). */
export declare function inspect(
  bytes: AllowSharedBufferSource,
  label: string,
  options: { ignoreBOM?: boolean; sniffBOM?: boolean; maxErrors?: number; compact: true },
): {
  text: string;
  encoding: string;
  errors: { byteStart: Uint32Array; byteEnd: Uint32Array; textIndex: Uint32Array };
  errorCount: number;
  truncated: boolean;
};

export interface EncodingInfo {
  name: string;
  labels: string[];
  hasEncoder: boolean;
}

/** The standard's table of encodings: its groups, with each encoding's name and labels. */
export declare function encodings(): { heading: string; encodings: EncodingInfo[] }[];
