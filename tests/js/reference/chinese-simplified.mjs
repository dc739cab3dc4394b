// § 10 Legacy multi-byte Chinese (simplified) encodings, transcribed from the standard (GBK's
// decoder is gb18030's; the index is GB18030-2022's two-byte mapping).
import { CONTINUE, END_OF_QUEUE, ERROR, FINISHED, inRange, isASCIIByte } from './infrastructure.mjs';
import { indexCodePoint, indexGb18030RangesCodePoint } from './indexes.mjs';

// https://encoding.spec.whatwg.org/#gb18030-decoder (and https://encoding.spec.whatwg.org/#gbk-decoder)
export class Gb18030Decoder {
  first = 0x00;
  second = 0x00;
  third = 0x00;

  handler(ioQueue, byte) {
    if (byte === END_OF_QUEUE && this.first === 0x00 && this.second === 0x00 && this.third === 0x00) {
      return FINISHED;
    }
    if (byte === END_OF_QUEUE && (this.first !== 0x00 || this.second !== 0x00 || this.third !== 0x00)) {
      this.first = 0x00;
      this.second = 0x00;
      this.third = 0x00;
      return ERROR;
    }
    if (this.third !== 0x00) {
      if (!inRange(byte, 0x30, 0x39)) {
        ioQueue.restore([this.second, this.third, byte]);
        this.first = 0x00;
        this.second = 0x00;
        this.third = 0x00;
        return ERROR;
      }
      const codePoint = indexGb18030RangesCodePoint(
        (this.first - 0x81) * (10 * 126 * 10) +
          (this.second - 0x30) * (10 * 126) +
          (this.third - 0x81) * 10 +
          byte -
          0x30,
      );
      this.first = 0x00;
      this.second = 0x00;
      this.third = 0x00;
      if (codePoint === null) return ERROR;
      return [codePoint];
    }
    if (this.second !== 0x00) {
      if (inRange(byte, 0x81, 0xfe)) {
        this.third = byte;
        return CONTINUE;
      }
      ioQueue.restore([this.second, byte]);
      this.first = 0x00;
      this.second = 0x00;
      return ERROR;
    }
    if (this.first !== 0x00) {
      if (inRange(byte, 0x30, 0x39)) {
        this.second = byte;
        return CONTINUE;
      }
      const leading = this.first;
      this.first = 0x00;
      let pointer = null;
      const offset = byte < 0x7f ? 0x40 : 0x41;
      if (inRange(byte, 0x40, 0x7e) || inRange(byte, 0x80, 0xfe)) pointer = (leading - 0x81) * 190 + (byte - offset);
      const codePoint = pointer === null ? null : indexCodePoint(pointer, 'gb18030');
      if (codePoint !== null) return [codePoint];
      if (isASCIIByte(byte)) ioQueue.restore(byte);
      return ERROR;
    }
    if (isASCIIByte(byte)) return [byte];
    if (byte === 0x80) return [0x20ac];
    if (inRange(byte, 0x81, 0xfe)) {
      this.first = byte;
      return CONTINUE;
    }
    return ERROR;
  }
}
