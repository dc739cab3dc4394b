#!/usr/bin/env node
// encoding-wasm: converts text between the Encoding Standard's encodings, like iconv.
// Exit status: 0 done, 1 a --fatal conversion error, 2 bad usage or an unreadable/unwritable file.

import { accessSync, constants, createWriteStream, fstatSync, statSync } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { getSystemErrorMap, parseArgs } from 'node:util';
import * as lib from 'encoding-wasm';
import { ConversionError, decodeInput, encodeTexts, repairLines } from './convert.mjs';
import { display } from './display.mjs';
import { ProgressBar } from './progress.mjs';

const PROGRESS_FROM = 16 * 1024 * 1024;
const READ_CHUNK = 256 * 1024;
// File names are cut later than labels (display's 64): a path's last part is what tells it apart.
const PATH_LIMIT = 256;
const showPath = (path) => display(path, PATH_LIMIT);

const USAGE = `Usage: encoding-wasm [-f LABEL | --html] [-t LABEL] [-o FILE] [--fatal] [--repair] [FILE...]
       encoding-wasm --detect [FILE...]
Converts FILEs (or standard input, also '-') from one encoding to another, as the WHATWG
Encoding Standard defines them, and writes the result to standard output or FILE.

  -f, --from LABEL      the input's encoding (default utf-8); 'auto' picks UTF-8, UTF-16LE or
                        UTF-16BE from a byte order mark, else the --fallback encoding; 'detect'
                        guesses it from the first 64 KiB (see --detect)
      --detect          print each input's most likely encoding, with its confidence and the next
                        guess (\`name: Shift_JIS (0.98; then EUC-JP 0.01)\`), instead of converting
      --html            each input is an HTML page: its encoding is sniffed as browsers do (a byte
                        order mark, <meta charset> in the first 1024 bytes, an XML declaration),
                        else the --fallback encoding (default windows-1252)
      --fallback LABEL  the encoding for 'auto' or --html when nothing else decides (default utf-8
                        for 'auto')
      --repair          undo mojibake line by line (UTF-8 that was read as windows-1252, windows-1251,
                        Shift_JIS, GBK …) before encoding; correct text is left as it is
  -t, --to LABEL        the output's encoding (default utf-8): any with an encoder, or UTF-16LE/BE
  -o, --output FILE     write to FILE ('-' is standard output, the default)
      --fatal           stop at the first malformed input or unencodable character (exit status 1)
                        instead of writing U+FFFD (decoding) or &#N; (encoding)
  -l, --list            list every encoding with its labels
  -h, --help            show this help
  -V, --version         show the version

A byte order mark of the input's encoding is skipped, as TextDecoder does. Labels are matched as
the standard's "get an encoding" does (case-insensitive, surrounding whitespace ignored).
Exit status: 0 on success, 1 when --fatal stopped the conversion, 2 for bad usage or a file that
cannot be read or written.`;

class UsageError extends Error {}

const OPTIONS = {
  from: { type: 'string', short: 'f' },
  to: { type: 'string', short: 't' },
  output: { type: 'string', short: 'o' },
  fallback: { type: 'string' },
  html: { type: 'boolean' },
  detect: { type: 'boolean' },
  repair: { type: 'boolean' },
  fatal: { type: 'boolean' },
  list: { type: 'boolean', short: 'l' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'V' },
};

function parse(args) {
  let parsed;
  try {
    parsed = parseArgs({ args, options: OPTIONS, allowPositionals: true });
  } catch (e) {
    if (!e.code?.startsWith('ERR_PARSE_ARGS_')) throw e;
    throw new UsageError(`${parseError(args, e)} (see --help)`);
  }
  return { ...parsed.values, files: parsed.positionals };
}

// parseArgs's messages go on over several lines with advice for scripts, and quote an unknown
// option as typed: the first line is kept, and an unknown option's name is shown by display(),
// taken from the first unknown one among parseArgs's own tokens (which do not depend on `strict`).
function parseError(args, e) {
  if (e.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const { tokens } = parseArgs({ args, options: OPTIONS, strict: false, tokens: true });
    const unknown = tokens.find((t) => t.kind === 'option' && !Object.hasOwn(OPTIONS, t.name));
    return `Unknown option '${display(unknown.rawName)}'`;
  }
  // The other messages quote only this command's option names.
  const line = e.message.split('\n')[0];
  return line.endsWith('.') ? line.slice(0, -1) : line;
}

