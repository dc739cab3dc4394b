// repair(text): undoes mojibake, text whose UTF-8 bytes were decoded with another encoding ("Ã©tÃ©"
// for "été", "РїСЂРёРІРµС‚" for "привет", "茅t茅" for "été"), once or in layers. Each layer is
// undone with the package's own decoders and encoders: the text is encoded back to the bytes the
// wrong decoder read, and those are decoded as UTF-8. Nothing changes unless that is exact (every
// character maps back, the bytes are well-formed UTF-8) and the result is clearly text (see
// plausibleUtf8, singleByteFixes and multiByteFix). Built-ins are the ones captured at load.
import { decode, encode } from '../index.mjs';
import {
  ArrayPrototypeJoin,
  ArrayPrototypePush,
  StringFromCodePoint,
  StringPrototypeCharCodeAt,
  StringPrototypeSlice,
  StringPrototypeToLowerCase,
  StringPrototypeToUpperCase,
  TypedArrayPrototypeGetLength,
  U8,
  U16,
} from '../primordials.mjs';
import { requireArguments, toDOMString } from '../webidl.mjs';

// The encodings UTF-8 is wrongly decoded with, most common first (a tie goes to the first). The
// single-byte ones are undone run by run (see runs); the multi-byte ones, whose pairs may take an
// ASCII byte as their second, over the whole text.
const SINGLE_BYTE = [
  'windows-1252',
  'windows-1251',
  'windows-1250',
  'macintosh',
  'ISO-8859-2',
  'KOI8-R',
  'IBM866',
  'windows-1253',
  'windows-1254',
  'windows-1257',
  'windows-1255',
  'windows-1256',
  'windows-874',
  'ISO-8859-7',
  'ISO-8859-5',
  'KOI8-U',
];
const MULTI_BYTE = ['Shift_JIS', 'GBK', 'Big5', 'EUC-KR', 'EUC-JP'];

// Most layers undone: mojibake of mojibake of mojibake is already rare.
const MAX_LAYERS = 3;

// The code points a repaired character may have: the scripts and symbols of the text people
// write. A result with anything else (C1 controls, N'Ko, private use …) is not taken, so that
// correct text which happens to re-encode as well-formed UTF-8 ("ß“" in windows-1252 is DF 93,
// U+07D3) stays as it is.
const PLAUSIBLE = [
  // Latin-1's symbols and letters, Latin Extended-A and -B, IPA, modifier letters (ʼ). The rarer
  // symbols (¤ ¦ ¨ ¯ ´ ¸) too: a layer of mojibake over another has them ("Ã¨" is è).
  [0x00a0, 0x02ff],
  [0x0370, 0x03ff], // Greek
  [0x0400, 0x04ff], // Cyrillic
  [0x0590, 0x05ff], // Hebrew
  [0x0600, 0x06ff], // Arabic
  [0x0e00, 0x0e7f], // Thai
  [0x1e00, 0x1eff], // Latin Extended Additional (Vietnamese)
  [0x2000, 0x206f], // General Punctuation
  [0x20a0, 0x20bf], // currency symbols
  [0x2100, 0x22ff], // letterlike symbols, number forms, arrows, mathematical operators
  [0x2500, 0x27bf], // box drawing, shapes, miscellaneous symbols, dingbats
  [0x3000, 0x30ff], // CJK punctuation, Hiragana, Katakana
  [0x4e00, 0x9fff], // CJK Unified Ideographs
  [0xac00, 0xd7a3], // Hangul syllables
  [0xff00, 0xffef], // halfwidth and fullwidth forms
  [0x1f300, 0x1faff], // emoji
];
// Combining diacritical marks (decomposed text): plausible after a letter only.
const COMBINING = [[0x0300, 0x036f]];
// Letters without case (see isLetter).
const UNCASED_LETTERS = [
  [0x0590, 0x06ff],
  [0x0e00, 0x0e7f],
  [0x3040, 0x30ff],
  [0x4e00, 0x9fff],
  [0xac00, 0xd7a3],
];

