// No user code runs in the middle of a call (js/primordials.mjs): with every method and getter of
// the built-ins the package could call replaced by a recorder after it loads, no API call (small
// inputs and ones over 2 MiB, several encodings, every entry kind: Node's with Buffer, the
// inline one without Buffer, the JavaScript build without WebAssembly) calls any of them; and
// replacements that decode with another decoder of the same encoding cannot change a call's
// result. Each scenario runs in a child process of its own, so the built-ins here stay intact.
// Expected texts and bytes are hand-worked (Shift_JIS 82 A0 and UTF-8 E3 81 82 are U+3042, GBK
// 81 40 U+4E02 (in gb18030 too), EUC-KR B0 A1 U+AC00, windows-1251 C0 U+0410, UTF-16LE 42 30 U+3042).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';

const MiB = 1 << 20;
const ENTRIES = {
  node: 'encoding-wasm',
  inline: '../../pkg/index.inline.mjs',
  nowasm: '../../pkg/index.nowasm.mjs',
};

// [label, bytes of one unit, its text]: a unit repeated gives inputs of any size, with an 'A' in
// front so that a two-byte unit straddles the 2 MiB piece boundary.
const UNITS = [
  ['shift_jis', [0x82, 0xa0], '\u3042'],
  ['gbk', [0x81, 0x40], '\u4E02'],
  ['euc-kr', [0xb0, 0xa1], '\uAC00'],
  ['windows-1251', [0xc0], '\u0410'],
  ['utf-8', [0xe3, 0x81, 0x82], '\u3042'],
  ['utf-16le', [0x42, 0x30], '\u3042'],
];

function input(unit, count, prefix = [0x41]) {
  const bytes = new Uint8Array(prefix.length + unit.length * count);
  bytes.set(prefix);
  for (let i = prefix.length; i < bytes.length; i += unit.length) bytes.set(unit, i);
  return bytes;
}
const text = (unit, count) => `A${unit.repeat(count)}`;
// A call's result as a string: text as it is, bytes as their values, anything else as JSON.
const show = (value) =>
  typeof value === 'string'
    ? value
    : value instanceof Uint8Array
      ? String(Array.from(value))
      : Array.isArray(value)
        ? value.map(show).join()
        : JSON.stringify(value);

// Each API once, as [name, run, expected]: run() returns a string or bytes, compared (after the
// call) as a string of their values. Inputs are made beforehand. `big` makes them over 2 MiB.
function calls(lib, big) {
  const count = big ? (2 * MiB) / 2 + 3 : 20;
  const list = [];
  for (const [label, unit, t] of UNITS) {
    // UTF-16LE: A as 41 00 before the units.
    const bytes = input(unit, count, label === 'utf-16le' ? [0x41, 0] : [0x41]);
    const want = text(t, count);
    const shared = new lib.TextDecoder(label);
    const fatal = new lib.TextDecoder(label, { fatal: true });
    list.push([`TextDecoder ${label}`, () => shared.decode(bytes), want]);
    list.push([`TextDecoder ${label} fatal`, () => (label === 'utf-16le' ? want : fatal.decode(bytes)), want]);
    const stream = new lib.TextDecoder(label);
    list.push([`TextDecoder ${label} stream`, () => stream.decode(bytes, { stream: true }) + stream.decode(), want]);
    if (label !== 'utf-16le') {
      list.push([`decode() ${label}`, () => lib.decode(bytes, label).text, want]);
      list.push([`inspect() ${label}`, () => lib.inspect(bytes, label).text, want]);
    }
  }
  // The standard's table (indexes/encodings.json); the standard defines no encoder for these three.
  const table = JSON.parse(readFileSync(new URL('../../indexes/encodings.json', import.meta.url), 'utf8'));
  const noEncoder = ['replacement', 'UTF-16BE', 'UTF-16LE'];
  const groups = table.map(({ heading, encodings }) => ({
    heading,
    encodings: encodings.map(({ name, labels }) => ({ name, labels, hasEncoder: !noEncoder.includes(name) })),
  }));
  list.push(['encodings()', () => lib.encodings(), show(groups)]);
  list.push(['getEncoding()', () => lib.getEncoding(' SJIS\n'), 'Shift_JIS']);
  const sjis = text('\u3042', count);
  const sjisBytes = show(input([0x82, 0xa0], count));
  const gb = `a${'\u4E02b'.repeat(count)}`;
  const gbBytes = show(input([0x81, 0x40, 0x62], count, [0x61]));
  list.push(['encode() shift_jis', () => lib.encode(sjis, 'shift_jis'), sjisBytes]);
  list.push(['encode() gb18030', () => lib.encode(gb, 'gb18030'), gbBytes]);
  list.push(['encode() gb18030 fatal', () => lib.encode(gb, 'gb18030', { fatal: true }), gbBytes]);
  list.push(['encode() utf-16be', () => lib.encode(sjis, 'utf-16be'), show(input([0x30, 0x42], count, [0, 0x41]))]);
  list.push(['LegacyEncoder gb18030', () => new lib.LegacyEncoder('gb18030').encode(gb), gbBytes]);
  const streaming = new lib.LegacyEncoder('shift_jis');
  list.push([
    'LegacyEncoder shift_jis stream',
    () => [streaming.encode(sjis, { stream: true }), streaming.encode('')],
    `${sjisBytes},`,
  ]);
  const utf8 = input([0xe3, 0x81, 0x82], count);
  list.push(['TextEncoder.encode', () => new lib.TextEncoder().encode(sjis), show(utf8)]);
  const dest = new Uint8Array(utf8.length);
  list.push([
    'TextEncoder.encodeInto',
    () => new lib.TextEncoder().encodeInto(sjis, dest),
    JSON.stringify({ read: count + 1, written: utf8.length }),
  ]);
  return list;
}

