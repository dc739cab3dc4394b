// The JS benchmark: this package against Node's native TextDecoder/TextEncoder, @exodus/bytes,
// iconv-lite and text-encoding, interleaved in one process, on the corpora of bench/corpus.mjs
// (built first if missing). Every library's output is checked against the expected one before it
// is timed; a wrong or failing library is reported as such for that case and not timed there.
//
//   npm run bench                         everything (a few minutes)
//   npm run bench -- --quick              fewer, shorter samples
//   npm run bench -- --ops=decode,stream --cases=shift_jis,gbk --sizes=4096 --libs=ours,native
// The same filters can be given as BENCH_OPS, BENCH_CASES, BENCH_SIZES, BENCH_LIBS, BENCH_QUICK=1.
// Ops: decode, stream (64 KiB chunks, 1 MiB only), encode and encodeInto (TextEncoder, UTF-8
// cases), legacy (encode to the case's encoding), construct (new TextDecoder(label) + a 64 B
// decode), startup (import to the first decode of 1 KiB of Shift_JIS in fresh Node processes).
// BENCH_PKG=path overrides where this package is imported from (default: 'encoding-wasm').
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import iconv from 'iconv-lite';
import * as exodus from '@exodus/bytes/encoding.js';
import { createMultibyteEncoder } from '@exodus/bytes/multi-byte.js';
import { createSinglebyteEncoder } from '@exodus/bytes/single-byte.js';
import { utf16fromString } from '@exodus/bytes/utf16.js';
import textEncoding from 'text-encoding';

const here = new URL('.', import.meta.url).pathname;
const corpusDir = join(here, 'corpus');
const OPS = ['decode', 'stream', 'encode', 'encodeInto', 'legacy', 'construct', 'startup'];
const CHUNK = 64 * 1024;
const MULTI_BYTE = ['gbk', 'gb18030', 'big5', 'euc-jp', 'iso-2022-jp', 'shift_jis', 'euc-kr'];