/** The standard's name of `label`'s encoding, for `option`; `encoder` asks for one with an encoder. */
function encodingFor(label, option, { encoder }) {
  const name = lib.getEncoding(label);
  if (name === null) throw new UsageError(`${option}: unknown encoding label '${display(label)}' (see --list)`);
  const info = lib
    .encodings()
    .flatMap((g) => g.encodings)
    .find((e) => e.name === name);
  if (name === 'replacement') {
    throw new UsageError(
      `${option}: '${display(label)}' is a label of the replacement encoding, which cannot be used here`,
    );
  }
  if (encoder && !info.hasEncoder && !name.startsWith('UTF-16')) {
    throw new UsageError(`${option}: the ${name} encoding has no encoder`);
  }
  return name;
}

function list() {
  const lines = [];
  for (const { heading, encodings } of lib.encodings()) {
    lines.push(`${heading}:`);
    for (const { name, labels, hasEncoder } of encodings) {
      const decodeOnly = !hasEncoder && !name.startsWith('UTF-16');
      const note = name === 'replacement' ? ' (neither)' : decodeOnly ? ' (decode only)' : '';
      lines.push(`  ${name}${note}: ${labels.join(' ')}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

// Checks every input up front with stat and access alone, so that a missing or unreadable file
// costs nothing and no descriptor is held: each is opened only when its turn comes (300 files
// convert under `ulimit -n 64`).
function checkInputs(files) {
  return (files.length ? files : ['-']).map((file) => {
    if (file === '-') {
      const stat = fstatOrNull(0);
      // Node gives a directory on standard input as an empty stream: refused as a named one is.
      if (stat?.isDirectory()) throw new UsageError('cannot read <stdin>: is a directory');
      return { name: '<stdin>', path: null, stat, size: stat?.isFile() ? Number(stat.size) : null };
    }
    let stat;
    try {
      stat = statSync(file, { bigint: true });
      accessSync(file, constants.R_OK);
    } catch (e) {
      throw new UsageError(`cannot read ${showPath(file)}: ${describeFsError(e)}`);
    }
    // What open() would refuse, known from the stat.
    const refused = stat.isDirectory() ? 'is a directory' : stat.isSocket() ? 'is a socket' : null;
    if (refused) throw new UsageError(`cannot read ${showPath(file)}: ${refused}`);
    return { name: showPath(file), path: file, stat, size: stat.isFile() ? Number(stat.size) : null };
  });
}

// The output must not be one of the inputs, whatever path, link or redirection (`>>` appends to
// it: the input would never end; -o and `>` truncate it): refused as cat refuses it, by identity.
function checkOutput(inputs, output) {
  if (!output?.isFile()) return;
  const same = inputs.find(({ stat }) => stat?.isFile() && stat.dev === output.dev && stat.ino === output.ino);
  if (same) throw new UsageError(`${same.name}: input file is output file`);
}

// An input's bytes, 256 KiB at a time, from a descriptor opened now and closed at its end.
async function* readInput({ name, path }) {
  if (path === null) {
    yield* process.stdin;
    return;
  }
  let handle;
  try {
    handle = await open(path, 'r');
    yield* handle.createReadStream({ highWaterMark: READ_CHUNK, autoClose: false });
  } catch (e) {
    throw e.code ? new UsageError(`cannot read ${name}: ${describeFsError(e)}`) : e;
  } finally {
    await handle?.close();
  }
}

function statOrNull(path) {
  try {
    return statSync(path, { bigint: true });
  } catch {
    return null;
  }
}

// A descriptor's stat (standard input or output: a file, a pipe or a terminal), or null if closed.
function fstatOrNull(fd) {
  try {
    return fstatSync(fd, { bigint: true });
  } catch {
    return null;
  }
}

const FS_ERRORS = {
  ENOENT: 'no such file or directory',
  EACCES: 'permission denied',
  EISDIR: 'is a directory',
  ENOTDIR: 'a part of the path is not a directory',
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on device',
};
// The system's own description of any other error (libuv's, as for `EMFILE`: 'too many open files').
const describeFsError = (e) => FS_ERRORS[e.code] ?? getSystemErrorMap().get(e.errno)?.[1] ?? e.message;

// --detect: one line per input, `name: encoding (confidence; then encoding confidence)`, each
// input fed to a Detector as it is read (memory does not grow with its size).
async function detectAll(options) {
  for (const flag of ['from', 'to', 'fallback', 'html', 'repair', 'fatal']) {
    if (options[flag] !== undefined) throw new UsageError(`--detect converts nothing: --${flag} does not apply`);
  }
  const { Detector } = await import('encoding-wasm/detect');
  const inputs = checkInputs(options.files);
  const lines = [];
  for (const input of inputs) {
    const detector = new Detector();
    for await (const chunk of readInput(input)) detector.feed(chunk);
    detector.feed(new Uint8Array(0), { last: true });
    const { encoding, confidence, alternatives } = detector.guess();
    const next =
      alternatives.length > 0 ? `; then ${alternatives[0].encoding} ${alternatives[0].confidence.toFixed(2)}` : '';
    lines.push(`${input.name}: ${encoding} (${confidence.toFixed(2)}${next})\n`);
  }
  const toFile = options.output !== undefined && options.output !== '-';
  const out = toFile ? createWriteStream(options.output) : process.stdout;
  await pipeline(lines, out, { end: out !== process.stdout });
}

async function main(argv) {
  const options = parse(argv);
  if (options.help) return process.stdout.write(`${USAGE}\n`);
  if (options.version) {
    const { version } = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8'));
    return process.stdout.write(`encoding-wasm ${version}\n`);
  }
  if (options.list) return process.stdout.write(list());
  if (options.detect) return detectAll(options);
  const auto = options.from?.trim().toLowerCase() === 'auto';
  const guess = options.from?.trim().toLowerCase() === 'detect';
  const html = options.html === true;
  if (html && options.from !== undefined) throw new UsageError('--html and --from cannot be used together');
  if (options.fallback !== undefined && !auto && !html) {
    throw new UsageError('--fallback only applies with --from auto or --html');
  }
  const from = auto
    ? 'auto'
    : html
      ? 'html'
      : guess
        ? 'detect'
        : encodingFor(options.from ?? 'utf-8', '--from', { encoder: false });
  const fallback = encodingFor(options.fallback ?? (html ? 'windows-1252' : 'utf-8'), '--fallback', {
    encoder: false,
  });
  // encoding-wasm/detect, loaded only when asked for.
  const detect = html || guess || options.repair ? await import('encoding-wasm/detect') : null;
  const to = encodingFor(options.to ?? 'utf-8', '--to', { encoder: true });
  const fatal = options.fatal === true;

  const inputs = checkInputs(options.files);
  // `-o -` is standard output, as `-` is standard input.
  const toFile = options.output !== undefined && options.output !== '-';
  checkOutput(inputs, toFile ? statOrNull(options.output) : fstatOrNull(1));
  const total = inputs.every((i) => i.size !== null) ? inputs.reduce((n, i) => n + i.size, 0) : null;
  let bar = null;
  let read = 0;
  // A progress bar once the input is known, or seen, to be over PROGRESS_FROM bytes.
  const progress = () => {
    if (bar === null && process.stderr.isTTY && (total ?? read) > PROGRESS_FROM) {
      bar = new ProgressBar(process.stderr, total);
    }
    bar?.update(read);
  };

  async function* texts() {
    for (const input of inputs) {
      yield null;
      const counted = (async function* () {
        for await (const chunk of readInput(input)) {
          read += chunk.length;
          progress();
          yield chunk;
        }
      })();
      yield* decodeInput(lib, counted, { from, fallback, fatal, name: input.name, detect });
    }
  }

  let out = process.stdout;
  if (toFile) {
    out = await new Promise((resolve, reject) => {
      const s = createWriteStream(options.output);
      s.once('open', () => resolve(s));
      s.once('error', (e) => reject(new UsageError(`cannot write ${showPath(options.output)}: ${describeFsError(e)}`)));
    });
  }
  // An error ends the conversion as the end of the input would, so that a file gets every byte
  // before it (were the pipeline destroyed, a file stream's queued writes would be dropped).
  let stopped = null;
  const converted = async function* () {
    const decoded = options.repair ? repairLines(texts(), detect.repair) : texts();
    stopped = yield* encodeTexts(lib, decoded, { to, fatal, names: inputs.map((i) => i.name) });
  };
  try {
    await pipeline(converted, out, { end: out !== process.stdout });
  } finally {
    bar?.end();
  }
  if (stopped) throw stopped;
}

main(process.argv.slice(2)).then(
  () => {},
  (e) => {
    if (e?.code === 'EPIPE') return; // the reader went away (`| head`): nothing left to do
    const usage = e instanceof UsageError;
    const status = e instanceof ConversionError ? 1 : 2;
    const message = usage || status === 1 ? e.message : e?.code ? describeFsError(e) : String(e?.message ?? e);
    process.stderr.write(`encoding-wasm: ${message}\n`);
    process.exitCode = status;
  },
);