// Where one repaired character is evidence enough (see singleByteFixes and multiByteFix): the
// accented letters and punctuation most mojibake comes from.
const COMMON = [
  [0x00a0, 0x00a1], // no-break space, ¡
  [0x00a9, 0x00a9], // ©
  [0x00ab, 0x00ab], // «
  [0x00ae, 0x00ae], // ®
  [0x00b0, 0x00b0], // °
  [0x00b7, 0x00b7], // ·
  [0x00bb, 0x00bb], // »
  [0x00bf, 0x00bf], // ¿
  [0x00c0, 0x024f], // accented Latin letters
  [0x1e00, 0x1eff], // Vietnamese letters
  [0x2010, 0x2027], // dashes, quotation marks, bullet, ellipsis
  [0x20ac, 0x20ac], // euro sign
  [0x2190, 0x21ff], // arrows
];

// The scripts a result may not mix (two of them in one repair is not text): each range's script.
// Latin and everything else (punctuation, symbols, digits, modifier letters) mix with any one.
const SCRIPTS = [
  [0x0250, 0x02af, 1], // IPA
  [0x0370, 0x03ff, 2], // Greek
  [0x0400, 0x04ff, 3], // Cyrillic
  [0x0590, 0x05ff, 4], // Hebrew
  [0x0600, 0x06ff, 5], // Arabic
  [0x0e00, 0x0e7f, 6], // Thai
  [0x3040, 0x30ff, 7], // CJK and Hangul (Korean writes Hanja, Japanese kana and kanji)
  [0x4e00, 0x9fff, 7],
  [0xac00, 0xd7a3, 7],
];
function scriptOf(cp) {
  for (let i = 0; i < SCRIPTS.length; i++) if (cp >= SCRIPTS[i][0] && cp <= SCRIPTS[i][1]) return SCRIPTS[i][2];
  return 0;
}

function inRanges(ranges, cp) {
  for (let i = 0; i < ranges.length; i++) if (cp >= ranges[i][0] && cp <= ranges[i][1]) return true;
  return false;
}

// Whether code point `cp` is a letter (-1, nothing, is not).
function isLetter(cp) {
  if (cp < 0x80) return (cp >= 0x41 && cp <= 0x5a) || (cp >= 0x61 && cp <= 0x7a);
  const ch = StringFromCodePoint(cp);
  return StringPrototypeToLowerCase(ch) !== StringPrototypeToUpperCase(ch) || inRanges(UNCASED_LETTERS, cp);
}

// Whether every non-ASCII character of `text` is in `ranges`.
function allIn(ranges, text) {
  for (let i = 0; i < text.length; i++) {
    const c = StringPrototypeCharCodeAt(text, i);
    if (c >= 0x80 && !inRanges(ranges, c)) return false;
  }
  return true;
}

// An ASCII letter or digit (NaN, past either end of a text, is not).
const isWordChar = (c) => (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);

// Whether `text` has a character a multi-byte decoder gives (kana, CJK, Hangul, fullwidth and
// halfwidth forms): without one, there is no multi-byte mojibake to undo.
function hasCjk(text) {
  for (let i = 0; i < text.length; i++) {
    const c = StringPrototypeCharCodeAt(text, i);
    if ((c >= 0x3000 && c <= 0x9fff) || (c >= 0xac00 && c <= 0xd7a3) || (c >= 0xf900 && c <= 0xffef)) return true;
  }
  return false;
}