function option(name) {
  const arg = process.argv.find((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (arg) return arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : '1';
  return process.env[`BENCH_${name.toUpperCase()}`];
}
const list = (name) => option(name)?.split(',').filter(Boolean);
const quick = Boolean(option('quick'));
const ROUNDS = quick ? 3 : 9;
const SAMPLE_MS = quick ? 4 : 20;
const STARTUP_RUNS = quick ? 3 : 9;
const ops = list('ops') ?? OPS;
const cases = list('cases');
const sizes = list('sizes')?.map(Number);
const libFilter = list('libs');

// Adapters: each gives, per label, a function for an op, or null where it has none.
function fromClasses(TD, TE) {
  return {
    decode(label) {
      const d = new TD(label);
      return (b) => d.decode(b);
    },
    stream(label) {
      const d = new TD(label);
      return (b) => {
        let s = '';
        for (let i = 0; i < b.length; i += CHUNK) s += d.decode(b.subarray(i, i + CHUNK), { stream: true });
        return s + d.decode();
      };
    },
    construct: (label) => (b) => new TD(label).decode(b),
    encode() {
      const e = new TE();
      return (s) => e.encode(s);
    },
    encodeInto() {
      if (typeof TE.prototype.encodeInto !== 'function') return null;
      const e = new TE();
      return (s, dst) => dst.subarray(0, e.encodeInto(s, dst).written);
    },
  };
}

function ours(m) {
  const legacy = (label) => {
    const e = new m.LegacyEncoder(label);
    return (s) => e.encode(s);
  };
  return { name: 'ours', ...fromClasses(m.TextDecoder, m.TextEncoder), legacy };
}

const asBuffer = (b) => Buffer.from(b.buffer, b.byteOffset, b.length);

const LIBRARIES = [
  { name: 'native', ...fromClasses(globalThis.TextDecoder, globalThis.TextEncoder), legacy: () => null },
  {
    name: '@exodus/bytes',
    ...fromClasses(exodus.TextDecoder, exodus.TextEncoder),
    legacy(label) {
      if (label === 'utf-16le') return (s) => utf16fromString(s, 'uint8-le');
      return (MULTI_BYTE.includes(label) ? createMultibyteEncoder : createSinglebyteEncoder)(label);
    },
  },
  {
    name: 'iconv-lite',
    decode: (label) => (iconv.encodingExists(label) ? (b) => iconv.decode(asBuffer(b), label) : null),
    stream(label) {
      if (!iconv.encodingExists(label)) return null;
      return (b) => {
        const d = iconv.getDecoder(label);
        let s = '';
        for (let i = 0; i < b.length; i += CHUNK) s += d.write(asBuffer(b.subarray(i, i + CHUNK)));
        return s + (d.end() ?? '');
      };
    },
    construct: (label) => (iconv.encodingExists(label) ? (b) => iconv.decode(asBuffer(b), label) : null),
    encode: () => null,
    encodeInto: () => null,
    legacy: (label) => (iconv.encodingExists(label) ? (s) => iconv.encode(s, label) : null),
  },
  {
    name: 'text-encoding',
    ...fromClasses(textEncoding.TextDecoder, textEncoding.TextEncoder),
    legacy(label) {
      const e = new textEncoding.TextEncoder(label, { NONSTANDARD_allowLegacyEncoding: true });
      return (s) => e.encode(s);
    },
  },
];

function loadCorpus() {
  const manifest = join(corpusDir, 'manifest.json');
  if (!existsSync(manifest)) execFileSync(process.execPath, [join(here, 'corpus.mjs')], { stdio: 'inherit' });
  return JSON.parse(readFileSync(manifest, 'utf8')).map((c) => ({
    ...c,
    bytes: new Uint8Array(readFileSync(join(corpusDir, c.bin))),
    text: readFileSync(join(corpusDir, c.txt), 'utf8'),
  }));
}

const same = (a, b) => (typeof a === 'string' ? a === b : a instanceof Uint8Array && Buffer.compare(a, b) === 0);
let sink = 0;

// One task: check each library's output, then time them interleaved, rotating the order each
// round. Returns, per library, seconds per call (median) or 'wrong' / 'error' / 'n/a'.
function runTask(libs, make, input, expected) {
  const results = new Map();
  const timed = [];
  for (const lib of libs) {
    let fn;
    try {
      fn = make(lib);
    } catch {
      fn = null;
    }
    if (!fn) {
      results.set(lib.name, 'n/a');
      continue;
    }
    let out;
    try {
      out = fn(input);
    } catch {
      results.set(lib.name, 'error');
      continue;
    }
    if (!same(out, expected)) {
      results.set(lib.name, 'wrong');
      continue;
    }
    // Calibrate: enough calls for one sample to last about SAMPLE_MS.
    let n = 1;
    for (;;) {
      const t = performance.now();
      for (let i = 0; i < n; i++) sink += fn(input).length;
      const ms = performance.now() - t;
      if (ms > SAMPLE_MS / 4 || n > 1e6) {
        n = Math.max(1, Math.round((n * SAMPLE_MS) / Math.max(ms, 1e-3)));
        break;
      }
      n *= 4;
    }
    timed.push({ lib, fn, n, samples: [] });
  }
  for (let round = 0; round < ROUNDS; round++) {
    for (let k = 0; k < timed.length; k++) {
      const t = timed[(k + round) % timed.length];
      const start = performance.now();
      for (let i = 0; i < t.n; i++) sink += t.fn(input).length;
      t.samples.push((performance.now() - start) / 1e3 / t.n);
    }
  }
  for (const t of timed) results.set(t.lib.name, median(t.samples));
  return results;
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1];
}

// Fresh Node processes: import the library, construct a Shift_JIS decoder, decode 1 KiB.
function startup(libs, sample) {
  const expr = {
    ours: [`await import(${JSON.stringify(oursSpecifier())})`, `new lib.TextDecoder('shift_jis').decode(bytes)`],
    native: ['null', `new TextDecoder('shift_jis').decode(bytes)`],
    '@exodus/bytes': [`await import('@exodus/bytes/encoding.js')`, `new lib.TextDecoder('shift_jis').decode(bytes)`],
    'iconv-lite': [`(await import('iconv-lite')).default`, `lib.decode(Buffer.from(bytes), 'shift_jis')`],
    'text-encoding': [`(await import('text-encoding')).default`, `new lib.TextDecoder('shift_jis').decode(bytes)`],
  };
  const results = new Map();
  for (const lib of libs) {
    const [load, decode] = expr[lib.name];
    const script = `import { readFileSync } from 'node:fs';
const bytes = new Uint8Array(readFileSync(${JSON.stringify(join(corpusDir, sample.bin))}));
const t0 = performance.now();
const lib = ${load};
const text = ${decode};
const ms = performance.now() - t0;
console.log(JSON.stringify({ ms, ok: text === readFileSync(${JSON.stringify(join(corpusDir, sample.txt))}, 'utf8') }));`;
    const times = [];
    let verdict = null;
    for (let i = 0; i < STARTUP_RUNS && !verdict; i++) {
      try {
        const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
          cwd: here,
          stdio: ['ignore', 'pipe', 'ignore'],
        });
        const { ms, ok } = JSON.parse(out);
        if (!ok) verdict = 'wrong';
        times.push(ms / 1e3);
      } catch {
        verdict = 'error';
      }
    }
    results.set(lib.name, verdict ?? median(times));
  }
  return results;
}

let oursSpec = 'encoding-wasm';
const oursSpecifier = () => oursSpec;

