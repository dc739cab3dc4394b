// § 9 Legacy single-byte encodings, transcribed from the standard.
import { ERROR, FINISHED, END_OF_QUEUE, isASCIIByte } from './infrastructure.mjs';
import { indexCodePoint } from './indexes.mjs';

// https://encoding.spec.whatwg.org/#index-single-byte: each encoding's index file, except that
// ISO-8859-8-I shares ISO-8859-8's.
const indexSingleByte = (encoding) => (encoding === 'ISO-8859-8-I' ? 'iso-8859-8' : encoding.toLowerCase());

// https://encoding.spec.whatwg.org/#single-byte-decoder
export class SingleByteDecoder {
  constructor(encoding) {
    this.index = indexSingleByte(encoding);
  }

  handler(_unused, byte) {
    if (byte === END_OF_QUEUE) return FINISHED;
    if (isASCIIByte(byte)) return [byte];
    const codePoint = indexCodePoint(byte - 0x80, this.index);
    if (codePoint === null) return ERROR;
    return [codePoint];
  }
}
