// The JS-level fuzzer: random cases through the package's public API (TextDecoder, TextEncoder
// and encodeInto, both streams, encode, decode, inspect, LegacyEncoder) with every kind of buffer
// source (hostile ones included), random chunkings and interleaved call orders, checked against
// the Rust core run natively (examples/oracle.rs), and inspect()'s error ranges against the
// standard's algorithms (tests/js/reference/inspect.mjs). Each case has its own seed, so one
// failure replays alone.
import { readFileSync } from 'node:fs';
import { ask, fromHex, hexBytes, hexLabel, hexUnits, utf8Text } from './oracle.mjs';
import { bytesFor, chunk, random } from './inputs.mjs';
import { isResizable, makeSource, realBytes, typedArrayName, viewBuffer, viewOffset } from './views.mjs';
import { referenceInspect } from '../js/reference/inspect.mjs';

const GROUPS = JSON.parse(readFileSync(new URL('../../indexes/encodings.json', import.meta.url), 'utf8'));
const ENCODINGS = GROUPS.flatMap((g) => g.encodings);

/** A label: usually one of an encoding's, in any case and with whitespace; at times no label. */
function labelFor(r, { noReplacement = false } = {}) {
  if (r.chance(0.03)) return r.pick(['', 'utf-7', 'iso-2022-kr\0', 'ucs-2', 'x', '\u212Aoi8-r', 'utf-8\v']);
  const encoding = r.pick(noReplacement ? ENCODINGS.filter((e) => e.name !== 'replacement') : ENCODINGS);
  const label = r.pick(encoding.labels);
  const cased = [...label].map((c) => (r.chance(0.3) ? c.toUpperCase() : c)).join('');
  return (r.chance(0.1) ? ' \t' : '') + cased + (r.chance(0.1) ? '\n\f\r' : '');
}

const nameOf = (label) => {
  const lower = label.replace(/^[\t\n\f\r ]+|[\t\n\f\r ]+$/g, '').replace(/[A-Z]/g, (c) => c.toLowerCase());
  return ENCODINGS.find((e) => e.labels.includes(lower))?.name ?? 'UTF-8';
};

// Code points that the legacy encoders map (or just fail to), surrogates and edge cases.
const TEXT_PIECES = [
  (r) => String.fromCharCode(r.range(0x20, 0x7e)),
  (r) => String.fromCharCode(r.range(0x00, 0x1f)),
  (r) => String.fromCharCode(r.range(0x80, 0x2ff)),
  (r) => String.fromCharCode(r.range(0x3040, 0x30ff)),
  (r) => String.fromCharCode(r.range(0x4e00, 0x9fff)),
  (r) => String.fromCharCode(r.range(0xac00, 0xd7a3)),
  (r) => String.fromCharCode(r.range(0xff61, 0xff9f)),
  (r) => String.fromCharCode(r.range(0xe000, 0xe8ff)),
  (r) => String.fromCharCode(r.range(0xd800, 0xdfff)),
  (r) => String.fromCodePoint(r.range(0x10000, 0x10ffff)),
  (r) => r.pick(['\u20AC', '\u00A5', '\u203E', '\u2212', '\uFEFF', '\uFFFD', '\u00E9', '\u0E01', '\u3000', '\uE5E5']),
  (r) => r.pick(['\u001B', '\u000E', '\u000F', '~', '\\', '\u2014', '\u301C', '\uFF5E', '\u2015', '\u00A0']),
];

function textFor(r, length) {
  let s = '';
  for (let i = 0; i < length; i++) s += r.pick(TEXT_PIECES)(r);
  return s;
}

/** Cuts a string into pieces, sometimes between the halves of a surrogate pair. */
function cutString(r, s, count) {
  const cuts = Array.from({ length: count - 1 }, () => r.int(s.length + 1)).sort((a, b) => a - b);
  const pieces = [];
  let start = 0;
  for (const cut of [...cuts, s.length]) {
    pieces.push(s.slice(start, cut));
    start = cut;
  }
  return pieces;
}

const errorName = (e) => (e instanceof WebAssembly.RuntimeError ? 'WebAssembly.RuntimeError' : e?.constructor?.name);

/** Runs `f`, returning { value } or { error } (the error's class name). */
function attempt(f) {
  try {
    return { value: f() };
  } catch (e) {
    return { error: errorName(e), message: String(e?.message) };
  }
}