// Each single-byte encoding's bytes 0x80-0xFF by the code unit its decoder gives them, made on
// first use by the package's decoder (so exactly the standard's index): a hash table of SLOTS
// code units (0: empty) and their bytes, probed linearly. windows-1252 also takes U+0080-U+009F
// as those bytes, as a text decoded as ISO-8859-1 has them.
const SLOTS = 512;
const slotOf = (c) => (c * 0x9e37) & (SLOTS - 1);
const byteMaps = { __proto__: null };
function byteMap(name) {
  if (byteMaps[name] !== undefined) return byteMaps[name];
  const map = { units: new U16(SLOTS), bytes: new U8(SLOTS) };
  const put = (c, b) => {
    let slot = slotOf(c);
    while (map.units[slot] !== 0 && map.units[slot] !== c) slot = (slot + 1) & (SLOTS - 1);
    if (map.units[slot] === 0) {
      map.units[slot] = c;
      map.bytes[slot] = b;
    }
  };
  const high = new U8(128);
  for (let i = 0; i < 128; i++) high[i] = 0x80 + i;
  const { text } = decode(high, name);
  for (let i = 0; i < 128; i++) {
    const c = StringPrototypeCharCodeAt(text, i);
    if (c !== 0xfffd) put(c, 0x80 + i);
  }
  if (name === 'windows-1252') for (let c = 0x80; c < 0xa0; c++) put(c, c);
  byteMaps[name] = map;
  return map;
}

// The byte of code unit `c` in `map`, or -1.
function byteOf(map, c) {
  for (let slot = slotOf(c); ; slot = (slot + 1) & (SLOTS - 1)) {
    const unit = map.units[slot];
    if (unit === c) return map.bytes[slot];
    if (unit === 0) return -1;
  }
}

// Where a run's bytes are written: kept between runs, and made small again after a call that
// needed more than SCRATCH_KEPT (see repair).
const SCRATCH_KEPT = 1 << 16;
let scratch = new U8(256);

// Writes run [start, end) of `text` to scratch as the bytes `name`'s decoder read, or returns
// false if some character is not one of them, or if the first is no UTF-8 leading byte.
function singleByteBytes(text, start, end, name) {
  const map = byteMap(name);
  const first = byteOf(map, StringPrototypeCharCodeAt(text, start));
  if (!(first >= 0xc2 && first <= 0xf4)) return false;
  if (TypedArrayPrototypeGetLength(scratch) < end - start) scratch = new U8(end - start);
  for (let i = start; i < end; i++) {
    const b = byteOf(map, StringPrototypeCharCodeAt(text, i));
    if (b < 0) return false;
    scratch[i - start] = b;
  }
  return true;
}

// Bytes [0, length) of `bytes` as UTF-8, if they are well-formed and every non-ASCII character
// is plausible (or, with `c1`, a C1 control: see undoLayer), else null: { text (only if `build`),
// count (characters), high (of them >= U+0080), first (the first of those) }. The standard's UTF-8
// decoder (https://encoding.spec.whatwg.org/#utf-8-decoder) in fatal mode, written out so that a
// failure costs no exception.
function plausibleUtf8(bytes, length, build, c1 = false) {
  let text = '';
  let count = 0;
  let first = -1;
  let high = 0;
  let before = -1; // the character before
  let script = 0; // of the characters so far (see SCRIPTS)
  for (let i = 0; i < length; ) {
    const b = bytes[i++];
    let cp = b;
    if (b >= 0x80) {
      let needed;
      let lower = 0x80;
      let upper = 0xbf;
      if (b >= 0xc2 && b <= 0xdf) {
        needed = 1;
        cp = b & 0x1f;
      } else if (b >= 0xe0 && b <= 0xef) {
        needed = 2;
        cp = b & 0xf;
        if (b === 0xe0) lower = 0xa0;
        if (b === 0xed) upper = 0x9f;
      } else if (b >= 0xf0 && b <= 0xf4) {
        needed = 3;
        cp = b & 0x7;
        if (b === 0xf0) lower = 0x90;
        if (b === 0xf4) upper = 0x8f;
      } else return null;
      for (; needed > 0; needed--) {
        const c = i < length ? bytes[i++] : -1;
        if (!(c >= lower && c <= upper)) return null;
        cp = (cp << 6) | (c & 0x3f);
        lower = 0x80;
        upper = 0xbf;
      }
      const plausible = inRanges(COMBINING, cp) ? isLetter(before) : inRanges(PLAUSIBLE, cp);
      if (!plausible && !(c1 && cp <= 0x9f)) return null;
      const own = scriptOf(cp);
      if (own !== 0) {
        if (script !== 0 && own !== script) return null;
        script = own;
      }
      if (high++ === 0) first = cp;
    }
    if (build) text += StringFromCodePoint(cp);
    before = cp;
    count++;
  }
  return { text, count, high, first };
}