// Streams: the output of one TextDecoderStream, TextEncoderStream and LegacyEncoderStream.
async function streamCalls(lib, big) {
  const count = big ? (2 * MiB) / 2 + 3 : 20;
  const run = async (stream, chunk) => {
    const writer = stream.writable.getWriter();
    const reader = stream.readable.getReader();
    writer.write(chunk);
    writer.close();
    const chunks = [];
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return chunks;
      chunks[chunks.length] = value;
    }
  };
  const sjis = text('\u3042', count);
  const sjisBytes = input([0x82, 0xa0], count);
  return [
    ['TextDecoderStream shift_jis', () => run(new lib.TextDecoderStream('shift_jis'), sjisBytes), sjis],
    ['TextEncoderStream', () => run(new lib.TextEncoderStream(), sjis), show(input([0xe3, 0x81, 0x82], count))],
    ['LegacyEncoderStream shift_jis', () => run(new lib.LegacyEncoderStream('shift_jis'), sjis), show(sjisBytes)],
  ];
}

// The built-ins replaced: every method and getter of these (species getters included).
function targets() {
  const typedArray = Object.getPrototypeOf(Uint8Array.prototype);
  const list = [
    ['Function.prototype', Function.prototype],
    ['Array.prototype', Array.prototype],
    ['String.prototype', String.prototype],
    ['%TypedArray%.prototype', typedArray],
    ['Uint8Array.prototype', Uint8Array.prototype],
    ['Uint16Array.prototype', Uint16Array.prototype],
    ['Uint32Array.prototype', Uint32Array.prototype],
    ['ArrayBuffer.prototype', ArrayBuffer.prototype],
    ['DataView.prototype', DataView.prototype],
    ['RegExp.prototype', RegExp.prototype],
    ['Math', Math],
    ['Object', Object],
    ['String', String],
    ['Map.prototype', Map.prototype],
    ['Set.prototype', Set.prototype],
    ['Reflect', Reflect],
    ['JSON', JSON],
    ['Array', Array],
    ['ArrayBuffer', ArrayBuffer],
    ['%TypedArray%', Object.getPrototypeOf(Uint8Array)],
    ['Promise', Promise],
  ];
  if (typeof WebAssembly === 'object') list.push(['WebAssembly.Memory.prototype', WebAssembly.Memory.prototype]);
  if (typeof FinalizationRegistry === 'function')
    list.push(['FinalizationRegistry.prototype', FinalizationRegistry.prototype]);
  if (typeof Buffer === 'function') list.push(['Buffer', Buffer], ['Buffer.prototype', Buffer.prototype]);
  return list;
}

// Replaces each of them by `wrap(name, original)`'s result.
function replaceAll(wrap) {
  const { apply, ownKeys, getOwnPropertyDescriptor, defineProperty } = Reflect;
  const replaced = [];
  for (const [owner, object] of targets()) {
    for (const key of ownKeys(object)) {
      if (key === 'constructor' || key === 'prototype') continue;
      const desc = getOwnPropertyDescriptor(object, key);
      const name = `${owner}.${typeof key === 'symbol' ? `[${key.description}]` : key}`;
      const next = { ...desc };
      if (typeof desc.value === 'function') next.value = wrap(name, desc.value);
      else if (typeof desc.get === 'function') next.get = wrap(`get ${name}`, desc.get);
      else continue;
      try {
        defineProperty(object, key, next);
        replaced[replaced.length] = name;
      } catch {
        // non-configurable (Function.prototype[Symbol.hasInstance]): cannot be replaced
      }
      void apply;
    }
  }
  return replaced;
}