async function attemptAsync(f) {
  try {
    return { value: await f() };
  } catch (e) {
    return { error: errorName(e), message: String(e?.message) };
  }
}

// A case: oracle lines and a check that runs the package given the oracle's answers. Checks
// return a list of problems; each problem is a string.

function textDecoderCase(r) {
  const actors = Array.from({ length: r.chance(0.3) ? 2 : 1 }, () => {
    const label = labelFor(r);
    const name = nameOf(label);
    const options = { fatal: r.chance(0.5), ignoreBOM: r.chance(0.3) };
    const parts = chunk(r, bytesFor(r, name, r.range(0, 24)), r.range(1, 5));
    const calls = parts.map((bytes, i) => {
      const made = makeSource(r, bytes);
      const real = realBytes(made.source);
      const stream = i < parts.length - 1 ? r.chance(0.9) : r.chance(0.2);
      const resizable = isResizable(made.source);
      return { ...made, real, stream, omit: real.length === 0 && !resizable && r.chance(0.3), resizable };
    });
    // The oracle's calls stop before a resizable buffer, which WebIDL refuses.
    const upTo = calls.findIndex((c) => c.resizable);
    const line = [
      'td',
      hexLabel(label),
      options.fatal ? 1 : 0,
      options.ignoreBOM ? 1 : 0,
      ...calls.slice(0, upTo < 0 ? calls.length : upTo).map((c) => (c.stream ? 's' : 'f') + hexBytes(c.real)),
    ].join(' ');
    return { label, options, calls, line };
  });
  const order = actors.flatMap((a, i) => a.calls.map(() => i)).sort(() => r.next() - 0.5);
  return {
    lines: actors.map((a) => a.line),
    check(lib, answers) {
      const problems = [];
      const state = answers.map((answer) => ({ expected: answer.split(' '), next: 0, done: false }));
      const decoders = actors.map((a, i) => {
        const got = attempt(() => new lib.TextDecoder(a.label, a.options));
        if (state[i].expected[0] === 'range') {
          if (got.error !== 'RangeError')
            problems.push(
              `new TextDecoder(${JSON.stringify(a.label)}): ${got.error ?? 'no error'}, expected RangeError`,
            );
          state[i].done = true;
        } else if (got.error) {
          problems.push(`new TextDecoder(${JSON.stringify(a.label)}) threw ${got.error}: ${got.message}`);
          state[i].done = true;
        }
        return got.value;
      });
      for (const i of order) {
        const s = state[i];
        if (s.done) continue;
        const call = actors[i].calls[s.next];
        const args = call.omit ? [] : [call.source];
        if (!call.stream && r.chance(0.5)) args[1] = undefined;
        else args[1] = { stream: call.stream };
        const got = attempt(() => decoders[i].decode(...args));
        const where = `decoder ${i} (${JSON.stringify(actors[i].label)}, ${JSON.stringify(actors[i].options)}) call ${s.next} (${call.kind}, stream ${call.stream}, bytes ${hexBytes(call.real)})`;
        if (call.hooks.ran.length > 0) problems.push(`${where}: consulted ${call.hooks.ran.join(', ')}`);
        if (call.resizable) {
          if (got.error !== 'TypeError')
            problems.push(`${where}: a resizable buffer gave ${got.error ?? 'no error'}, expected TypeError`);
          s.done = true;
          continue;
        }
        const expected = s.expected[s.next];
        s.next += 1;
        if (expected === 'e') {
          if (got.error !== 'TypeError')
            problems.push(`${where}: expected TypeError, got ${got.error ?? JSON.stringify(got.value)}`);
          s.done = true;
        } else if (got.error) {
          problems.push(
            `${where}: threw ${got.error}: ${got.message}; expected ${JSON.stringify(utf8Text(expected.slice(1)))}`,
          );
          s.done = true;
        } else if (got.value !== utf8Text(expected.slice(1))) {
          problems.push(
            `${where}: got ${JSON.stringify(got.value)}, expected ${JSON.stringify(utf8Text(expected.slice(1)))}`,
          );
        }
        if (s.next >= s.expected.length) s.done = true;
      }
      return problems;
    },
  };
}

