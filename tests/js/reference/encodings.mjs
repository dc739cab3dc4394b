// § 4.2 Names and labels (https://encoding.spec.whatwg.org/#names-and-labels) from the
// repository's copy of the standard's encodings.json, and each encoding's decoder.
import { readFileSync } from 'node:fs';
import { Gb18030Decoder } from './chinese-simplified.mjs';
import { Big5Decoder } from './chinese-traditional.mjs';
import { EUCJPDecoder, ISO2022JPDecoder, ShiftJISDecoder } from './japanese.mjs';
import { EUCKRDecoder } from './korean.mjs';
import { ReplacementDecoder, SharedUTF16Decoder, XUserDefinedDecoder } from './misc.mjs';
import { SingleByteDecoder } from './single-byte.mjs';
import { UTF8Decoder } from './utf-8.mjs';

export const GROUPS = JSON.parse(readFileSync(new URL('../../../indexes/encodings.json', import.meta.url), 'utf8'));

/** Every encoding's name, in the table's order. */
export const NAMES = GROUPS.flatMap((group) => group.encodings.map((encoding) => encoding.name));

const SINGLE_BYTE = new Set(
  GROUPS.find((group) => group.heading === 'Legacy single-byte encodings').encodings.map((encoding) => encoding.name),
);

const byLabel = new Map(GROUPS.flatMap((group) => group.encodings.flatMap((e) => e.labels.map((l) => [l, e.name]))));

// https://infra.spec.whatwg.org/#ascii-whitespace
const ASCII_WHITESPACE = /^[\t\n\f\r ]+|[\t\n\f\r ]+$/g;

// https://encoding.spec.whatwg.org/#concept-encoding-get: an encoding's name, or null for failure.
// The table's labels are all lowercase, so an ASCII case-insensitive match is a match after ASCII
// lowercasing (only A–Z; toLowerCase() would also fold non-ASCII letters).
export function getAnEncoding(label) {
  const trimmed = label.replace(ASCII_WHITESPACE, '');
  const lowered = trimmed.replace(/[A-Z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0x20));
  return byLabel.get(lowered) ?? null;
}

/** A new instance of `encoding`'s decoder. */
export function newDecoder(encoding) {
  if (SINGLE_BYTE.has(encoding)) return new SingleByteDecoder(encoding);
  switch (encoding) {
    case 'UTF-8':
      return new UTF8Decoder();
    case 'GBK':
    case 'gb18030':
      return new Gb18030Decoder();
    case 'Big5':
      return new Big5Decoder();
    case 'EUC-JP':
      return new EUCJPDecoder();
    case 'ISO-2022-JP':
      return new ISO2022JPDecoder();
    case 'Shift_JIS':
      return new ShiftJISDecoder();
    case 'EUC-KR':
      return new EUCKRDecoder();
    case 'replacement':
      return new ReplacementDecoder();
    case 'UTF-16BE':
      return new SharedUTF16Decoder(true);
    case 'UTF-16LE':
      return new SharedUTF16Decoder(false);
    case 'x-user-defined':
      return new XUserDefinedDecoder();
    default:
      throw new Error(`no such encoding: ${encoding}`);
  }
}