// Calls `visit(start, end)` for each maximal run [start, end) of non-ASCII characters of `text`.
// UTF-8 writes every non-ASCII character with bytes >= 0x80 only, which single-byte encodings
// decode to non-ASCII characters: each run of such mojibake stands alone. (Nothing is kept per
// run, so memory does not grow with the number of runs.)
function forEachRun(text, visit) {
  for (let i = 0; i < text.length; ) {
    if (StringPrototypeCharCodeAt(text, i) < 0x80) {
      i++;
      continue;
    }
    const start = i;
    while (i < text.length && StringPrototypeCharCodeAt(text, i) >= 0x80) i++;
    visit(start, i);
  }
}

// Run [start, end) of `text` undone from `name`, a single-byte encoding (see plausibleUtf8; `c1`
// lets it give C1 controls), or null. It must be shorter than the run: UTF-8 writes each character
// in two to four bytes.
function repairRun(text, start, end, name, build, c1) {
  if (end - start < 2 || !singleByteBytes(text, start, end, name)) return null;
  const repaired = plausibleUtf8(scratch, end - start, build, c1);
  return repaired !== null && repaired.count < end - start ? repaired : null;
}

// How many runs of `text` `name` undoes, or 0 where the text shows too little sign of that
// mojibake. A repaired run is strong evidence when it repairs to two or more characters, or to
// one from COMMON inside a word ("cafÃ©"); a lone character elsewhere is as likely a short word
// of the encoding's own script ("ลบ" in windows-874 is C5 BA, "ź" in UTF-8). Correct text in an
// encoding leaves most of its runs as they are (they do not re-decode). So where every run
// repairs, one strong run or two runs are enough; where some run is left, the repaired ones must
// be at least as many, and all strong, and none of those left may hold a C1 control (U+0080 to
// U+009F: mojibake that this layer does not undo, so the result would not be text).
function repairableRuns(text, name, c1) {
  let fixed = 0;
  let kept = 0;
  let strong = 0;
  let unresolved = false; // a run left holds a C1 control, which text never has: more mojibake
  forEachRun(text, (start, end) => {
    const repaired = repairRun(text, start, end, name, false, c1);
    if (repaired === null) {
      kept++;
      if (hasC1(text, start, end)) unresolved = true;
      return;
    }
    fixed++;
    const inWord =
      isWordChar(StringPrototypeCharCodeAt(text, start - 1)) || isWordChar(StringPrototypeCharCodeAt(text, end));
    if (repaired.count > 1 || (inWord && inRanges(COMMON, repaired.first))) strong++;
  });
  const enough = kept === 0 ? strong > 0 || fixed > 1 : strong === fixed && fixed >= kept && !unresolved;
  return enough ? fixed : 0;
}

// Whether run [start, end) of `text` has a C1 control.
function hasC1(text, start, end) {
  for (let i = start; i < end; i++) {
    const c = StringPrototypeCharCodeAt(text, i);
    if (c >= 0x80 && c <= 0x9f) return true;
  }
  return false;
}

// `text` with every run that `name` undoes undone. The pieces are joined a few thousand at a
// time, so that the text is not a tree of millions of small strings.
function repairRuns(text, name, c1) {
  let out = '';
  const parts = [];
  let at = 0;
  forEachRun(text, (start, end) => {
    const repaired = repairRun(text, start, end, name, true, c1);
    if (repaired === null) return;
    ArrayPrototypePush(parts, StringPrototypeSlice(text, at, start), repaired.text);
    at = end;
    if (parts.length >= 4096) {
      out += ArrayPrototypeJoin(parts, '');
      parts.length = 0;
    }
  });
  return out + ArrayPrototypeJoin(parts, '') + StringPrototypeSlice(text, at);
}