// An input over the package's 2 MiB piece size: a random pattern repeated, so sequences straddle
// the pieces' boundaries.
function largeTextDecoderCase(r) {
  const label = labelFor(r, { noReplacement: true });
  const options = { fatal: r.chance(0.3), ignoreBOM: r.chance(0.3) };
  const pattern = bytesFor(r, nameOf(label), r.range(1, 12));
  const length = (2 << 20) + r.int(4096);
  const bytes = Array.from({ length }, (_, i) => pattern[i % pattern.length] ?? 0x41);
  const made = makeSource(r, bytes);
  const real = realBytes(made.source);
  const resizable = isResizable(made.source);
  const stream = r.chance(0.5);
  return {
    lines: [
      `td ${hexLabel(label)} ${options.fatal ? 1 : 0} ${options.ignoreBOM ? 1 : 0} ${stream ? 's' : 'f'}${hexBytes(real)} f`,
    ],
    check(lib, [answer]) {
      const where = `TextDecoder(${JSON.stringify(label)}, ${JSON.stringify(options)}) ${made.kind} of ${real.length} bytes, pattern ${hexBytes(pattern)}, stream ${stream}`;
      const problems = [];
      const constructed = attempt(() => new lib.TextDecoder(label, options));
      if (answer === 'range') {
        return constructed.error === 'RangeError'
          ? []
          : [`${where}: expected RangeError, got ${constructed.error ?? 'a decoder'}`];
      }
      const decoder = constructed.value;
      const got = attempt(() => decoder.decode(made.source, { stream }));
      const flushed = attempt(() => decoder.decode());
      if (made.hooks.ran.length > 0) problems.push(`${where}: consulted ${made.hooks.ran.join(', ')}`);
      if (resizable) {
        if (got.error !== 'TypeError')
          problems.push(`${where}: a resizable buffer gave ${got.error ?? 'no error'}, expected TypeError`);
        return problems;
      }
      const [first, second] = answer.split(' ');
      if (first === 'e') {
        if (got.error !== 'TypeError') problems.push(`${where}: expected TypeError, got ${got.error ?? 'text'}`);
      } else if (got.error || got.value !== utf8Text(first.slice(1))) {
        problems.push(`${where}: got ${got.error ?? `a different text of ${got.value.length} units`}`);
      } else if (flushed.error ? second !== 'e' : flushed.value !== utf8Text(second.slice(1))) {
        problems.push(`${where}: the flush gave ${flushed.error ?? JSON.stringify(flushed.value)}, expected ${second}`);
      }
      return problems;
    },
  };
}

function textDecoderStreamCase(r) {
  const label = labelFor(r, { noReplacement: true });
  const options = { fatal: r.chance(0.4), ignoreBOM: r.chance(0.3) };
  const parts = chunk(r, bytesFor(r, nameOf(label), r.range(0, 24)), r.range(1, 5));
  const chunks = parts.map((bytes) => {
    let made = makeSource(r, bytes);
    while (isResizable(made.source)) made = makeSource(r, bytes);
    return { ...made, real: realBytes(made.source) };
  });
  const line = ['td', hexLabel(label), options.fatal ? 1 : 0, options.ignoreBOM ? 1 : 0]
    .concat(
      chunks.map((c) => `s${hexBytes(c.real)}`),
      'f',
    )
    .join(' ');
  return {
    lines: [line],
    async check(lib, [answer]) {
      const where = `TextDecoderStream(${JSON.stringify(label)}, ${JSON.stringify(options)}) chunks ${chunks.map((c) => `${c.kind}:${hexBytes(c.real)}`).join(' | ')}`;
      const got = await attemptAsync(async () => {
        const stream = new lib.TextDecoderStream(label, options);
        const writer = stream.writable.getWriter();
        const reading = (async () => {
          let text = '';
          for await (const piece of stream.readable) text += piece;
          return text;
        })();
        for (const c of chunks) writer.write(c.source).catch(() => {});
        writer.close().catch(() => {});
        return reading;
      });
      const problems = chunks.filter((c) => c.hooks.ran.length > 0).map((c) => `${where}: consulted ${c.hooks.ran}`);
      if (answer === 'range') {
        if (got.error !== 'RangeError') problems.push(`${where}: expected RangeError, got ${got.error}`);
      } else if (answer.split(' ').includes('e')) {
        if (got.error !== 'TypeError')
          problems.push(`${where}: expected TypeError, got ${got.error ?? JSON.stringify(got.value)}`);
      } else {
        const expected = answer
          .split(' ')
          .map((t) => utf8Text(t.slice(1)))
          .join('');
        if (got.error || got.value !== expected)
          problems.push(
            `${where}: got ${got.error ?? JSON.stringify(got.value)}, expected ${JSON.stringify(expected)}`,
          );
      }
      return problems;
    },
  };
}

