// Encoding detectors side by side (issue 20): top-1 accuracy of this package's detect() (the
// encoding-wasm/detect entry, UTF-8 not allowed, as a browser runs a detector on legacy content),
// jschardet, chardet and Firefox's chardetng on the same samples, per language × encoding ×
// length; their speed on 1 MiB; and repair() against Python's ftfy. Writes detect/BENCHMARK.md.
//
//   npm run bench:detect      (after the package is built and detect/corpus gathered)
//
// The samples are made in one place, examples/detect_accuracy.rs (the held-out text of
// detect/corpus), which writes them and chardetng's guesses to target/detect-bench/
// (DETECT_SAMPLES); this script runs the JavaScript detectors on those bytes. A guess is right
// when our TextDecoder, for the guessed name, decodes the sample to its text.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import chardet from 'chardet';
import jschardet from 'jschardet';
import { detect, repair } from '../pkg/detect.node.mjs';
import { TextDecoder } from '../pkg/index.node.mjs';
import { LAYERS, repairSet, STEP } from '../detect/repair-set.mjs';
import { fixEncoding } from './detect-ftfy.mjs';

const root = join(new URL('.', import.meta.url).pathname, '..');
const work = join(root, 'target', 'detect-bench');
const LENGTHS = [16, 32, 64, 128, 512, 2048, 16384];
const SPEED_RUNS = 5;
const started = performance.now();

// Names the detectors give that are no label of the Encoding Standard's but name one of its
// encodings (or the Windows code page it is), lowercased. jschardet's own
// build/encoding-whatwg-map.js maps them the same way.
const BY_HAND = new Map([
  ['cp874', 'windows-874'], // Windows' Thai code page, the standard's windows-874
  ['cp932', 'shift_jis'], // Windows-31J, which the standard's Shift_JIS is
  ['cp949', 'euc-kr'], // Unified Hangul Code, which the standard's EUC-KR is
  ['iso8859-16', 'iso-8859-16'], // the standard has "iso8859-2" … but no such label for -16
  ['maccyrillic', 'x-mac-cyrillic'],
  ['macroman', 'macintosh'],
]);

const decoders = new Map();
/** Our TextDecoder for a detector's name, or null when our labels do not know it. */
function decoderFor(name) {
  if (typeof name !== 'string') return null;
  const label = BY_HAND.get(name.toLowerCase()) ?? name;
  if (!decoders.has(label)) {
    let decoder = null;
    try {
      decoder = new TextDecoder(label, { ignoreBOM: true });
    } catch (e) {
      if (!(e instanceof RangeError)) throw e; // unknown, or the replacement encoding
    }
    decoders.set(label, decoder);
  }
  return decoders.get(label);
}