async function loadOurs() {
  if (process.env.BENCH_PKG) oursSpec = pathToFileURL(process.env.BENCH_PKG).href;
  try {
    return ours(await import(oursSpec));
  } catch (e) {
    console.log(`> this package (${oursSpec}) could not be loaded, so it is left out: ${e.message}\n`);
    return null;
  }
}

// Output: one Markdown table per op; speed ratios (>1: ours is faster) to native and @exodus/bytes.
function table(title, unit, rows, libs) {
  if (rows.length === 0) return;
  const names = libs.map((l) => l.name);
  const hasOurs = names.includes('ours');
  const head = ['case', 'size', ...names, ...(hasOurs ? ['ours/native', 'ours/exodus'] : [])];
  console.log(`\n### ${title} (${unit})\n`);
  console.log(`| ${head.join(' | ')} |`);
  console.log(`|${head.map((_, i) => (i < 2 ? ' --- ' : ' ---: ')).join('|')}|`);
  for (const { id, size, bytes, results } of rows) {
    const value = (r) =>
      typeof r !== 'number'
        ? r
        : unit === 'MB/s'
          ? (bytes / r / 1e6).toFixed(1)
          : (r * (unit === 'ms' ? 1e3 : 1e6)).toFixed(unit === 'ms' ? 1 : 2);
    const ratio = (other) => {
      const a = results.get('ours');
      const b = results.get(other);
      return typeof a === 'number' && typeof b === 'number' ? `${(b / a).toFixed(2)}x` : '-';
    };
    const cells = [
      id,
      size,
      ...names.map((n) => value(results.get(n))),
      ...(hasOurs ? [ratio('native'), ratio('@exodus/bytes')] : []),
    ];
    console.log(`| ${cells.join(' | ')} |`);
  }
}

async function main() {
  const corpus = loadCorpus();
  const oursLib = await loadOurs();
  const libs = [oursLib, ...LIBRARIES].filter((l) => l && (!libFilter || libFilter.includes(l.name)));
  const pick = (c) => !c.startup && (!cases || cases.includes(c.id)) && (!sizes || sizes.includes(c.size));
  console.log(
    `# encoding-wasm benchmark: ${new Date().toISOString()}, Node ${process.version}, ${quick ? 'quick' : 'full'} run (${ROUNDS} rounds of ~${SAMPLE_MS} ms samples)`,
  );
  console.log(
    'Cells: MB/s (bytes on the encoded side per second, median); wrong = output differs from the expected; error = threw; n/a = unsupported.',
  );

  const run = (op, title, unit, select, make, io) => {
    if (!ops.includes(op)) return;
    const rows = [];
    for (const c of corpus.filter((c) => pick(c) && select(c))) {
      const [input, expected] = io(c);
      rows.push({
        id: c.id,
        size: c.size,
        bytes: c.bytes.length,
        results: runTask(libs, (lib) => make(lib, c), input, expected),
      });
    }
    table(title, unit, rows, libs);
  };
  run(
    'decode',
    'decode: TextDecoder.decode(bytes), one call',
    'MB/s',
    () => true,
    (lib, c) => lib.decode(c.label),
    (c) => [c.bytes, c.text],
  );
  run(
    'stream',
    'streaming decode: 64 KiB chunks with {stream: true}',
    'MB/s',
    (c) => c.size > CHUNK,
    (lib, c) => lib.stream(c.label),
    (c) => [c.bytes, c.text],
  );
  run(
    'encode',
    'TextEncoder.encode(string)',
    'MB/s',
    (c) => c.label === 'utf-8',
    (lib) => lib.encode(),
    (c) => [c.text, c.bytes],
  );
  run(
    'encodeInto',
    'TextEncoder.encodeInto(string, buffer)',
    'MB/s',
    (c) => c.label === 'utf-8',
    (lib) => {
      const f = lib.encodeInto();
      if (!f) return null;
      const dst = new Uint8Array(4 << 20);
      return (s) => f(s, dst);
    },
    (c) => [c.text, c.bytes],
  );
  run(
    'legacy',
    "legacy encode: string to the case's encoding",
    'MB/s',
    (c) => c.label !== 'utf-8',
    (lib, c) => lib.legacy(c.label),
    (c) => [c.text, c.bytes],
  );
  run(
    'construct',
    'new TextDecoder(label) + decode of 64 B',
    'µs per call',
    (c) => c.size === 64,
    (lib, c) => lib.construct(c.label),
    (c) => [c.bytes, c.text],
  );
  if (ops.includes('startup')) {
    const sample = corpus.find((c) => c.startup);
    table(
      'start-up: import to the first decode of 1 KiB of Shift_JIS, fresh process (median)',
      'ms',
      [{ id: sample.id, size: sample.size, bytes: sample.bytes.length, results: startup(libs, sample) }],
      libs,
    );
  }
  if (sink === 0.5) console.log(sink); // keeps the results observable
}

await main();