function decodeHookCase(r) {
  const label = labelFor(r);
  let made = makeSource(r, bytesFor(r, nameOf(label), r.range(0, 30)));
  while (isResizable(made.source)) made = makeSource(r, [...realBytes(made.source)]);
  const real = realBytes(made.source);
  return {
    lines: [`hook ${hexLabel(label)} ${hexBytes(real) || '-'}`],
    check(lib, [answer]) {
      const where = `decode(${made.kind}:${hexBytes(real)}, ${JSON.stringify(label)})`;
      const got = attempt(() => lib.decode(made.source, label));
      const problems = made.hooks.ran.length > 0 ? [`${where}: consulted ${made.hooks.ran}`] : [];
      if (answer === 'range') {
        if (got.error !== 'RangeError')
          problems.push(`${where}: expected RangeError, got ${got.error ?? JSON.stringify(got.value)}`);
        return problems;
      }
      const [text, encoding] = answer.split(' ');
      const expected = { text: utf8Text(text.slice(1)), encoding };
      if (got.error || got.value.text !== expected.text || got.value.encoding !== expected.encoding) {
        problems.push(`${where}: got ${got.error ?? JSON.stringify(got.value)}, expected ${JSON.stringify(expected)}`);
      }
      return problems;
    },
  };
}

function inspectCase(r) {
  const label = labelFor(r, { noReplacement: true });
  const options = { ignoreBOM: r.chance(0.3), sniffBOM: r.chance(0.3) };
  let made = makeSource(r, bytesFor(r, nameOf(label), r.range(0, 30)));
  while (isResizable(made.source)) made = makeSource(r, [...realBytes(made.source)]);
  const real = realBytes(made.source);
  const line = options.sniffBOM
    ? `hook ${hexLabel(label)} ${hexBytes(real) || '-'}`
    : `td ${hexLabel(label)} 0 ${options.ignoreBOM ? 1 : 0} f${hexBytes(real)}`;
  return {
    lines: [line],
    check(lib, [answer]) {
      const where = `inspect(${made.kind}:${hexBytes(real)}, ${JSON.stringify(label)}, ${JSON.stringify(options)})`;
      const got = attempt(() => lib.inspect(made.source, label, options));
      const problems = made.hooks.ran.length > 0 ? [`${where}: consulted ${made.hooks.ran}`] : [];
      if (answer === 'range') {
        if (got.error !== 'RangeError') problems.push(`${where}: expected RangeError, got ${got.error ?? 'a result'}`);
        return problems;
      }
      if (got.error) return [...problems, `${where}: threw ${got.error}: ${got.message}`];
      const text = utf8Text(answer.split(' ')[0].slice(1));
      if (got.value.text !== text)
        problems.push(`${where}: text ${JSON.stringify(got.value.text)}, expected ${JSON.stringify(text)}`);
      // Each error's range and U+FFFD, and the encoding, as the standard's algorithms place them.
      const want = referenceInspect(real, nameOf(label), options);
      const [errors, expected] = [got.value.errors, want.errors].map((e) => JSON.stringify(e));
      if (errors !== expected || got.value.encoding !== want.encoding) {
        problems.push(`${where}: ${got.value.encoding} ${errors}, expected ${want.encoding} ${expected}`);
      }
      return problems;
    },
  };
}

// UTF-8 length of each scalar value of a USVString conversion: lone surrogates are U+FFFD.
function utf8Steps(s) {
  const steps = [];
  for (let i = 0; i < s.length; ) {
    const c = s.codePointAt(i);
    const units = c > 0xffff ? 2 : 1;
    steps.push({ units, bytes: c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4 });
    i += units;
  }
  return steps;
}

// A copy of all of a view's buffer (empty once detached).
function wholeBuffer(view) {
  try {
    return new Uint8Array(viewBuffer(view)).slice();
  } catch {
    return new Uint8Array(0);
  }
}