// `text` undone from `name`, a multi-byte encoding, as a whole, or null. A pair of that encoding
// may stand for a two-byte UTF-8 character, so the repaired text need not be shorter; it must
// differ, and show three non-ASCII characters, or only ones from COMMON beside other text: a
// short word of Chinese is as likely ("薪水" is "нˮ" by way of GBK; a lone "茅" would be "é").
function multiByteFix(text, name) {
  let bytes;
  try {
    bytes = encode(text, name, { fatal: true });
  } catch {
    return null;
  }
  const repaired = plausibleUtf8(bytes, TypedArrayPrototypeGetLength(bytes), true);
  if (repaired === null || repaired.text === text) return null;
  const enough = repaired.high > 2 || (repaired.count > repaired.high && allIn(COMMON, repaired.text));
  return enough ? repaired.text : null;
}

// The single-byte encoding whose mojibake explains the most runs of `text` (see repairableRuns),
// or null.
function likeliestSingleByte(text, c1) {
  let best = null;
  let most = 0;
  for (let i = 0; i < SINGLE_BYTE.length; i++) {
    const runs = repairableRuns(text, SINGLE_BYTE[i], c1);
    if (runs > most) {
      best = SINGLE_BYTE[i];
      most = runs;
    }
  }
  return best;
}

// One layer: the encoding whose mojibake explains the most runs of `text`, and the text repaired;
// `c1` when that text has C1 controls it did not have. Those come from a layer under this one
// that read UTF-8's bytes 0x81, 0x8D, 0x8F, 0x90 or 0x9D with windows-1252 (most of Cyrillic's,
// Arabic's and kana's characters have one), and show in this layer's text too when it was read
// with windows-1252 again (U+0081 is C2 81: Â U+0081). Only then is such a layer tried, when no
// layer without them is found, and it is kept only if a layer under it leaves none (see repair).
function undoLayer(text) {
  const passes = hasC1(text, 0, text.length) ? 2 : 1;
  for (let pass = 0; pass < passes; pass++) {
    const c1 = pass === 1;
    const best = likeliestSingleByte(text, c1);
    if (best !== null) return { text: repairRuns(text, best, c1), decodedAs: best, c1 };
  }
  if (!hasCjk(text)) return null;
  for (let i = 0; i < MULTI_BYTE.length; i++) {
    const repaired = multiByteFix(text, MULTI_BYTE[i]);
    if (repaired !== null) return { text: repaired, decodedAs: MULTI_BYTE[i], c1: false };
  }
  return null;
}

// repair(text) -> { text, changed, steps }: `steps` lists the layers undone, outermost first, each
// as { encodedAs, decodedAs } (the encoding the text was written in, the one it was read with).
export function repair(text) {
  // biome-ignore lint/complexity/noArguments: the count is what WebIDL checks
  requireArguments(arguments.length, 1, "Failed to execute 'repair'");
  let out = toDOMString(text);
  const steps = [];
  // The text after the last layer that left no C1 control of its own, and the layers to it.
  let kept = out;
  let keptSteps = 0;
  for (let layer = 0; layer < MAX_LAYERS; layer++) {
    const undone = undoLayer(out);
    if (undone === null) break;
    out = undone.text;
    ArrayPrototypePush(steps, { encodedAs: 'UTF-8', decodedAs: undone.decodedAs });
    if (!undone.c1) {
      kept = out;
      keptSteps = steps.length;
    }
  }
  steps.length = keptSteps;
  if (TypedArrayPrototypeGetLength(scratch) > SCRATCH_KEPT) scratch = new U8(256);
  return { text: kept, changed: keptSteps > 0, steps };
}
