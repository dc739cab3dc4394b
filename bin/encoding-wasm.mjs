#!/usr/bin/env node
// encoding-wasm: converts text between the Encoding Standard's encodings, like iconv.
// Exit status: 0 done, 1 a --fatal conversion error, 2 bad usage or an unreadable/unwritable file.

import { createReadStream, createWriteStream, fstatSync, statSync } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import * as lib from 'encoding-wasm';
import { ConversionError, decodeInput, encodeTexts } from './convert.mjs';
import { ProgressBar } from './progress.mjs';

const PROGRESS_FROM = 16 * 1024 * 1024;
const READ_CHUNK = 256 * 1024;

const USAGE = `Usage: encoding-wasm [-f LABEL] [-t LABEL] [-o FILE] [--fatal] [FILE...]
Converts FILEs (or standard input, also '-') from one encoding to another, as the WHATWG
Encoding Standard defines them, and writes the result to standard output or FILE.

  -f, --from LABEL      the input's encoding (default utf-8); 'auto' picks UTF-8, UTF-16LE or
                        UTF-16BE from a byte order mark, else the --fallback encoding
      --fallback LABEL  the encoding for 'auto' when there is no byte order mark (default utf-8)
  -t, --to LABEL        the output's encoding (default utf-8): any with an encoder, or UTF-16LE/BE
  -o, --output FILE     write to FILE instead of standard output
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

function parse(argv) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        from: { type: 'string', short: 'f' },
        to: { type: 'string', short: 't' },
        output: { type: 'string', short: 'o' },
        fallback: { type: 'string' },
        fatal: { type: 'boolean' },
        list: { type: 'boolean', short: 'l' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'V' },
      },
    });
  } catch (e) {
    // parseArgs's messages end with advice for scripts ("To specify a positional argument…").
    throw new UsageError(`${e.message.split('. ')[0].replace(/\.$/, '')} (see --help)`);
  }
  return { ...parsed.values, files: parsed.positionals };
}

/** The standard's name of `label`'s encoding, for `option`; `encoder` asks for one with an encoder. */
function encodingFor(label, option, { encoder }) {
  const name = lib.getEncoding(label);
  if (name === null) throw new UsageError(`${option}: unknown encoding label '${label}' (see --list)`);
  const info = lib
    .encodings()
    .flatMap((g) => g.encodings)
    .find((e) => e.name === name);
  if (name === 'replacement') {
    throw new UsageError(`${option}: '${label}' is a label of the replacement encoding, which cannot be used here`);
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

// Opens every input before any output is written, so a missing file costs nothing.
async function openInputs(files) {
  const inputs = [];
  for (const file of files.length ? files : ['-']) {
    if (file === '-') {
      const stat = stdinStat();
      inputs.push({
        name: '<stdin>',
        stream: () => process.stdin,
        size: stat?.isFile() ? stat.size : null,
        // `< file` makes standard input that file: -o must not truncate it either.
        id: stat?.isFile() ? `${stat.dev}:${stat.ino}` : undefined,
      });
      continue;
    }
    let handle;
    try {
      handle = await open(file, 'r');
      const stat = await handle.stat();
      if (stat.isDirectory()) throw Object.assign(new Error(), { code: 'EISDIR' });
      inputs.push({
        name: file,
        stream: () => createReadStream(null, { fd: handle.fd, highWaterMark: READ_CHUNK, autoClose: false }),
        size: stat.isFile() ? stat.size : null,
        handle,
        id: `${stat.dev}:${stat.ino}`,
      });
    } catch (e) {
      await handle?.close();
      throw new UsageError(`cannot read ${file}: ${describeFsError(e)}`);
    }
  }
  return inputs;
}

function statOrNull(path) {
  try {
    return statSync(path);
  } catch {
    return null;
  }
}

// Standard input's stat (a file for `< file`, else a pipe or a terminal), or null if closed.
function stdinStat() {
  try {
    return fstatSync(0);
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
const describeFsError = (e) => FS_ERRORS[e.code] ?? e.message;

async function main(argv) {
  const options = parse(argv);
  if (options.help) return process.stdout.write(`${USAGE}\n`);
  if (options.version) {
    const { version } = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8'));
    return process.stdout.write(`encoding-wasm ${version}\n`);
  }
  if (options.list) return process.stdout.write(list());
  const auto = options.from?.trim().toLowerCase() === 'auto';
  if (options.fallback !== undefined && !auto) throw new UsageError('--fallback only applies with --from auto');
  const from = auto ? 'auto' : encodingFor(options.from ?? 'utf-8', '--from', { encoder: false });
  const fallback = encodingFor(options.fallback ?? 'utf-8', '--fallback', { encoder: false });
  const to = encodingFor(options.to ?? 'utf-8', '--to', { encoder: true });
  const fatal = options.fatal === true;

  const inputs = await openInputs(options.files);
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
        for await (const chunk of input.stream()) {
          read += chunk.length;
          progress();
          yield chunk;
        }
      })();
      yield* decodeInput(lib, counted, { from, fallback, fatal, name: input.name });
      await input.handle?.close();
    }
  }

  let out = process.stdout;
  if (options.output !== undefined) {
    // Opening the output truncates it: it must not be one of the inputs.
    const existing = statOrNull(options.output);
    if (existing && inputs.some((i) => i.id === `${existing.dev}:${existing.ino}`)) {
      throw new UsageError(`-o ${options.output}: the output would overwrite an input`);
    }
    out = await new Promise((resolve, reject) => {
      const s = createWriteStream(options.output);
      s.once('open', () => resolve(s));
      s.once('error', (e) => reject(new UsageError(`cannot write ${options.output}: ${describeFsError(e)}`)));
    });
  }
  try {
    await pipeline(encodeTexts(lib, texts(), { to, fatal, names: inputs.map((i) => i.name) }), out, {
      end: out !== process.stdout,
    });
  } finally {
    bar?.end();
  }
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