function textEncoderCase(r) {
  const input = textFor(r, r.range(0, 20));
  const size = r.range(0, 3 * input.length + 2);
  const made = makeSource(
    r,
    Array.from({ length: size }, () => r.int(256)),
    { uint8Only: r.chance(0.9) },
  );
  return {
    lines: [`u8 ${hexUnits(input) || '-'}`],
    check(lib, [answer]) {
      const problems = [];
      const full = fromHex(answer.slice(1));
      const encoded = attempt(() => new lib.TextEncoder().encode(input));
      if (encoded.error || hexBytes(encoded.value) !== hexBytes(full)) {
        problems.push(
          `TextEncoder.encode(${JSON.stringify(input)}): got ${encoded.error ?? hexBytes(encoded.value)}, expected ${hexBytes(full)}`,
        );
      }
      const dest = made.source;
      const where = `encodeInto(${JSON.stringify(input)}, ${made.kind} of ${size} bytes)`;
      const isU8 = typedArrayName(dest) === 'Uint8Array';
      const before = isU8 ? wholeBuffer(dest) : null;
      const capacity = isU8 ? realBytes(dest).length : 0;
      const got = attempt(() => new lib.TextEncoder().encodeInto(input, dest));
      if (made.hooks.ran.length > 0) problems.push(`${where}: consulted ${made.hooks.ran}`);
      if (!isU8 || isResizable(dest)) {
        if (got.error !== 'TypeError')
          problems.push(`${where}: expected TypeError, got ${got.error ?? JSON.stringify(got.value)}`);
        return problems;
      }
      if (got.error) return [...problems, `${where}: threw ${got.error}: ${got.message}`];
      let read = 0;
      let written = 0;
      for (const step of utf8Steps(input)) {
        if (written + step.bytes > capacity) break;
        read += step.units;
        written += step.bytes;
      }
      if (got.value.read !== read || got.value.written !== written) {
        problems.push(`${where}: got ${JSON.stringify(got.value)}, expected ${JSON.stringify({ read, written })}`);
      }
      // The written bytes are the encoding's prefix; every other byte of the buffer is untouched.
      const after = wholeBuffer(dest);
      const offset = viewOffset(dest);
      const expectedAfter = before.slice();
      expectedAfter.set(full.subarray(0, written), offset);
      if (hexBytes(after) !== hexBytes(expectedAfter))
        problems.push(`${where}: buffer ${hexBytes(after)}, expected ${hexBytes(expectedAfter)}`);
      return problems;
    },
  };
}

function textEncoderStreamCase(r) {
  const chunks = cutString(r, textFor(r, r.range(0, 20)), r.range(1, 5));
  return {
    lines: [`u8 ${hexUnits(chunks.join('')) || '-'}`],
    async check(lib, [answer]) {
      const got = await attemptAsync(async () => {
        const stream = new lib.TextEncoderStream();
        const writer = stream.writable.getWriter();
        const reading = (async () => {
          const parts = [];
          for await (const piece of stream.readable) parts.push(...piece);
          return parts;
        })();
        for (const c of chunks) writer.write(c);
        writer.close();
        return reading;
      });
      const expected = answer.slice(1);
      if (got.error || hexBytes(got.value) !== expected) {
        return [
          `TextEncoderStream ${JSON.stringify(chunks)}: got ${got.error ?? hexBytes(got.value)}, expected ${expected}`,
        ];
      }
      return [];
    },
  };
}

// The message of encode()'s and LegacyEncoder's TypeError names the code point as U+XXXX.
const namesCodePoint = (message, hex) => message.includes(`U+${hex.toUpperCase().padStart(4, '0')}`);

function encodeCase(r) {
  const label = labelFor(r);
  const fatal = r.chance(0.5);
  const input = textFor(r, r.range(0, 20));
  return {
    lines: [`le ${hexLabel(label)} ${fatal ? 1 : 0} f${hexUnits(input)}`],
    check(lib, [answer]) {
      const where = `encode(${JSON.stringify(input)}, ${JSON.stringify(label)}, { fatal: ${fatal} })`;
      const got = attempt(() => lib.encode(input, label, { fatal }));
      return compareEncoded(where, got, answer);
    },
  };
}

