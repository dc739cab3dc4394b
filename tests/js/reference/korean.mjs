// § 13 Legacy multi-byte Korean encodings, transcribed from the standard.
import { CONTINUE, END_OF_QUEUE, ERROR, FINISHED, inRange, isASCIIByte } from './infrastructure.mjs';
import { indexCodePoint } from './indexes.mjs';

// https://encoding.spec.whatwg.org/#euc-kr-decoder
export class EUCKRDecoder {
  leading = 0x00;

  handler(ioQueue, byte) {
    if (byte === END_OF_QUEUE && this.leading !== 0x00) {
      this.leading = 0x00;
      return ERROR;
    }
    if (byte === END_OF_QUEUE && this.leading === 0x00) return FINISHED;
    if (this.leading !== 0x00) {
      const leading = this.leading;
      this.leading = 0x00;
      let pointer = null;
      if (inRange(byte, 0x41, 0xfe)) pointer = (leading - 0x81) * 190 + (byte - 0x41);
      const codePoint = pointer === null ? null : indexCodePoint(pointer, 'euc-kr');
      if (codePoint !== null) return [codePoint];
      if (isASCIIByte(byte)) ioQueue.restore(byte);
      return ERROR;
    }
    if (isASCIIByte(byte)) return [byte];
    if (inRange(byte, 0x81, 0xfe)) {
      this.leading = byte;
      return CONTINUE;
    }
    return ERROR;
  }
}
