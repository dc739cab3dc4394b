// Random TextDecoder call sequences through the package, call by call against a literal
// transcription of the standard (tests/js/reference/): every encoding and label form, random
// chunkings, stream flags, fatal and ignoreBOM, BOMs, errors thrown mid-stream and decoders reused
// after errors and flushes. A fatal error in a stream call keeps the decoder's state and drops the
// rest of that call's input (Blink, Gecko). The seeds are a fixed list, so every run is the same
// (FUZZ_SEEDS=random runs new ones, SEED=n reruns one: fuzz/README.md, "Seeds"); SEQUENCES=n sets
// the count per seed.
import { test } from 'node:test';
import { deepEqual, equal, ok, throws } from 'node:assert/strict';
import { TextDecoder } from 'encoding-wasm';
import { bytesFor, chunk, random, seedList } from '../fuzz-js/inputs.mjs';
import { GROUPS, getAnEncoding } from './reference/encodings.mjs';
import { IOQueue, END_OF_QUEUE } from './reference/infrastructure.mjs';
import { ReferenceTextDecoder } from './reference/text-decoder.mjs';

const SEQUENCES = Number(process.env.SEQUENCES ?? 25_000);
const SEEDS = seedList([0x2f6b1d3a, 0x9c41e7b5, 0x51d80c2e, 0xe3a7964f]);

const ENCODINGS = GROUPS.flatMap((g) => g.encodings).filter((e) => e.name !== 'replacement');
const REFUSED = [
  ...GROUPS.flatMap((g) => g.encodings).find((e) => e.name === 'replacement').labels,
  '',
  'utf-7',
  'utf-8\v',
  '\u212Aoi8-r',
];

// A label as a caller may write it: any of the encoding's labels, in any ASCII case, with ASCII
// whitespace around it.
function labelFor(r, encoding) {
  const label = r.pick(encoding.labels);
  const cased = [...label].map((c) => (r.chance(0.3) ? c.toUpperCase() : c)).join('');
  const space = () => (r.chance(0.2) ? r.pick(['\t', '\n', '\f', '\r', ' ']) : '');
  return space() + cased + space();
}

/** One sequence: a decoder's constructor arguments and its decode() calls. */
function sequence(r) {
  const encoding = r.pick(ENCODINGS);
  const options = { fatal: r.chance(0.5), ignoreBOM: r.chance(0.3) };
  // Now and then a label TextDecoder refuses: replacement's, or none of the standard's.
  if (r.chance(0.01)) return { label: r.pick(REFUSED), options, calls: [] };
  const calls = [];
  for (let part = r.range(1, 3); part > 0; part--) {
    const pieces = chunk(r, bytesFor(r, encoding.name, r.range(0, 16)), r.range(1, 5));
    pieces.forEach((bytes, i) => {
      const last = i === pieces.length - 1;
      // The final call often has no input; options are omitted or stream: false at times.
      const input = last && bytes.length === 0 && r.chance(0.5) ? undefined : bytes;
      const stream = last ? r.chance(0.2) : r.chance(0.9);
      calls.push({ input, stream, omitOptions: !stream && r.chance(0.5) });
    });
  }
  return { label: labelFor(r, encoding), options, calls };
}

/**
 * Each call's result ({ text } or { error }) through `decoder`. `resetAfterFatal` models today's
 * package (a fatal error ends the stream) on the reference.
 */
function run(decoder, calls, resetAfterFatal = false) {
  return calls.map(({ input, stream, omitOptions }) => {
    const args = input === undefined ? [] : [decoder instanceof TextDecoder ? Uint8Array.from(input) : input];
    if (!omitOptions) args[1] = { stream };
    try {
      return { text: decoder.decode(...args) };
    } catch (e) {
      if (resetAfterFatal) decoder.doNotFlush = false;
      return { error: e instanceof TypeError ? 'TypeError' : `${e.constructor.name}: ${e.message}` };
    }
  });
}

/** The constructor's RangeError, else each call's result. */
function construct(Decoder, seq) {
  try {
    return new Decoder(seq.label, seq.options);
  } catch (e) {
    if (e instanceof RangeError) return null;
    throw e;
  }
}
const runAll = (decoder, seq, resetAfterFatal) =>
  decoder === null ? [{ error: 'RangeError' }] : run(decoder, seq.calls, resetAfterFatal);
