// § 11 Legacy multi-byte Chinese (traditional) encodings, transcribed from the standard.
import { CONTINUE, END_OF_QUEUE, ERROR, FINISHED, inRange, isASCIIByte } from './infrastructure.mjs';
import { indexCodePoint } from './indexes.mjs';

// The Big5 decoder's table of pointers that give two code points.
const TWO_CODE_POINTS = new Map([
  [1133, [0x00ca, 0x0304]],
  [1135, [0x00ca, 0x030c]],
  [1164, [0x00ea, 0x0304]],
  [1166, [0x00ea, 0x030c]],
]);

// https://encoding.spec.whatwg.org/#big5-decoder
export class Big5Decoder {
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
      const offset = byte < 0x7f ? 0x40 : 0x62;
      if (inRange(byte, 0x40, 0x7e) || inRange(byte, 0xa1, 0xfe)) pointer = (leading - 0x81) * 157 + (byte - offset);
      if (TWO_CODE_POINTS.has(pointer)) return TWO_CODE_POINTS.get(pointer);
      const codePoint = pointer === null ? null : indexCodePoint(pointer, 'big5');
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
