// § 12 Legacy multi-byte Japanese encodings, transcribed from the standard.
import { CONTINUE, END_OF_QUEUE, ERROR, FINISHED, inRange, isASCIIByte } from './infrastructure.mjs';
import { indexCodePoint } from './indexes.mjs';

// https://encoding.spec.whatwg.org/#euc-jp-decoder
export class EUCJPDecoder {
  jis0212 = false;
  leading = 0x00;

  handler(ioQueue, byte) {
    if (byte === END_OF_QUEUE && this.leading !== 0x00) {
      this.leading = 0x00;
      return ERROR;
    }
    if (byte === END_OF_QUEUE && this.leading === 0x00) return FINISHED;
    if (this.leading === 0x8e && inRange(byte, 0xa1, 0xdf)) {
      this.leading = 0x00;
      return [0xff61 - 0xa1 + byte];
    }
    if (this.leading === 0x8f && inRange(byte, 0xa1, 0xfe)) {
      this.jis0212 = true;
      this.leading = byte;
      return CONTINUE;
    }
    if (this.leading !== 0x00) {
      const leading = this.leading;
      this.leading = 0x00;
      let codePoint = null;
      if (inRange(leading, 0xa1, 0xfe) && inRange(byte, 0xa1, 0xfe)) {
        codePoint = indexCodePoint((leading - 0xa1) * 94 + byte - 0xa1, this.jis0212 ? 'jis0212' : 'jis0208');
      }
      this.jis0212 = false;
      if (codePoint !== null) return [codePoint];
      if (isASCIIByte(byte)) ioQueue.restore(byte);
      return ERROR;
    }
    if (isASCIIByte(byte)) return [byte];
    if (byte === 0x8e || byte === 0x8f || inRange(byte, 0xa1, 0xfe)) {
      this.leading = byte;
      return CONTINUE;
    }
    return ERROR;
  }
}

// The ISO-2022-JP decoder's states.
const ASCII = 'ASCII';
const ROMAN = 'Roman';
const KATAKANA = 'katakana';
const LEADING_BYTE = 'leading byte';
const TRAILING_BYTE = 'trailing byte';
const ESCAPE_START = 'escape start';
const ESCAPE = 'escape';

// https://encoding.spec.whatwg.org/#iso-2022-jp-decoder
export class ISO2022JPDecoder {
  state = ASCII;
  outputState = ASCII;
  leading = 0x00;
  output = false;

  handler(ioQueue, byte) {
    switch (this.state) {
      case ASCII:
        if (byte === 0x1b) {
          this.state = ESCAPE_START;
          return CONTINUE;
        }
        if (inRange(byte, 0x00, 0x7f) && byte !== 0x0e && byte !== 0x0f) {
          this.output = false;
          return [byte];
        }
        if (byte === END_OF_QUEUE) return FINISHED;
        this.output = false;
        return ERROR;
      case ROMAN:
        if (byte === 0x1b) {
          this.state = ESCAPE_START;
          return CONTINUE;
        }
        if (byte === 0x5c) {
          this.output = false;
          return [0x00a5];
        }
        if (byte === 0x7e) {
          this.output = false;
          return [0x203e];
        }
        if (inRange(byte, 0x00, 0x7f) && byte !== 0x0e && byte !== 0x0f) {
          this.output = false;
          return [byte];
        }
        if (byte === END_OF_QUEUE) return FINISHED;
        this.output = false;
        return ERROR;
      case KATAKANA:
        if (byte === 0x1b) {
          this.state = ESCAPE_START;
          return CONTINUE;
        }
        if (inRange(byte, 0x21, 0x5f)) {
          this.output = false;
          return [0xff61 - 0x21 + byte];
        }
        if (byte === END_OF_QUEUE) return FINISHED;
        this.output = false;
        return ERROR;
      case LEADING_BYTE:
        if (byte === 0x1b) {
          this.state = ESCAPE_START;
          return CONTINUE;
        }
        if (inRange(byte, 0x21, 0x7e)) {
          this.output = false;
          this.leading = byte;
          this.state = TRAILING_BYTE;
          return CONTINUE;
        }
        if (byte === END_OF_QUEUE) return FINISHED;
        this.output = false;
        return ERROR;
      case TRAILING_BYTE: {
        if (byte === 0x1b) {
          this.state = ESCAPE_START;
          return ERROR;
        }
        if (inRange(byte, 0x21, 0x7e)) {
          this.state = LEADING_BYTE;
          const pointer = (this.leading - 0x21) * 94 + byte - 0x21;
          const codePoint = indexCodePoint(pointer, 'jis0208');
          if (codePoint === null) return ERROR;
          return [codePoint];
        }
        // end-of-queue and otherwise alike.
        this.state = LEADING_BYTE;
        return ERROR;
      }
      case ESCAPE_START:
        if (byte === 0x24 || byte === 0x28) {
          this.leading = byte;
          this.state = ESCAPE;
          return CONTINUE;
        }
        if (byte !== END_OF_QUEUE) ioQueue.restore(byte);
        this.output = false;
        this.state = this.outputState;
        return ERROR;
      case ESCAPE: {
        const leading = this.leading;
        this.leading = 0x00;
        let state = null;
        if (leading === 0x28 && byte === 0x42) state = ASCII;
        if (leading === 0x28 && byte === 0x4a) state = ROMAN;
        if (leading === 0x28 && byte === 0x49) state = KATAKANA;
        if (leading === 0x24 && (byte === 0x40 || byte === 0x42)) state = LEADING_BYTE;
        if (state !== null) {
          this.state = state;
          this.outputState = state;
          const output = this.output;
          this.output = true;
          return output === false ? CONTINUE : ERROR;
        }
        if (byte === END_OF_QUEUE) ioQueue.restore(leading);
        else ioQueue.restore([leading, byte]);
        this.output = false;
        this.state = this.outputState;
        return ERROR;
      }
      default:
        throw new Error(`no such ISO-2022-JP decoder state: ${this.state}`);
    }
  }
}

// https://encoding.spec.whatwg.org/#shift_jis-decoder
export class ShiftJISDecoder {
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
      const offset = byte < 0x7f ? 0x40 : 0x41;
      const leadingOffset = leading < 0xa0 ? 0x81 : 0xc1;
      if (inRange(byte, 0x40, 0x7e) || inRange(byte, 0x80, 0xfc)) {
        pointer = (leading - leadingOffset) * 188 + byte - offset;
      }
      if (pointer !== null && pointer >= 8836 && pointer <= 10715) return [0xe000 - 8836 + pointer];
      const codePoint = pointer === null ? null : indexCodePoint(pointer, 'jis0208');
      if (codePoint !== null) return [codePoint];
      if (isASCIIByte(byte)) ioQueue.restore(byte);
      return ERROR;
    }
    if (isASCIIByte(byte) || byte === 0x80) return [byte];
    if (inRange(byte, 0xa1, 0xdf)) return [0xff61 - 0xa1 + byte];
    if (inRange(byte, 0x81, 0x9f) || inRange(byte, 0xe0, 0xfc)) {
      this.leading = byte;
      return CONTINUE;
    }
    return ERROR;
  }
}