const reference = (seq, resetAfterFatal) => runAll(construct(ReferenceTextDecoder, seq), seq, resetAfterFatal);
const actual = (seq) => runAll(construct(TextDecoder, seq), seq);
const same = (a, b) => a.length === b.length && a.every((x, i) => x.text === b[i].text && x.error === b[i].error);
const fails = (seq) => !same(actual(seq), reference(seq));

/** A smaller sequence that still fails: calls, bytes and flags removed one at a time. */
function shrink(seq) {
  const candidates = function* (s) {
    for (let i = 0; i < s.calls.length; i++) yield { ...s, calls: s.calls.toSpliced(i, 1) };
    for (let i = 0; i < s.calls.length; i++) {
      const input = s.calls[i].input ?? [];
      for (let j = 0; j < input.length; j++) {
        yield { ...s, calls: s.calls.with(i, { ...s.calls[i], input: input.toSpliced(j, 1) }) };
      }
    }
    if (s.options.ignoreBOM) yield { ...s, options: { ...s.options, ignoreBOM: false } };
  };
  let current = seq;
  for (let progress = true; progress; ) {
    progress = false;
    for (const candidate of candidates(current)) {
      if (fails(candidate)) {
        current = candidate;
        progress = true;
        break;
      }
    }
  }
  return current;
}

const hex = (bytes) => bytes.map((b) => `0x${b.toString(16).padStart(2, '0').toUpperCase()}`).join(', ');
const show = (x) => (x.error ? `throws ${x.error}` : JSON.stringify(x.text));

/** A reproduction to paste into Node. */
function reproduction(seq) {
  const expected = reference(seq);
  const got = actual(seq);
  const lines = [`const d = new TextDecoder(${JSON.stringify(seq.label)}, ${JSON.stringify(seq.options)});`];
  seq.calls.forEach((call, i) => {
    const input = call.input === undefined ? '' : `new Uint8Array([${hex(call.input)}])`;
    const options = call.omitOptions ? '' : `${input ? ', ' : 'undefined, '}{ stream: ${call.stream} }`;
    const mark = same([expected[i]], [got[i]]) ? '' : `  <-- got ${show(got[i])}`;
    lines.push(`d.decode(${input}${options}); // ${show(expected[i])}${mark}`);
  });
  return lines.join('\n');
}

/** One seed's sequences, each against the reference. */
function runSeed(seed) {
  const r = random(seed);
  const failures = [];
  let calls = 0;
  const keptAfterStreamError = new Map();
  for (let n = 0; n < SEQUENCES; n++) {
    const seq = sequence(r);
    const expected = reference(seq);
    const got = actual(seq);
    calls += seq.calls.length;
    if (!same(got, expected)) {
      // Today's package ends the stream at a fatal error: say which failures are only that.
      failures.push({ seq, resetKind: same(got, reference(seq, true)) });
      continue;
    }
    // Coverage: a fatal error in a stream call followed by a call with input, per encoding.
    const i = expected.findIndex(
      (x, k) => x.error === 'TypeError' && seq.calls[k].stream && seq.calls[k + 1]?.input?.length,
    );
    if (i >= 0) {
      const name = getAnEncoding(seq.label);
      keptAfterStreamError.set(name, (keptAfterStreamError.get(name) ?? 0) + 1);
    }
  }
  if (failures.length > 0) {
    const resetKind = failures.filter((f) => f.resetKind).length;
    const first = failures.find((f) => !f.resetKind) ?? failures[0];
    const message = [
      `SEED=${seed}: ${failures.length} of ${SEQUENCES} sequences differ from the standard's algorithm;`,
      `${resetKind} of them only as a decoder reset after a fatal error in a stream call would make them,`,
      `${failures.length - resetKind} otherwise. First ${first.resetKind ? '(reset kind)' : '(other kind)'}, shrunk:`,
      reproduction(shrink(first.seq)),
    ].join('\n');
    ok(false, message);
  }
  ok(calls > 3 * SEQUENCES, `SEED=${seed}: ${calls} calls`);
  // Encodings where a byte can be an error (not IBM866, windows-1252, x-user-defined, …).
  const canFail = (name) =>
    Array.from({ length: 256 }).some((_, b) => {
      try {
        new ReferenceTextDecoder(name, { fatal: true }).decode([b]);
        return false;
      } catch {
        return true;
      }
    });
  for (const { name } of ENCODINGS.filter((e) => canFail(e.name))) {
    ok((keptAfterStreamError.get(name) ?? 0) > 0 || SEQUENCES < 20_000, `SEED=${seed}: no error mid-stream in ${name}`);
  }
}

