// § 8 The encoding: UTF-8's decoder, transcribed from the standard.
import { CONTINUE, END_OF_QUEUE, ERROR, FINISHED, inRange } from './infrastructure.mjs';

// https://encoding.spec.whatwg.org/#utf-8-decoder
export class UTF8Decoder {
  codePoint = 0;
  bytesSeen = 0;
  bytesNeeded = 0;
  lowerBoundary = 0x80;
  upperBoundary = 0xbf;

  handler(ioQueue, byte) {
    if (byte === END_OF_QUEUE && this.bytesNeeded !== 0) {
      this.bytesNeeded = 0;
      return ERROR;
    }
    if (byte === END_OF_QUEUE) return FINISHED;
    if (this.bytesNeeded === 0) {
      if (inRange(byte, 0x00, 0x7f)) return [byte];
      if (inRange(byte, 0xc2, 0xdf)) {
        this.bytesNeeded = 1;
        this.codePoint = byte & 0x1f;
      } else if (inRange(byte, 0xe0, 0xef)) {
        if (byte === 0xe0) this.lowerBoundary = 0xa0;
        if (byte === 0xed) this.upperBoundary = 0x9f;
        this.bytesNeeded = 2;
        this.codePoint = byte & 0xf;
      } else if (inRange(byte, 0xf0, 0xf4)) {
        if (byte === 0xf0) this.lowerBoundary = 0x90;
        if (byte === 0xf4) this.upperBoundary = 0x8f;
        this.bytesNeeded = 3;
        this.codePoint = byte & 0x7;
      } else {
        return ERROR;
      }
      return CONTINUE;
    }
    if (!inRange(byte, this.lowerBoundary, this.upperBoundary)) {
      this.codePoint = 0;
      this.bytesNeeded = 0;
      this.bytesSeen = 0;
      this.lowerBoundary = 0x80;
      this.upperBoundary = 0xbf;
      ioQueue.restore(byte);
      return ERROR;
    }
    this.lowerBoundary = 0x80;
    this.upperBoundary = 0xbf;
    this.codePoint = (this.codePoint << 6) | (byte & 0x3f);
    this.bytesSeen += 1;
    if (this.bytesSeen !== this.bytesNeeded) return CONTINUE;
    const codePoint = this.codePoint;
    this.codePoint = 0;
    this.bytesNeeded = 0;
    this.bytesSeen = 0;
    return [codePoint];
  }
}