// A wrapper that calls the original with the same `this`, arguments and new.target, and first runs
// `before(name)`.
function wrapper(before) {
  const { apply, construct } = Reflect;
  return (name, original) =>
    function (...args) {
      before(name);
      return new.target === undefined ? apply(original, this, args) : construct(original, args, new.target);
    };
}

// Child: scenario `record`, `cold` (record with no warm-up: the first calls, which run the
// natives' self-tests and other probes made on first use, after the replacement) or `reenter`
// against entry `entry`; prints a JSON report.
async function child(scenario, entry) {
  const lib = await import(ENTRIES[entry]);
  const all = [...calls(lib, false), ...calls(lib, true)];
  const streams = [...(await streamCalls(lib, false)), ...(await streamCalls(lib, true))];
  // Warm-up: every path (and every lazily loaded module) used once, each result checked.
  const failures = [];
  for (const [name, run, want] of scenario === 'cold' ? [] : [...all, ...streams]) {
    const got = show(await run());
    if (got !== want) failures.push(`${name}: wrong before any replacement`);
  }
  const log = [];
  let recording = false;
  let inner = 0;
  const report = {};
  if (scenario !== 'reenter') {
    // Each call recorded with the file that made it (the package's own, or Node's stream
    // machinery between a stream's transform calls).
    report.replaced = replaceAll(
      wrapper((name) => {
        if (!recording) return;
        recording = false;
        const caller = new Error().stack.split('\n')[3] ?? '';
        log[log.length] = `${name} (from ${caller.includes('node:internal') ? 'node:internal' : caller.trim()})`;
        recording = true;
      }),
    ).length;
  } else {
    // Each call (while one of ours runs, up to 20 times) decodes and encodes with others of the
    // same encodings: the outer result must not change.
    const others = [];
    for (const [label, unit] of UNITS) {
      const d = new lib.TextDecoder(label);
      const bytes = input(unit, MiB + 5);
      others[others.length] = () => d.decode(bytes);
    }
    others[others.length] = () => lib.encode('\u3042'.repeat(2 * MiB + 5), 'shift_jis');
    others[others.length] = () => lib.encode('\u4E02'.repeat(2 * MiB + 5), 'gb18030');
    let busy = false;
    report.replaced = replaceAll(
      wrapper((name) => {
        if (!recording || busy || inner >= 20) return;
        busy = true;
        inner++;
        log[log.length] = name;
        for (let i = 0; i < others.length; i++) {
          try {
            others[i]();
          } catch {
            // refused (the module is busy) or anything else: only the outer result matters here
          }
        }
        busy = false;
      }),
    ).length;
  }
  const results = [];
  for (const [name, run, want] of [...all, ...streams]) {
    log.length = 0;
    recording = true;
    let got;
    try {
      got = await run();
    } catch (e) {
      got = e;
    }
    recording = false;
    results[results.length] = { name, exact: show(got) === want, called: [...new Set(log)] };
  }
  report.failures = failures;
  report.results = results;
  process.stdout.write(JSON.stringify(report));
}

