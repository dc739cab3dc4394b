// § 14 Legacy miscellaneous encodings: replacement, UTF-16BE/LE and x-user-defined, transcribed
// from the standard.
import { CONTINUE, END_OF_QUEUE, ERROR, FINISHED, isASCIIByte } from './infrastructure.mjs';

// https://encoding.spec.whatwg.org/#replacement-decoder
export class ReplacementDecoder {
  errorReturned = false;

  handler(_unused, byte) {
    if (byte === END_OF_QUEUE) return FINISHED;
    if (this.errorReturned === false) {
      this.errorReturned = true;
      return ERROR;
    }
    return FINISHED;
  }
}

const isLeadingSurrogate = (codeUnit) => codeUnit >= 0xd800 && codeUnit <= 0xdbff;
const isTrailingSurrogate = (codeUnit) => codeUnit >= 0xdc00 && codeUnit <= 0xdfff;

// https://encoding.spec.whatwg.org/#scalar-value-from-surrogates
const scalarValueFromSurrogates = (leading, trailing) => 0x10000 + ((leading - 0xd800) << 10) + (trailing - 0xdc00);

// https://encoding.spec.whatwg.org/#shared-utf-16-decoder (UTF-16BE's with is UTF-16BE decoder
// true: https://encoding.spec.whatwg.org/#utf-16be-decoder; UTF-16LE's with it false:
// https://encoding.spec.whatwg.org/#utf-16le-decoder)
export class SharedUTF16Decoder {
  leadingByte = null;
  leadingSurrogate = null;

  constructor(isUTF16BEDecoder) {
    this.isUTF16BEDecoder = isUTF16BEDecoder;
  }

  handler(ioQueue, byte) {
    if (byte === END_OF_QUEUE && (this.leadingByte !== null || this.leadingSurrogate !== null)) {
      this.leadingByte = null;
      this.leadingSurrogate = null;
      return ERROR;
    }
    if (byte === END_OF_QUEUE && this.leadingByte === null && this.leadingSurrogate === null) return FINISHED;
    if (this.leadingByte === null) {
      this.leadingByte = byte;
      return CONTINUE;
    }
    const codeUnit = this.isUTF16BEDecoder ? (this.leadingByte << 8) + byte : (byte << 8) + this.leadingByte;
    this.leadingByte = null;
    if (this.leadingSurrogate !== null) {
      const leadingSurrogate = this.leadingSurrogate;
      this.leadingSurrogate = null;
      if (isTrailingSurrogate(codeUnit)) return [scalarValueFromSurrogates(leadingSurrogate, codeUnit)];
      const byte1 = codeUnit >> 8;
      const byte2 = codeUnit & 0x00ff;
      const bytes = this.isUTF16BEDecoder ? [byte1, byte2] : [byte2, byte1];
      ioQueue.restore(bytes);
      return ERROR;
    }
    if (isLeadingSurrogate(codeUnit)) {
      this.leadingSurrogate = codeUnit;
      return CONTINUE;
    }
    if (isTrailingSurrogate(codeUnit)) return ERROR;
    return [codeUnit];
  }
}

// https://encoding.spec.whatwg.org/#x-user-defined-decoder
export class XUserDefinedDecoder {
  handler(_unused, byte) {
    if (byte === END_OF_QUEUE) return FINISHED;
    if (isASCIIByte(byte)) return [byte];
    return [0xf780 + byte - 0x80];
  }
}