function loadSamples() {
  execFileSync('cargo', ['build', '--release', '--features', 'detect', '--example', 'detect_accuracy'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const bin = join(process.env.CARGO_TARGET_DIR ?? join(root, 'target'), 'release', 'examples', 'detect_accuracy');
  const rust = execFileSync(bin, ['heldout'], {
    cwd: root,
    env: { ...process.env, DETECT_SAMPLES: work },
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
  const data = readFileSync(join(work, 'samples.bin'));
  let at = 0;
  const records = readFileSync(join(work, 'samples.jsonl'), 'utf8')
    .trimEnd()
    .split('\n')
    .map((line) => {
      const r = JSON.parse(line);
      const [bytesEnd, textEnd] = [at + r.bytes, at + r.bytes + r.text];
      r.sample = data.subarray(at, bytesEnd);
      r.text = data.toString('utf8', bytesEnd, textEnd);
      at = textEnd;
      return r;
    });
  const speedLines = rust.split('\n').filter((l) => l.startsWith('- '));
  return { samples: records.filter((r) => !r.speed), speed: records.filter((r) => r.speed), speedLines };
}

const DETECTORS = {
  'encoding-wasm': (bytes) => detect(bytes, { allowUTF8: false }).encoding,
  jschardet: (bytes) => jschardet.detect(bytes).encoding,
  chardet: (bytes) => chardet.detect(bytes),
};
const NAMES = ['encoding-wasm', 'chardetng', 'jschardet', 'chardet'];

/** Each detector's guesses on every sample, and the CPU seconds its pass took. */
function guessAll(samples) {
  const guesses = { chardetng: samples.map((s) => s.chardetng) };
  const seconds = {};
  for (const [name, guess] of Object.entries(DETECTORS)) {
    const start = process.cpuUsage();
    guesses[name] = samples.map((s) => guess(s.sample));
    const { user, system } = process.cpuUsage(start);
    seconds[name] = (user + system) / 1e6;
  }
  return { guesses, seconds };
}

/** Rows "lang encoding" → per length, per detector, the share right; and what was counted right. */
function score(samples, guesses) {
  const rows = new Map();
  const names = Object.fromEntries(NAMES.map((n) => [n, new Map()]));
  const accepted = new Map(); // true encoding → other encodings counted right → count
  samples.forEach((s, i) => {
    const key = `${s.lang} ${s.encoding}`;
    if (!rows.has(key)) {
      rows.set(key, { lang: s.lang, encoding: s.encoding, chardetngGuesses: s.chardetngGuesses, cells: new Map() });
    }
    const cells = rows.get(key).cells;
    if (!cells.has(s.length)) cells.set(s.length, { n: 0, right: Object.fromEntries(NAMES.map((n) => [n, 0])) });
    const cell = cells.get(s.length);
    cell.n++;
    for (const name of NAMES) {
      const guess = guesses[name][i];
      const decoder = decoderFor(guess);
      const known = names[name].get(String(guess)) ?? { count: 0, label: decoder?.encoding ?? null };
      known.count++;
      names[name].set(String(guess), known);
      if (decoder?.decode(s.sample) !== s.text) continue;
      cell.right[name]++;
      const truth = decoderFor(s.encoding).encoding;
      if (decoder.encoding !== truth) {
        const other = accepted.get(truth) ?? new Map();
        other.set(decoder.encoding, (other.get(decoder.encoding) ?? 0) + 1);
        accepted.set(truth, other);
      }
    }
  });
  return { rows: [...rows.values()], names, accepted };
}

const pct = (cell, name) => (100 * cell.right[name]) / cell.n;

function means(rows) {
  return Object.fromEntries(
    NAMES.map((name) => [
      name,
      LENGTHS.map((len) => rows.reduce((sum, row) => sum + pct(row.cells.get(len), name), 0) / rows.length),
    ]),
  );
}

/** MB/s (10^6 bytes) of `f` on `bytes`, best of SPEED_RUNS after a warm-up: by CPU and wall time. */
function rate(f, bytes) {
  f(bytes);
  let cpu = Number.POSITIVE_INFINITY;
  let wall = Number.POSITIVE_INFINITY;
  for (let i = 0; i < SPEED_RUNS; i++) {
    const c = process.cpuUsage();
    const t = performance.now();
    f(bytes);
    wall = Math.min(wall, (performance.now() - t) / 1000);
    const { user, system } = process.cpuUsage(c);
    cpu = Math.min(cpu, (user + system) / 1e6);
  }
  return { cpu: bytes.length / cpu / 1e6, wall: bytes.length / wall / 1e6 };
}

/** repair() and ftfy.fix_encoding on detect/repair-set.mjs's set. */
function repairs() {
  const set = repairSet('heldout');
  const inputs = [...set.correct.map((c) => c.line), ...set.mojibake.map((m) => m.text)];
  const ours = inputs.map((text) => repair(text).text);
  const ftfy = fixEncoding(inputs, work);
  const tally = (out) => {
    if (!out) return null;
    const changed = set.correct.filter((c, i) => out[i] !== c.line).length;
    const byLayers = new Map(LAYERS.map((l) => [l.join('+'), { n: 0, repaired: 0 }]));
    set.mojibake.forEach((m, i) => {
      const t = byLayers.get(m.layers.join('+'));
      t.n++;
      if (out[set.correct.length + i] === m.line) t.repaired++;
    });
    const repaired = [...byLayers.values()].reduce((sum, t) => sum + t.repaired, 0);
    return { changed, repaired, byLayers };
  };
  return { set, ours: tally(ours), ftfy: { ...ftfy, tally: tally(ftfy.fixed) } };
}

const f1 = (x) => x.toFixed(1);
const table = (head, rows) =>
  [
    `| ${head.join(' | ')} |`,
    `| ${head.map((_, i) => (i < 2 ? '---' : '---:')).join(' | ')} |`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');

function report({ samples, speedLines }, { guesses, seconds }, scored, speeds, rep) {
  const all = scored.rows;
  const shared = all.filter((r) => r.chardetngGuesses);
  const [mAll, mShared] = [means(all), means(shared)];
  const meanRows = (m, label) => NAMES.map((name) => [label, name, ...m[name].map(f1)]);
  const belowRows = all.flatMap((row) =>
    LENGTHS.filter((len) => len >= 64)
      .map((len) => [len, row.cells.get(len)])
      .filter(([, cell]) => pct(cell, 'encoding-wasm') < pct(cell, 'chardetng') - 2)
      .map(
        ([len, cell]) =>
          `${row.lang} ${row.encoding} at ${len} bytes (${f1(pct(cell, 'encoding-wasm'))} against ${f1(pct(cell, 'chardetng'))}, ${cell.n} samples)`,
      ),
  );
  const meanOk = [mAll, mShared].every((m) => m['encoding-wasm'].every((v, i) => v >= m.chardetng[i]));
  const ourSpeeds = speeds.map((s) => s.rates['encoding-wasm'].cpu);
  const differ = samples.filter((s, i) => s.ours !== guesses['encoding-wasm'][i]).length;
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: root, encoding: 'utf8' });
  const version = (pkg) => JSON.parse(readFileSync(join(root, 'node_modules', pkg, 'package.json'), 'utf8')).version;
  const lock = readFileSync(join(root, 'Cargo.lock'), 'utf8');
  const chardetngVersion = lock.match(/name = "chardetng"\nversion = "([^"]+)"/)[1];
  const counts = LENGTHS.map((len) => all[0].cells.get(len).n);
  const r = rep.ours;
  const ft = rep.ftfy.tally;
  const share = (t) => (100 * t.repaired) / rep.set.mojibake.length;
  const behind = ft
    ? [...r.byLayers]
        .filter(([layers, t]) => ft.byLayers.get(layers).repaired > t.repaired)
        .map(([layers, t]) => `${layers} (${t.repaired} against ${ft.byLayers.get(layers).repaired} of ${t.n})`)
    : [];

  const goals = [
    `- Mean at least chardetng's at every length: **${meanOk ? 'met' : 'not met'}** (both means, table below).`,
    `- From 64 bytes on, no row more than 2 points below chardetng: **${belowRows.length ? `not met` : 'met'}**${belowRows.length ? `: ${belowRows.join('; ')}.` : '.'}`,
    `- At least 100 MB/s on 1 MiB: **${ourSpeeds.every((s) => s >= 100) ? 'met' : 'not met'}** (${ourSpeeds.map((s) => s.toFixed(0)).join(', ')} MB/s by CPU time, speed table below).`,
    `- No change to correct text: **${r.changed === 0 ? 'met' : 'not met'}** (${r.changed} of ${rep.set.correct.length} lines changed).`,
    ft
      ? `- Repaired share at least ftfy's: **${share(r) >= share(ft) ? 'met' : 'not met'}** (${f1(share(r))} % against ${f1(share(ft))} %)${behind.length ? `; but ftfy repairs more of ${behind.join(', ')}` : ''}.`
      : `- Repaired share at least ftfy's: not measured (${rep.ftfy.missing}).`,
  ];

  const nameLines = NAMES.map((name) => {
    const list = [...scored.names[name]]
      .sort((a, b) => b[1].count - a[1].count)
      .map(
        ([guess, { count, label }]) =>
          `${guess}${label && label !== guess.toLowerCase() ? ` → ${label}` : ''}${label ? '' : ' (unknown: wrong)'} ×${count}`,
      );
    return `- ${name}: ${list.join(', ')}`;
  });
  const acceptedLines = [...scored.accepted].sort().map(
    ([truth, others]) =>
      `- ${truth}: ${[...others]
        .sort((a, b) => b[1] - a[1])
        .map(([e, n]) => `${e} (${n})`)
        .join(', ')}`,
  );

  const speedRows = speeds.map((s) => [
    s.label,
    `${(s.bytes / 1048576).toFixed(2)} MiB`,
    ...Object.keys(DETECTORS).map((n) => `${s.rates[n].cpu.toFixed(1)} (${s.rates[n].wall.toFixed(1)})`),
  ]);
  const repairRows = [...r.byLayers].map(([layers, t]) => [
    layers,
    String(t.n),
    `${t.repaired} (${f1((100 * t.repaired) / t.n)} %)`,
    ft ? `${ft.byLayers.get(layers).repaired} (${f1((100 * ft.byLayers.get(layers).repaired) / t.n)} %)` : '-',
  ]);
  const minutes = ((performance.now() - started) / 60000).toFixed(1);

  return `# Encoding detectors side by side

Generated by \`npm run bench:detect\` (bench/detect.mjs) on ${new Date().toISOString().slice(0, 16)} UTC at commit
${commit}${dirty ? ' (with uncommitted changes)' : ''}, Node ${process.version}, ${cpus().length} cores of ${cpus()[0].model},
load average ${loadavg()[0].toFixed(1)} at the end: a shared machine, so the speeds are rough (CPU time is the figure to
read; wall time in parentheses). The whole run took ${minutes} minutes. The goals are issue 20's.

${goals.join('\n')}

## What is measured

- **Samples**, made once by examples/detect_accuracy.rs (the same as detect/ACCURACY.md): for each
  of ${new Set(all.map((row) => row.lang)).size} languages, the legacy encodings of its group that write at least 90 % of its held-out lines
  (detect/corpus, never used in training); consecutive lines from ${counts[0]} evenly spaced starts
  (${counts[5]} at 2048 and 16384 bytes), encoded by encoding_rs and cut to at most the length on a
  character boundary: ${all.length} rows × ${LENGTHS.length} lengths, ${samples.length} samples.
  The example writes them with chardetng's guesses to target/detect-bench/; every detector sees the
  same bytes, whole, as the whole input.
- **Detectors**: encoding-wasm's \`detect(bytes, { allowUTF8: false })\` (pkg/detect.node.mjs, the
  WebAssembly build); chardetng ${chardetngVersion} (Rust, \`guess(None, false)\`: no top-level
  domain, UTF-8 not allowed); jschardet ${version('jschardet')} (\`detect(bytes).encoding\`, its
  best guess) and chardet ${version('chardet')} (\`detect(bytes)\`), with their defaults: neither
  can be told that UTF-8 is out, which costs them nothing here but time (a legacy sample is valid
  UTF-8 only when it is ASCII, and then UTF-8 reads it right).
- **Right** when our TextDecoder for the guessed name (through the Encoding Standard's labels,
  BOM not handled) decodes the sample to its text; a name our labels do not know (or the
  replacement encoding's) is wrong. Names mapped by hand, because they are no label of the
  standard's but name its encoding: ${[...BY_HAND].map(([a, b]) => `${a} → ${b}`).join(', ')}.
  Our detect() ran in JavaScript gave another guess than the Rust build on ${differ} samples.

## Means (% right)

"${shared.length} rows": without the ${all.length - shared.length} rows of encodings chardetng never guesses (x-mac-cyrillic).

${table(['rows', 'detector', ...LENGTHS.map(String)], [...meanRows(mAll, `${all.length} rows`), ...meanRows(mShared, `${shared.length} rows`)])}

## Speed on 1 MiB

Up to 1 MiB of held-out text (less where the held-out text, read at most twice, is shorter: see
the size column), the whole input in one call, best of ${SPEED_RUNS} after a warm-up. MB/s (10^6 bytes) by CPU time of this
process (wall time). jschardet reads only the first 200,000 bytes of an input by default (its
maxBytes), so its figure is the input's size over the time it takes on that prefix.

${table(['input', 'size', ...Object.keys(DETECTORS)], speedRows)}

chardetng and our detector compiled natively (examples/detect_accuracy.rs, same inputs, ten runs),
ours / chardetng, CPU time (wall time):

${speedLines.join('\n')}

CPU seconds each JavaScript detector took over all ${samples.length} samples:
${Object.entries(seconds)
  .map(([n, s]) => `${n} ${s.toFixed(1)}`)
  .join(', ')}.

## repair() against ftfy

The set of detect/repair-set.mjs: every ${STEP}th held-out line of each language
(${rep.set.correct.length} correct lines, which must come back unchanged) and, from those with
non-ASCII characters, mojibake: their UTF-8 read with each encoding (two layers: read, encoded in
UTF-8 and read again), which must be repaired to the line (${rep.set.mojibake.length}; ${rep.set.lossy}
more lost bytes to a U+FFFD and are left out). encoding-wasm's \`repair(text).text\` against
${ft ? `ftfy ${rep.ftfy.version}'s \`ftfy.fix_encoding(text)\` (one Python process, ${rep.ftfy.seconds.toFixed(1)} s)` : `ftfy: not measured, ${rep.ftfy.missing}`}.
ftfy undoes UTF-8 read as Latin-1, windows-1250 to -1254 and -1257, ISO-8859-2, MacRoman and
cp437 (its CHARMAP_ENCODINGS), never Shift_JIS or GBK.

- Correct lines changed: encoding-wasm ${r.changed}${ft ? `, ftfy ${ft.changed}` : ''} of ${rep.set.correct.length}.
- Mojibake repaired: encoding-wasm ${r.repaired} (${f1(share(r))} %)${ft ? `, ftfy ${ft.repaired} (${f1(share(ft))} %)` : ''} of ${rep.set.mojibake.length}.

${table(['read as', 'lines', 'encoding-wasm', 'ftfy'], repairRows)}

## Names the detectors gave

Each detector's guesses over all samples, with the encoding our labels read them as:

${nameLines.join('\n')}

The rule judges a guess by the bytes at hand, not by its name, so these are one class: the
labels of one encoding (ascii, ISO-8859-1 and windows-1252 are all windows-1252 in the standard;
ISO-8859-9 is windows-1254); GBK and gb18030 on GBK bytes; and, on a sample without the bytes where
they differ, KOI8-R and KOI8-U, ISO-8859-8 and windows-1255, ISO-8859-7 and windows-1253,
ISO-8859-15 and windows-1252, ISO-8859-2 and windows-1250, ISO-8859-4, ISO-8859-13 and
windows-1257, and x-mac-cyrillic and windows-1251 … down to any ASCII-compatible encoding for an
all-ASCII sample. Which encodings were counted right for samples of another, with how often:

${acceptedLines.join('\n')}

## Per row (% right: encoding-wasm / chardetng / jschardet / chardet)

${table(
  ['lang', 'encoding', ...LENGTHS.map(String)],
  all.map((row) => [
    row.lang,
    row.encoding,
    ...LENGTHS.map((len) => NAMES.map((n) => pct(row.cells.get(len), n).toFixed(0)).join(' / ')),
  ]),
)}

Caveats: the held-out lines come from the same Debian packages as the training lines (split by
line, not by package), so our detector is measured in its own domain and the others are not; many
lines are short interface strings. jschardet and chardet detect many encodings the Encoding
Standard lacks (ISO-8859-1 as such, cp850, mac-greek …), and a guess of one of those is wrong here
even where a browser's decoder would have read the text right.
`;
}

const loaded = loadSamples();
const guessed = guessAll(loaded.samples);
const scored = score(loaded.samples, guessed.guesses);
const speeds = loaded.speed.map((s) => ({
  label: s.speed,
  bytes: s.sample.length,
  rates: Object.fromEntries(Object.entries(DETECTORS).map(([n, f]) => [n, rate(f, s.sample)])),
}));
const rep = repairs();
const out = report(loaded, guessed, scored, speeds, rep);
writeFileSync(join(root, 'detect', 'BENCHMARK.md'), out);
console.log(out);