for (const seed of SEEDS) {
  test(`${SEQUENCES} random decode() call sequences equal the standard's algorithm (SEED=${seed})`, () =>
    runSeed(seed));
}

// The reference checked on expectations worked out by hand from the standard's text, so that it
// cannot be wrong in the same way as the package without a test noticing.
test('the reference model follows the standard on hand-worked examples', () => {
  const decode = (label, bytes, options = {}, stream = false) =>
    new ReferenceTextDecoder(label, options).decode(bytes, { stream });

  // § 3 I/O queue: restoring « 0xF0, 0x9F » before « 0x92, 0xA9, end-of-queue ».
  const queue = new IOQueue([0x92, 0xa9, END_OF_QUEUE]);
  queue.restore([0xf0, 0x9f]);
  deepEqual(queue.items, [0xf0, 0x9f, 0x92, 0xa9, END_OF_QUEUE]);
  equal(queue.read(), 0xf0);
  queue.push(0x41);
  deepEqual(queue.items, [0x9f, 0x92, 0xa9, 0x41, END_OF_QUEUE]);

  // get an encoding: ASCII whitespace trimmed, ASCII case-insensitive, nothing else folded.
  equal(getAnEncoding(' \tSJIS\n'), 'Shift_JIS');
  equal(getAnEncoding('latin1'), 'windows-1252');
  equal(getAnEncoding('utf-8\v'), null);
  equal(getAnEncoding('\u212Aoi8-r'), null);
  throws(() => new ReferenceTextDecoder('replacement'), RangeError);
  throws(() => new ReferenceTextDecoder('iso-2022-kr'), RangeError);

  // UTF-8: maximal subparts each one U+FFFD; a BOM once; surrogates and overlongs are errors.
  equal(decode('utf-8', [0xf0, 0x90, 0x80, 0x41]), '\uFFFDA');
  equal(decode('utf-8', [0xed, 0xa0, 0x80]), '\uFFFD\uFFFD\uFFFD');
  equal(decode('utf-8', [0xe0, 0x80, 0x41]), '\uFFFD\uFFFDA');
  equal(decode('utf-8', [0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf]), '\uFEFF');
  equal(decode('utf-8', [0xef, 0xbb, 0xbf], { ignoreBOM: true }), '\uFEFF');
  equal(decode('utf-8', [0xf4, 0x8f, 0xbf, 0xbf, 0xf4, 0x90]), '\u{10FFFF}\uFFFD\uFFFD');

  // Single-byte: index windows-1252 pointer 0 is U+20AC; ISO-8859-8-I uses ISO-8859-8's index,
  // where pointer 0x21 (byte 0xA1) has no code point.
  equal(decode('windows-1252', [0x80, 0x41]), '\u20ACA');
  equal(decode('iso-8859-8-i', [0xa1, 0xe0]), '\uFFFD\u05D0');
  throws(() => decode('iso-8859-8', [0xa1], { fatal: true }), TypeError);

  // gb18030: 0x80 is €; four bytes through the ranges (pointer 0 → U+0080, 39419 → U+FFFF,
  // 189000 → U+10000, 7457 → U+E7C7); A3 A0 → U+3000; a bad fourth byte restores three bytes.
  equal(decode('gbk', [0x80]), '\u20AC');
  equal(decode('gb18030', [0x81, 0x30, 0x81, 0x30]), '\u0080');
  equal(decode('gb18030', [0x84, 0x31, 0xa4, 0x39]), '\uFFFF');
  equal(decode('gb18030', [0x90, 0x30, 0x81, 0x30]), '\u{10000}');
  equal(decode('gb18030', [0x81, 0x35, 0xf4, 0x37]), '\uE7C7');
  equal(decode('gb18030', [0x84, 0x31, 0xa5, 0x30]), '\uFFFD');
  equal(decode('gb18030', [0xa3, 0xa0]), '\u3000');
  equal(decode('gb18030', [0x81, 0x30, 0x81, 0x7f]), '\uFFFD0\uFFFD\x7F');

  // Big5: the four pointers that give two code points; an ASCII trail byte is restored.
  equal(decode('big5', [0x88, 0x62, 0x88, 0x64]), '\u00CA\u0304\u00CA\u030C');
  equal(decode('big5', [0xa4, 0x40, 0x81, 0x41]), '\u4E00\uFFFDA');

  // EUC-JP: 0x8E → half-width katakana, 0x8F → jis0212 (pointer 108 → U+02D8).
  equal(decode('euc-jp', [0x8e, 0xa1, 0x8f, 0xa2, 0xaf]), '\uFF61\u02D8');
  equal(decode('euc-jp', [0xa4, 0xa2, 0x8e, 0x41]), '\u3042\uFFFDA');

  // ISO-2022-JP: modes, an escape right after an escape is an error, the example.
  equal(decode('iso-2022-jp', [0x1b, 0x24, 0x42, 0x24, 0x22, 0x1b, 0x28, 0x42, 0x7e]), '\u3042~');
  equal(decode('iso-2022-jp', [0x1b, 0x28, 0x4a, 0x5c, 0x7e, 0x1b, 0x28, 0x49, 0x21]), '\u00A5\u203E\uFF61');
  equal(decode('iso-2022-jp', [0x1b, 0x28, 0x4a, 0x1b, 0x28, 0x42, 0x41]), '\uFFFDA');
  equal(decode('iso-2022-jp', [0x1b, 0x24, 0x41]), '\uFFFD$A');
  equal(decode('iso-2022-jp', [0x0e, 0x1b]), '\uFFFD\uFFFD');
  const jp = new ReferenceTextDecoder('iso-2022-jp', { fatal: true });
  equal(jp.decode([0x7e]), '~');
  throws(() => jp.decode([0x1b, 0x28, 0x4a, 0xff], { stream: true }), TypeError);
  equal(jp.decode([0x7e]), '\u203E');

  // Shift_JIS: 0x80 is itself, EUDC to the Private Use Area, half-width katakana.
  equal(decode('shift_jis', [0x80, 0xa1, 0x82, 0xa0, 0xf0, 0x40]), '\u0080\uFF61\u3042\uE000');
  equal(decode('shift_jis', [0x82, 0x20]), '\uFFFD ');

  // EUC-KR: 0xB0 0xA1 → 가; a trail byte below 0x41 is an error and ASCII is restored.
  equal(decode('euc-kr', [0xb0, 0xa1, 0x81, 0x40]), '\uAC00\uFFFD@');

  // UTF-16: surrogate pairs, a lone leading surrogate restores the next unit; odd byte at the end.
  equal(decode('utf-16le', [0x3d, 0xd8, 0x00, 0xde, 0x00, 0xd8, 0x41, 0x00, 0x42]), '\u{1F600}\uFFFDA\uFFFD');
  equal(decode('utf-16be', [0xfe, 0xff, 0xfe, 0xff, 0xdc, 0x00]), '\uFEFF\uFFFD');
  equal(decode('utf-16le', [0xff, 0xfe], { ignoreBOM: true }), '\uFEFF');

  // x-user-defined: high bytes to U+F780 + byte − 0x80.
  equal(decode('x-user-defined', [0x41, 0x80, 0xff]), 'A\uF780\uF7FF');

  // Streaming: a BOM split over calls is still one BOM; do not flush keeps state; the end flushes.
  const u8 = new ReferenceTextDecoder('utf-8');
  equal(u8.decode([0xef, 0xbb], { stream: true }), '');
  equal(u8.decode([0xbf, 0xf0, 0x9f], { stream: true }), '');
  equal(u8.decode([0x98]), '\uFFFD');
  equal(u8.decode([0xef, 0xbb, 0xbf]), '', 'a new call after a flush sees a BOM again');

  // Fatal errors: a non-stream error starts the next call afresh; a stream error drops the rest of
  // the call (here the restored 0x41 and 0x42) but keeps the decoder and BOM seen.
  const kr = new ReferenceTextDecoder('euc-kr', { fatal: true });
  throws(() => kr.decode([0xff, 0xb0]), TypeError);
  equal(kr.decode([0x41]), 'A', 'the 0xB0 left in the I/O queue is gone');
  throws(() => kr.decode([0xb0, 0x20, 0x42], { stream: true }), TypeError);
  equal(kr.decode([0x43], { stream: true }), 'C');
  equal(kr.decode([0xb0], { stream: true }), '');
  equal(kr.decode([0xa1]), '\uAC00');
  const bom = new ReferenceTextDecoder('utf-16le', { fatal: true });
  equal(bom.decode([0xff, 0xfe, 0x41, 0x00], { stream: true }), 'A');
  throws(() => bom.decode([0x00, 0xdc, 0x42, 0x00], { stream: true }), TypeError);
  equal(bom.decode([0xff, 0xfe]), '\uFEFF', 'BOM seen stays true');
});