if (process.env.PRIMORDIALS_SCENARIO !== undefined) {
  const [scenario, entry] = process.env.PRIMORDIALS_SCENARIO.split(' ');
  await child(scenario, entry);
} else {
  const file = fileURLToPath(import.meta.url);
  const runChild = (scenario, entry) => {
    const r = spawnSync(process.execPath, [file], {
      env: { ...process.env, PRIMORDIALS_SCENARIO: `${scenario} ${entry}` },
      encoding: 'utf8',
      maxBuffer: 1 << 26,
    });
    assert.equal(r.status, 0, r.stderr);
    return JSON.parse(r.stdout);
  };
  test('a call on a wasm module while another call on it runs is refused; the running call stays exact', async () => {
    const lib = await import('encoding-wasm');
    const { boundModules } = await import('../../pkg/node-bind.mjs');
    const small = input([0x82, 0xa0], 10);
    const big = input([0x82, 0xa0], MiB + 3);
    assert.equal(new lib.TextDecoder('shift_jis').decode(small), text('\u3042', 10));
    const inner = [];
    const again = (run) => {
      try {
        inner.push(run());
      } catch (e) {
        inner.push(e);
      }
    };
    // User code run between a call's copy in and its read out (as a patched built-in could).
    const modules = boundModules();
    for (const m of modules) {
      const proto = Object.getPrototypeOf(m);
      m.takeString = function (n) {
        again(() => new lib.TextDecoder('shift_jis').decode(big));
        return proto.takeString.call(this, n);
      };
      m.takeBytes = function (n) {
        again(() => lib.encode('\u4E02', 'gbk'));
        return proto.takeBytes.call(this, n);
      };
    }
    let results;
    try {
      results = [
        new lib.TextDecoder('shift_jis').decode(small),
        new lib.TextDecoder('shift_jis').decode(big),
        lib.decode(big, 'shift_jis').text,
        lib.inspect(small, 'shift_jis').text,
        String(lib.encode('\u4E02\u4E02', 'gbk')),
      ];
    } finally {
      for (const m of modules) {
        delete m.takeString;
        delete m.takeBytes;
      }
    }
    assert.deepEqual(results, [
      text('\u3042', 10),
      text('\u3042', MiB + 3),
      text('\u3042', MiB + 3),
      text('\u3042', 10),
      '129,64,129,64',
    ]);
    assert.ok(inner.length >= 5);
    for (const e of inner) {
      assert.ok(e instanceof TypeError, String(e));
      assert.equal(
        e.message,
        'encoding-wasm: called while another call on the same WebAssembly module is still running (from user code that call ran); refused.',
      );
    }
    // Nothing is left busy.
    assert.equal(new lib.TextDecoder('shift_jis').decode(big), text('\u3042', MiB + 3));
    assert.equal(String(lib.encode('\u4E02', 'gbk')), '129,64');
  });

  test('a LegacyEncoder called again while its earlier call runs is refused; the running call stays exact', async () => {
    const lib = await import('encoding-wasm');
    const { boundModules } = await import('../../pkg/node-bind.mjs');
    const encoder = new lib.LegacyEncoder('gbk');
    const inner = [];
    // User code run while the encoder's call reads its output (as a patched built-in could).
    const modules = boundModules();
    for (const m of modules) {
      const proto = Object.getPrototypeOf(m);
      m.takeBytes = function (n) {
        try {
          inner.push(encoder.encode('\u4E02'));
        } catch (e) {
          inner.push(e);
        }
        return proto.takeBytes.call(this, n);
      };
    }
    let result;
    try {
      result = String(encoder.encode('\u4E02\u4E02'));
    } finally {
      for (const m of modules) delete m.takeBytes;
    }
    // index gb18030: U+4E02 is pointer 0 (81 40).
    assert.equal(result, '129,64,129,64');
    assert.equal(inner.length, 1);
    assert.ok(inner[0] instanceof TypeError, String(inner[0]));
    assert.equal(
      inner[0].message,
      "Failed to execute 'encode' on 'LegacyEncoder': called again while its earlier call is still running.",
    );
    assert.equal(String(encoder.encode('\u4E02')), '129,64');
  });

  for (const entry of Object.keys(ENTRIES)) {
    test(`${entry}: no replaced built-in is called during any API call`, () => {
      const report = runChild('record', entry);
      assert.deepEqual(report.failures, []);
      assert.ok(report.replaced > 300, `only ${report.replaced} built-ins replaced`);
      // A stream's chunks pass through Node's stream machinery between our transform calls: what
      // that calls is its own business; everything else counts.
      const ours = (r) => r.called.filter((c) => !/Stream/.test(r.name) || /\/pkg\//.test(c));
      const called = report.results.filter((r) => ours(r).length > 0).map((r) => `${r.name}: ${ours(r).join(', ')}`);
      assert.deepEqual(called, [], `built-ins called during the calls:\n${called.join('\n')}`);
      for (const r of report.results) assert.ok(r.exact, `${r.name}: wrong result`);
    });
    test(`${entry}: no replaced built-in is called by the first calls either (self-tests and probes)`, () => {
      const report = runChild('cold', entry);
      // (The stream classes are left to the test above: their first calls are Node's stream
      // machinery's. What Node's own TextDecoder constructor calls, made on first use for the
      // natives' self-tests, is Node's business.)
      const ours = (r) => r.called.filter((c) => !c.endsWith('(from node:internal)'));
      const called = report.results
        .filter((r) => !/Stream/.test(r.name) && ours(r).length > 0)
        .map((r) => `${r.name}: ${ours(r).join(', ')}`);
      assert.deepEqual(called, [], `built-ins called during the first calls:\n${called.join('\n')}`);
      for (const r of report.results) assert.ok(r.exact, `${r.name}: wrong result`);
    });
    test(`${entry}: replacements that decode and encode with other decoders and encoders change no result`, () => {
      const report = runChild('reenter', entry);
      assert.deepEqual(report.failures, []);
      const wrong = report.results.filter((r) => !r.exact).map((r) => `${r.name} (${r.called.join(', ')})`);
      assert.deepEqual(wrong, []);
    });
  }
}