function compareEncoded(where, got, answer) {
  if (answer === 'range') {
    return got.error === 'RangeError' ? [] : [`${where}: expected RangeError, got ${got.error ?? 'bytes'}`];
  }
  if (answer.startsWith('u')) {
    if (got.error === 'TypeError' && namesCodePoint(got.message, answer.slice(1))) return [];
    return [
      `${where}: expected a TypeError naming U+${answer.slice(1)}, got ${got.error ?? hexBytes(got.value)} ${got.message ?? ''}`,
    ];
  }
  if (got.error || hexBytes(got.value) !== answer.slice(1)) {
    return [
      `${where}: got ${got.error ? `${got.error}: ${got.message}` : hexBytes(got.value)}, expected ${answer.slice(1)}`,
    ];
  }
  return [];
}

function legacyEncoderCase(r) {
  const label = labelFor(r);
  const fatal = r.chance(0.5);
  const calls = cutString(r, textFor(r, r.range(0, 24)), r.range(1, 5)).map((text, i, all) => ({
    text,
    stream: i < all.length - 1 ? r.chance(0.9) : r.chance(0.2),
  }));
  return {
    lines: [
      `le ${hexLabel(label)} ${fatal ? 1 : 0} ${calls.map((c) => (c.stream ? 's' : 'f') + hexUnits(c.text)).join(' ')}`,
    ],
    check(lib, [answer]) {
      const expected = answer.split(' ');
      const made = attempt(() => new lib.LegacyEncoder(label, { fatal }));
      const what = `new LegacyEncoder(${JSON.stringify(label)}, { fatal: ${fatal} })`;
      if (expected[0] === 'range') return compareEncoded(what, made, 'range');
      if (made.error) return [`${what} threw ${made.error}: ${made.message}`];
      const problems = [];
      for (const [i, call] of calls.entries()) {
        if (i >= expected.length) break;
        const got = attempt(() => made.value.encode(call.text, { stream: call.stream }));
        const where = `${what} call ${i}: encode(${JSON.stringify(call.text)}, { stream: ${call.stream} })`;
        problems.push(...compareEncoded(where, got, expected[i]));
        if (expected[i].startsWith('u')) break;
      }
      return problems;
    },
  };
}

const CASES = [
  [textDecoderCase, 40],
  [textDecoderStreamCase, 8],
  [decodeHookCase, 8],
  [inspectCase, 8],
  [textEncoderCase, 12],
  [textEncoderStreamCase, 4],
  [encodeCase, 10],
  [legacyEncoderCase, 10],
];
const TOTAL = CASES.reduce((sum, [, weight]) => sum + weight, 0);

/** Each kind of case (but the rare large one) and the share of cases it is drawn for. */
export const SHARES = Object.fromEntries(CASES.map(([make, weight]) => [make.name, weight / TOTAL]));

/** Case `n` of run `seed`: the same inputs on every replay; `honest`: no hostile sources. */
export function makeCase(seed, n, honest = false) {
  const r = random((seed ^ Math.imul(n + 1, 0x9e3779b1)) >>> 0);
  r.honest = honest;
  if (r.chance(0.0003))
    return { type: 'largeTextDecoderCase', ...largeTextDecoderCase(r), hostile: r.hostile === true };
  let pick = r.int(TOTAL);
  for (const [make, weight] of CASES) {
    if (pick < weight) {
      const made = make(r);
      return { type: make.name, hostile: r.hostile === true, ...made };
    }
    pick -= weight;
  }
  throw new Error('unreachable');
}

/**
 * Runs cases until `seconds` pass (or `cases` are done); returns { cases, byType, failures },
 * where each failure is { seed, n, type, problems }.
 */
export async function fuzz(
  lib,
  { seed, seconds = Infinity, cases = Infinity, only = null, honest = false, batch = 400 },
) {
  const deadline = Date.now() + seconds * 1000;
  const failures = [];
  const byType = {};
  let n = 0;
  let done = 0;
  while (Date.now() < deadline && done < cases) {
    const numbers = only ?? Array.from({ length: Math.min(batch, cases - done) }, () => n++);
    const made = numbers.map((k) => makeCase(seed, k, honest));
    const answers = ask(made.flatMap((c) => c.lines));
    let at = 0;
    for (const [i, c] of made.entries()) {
      const mine = answers.slice(at, at + c.lines.length);
      at += c.lines.length;
      const problems = await c.check(lib, mine);
      byType[c.type] = (byType[c.type] ?? 0) + 1;
      if (problems.length > 0)
        failures.push({ seed, n: numbers[i], honest, type: c.type, hostile: c.hostile, problems });
    }
    done += numbers.length;
    if (only) break;
  }
  return { cases: done, byType, failures };
}
