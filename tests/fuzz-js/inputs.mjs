// Seeded randomness, the seeds of the randomized tests and byte inputs biased to each encoding's
// byte ranges, shared by the randomized tests of tests/js/ and the JS fuzzer.

/**
 * The seeds a randomized test of `npm test` runs: `fixed` (its own list) unless the environment
 * asks otherwise (fuzz/README.md, "Seeds"): FUZZ_SEEDS=random for as many new random seeds,
 * FUZZ_SEEDS=random:N for N of them, FUZZ_SEEDS=1,2,3 (or SEED=1) for given ones, to replay a
 * failure. Tests put the seed in their names and failure messages.
 * @param {number[]} fixed
 */
export function seedList(fixed) {
  const spec = process.env.SEED ?? process.env.FUZZ_SEEDS ?? '';
  if (spec === '') return fixed;
  const fresh = /^random(?::(\d+))?$/.exec(spec);
  if (fresh !== null) {
    return Array.from({ length: Number(fresh[1] ?? fixed.length) }, () => Math.floor(Math.random() * 2 ** 32));
  }
  const seeds = spec.split(',').map(Number);
  if (!seeds.every((s) => Number.isInteger(s) && s >= 0 && s < 2 ** 32)) {
    throw new Error(`FUZZ_SEEDS (or SEED) is ${JSON.stringify(spec)}: give random, random:N or seeds (0 to 2^32 - 1)`);
  }
  return seeds;
}

/** A PRNG (mulberry32) with the helpers the generators use. */
export function random(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n) => Math.floor(next() * n);
  return {
    next,
    int,
    /** An integer in [low, high]. */
    range: (low, high) => low + int(high - low + 1),
    chance: (p) => next() < p,
    pick: (list) => list[int(list.length)],
  };
}

const span = (low, high) => Array.from({ length: high - low + 1 }, (_, i) => low + i);

// Byte pools: ASCII, the leading and trailing ranges of each decoder, and the bytes just outside.
const ASCII = span(0x00, 0x7f);
const HIGH = span(0x80, 0xff);
const EDGES = [0x00, 0x1b, 0x30, 0x39, 0x3f, 0x40, 0x41, 0x5c, 0x7e, 0x7f, 0x80, 0x81, 0x9f, 0xa0, 0xa1, 0xfe, 0xff];

const POOLS = {
  'UTF-8': [span(0xc0, 0xff), span(0x80, 0xbf), [0xe0, 0xed, 0xf0, 0xf4, 0xef, 0xbb, 0xbf]],
  GBK: [span(0x81, 0xfe), span(0x30, 0x39), span(0x40, 0xfe)],
  gb18030: [span(0x81, 0xfe), span(0x30, 0x39), span(0x40, 0xfe), [0x84, 0x31, 0xa4, 0x39, 0xe3, 0x32, 0x9a, 0x35]],
  Big5: [span(0x81, 0xfe), span(0x40, 0x7e), span(0xa1, 0xfe), [0x88, 0x62, 0x64, 0xa3, 0xa5]],
  'EUC-JP': [[0x8e, 0x8f], span(0xa1, 0xfe), span(0xa1, 0xdf)],
  Shift_JIS: [span(0x81, 0x9f), span(0xe0, 0xfc), span(0x40, 0xfc), [0x80, 0xa0, 0xf0, 0xf9, 0xfd]],
  'EUC-KR': [span(0x81, 0xfe), span(0x41, 0xfe), [0xa1, 0xb0, 0xc8]],
};

/** A plausible ISO-2022-JP piece: escape sequences, shift bytes and each mode's bytes. */
function iso2022jpPiece(r) {
  switch (r.int(6)) {
    case 0:
      return [0x1b, 0x28, r.pick([0x42, 0x4a, 0x49, 0x41])];
    case 1:
      return [0x1b, 0x24, r.pick([0x40, 0x42, 0x41])];
    case 2:
      return [r.pick([0x1b, 0x0e, 0x0f, 0x80, 0xff, 0x24, 0x28])];
    case 3:
      return [r.range(0x21, 0x7e), r.range(0x21, 0x7e)];
    case 4:
      return [r.pick([0x5c, 0x7e, 0x0a, 0x21, 0x5f, 0x60])];
    default:
      return [r.range(0x00, 0x7f)];
  }
}

/** A UTF-16 code unit, biased to surrogates, as two bytes in the given byte order. */
function utf16Piece(r, bigEndian) {
  const unit = r.pick([
    () => r.range(0xd800, 0xdbff),
    () => r.range(0xdc00, 0xdfff),
    () => r.range(0x0000, 0x007f),
    () => r.range(0x0000, 0xffff),
    () => 0xfeff,
  ])();
  const bytes = [unit >> 8, unit & 0xff];
  if (r.chance(0.05)) return [r.int(256)]; // an odd byte shifts the alignment
  return bigEndian ? bytes : bytes.reverse();
}

export const BOMS = [
  [0xef, 0xbb, 0xbf],
  [0xfe, 0xff],
  [0xff, 0xfe],
];

/** Random bytes for `encoding` (a name), `length` pieces long, maybe starting with a BOM. */
export function bytesFor(r, encoding, length) {
  const out = [];
  if (r.chance(0.2)) out.push(...r.pick(BOMS));
  const pools = POOLS[encoding] ?? [HIGH];
  for (let i = 0; i < length; i++) {
    if (encoding === 'ISO-2022-JP') out.push(...iso2022jpPiece(r));
    else if (encoding === 'UTF-16BE' || encoding === 'UTF-16LE') out.push(...utf16Piece(r, encoding === 'UTF-16BE'));
    else {
      const choice = r.int(10);
      if (choice < 2) out.push(r.pick(ASCII));
      else if (choice < 3) out.push(r.pick(EDGES));
      else if (choice < 4) out.push(r.int(256));
      else out.push(r.pick(r.pick(pools)));
    }
    if (r.chance(0.03)) out.push(...r.pick(BOMS));
  }
  return out;
}

/** Cuts `bytes` into `count` pieces at random places (empty pieces included). */
export function chunk(r, bytes, count) {
  const cuts = Array.from({ length: count - 1 }, () => r.int(bytes.length + 1)).sort((a, b) => a - b);
  const pieces = [];
  let start = 0;
  for (const cut of [...cuts, bytes.length]) {
    pieces.push(bytes.slice(start, cut));
    start = cut;
  }
  return pieces;
}
