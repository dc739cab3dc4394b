// The encoding-wasm command, run as a subprocess the way `npx encoding-wasm` runs it. Expected
// bytes are the standard's (its index files and well-known code points), never from our encoders.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { display } from '../../bin/display.mjs';
import { getAnEncoding } from './reference/encodings.mjs';
import { referenceInspect } from './reference/inspect.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const pkgJson = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const cli = join(root, pkgJson.bin['encoding-wasm']);
const scratch = mkdtempSync(join(tmpdir(), 'encoding-wasm-cli-'));
process.on('exit', () => rmSync(scratch, { recursive: true, force: true }));

/** Runs the command with `input` on stdin; stdout as bytes, stderr as text. */
function run(args, input = Buffer.alloc(0), options = {}) {
  const r = spawnSync(process.execPath, [cli, ...args], { input, maxBuffer: 64 * 1024 * 1024, ...options });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr.toString() };
}

const bytes = (...b) => Buffer.from(b);
const file = (name, content) => {
  const path = join(scratch, name);
  writeFileSync(path, content);
  return path;
};

test('package.json declares the command and ships it', () => {
  assert.equal(pkgJson.bin['encoding-wasm'], './bin/encoding-wasm.mjs');
  assert.ok(pkgJson.files.includes('bin/'));
  assert.match(readFileSync(cli, 'utf8'), /^#!\/usr\/bin\/env node\n/);
});

test('--help, --version and --list', () => {
  const help = run(['--help']);
  assert.equal(help.status, 0);
  for (const flag of ['--from', '--to', '--output', '--fallback', '--fatal', '--list', '--version', 'auto']) {
    assert.ok(help.stdout.toString().includes(flag), `help mentions ${flag}`);
  }
  assert.equal(run(['-V']).stdout.toString(), `encoding-wasm ${pkgJson.version}\n`);
  // Every encoding of the standard's table, with every one of its labels.
  const listed = run(['-l']).stdout.toString();
  const standard = JSON.parse(readFileSync(join(root, 'indexes/encodings.json'), 'utf8'));
  for (const { heading, encodings } of standard) {
    assert.ok(listed.includes(`${heading}:\n`), heading);
    for (const { name, labels } of encodings) {
      const line = listed.split('\n').find((l) => /^ {2}([^ :]+)/.exec(l)?.[1] === name);
      assert.ok(line, name);
      const listedLabels = line.slice(line.indexOf(': ') + 2).split(' ');
      for (const label of labels) assert.ok(listedLabels.includes(label), `${name} lists ${label}`);
    }
  }
  assert.match(listed, /^ {2}replacement \(neither\):/m);
});

test('converts between encodings, default utf-8 both ways', () => {
  // あいう in Shift_JIS: jis0208 pointers 283, 285, 287 (section "Shift_JIS encoder").
  assert.deepEqual(run(['-t', 'sjis'], Buffer.from('あいう')).stdout, bytes(0x82, 0xa0, 0x82, 0xa2, 0x82, 0xa4));
  assert.equal(run(['-f', 'shift_jis'], bytes(0x82, 0xa0, 0x41)).stdout.toString(), 'あA');
  // 0x80 is € in windows-1252, which ISO-8859-2 lacks; 가 is EUC-KR B0 A1.
  assert.equal(run(['--from', 'latin1'], bytes(0x80)).stdout.toString(), '€');
  assert.deepEqual(run(['-f', 'latin1', '-t', 'iso-8859-2'], bytes(0x80)).stdout, Buffer.from('&#8364;'));
  assert.deepEqual(run(['--to=EUC-KR'], Buffer.from('가')).stdout, bytes(0xb0, 0xa1));
  // ISO-2022-JP switches to JIS X 0208 and back to ASCII at the end.
  assert.deepEqual(
    run(['-t', 'iso-2022-jp'], Buffer.from('あa')).stdout,
    bytes(0x1b, 0x24, 0x42, 0x24, 0x22, 0x1b, 0x28, 0x42, 0x61),
  );
  assert.deepEqual(run(['-t', 'utf-16be'], Buffer.from('a😀')).stdout, bytes(0, 0x61, 0xd8, 0x3d, 0xde, 0x00));
  assert.equal(run(['-f', 'utf-16le'], bytes(0x61, 0, 0x3d, 0xd8, 0x00, 0xde)).stdout.toString(), 'a😀');
});

test('errors as the standard defaults: U+FFFD decoding, &#N; encoding', () => {
  const r = run([], bytes(0x61, 0xff, 0xe3, 0x81, 0x62));
  assert.equal(r.status, 0);
  assert.equal(r.stdout.toString(), 'a\uFFFD\uFFFDb');
  assert.equal(r.stderr, '');
  assert.equal(run(['-t', 'iso-8859-2'], Buffer.from('aあ😀')).stdout.toString(), 'a&#12354;&#128512;');
});

test('-f auto: a byte order mark picks the encoding and is dropped, else the fallback', () => {
  assert.equal(run(['-f', 'auto'], bytes(0xff, 0xfe, 0x41, 0x00)).stdout.toString(), 'A');
  assert.equal(run(['-f', 'auto'], bytes(0xfe, 0xff, 0x00, 0x41)).stdout.toString(), 'A');
  assert.equal(
    run(['-f', 'auto', '--fallback', 'sjis'], bytes(0xef, 0xbb, 0xbf, 0xe3, 0x81, 0x82)).stdout.toString(),
    'あ',
  );
  assert.equal(run(['-f', 'AUTO', '--fallback', 'sjis'], bytes(0x82, 0xa0)).stdout.toString(), 'あ');
  assert.equal(run(['-f', 'auto'], bytes(0xc3, 0xa9)).stdout.toString(), 'é');
  assert.equal(run(['-f', 'auto', '--fallback', 'latin1'], bytes(0xff)).stdout.toString(), 'ÿ');
  assert.equal(run(['-f', 'auto'], bytes()).stdout.length, 0);
  // An explicit encoding skips its own BOM, as TextDecoder does.
  assert.equal(run(['-f', 'utf-16le'], bytes(0xff, 0xfe, 0x41, 0x00)).stdout.toString(), 'A');
});

test('--html: the HTML Standard sniffs each input (BOM, <meta>, XML declaration), else the fallback', () => {
  const ascii = (s) => Buffer.from(s, 'latin1');
  // 82 A0 is あ in Shift_JIS: pointer (0x82 − 0x81) × 188 + (0xA0 − 0x41) = 283, U+3042 in index-jis0208.
  const page = Buffer.concat([ascii('<meta charset="shift_jis"><p>'), bytes(0x82, 0xa0)]);
  assert.equal(run(['--html'], page).stdout.toString(), '<meta charset="shift_jis"><p>あ');
  // No declaration: windows-1252 by default (0x80 is €), or --fallback.
  assert.equal(run(['--html'], bytes(0x80)).stdout.toString(), '€');
  assert.equal(run(['--html', '--fallback', 'koi8-r'], bytes(0xf0)).stdout.toString(), 'П');
  // A BOM beats the <meta>, and is dropped.
  const bom = Buffer.concat([bytes(0xef, 0xbb, 0xbf), Buffer.from('<meta charset=koi8-r>é')]);
  assert.equal(run(['--html'], bom).stdout.toString(), '<meta charset=koi8-r>é');
  // A <meta> ending at byte 1024 counts, one past it does not (the prescan reads 1024 bytes).
  const at = (n) => Buffer.concat([ascii(' '.repeat(n)), ascii('<meta charset=koi8-r>'), bytes(0xf0)]);
  const meta = '<meta charset=koi8-r>'.length;
  assert.match(run(['--html'], at(1024 - meta)).stdout.toString(), /П$/);
  assert.match(run(['--html'], at(1025 - meta)).stdout.toString(), /ð$/);
  // A label of the replacement encoding: nothing can be read.
  const r = run(['--html'], ascii('<meta charset=iso-2022-kr>'));
  assert.equal(r.status, 1);
  assert.match(r.stderr, /<stdin>: declares an encoding whose content cannot be read/);
});

test('--detect prints the likely encoding of each input; -f detect decodes with it', () => {
  // これは日本語の文章です。 in Shift_JIS, pair by pair from index-jis0208 (82 B1 is こ: pointer 188 + 0xB1 − 0x41 = 300 …).
  const sjis = bytes(
    0x82,
    0xb1,
    0x82,
    0xea,
    0x82,
    0xcd,
    0x93,
    0xfa,
    0x96,
    0x7b,
    0x8c,
    0xea,
    0x82,
    0xcc,
    0x95,
    0xb6,
    0x8f,
    0xcd,
    0x82,
    0xc5,
    0x82,
    0xb7,
    0x81,
    0x42,
  );
  const escaped = (name) => name.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
  const line = (name, encoding) =>
    new RegExp(`^${escaped(name)}: ${encoding} \\(\\d\\.\\d\\d(; then [\\w-]+ \\d\\.\\d\\d)?\\)$`);
  const a = file('detect-sjis.txt', sjis);
  const b = file('detect-ascii.txt', 'plain text\n');
  const r = run(['--detect', a, b]);
  assert.equal(r.status, 0, r.stderr);
  const [first, second, rest] = r.stdout.toString().split('\n');
  assert.match(first, line(a, 'Shift_JIS'));
  assert.match(second, line(b, 'windows-1252'));
  assert.equal(rest, '');
  // Привет, мир! in windows-1251 (П CF, р F0, и E8, в E2, е E5, т F2, м EC), from standard input.
  const cyrillic = bytes(0xcf, 0xf0, 0xe8, 0xe2, 0xe5, 0xf2, 0x2c, 0x20, 0xec, 0xe8, 0xf0, 0x21);
  assert.match(run(['--detect'], cyrillic).stdout.toString().trim(), line('<stdin>', 'windows-1251'));
  // A byte order mark decides.
  assert.equal(run(['--detect'], bytes(0xef, 0xbb, 0xbf, 0x41)).stdout.toString(), '<stdin>: UTF-8 (1.00)\n');
  assert.equal(run(['-f', 'detect', a]).stdout.toString(), 'これは日本語の文章です。');
  const usage = run(['--detect', '-t', 'utf-8'], bytes(0x41));
  assert.equal(usage.status, 2);
  assert.match(usage.stderr, /--detect converts nothing: --to does not apply/);
});

test('--repair: mojibake undone line by line, correct lines left as they are', () => {
  // é is C3 A9; read as windows-1252 that is Ã ©, whose UTF-8 is C3 83 C2 A9.
  const input = bytes(
    ...Buffer.from('caf'),
    0xc3,
    0x83,
    0xc2,
    0xa9,
    ...Buffer.from(' au lait\nNaïve Grüße\nt'),
    0xc3,
    0x83,
    0xc2,
    0xa9,
  );
  assert.equal(run(['--repair'], input).stdout.toString(), 'café au lait\nNaïve Grüße\nté');
  // Each input ends its own last line; the output encoding applies after the repair.
  const a = file('repair-a.txt', Buffer.from('fa\u00c3\u00a7ade', 'utf8'));
  const b = file('repair-b.txt', 'ok\n');
  assert.deepEqual([...run(['--repair', '-t', 'latin1', a, b]).stdout], [...Buffer.from('façadeok\n', 'latin1')]);
});

test('files, standard input as -, and -o', () => {
  const a = file('a.txt', bytes(0x82, 0xa0));
  const b = file('b.txt', bytes(0x82, 0xa2));
  const out = join(scratch, 'out.txt');
  const r = run(['-f', 'sjis', '-o', out, a, '-', b], bytes(0x41));
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout.length, 0);
  assert.equal(readFileSync(out, 'utf8'), 'あAい');
});

test('-o - is standard output, as - is standard input', () => {
  const dir = join(scratch, 'dash');
  mkdirSync(dir);
  const r = run(['-f', 'sjis', '-o', '-', '-'], bytes(0x82, 0xa0), { cwd: dir });
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout.toString(), 'あ');
  assert.deepEqual(readdirSync(dir), [], 'no file named -');
});

/** Runs `script` in sh, in `cwd`, with $0 the node binary and $1 the command. */
function shell(script, cwd) {
  const r = spawnSync('sh', ['-c', script, process.execPath, cli], { cwd, timeout: 60_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr.toString() };
}

test('standard output that is an input is refused as cat refuses it, whatever path, link or redirection', () => {
  const dir = join(scratch, 'self');
  mkdirSync(dir);
  const y = join(dir, 'y');
  // Over one 256 KiB read: a command that appended to it would never reach its end. ulimit -f
  // (in 512- or 1024-byte blocks) stops one that tries at 8 or 16 MiB.
  const content = Buffer.alloc(1 << 20, 0x61);
  writeFileSync(y, content);
  symlinkSync('y', join(dir, 'symlink'));
  linkSync(y, join(dir, 'hardlink'));
  writeFileSync(join(dir, 'other'), 'b');
  for (const [script, name] of [
    ['"$0" "$1" y >> y', 'y'],
    ['"$0" "$1" hardlink >> symlink', 'hardlink'],
    ['"$0" "$1" other symlink >> hardlink', 'symlink'],
    ['"$0" "$1" < y >> hardlink', '<stdin>'],
    ['"$0" "$1" - < symlink >> y', '<stdin>'],
    ['"$0" "$1" -o - y >> y', 'y'],
    ['"$0" "$1" -o /dev/stdout y >> symlink', 'y'],
  ]) {
    const r = shell(`ulimit -f 16384; ${script}`, dir);
    assert.equal(r.status, 2, `${script}: ${r.stderr}`);
    assert.equal(r.stderr, `encoding-wasm: ${name}: input file is output file\n`, script);
    assert.ok(readFileSync(y).equals(content), `${script}: the input is untouched`);
    writeFileSync(y, content);
  }
  // Another file, a standard output that -o replaces, or one that is no regular file, is fine.
  for (const [script, written] of [
    ['"$0" "$1" y > out', 'out'],
    ['"$0" "$1" -o out y >> y', 'out'],
    ['"$0" "$1" y /dev/null > /dev/null', null],
  ]) {
    rmSync(join(dir, 'out'), { force: true });
    const r = shell(script, dir);
    assert.equal(r.status, 0, `${script}: ${r.stderr}`);
    assert.ok(readFileSync(y).equals(content), script);
    if (written) assert.ok(readFileSync(join(dir, written)).equals(content), script);
  }
});

test('300 inputs convert under ulimit -n 64: each is opened only when its turn comes', () => {
  const dir = join(scratch, 'many');
  mkdirSync(dir);
  const names = [];
  let expected = '';
  for (let i = 0; i < 300; i++) {
    names.push(`f${String(i).padStart(3, '0')}`);
    // あ in Shift_JIS (82 A0), then the file's number.
    writeFileSync(join(dir, names[i]), Buffer.concat([bytes(0x82, 0xa0), Buffer.from(`${i}\n`)]));
    expected += `あ${i}\n`;
  }
  const r = shell(`ulimit -n 64 && exec "$0" "$1" -f sjis ${names.join(' ')}`, dir);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout.toString(), expected);
});

// As root, access(2) grants everything: a file the user cannot read needs another user, who must
// be able to reach the command (a checkout under a directory only root can enter cannot be).
const asRoot = process.getuid?.() === 0;
const NOBODY = { uid: 65534, gid: 65534 };
const nobodyRuns =
  !asRoot ||
  spawnSync(process.execPath, ['-e', `require('fs').accessSync(${JSON.stringify(cli)})`], NOBODY).status === 0;

test('inputs are checked before anything is written; one that fails later is named with its real error', (t) => {
  const dir = join(scratch, 'checked');
  mkdirSync(dir, { mode: 0o755 });
  const a = file('checked/a.txt', 'あ');
  // Nothing open() would refuse for a reason stat knows: a socket, a file the user cannot read.
  // access(2) answers for the real user and root reads everything: the command runs as nobody.
  const locked = file('checked/locked.txt', 'x');
  chmodSync(locked, 0o200);
  chmodSync(scratch, 0o711);
  let r;
  if (nobodyRuns) {
    r = run([a, locked], Buffer.alloc(0), asRoot ? NOBODY : {});
    assert.equal(r.status, 2, r.stderr);
    assert.equal(r.stderr, `encoding-wasm: cannot read ${locked}: permission denied\n`);
    assert.equal(r.stdout.length, 0);
  } else {
    t.diagnostic(`skipped the unreadable file: as root, and user 65534 cannot reach ${cli}`);
  }
  const socket = join(dir, 'socket');
  const server = createServer().listen(socket);
  r = run([a, socket]);
  server.close();
  assert.equal(r.status, 2, r.stderr);
  assert.equal(r.stderr, `encoding-wasm: cannot read ${socket}: is a socket\n`);
  assert.equal(r.stdout.length, 0);
  // A read that fails after the first input's bytes were written (address 0 of the process's own
  // memory is unmapped: EIO): the error names the file, and ISO-2022-JP's output ends in ASCII.
  r = run(['-t', 'iso-2022-jp', a, '/proc/self/mem']);
  assert.equal(r.status, 2, r.stderr);
  assert.equal(r.stderr, 'encoding-wasm: cannot read /proc/self/mem: i/o error\n');
  assert.deepEqual(r.stdout, bytes(0x1b, 0x24, 0x42, 0x24, 0x22, 0x1b, 0x28, 0x42));
});

test('bad usage: one line on stderr, nothing on stdout, exit status 2', () => {
  const cases = [
    [['-f', 'nope'], /--from: unknown encoding label 'nope'/],
    [['-t', 'bogus'], /--to: unknown encoding label 'bogus'/],
    [['-t', 'iso-2022-kr'], /--to: 'iso-2022-kr' is a label of the replacement encoding/],
    [['-f', 'replacement'], /--from: 'replacement' is a label of the replacement encoding/],
    [['--fallback', 'sjis'], /--fallback only applies with --from auto or --html/],
    [['--html', '-f', 'utf-8'], /--html and --from cannot be used together/],
    [['-f', 'auto', '--fallback', 'x'], /--fallback: unknown encoding label 'x'/],
    [[join(scratch, 'missing.txt')], /cannot read .*missing\.txt: no such file or directory/],
    [[scratch], /cannot read .*: is a directory/],
    [['-o', join(scratch, 'no/such/dir/out')], /cannot write .*out: no such file or directory/],
    [['-o', file('same.txt', 'keep'), join(scratch, 'same.txt')], /same\.txt: input file is output file/],
    [['--bogus'], /Unknown option '--bogus'/],
    [['-f'], /'-f, --from <value>' argument missing/],
    // parseArgs says this over three lines.
    [['-f', '-x'], /Option '-f' argument is ambiguous \(see --help\)/],
  ];
  for (const [args, message] of cases) {
    const r = run(args, Buffer.from('a'));
    assert.equal(r.status, 2, `${args.join(' ')}: ${r.stderr}`);
    assert.match(r.stderr, /^encoding-wasm: [^\n]+\n$/, args.join(' '));
    assert.match(r.stderr, message, args.join(' '));
    assert.equal(r.stdout.length, 0, args.join(' '));
  }
  assert.equal(readFileSync(join(scratch, 'same.txt'), 'utf8'), 'keep');
  // Standard input redirected from the output file (`-o f < f`) is an input too.
  const same = file('stdin-same.txt', 'keep');
  for (const args of [
    ['-o', same],
    ['-o', same, '-'],
  ]) {
    const stdin = openSync(same, 'r');
    const r = spawnSync(process.execPath, [cli, ...args], { stdio: [stdin, 'pipe', 'pipe'], encoding: 'utf8' });
    closeSync(stdin);
    assert.equal(r.status, 2, r.stderr);
    assert.equal(r.stderr, 'encoding-wasm: <stdin>: input file is output file\n');
  }
  assert.equal(readFileSync(same, 'utf8'), 'keep');
});

test('a directory on standard input is refused as a directory named is', () => {
  const a = file('before-dir.txt', 'a');
  for (const args of [[], ['-'], [a, '-']]) {
    const stdin = openSync(scratch, 'r');
    const r = spawnSync(process.execPath, [cli, ...args], { stdio: [stdin, 'pipe', 'pipe'], encoding: 'utf8' });
    closeSync(stdin);
    assert.equal(r.status, 2, `${args.join(' ')}: ${r.stderr}`);
    assert.equal(r.stderr, 'encoding-wasm: cannot read <stdin>: is a directory\n', args.join(' '));
    assert.equal(r.stdout, '', args.join(' '));
  }
});

// What a terminal acts on, left raw in `s`: C0 controls but a line's end, DEL, C1 controls and
// the bidi controls (https://www.unicode.org/reports/tr9/#Directional_Formatting_Characters).
const BIDI_CONTROLS = [0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069];
const rawControls = (s) =>
  Array.from(s).filter((c) => {
    const u = c.codePointAt(0);
    return (u < 0x20 && u !== 0x0a) || (u >= 0x7f && u <= 0x9f) || BIDI_CONTROLS.includes(u);
  });

test('caller-supplied text in a message is escaped and cut: labels, option names, file names, characters', () => {
  const long = 'a'.repeat(100_000);
  const cases = [
    // An OSC window title and a clear screen; a vertical tab a label's whitespace does not include.
    [['-f', 'x\x1b]0;PWNED\x07\x1b[2J'], "--from: unknown encoding label 'x\\x1b]0;PWNED\\x07\\x1b[2J' (see --list)"],
    [['-t', 'shift_jis\v'], "--to: unknown encoding label 'shift_jis\\x0b' (see --list)"],
    // DEL, C1 controls (U+009B is CSI, U+0085 NEL) and every bidi control.
    [
      ['-f', 'a\x7f\u009b\u0085\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069z'],
      "--from: unknown encoding label 'a\\x7f\\u009b\\u0085\\u061c\\u200e\\u200f\\u202a\\u202b\\u202c\\u202d\\u202e\\u2066\\u2067\\u2068\\u2069z' (see --list)",
    ],
    [
      ['-f', 'auto', '--fallback', `é${long}`],
      `--fallback: unknown encoding label 'é${'a'.repeat(63)}… (100001 characters)' (see --list)`,
    ],
    [['--\x1b[31m'], "Unknown option '--\\x1b[31m' (see --help)"],
    [['-l\u009b'], "Unknown option '-\\u009b' (see --help)"],
    [[`--${long}=1`], `Unknown option '--${'a'.repeat(62)}… (100002 characters)' (see --help)`],
    [[join(scratch, 'no\x1b[2J\u202e.txt')], `cannot read ${scratch}/no\\x1b[2J\\u202e.txt: no such file or directory`],
    [['-o', join(scratch, 'no\rdir/out')], `cannot write ${scratch}/no\\x0ddir/out: no such file or directory`],
  ];
  for (const [args, message] of cases) {
    const r = run(args, Buffer.from('a'));
    const what = JSON.stringify(args).slice(0, 80);
    assert.equal(r.status, 2, `${what}: ${r.stderr}`);
    assert.equal(r.stderr, `encoding-wasm: ${message}\n`, what);
    assert.deepEqual(rawControls(r.stderr), [], what);
  }
  // A file name is cut at 256 characters (ENAMETOOLONG: the last part is over 255 bytes).
  const path = join(scratch, 'b'.repeat(300));
  const r = run([path]);
  assert.equal(r.status, 2, r.stderr);
  assert.ok(
    r.stderr.startsWith(`encoding-wasm: cannot read ${path.slice(0, 256)}… (${path.length} characters): `),
    r.stderr,
  );
  assert.match(r.stderr, /^[^\n]+\n$/);
  // In --fatal conversion errors: the input's name, and the unencodable character (U+009B and
  // U+202E are not in index windows-1252).
  const bell = file('bell\x07.txt', bytes(0xff));
  for (const [args, input, message] of [
    [['--fatal', bell], '', `${scratch}/bell\\x07.txt: malformed UTF-8 at byte 0 (0x0), starting ff`],
    [
      ['--fatal', '-t', 'latin1'],
      'a\u009b',
      '<stdin>: U+009B ("\\u009b") at character 2 (line 1, column 2) cannot be encoded in windows-1252',
    ],
    [
      ['--fatal', '-t', 'latin1'],
      '\u202e',
      '<stdin>: U+202E ("\\u202e") at character 1 (line 1, column 1) cannot be encoded in windows-1252',
    ],
  ]) {
    const r = run(args, Buffer.from(input));
    assert.equal(r.status, 1, r.stderr);
    assert.equal(r.stderr, `encoding-wasm: ${message}\n`);
  }
});

test('display(): lone surrogates escaped, a pair kept whole and counted as one character', () => {
  assert.equal(display('a\ud800b\udc00'), 'a\\ud800b\\udc00');
  assert.equal(display('\udc00\ud800'), '\\udc00\\ud800');
  assert.equal(display('x😀', 1), 'x… (2 characters)');
  assert.equal(display('😀😀x', 2), '😀😀… (3 characters)');
  assert.equal(display('😀'.repeat(64)), '😀'.repeat(64));
  assert.equal(display('\x00\x1f\x20~\x7f\x80\x9f\xa0'), '\\x00\\x1f ~\\x7f\\u0080\\u009f\xa0');
});

test('--fatal decoding stops at the first malformed sequence, naming its byte offset', () => {
  // "Hello " then E2 82 cut short by a space.
  let r = run(['--fatal'], Buffer.from('Hello \xe2\x82 world', 'latin1'));
  assert.equal(r.status, 1);
  assert.equal(r.stdout.toString(), 'Hello ');
  assert.equal(r.stderr, 'encoding-wasm: <stdin>: malformed UTF-8 at byte 6 (0x6), starting e2 82 20\n');
  // Cut short by the end of the input.
  r = run(['--fatal'], Buffer.from('Hello \xe2\x82', 'latin1'));
  assert.equal(r.status, 1);
  assert.match(r.stderr, /malformed UTF-8 at byte 6 \(0x6\), starting e2 82\n$/);
  // ISO-2022-JP: after ESC $ B 24 22 ESC ( B, 0xFF is an error in ASCII mode (byte 8).
  r = run(['--fatal', '-f', 'iso-2022-jp'], bytes(0x1b, 0x24, 0x42, 0x24, 0x22, 0x1b, 0x28, 0x42, 0xff));
  assert.equal(r.stdout.toString(), 'あ');
  assert.match(r.stderr, /malformed ISO-2022-JP at byte 8 \(0x8\)/);
  // A sequence across the converter's 256 KiB read chunks: a Shift_JIS lead byte as the chunk's
  // last byte, then a space (not a trail byte) as the next chunk's first.
  const at = 256 * 1024 - 1;
  const big = Buffer.concat([Buffer.alloc(at, 0x61), bytes(0x82, 0x20, 0x61)]);
  const path = file('split.sjis', big);
  for (const [args, stdin, before] of [
    [[path], Buffer.alloc(0), at],
    [['-'], big, at],
    [['-', path], Buffer.from('aa'), at + 2],
  ]) {
    r = run(['-f', 'sjis', '--fatal', ...args], stdin);
    const name = args.at(-1) === '-' ? '<stdin>' : path;
    assert.equal(r.status, 1);
    assert.equal(r.stderr, `encoding-wasm: ${name}: malformed Shift_JIS at byte ${at} (0x3ffff), starting 82 20\n`);
    // The text before the error, and nothing else.
    assert.equal(r.stdout.length, before, args.join(' '));
    assert.ok(r.stdout.every((b) => b === 0x61));
  }
});

/** Runs the command, writing `input` to its standard input a byte at a time, 100 ms apart. */
function trickle(args, input) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], { stdio: ['pipe', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.stdin.on('error', () => {}); // the command may stop before the last byte
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stderr }));
    let i = 0;
    const next = () => {
      if (i === input.length) return child.stdin.end();
      child.stdin.write(input.subarray(i, ++i));
      setTimeout(next, 100);
    };
    next();
  });
}

test('--fatal decoding shows the same bytes however the input is cut into reads', async () => {
  // E3 then 27, no continuation byte: the decoder meets the error at 27, where the bytes shown end.
  const input = bytes(0x61, 0xe3, 0x27, 0x5c, 0x55);
  const expected = 'encoding-wasm: <stdin>: malformed UTF-8 at byte 1 (0x1), starting e3 27\n';
  assert.equal(run(['--fatal'], input).stderr, expected);
  const trickled = await trickle(['--fatal'], input);
  assert.equal(trickled.status, 1);
  assert.equal(trickled.stderr, expected);
});

// Over 2 MiB: the package works on 2 MiB pieces, the command reads 256 KiB chunks; 2 MiB is a
// boundary of both. `before` 'a' bytes, then `middle`, then `after` (an array of bytes each).
const MiB = 1 << 20;
const around = (before, middle, after = []) => Buffer.concat([Buffer.alloc(before, 0x61), bytes(...middle, ...after)]);

test('over 2 MiB, a character across the 2 MiB boundary converts exactly, from a file and from standard input', () => {
  const cases = [
    // Shift_JIS 82 A0 is あ (jis0208 pointer 283), UTF-8 E3 81 82.
    [['-f', 'sjis'], around(2 * MiB - 1, [0x82, 0xa0], [0x7a]), around(2 * MiB - 1, [0xe3, 0x81, 0x82], [0x7a])],
    // gb18030 81 30 81 30 is U+0080 (index gb18030 ranges pointer 0), UTF-8 C2 80.
    [['-f', 'gb18030'], around(2 * MiB - 2, [0x81, 0x30, 0x81, 0x30], [0x7a]), around(2 * MiB - 2, [0xc2, 0x80, 0x7a])],
    [['-t', 'sjis'], around(2 * MiB - 1, [0xe3, 0x81, 0x82], [0x7a]), around(2 * MiB - 1, [0x82, 0xa0, 0x7a])],
    // U+1F600 (F0 9F 98 80) in gb18030: pointer 189000 + 0xF600 = 251976 = 19 × 12600 + 9 × 1260 +
    // 123 × 10 + 6, so 0x81 + 19, 0x30 + 9, 0x81 + 123, 0x30 + 6.
    [
      ['-t', 'gb18030'],
      around(2 * MiB - 2, [0xf0, 0x9f, 0x98, 0x80, 0x7a]),
      around(2 * MiB - 2, [0x94, 0x39, 0xfc, 0x36, 0x7a]),
    ],
    // あ (jis0208 pointer 283) before it, い (285) across it: ESC $ B 24 22 24 24 ESC ( B, one mode
    // switch either way however the text is cut.
    [
      ['-t', 'iso-2022-jp'],
      around(2 * MiB - 4, [0xe3, 0x81, 0x82, 0xe3, 0x81, 0x84, 0x7a]),
      around(2 * MiB - 4, [0x1b, 0x24, 0x42, 0x24, 0x22, 0x24, 0x24, 0x1b, 0x28, 0x42, 0x7a]),
    ],
  ];
  for (const [args, input, expected] of cases) {
    const path = file('across.in', input);
    for (const [how, r] of [
      ['file', run([...args, path])],
      ['stdin', run(args, input)],
    ]) {
      assert.equal(r.status, 0, `${args.join(' ')} ${how}: ${r.stderr}`);
      assert.equal(r.stdout.length, expected.length, `${args.join(' ')} ${how}: length`);
      assert.ok(r.stdout.equals(expected), `${args.join(' ')} ${how}: bytes`);
    }
  }
});

test('--fatal past 2 MiB: the byte offset or character named counts from the start of its input', () => {
  const big = file('fatal-big.in', Buffer.alloc(0));
  const small = file('fatal-small.in', Buffer.from('xy\n')); // ASCII: the same bytes in and out
  const cases = [
    // Malformed: byte 2 Mi + 6 (0x200006), and a sequence begun before 2 Mi, cut short after it.
    [
      ['-f', 'utf-8'],
      around(2 * MiB + 6, [0xff, 0x62]),
      'malformed UTF-8 at byte 2097158 (0x200006), starting ff',
      2 * MiB + 6,
    ],
    [
      ['-f', 'utf-8'],
      around(2 * MiB - 1, [0xe3, 0x81, 0x20, 0x62]),
      'malformed UTF-8 at byte 2097151 (0x1fffff), starting e3 81 20',
      2 * MiB - 1,
    ],
    [
      ['-f', 'sjis'],
      around(2 * MiB + 6, [0x82, 0x20]),
      'malformed Shift_JIS at byte 2097158 (0x200006), starting 82 20',
      2 * MiB + 6,
    ],
    // Unencodable: あ is character 2 Mi + 7 (counted from 1); after a line break, its line and column.
    [
      ['-t', 'latin1'],
      around(2 * MiB + 6, [0xe3, 0x81, 0x82]),
      'U+3042 ("あ") at character 2097159 (line 1, column 2097159) cannot be encoded in windows-1252',
      2 * MiB + 6,
    ],
    [
      ['-t', 'latin1'],
      around(2 * MiB, [0x0a, 0x62, 0x63, 0xf0, 0x9f, 0x98, 0x80]),
      'U+1F600 ("😀") at character 2097156 (line 2, column 3) cannot be encoded in windows-1252',
      2 * MiB + 3,
    ],
  ];
  for (const [args, input, message, written] of cases) {
    writeFileSync(big, input);
    // Alone, and after another input: the offset is within its own input.
    for (const [inputs, before] of [
      [[big], Buffer.alloc(0)],
      [[small, big], Buffer.from('xy\n')],
    ]) {
      const r = run(['--fatal', ...args, ...inputs]);
      const what = `${args.join(' ')} ${inputs.length} inputs: ${message}`;
      assert.equal(r.status, 1, what);
      assert.equal(r.stderr, `encoding-wasm: ${big}: ${message}\n`, what);
      // Everything before the error: the other input, the 'a's and for the line break, \nbc.
      const expected = Buffer.concat([before, input.subarray(0, written)]);
      assert.equal(r.stdout.length, expected.length, what);
      assert.ok(r.stdout.equals(expected), what);
    }
  }
});

// The byte named is where the standard's decoder meets its first error, by the transcription in
// tests/js/reference/ (docs/api.md's rule for inspect(): where the malformed sequence starts).
test('--fatal decoding names the byte of the first error for random inputs in every multi-byte encoding', () => {
  let state = 12;
  const random = (n) => {
    state = (state * 1103515245 + 12345) >>> 0;
    return state % n;
  };
  let errors = 0;
  for (const label of ['utf-8', 'gb18030', 'big5', 'euc-jp', 'iso-2022-jp', 'shift_jis', 'euc-kr', 'utf-16be']) {
    for (let n = 0; n < 4; n++) {
      // Mostly ASCII, with runs of high bytes and escapes: errors appear after a few characters.
      const input = Buffer.from(
        Array.from({ length: 41 }, () => [0x41, 0x1b, 0x24, 0x28, 0x42, 0x30, 0x81 + random(0x7e)][random(7)]),
      );
      const reference = referenceInspect(input, getAnEncoding(label));
      const expected = reference.errors[0];
      const r = run(['-f', label, '--fatal'], input);
      if (expected === undefined) {
        assert.equal(r.status, 0, `${label} ${input.toString('hex')}: ${r.stderr}`);
        continue;
      }
      errors++;
      assert.equal(r.status, 1, `${label} ${input.toString('hex')}`);
      assert.match(r.stderr, new RegExp(` at byte ${expected.byteStart} `), `${label} ${input.toString('hex')}`);
      // The bytes shown: the malformed sequence, then those the decoder gave back to the input
      // (the standard's "prepend", at most two: gb18030's, ISO-2022-JP's), up to where it met the error.
      const shown = Buffer.from(/starting ([0-9a-f ]+)\n$/.exec(r.stderr)[1].replaceAll(' ', ''), 'hex');
      const sequence = expected.byteEnd - expected.byteStart;
      assert.ok(shown.length >= sequence && shown.length <= sequence + 2, `${label}: ${r.stderr}`);
      assert.ok(shown.equals(input.subarray(expected.byteStart, expected.byteStart + shown.length)), r.stderr);
      // The text before the error, and nothing else.
      assert.equal(
        r.stdout.toString(),
        reference.text.slice(0, expected.textIndex),
        `${label} ${input.toString('hex')}`,
      );
    }
  }
  assert.ok(errors >= 16, `only ${errors} of the 32 inputs are malformed`);
});

test('--fatal encoding stops at the first unencodable character, naming it and its position', () => {
  // On line 3, after a first line long enough to span several chunks.
  const first = `${'é'.repeat(300_000)}\n`;
  const text = `${first}ab\ncd😀xあ`;
  const r = run(['-t', 'latin1', '--fatal'], Buffer.from(text));
  assert.equal(r.status, 1);
  assert.equal(
    r.stderr,
    'encoding-wasm: <stdin>: U+1F600 ("😀") at character 300007 (line 3, column 3) cannot be encoded in windows-1252\n',
  );
  // Everything before it: é is 0xE9 in windows-1252.
  assert.deepEqual(r.stdout, Buffer.concat([Buffer.alloc(300_000, 0xe9), Buffer.from('\nab\ncd')]));
});

test('--fatal to ISO-2022-JP: the bytes before the error end back in ASCII (ESC ( B)', () => {
  // あ is jis0208 pointer 283: 24 22 after ESC $ B; い is 285: 24 24. ¥ is 5C after ESC ( J.
  const ascii = [0x1b, 0x28, 0x42];
  for (const [input, expected, message] of [
    // Malformed input when decoding, while the encoder is in JIS X 0208 mode.
    [bytes(0xe3, 0x81, 0x82, 0xff), [0x1b, 0x24, 0x42, 0x24, 0x22, ...ascii], /malformed UTF-8 at byte 3 /],
    // U+000E in JIS X 0208 mode: the encoder switches to ASCII first, then fails on it.
    [
      Buffer.from('あ\u000e'),
      [0x1b, 0x24, 0x42, 0x24, 0x22, ...ascii],
      /U\+000E \("\\x0e"\) at character 2 \(line 1, column 2\) cannot be encoded in ISO-2022-JP/,
    ],
    // In Roman mode the encoder fails on U+000E without switching: the end switches.
    [Buffer.from('¥\u000e'), [0x1b, 0x28, 0x4a, 0x5c, ...ascii], /U\+000E .* at character 2 /],
    // € is not in index jis0208: back to ASCII, then the error.
    [Buffer.from('aあ€'), [0x61, 0x1b, 0x24, 0x42, 0x24, 0x22, ...ascii], /U\+20AC \("€"\) at character 3 /],
  ]) {
    const r = run(['-t', 'iso-2022-jp', '--fatal'], input);
    assert.equal(r.status, 1, r.stderr);
    assert.match(r.stderr, message);
    assert.deepEqual(r.stdout, Buffer.from(expected), input.toString('hex'));
  }
  // The mode carries from one input into the next; the second stops; -o gets the same bytes.
  const out = join(scratch, 'jis-out');
  const r = run(['-t', 'iso-2022-jp', '--fatal', '-o', out, file('jis-a', 'あ'), '-'], bytes(0xe3, 0x81, 0x84, 0xff));
  assert.equal(r.status, 1);
  assert.equal(r.stderr, 'encoding-wasm: <stdin>: malformed UTF-8 at byte 3 (0x3), starting ff\n');
  assert.deepEqual(readFileSync(out), bytes(0x1b, 0x24, 0x42, 0x24, 0x22, 0x24, 0x24, ...ascii));
});

/** Runs the command with `total` bytes of `unit` repeated on stdin (streamed, never held whole). */
function streamThrough(args, unit, total) {
  return new Promise((resolve, reject) => {
    const rss = file(
      'max-rss.cjs',
      "process.on('exit', () => process.stderr.write('maxRSS ' + process.resourceUsage().maxRSS + '\\n'));",
    );
    const child = spawn(process.execPath, ['--require', rss, cli, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
    const hash = createHash('sha256');
    let length = 0;
    let stderr = '';
    child.stdout.on('data', (d) => {
      hash.update(d);
      length += d.length;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, length, sha256: hash.digest('hex'), stderr }));
    const block = Buffer.concat(Array(Math.ceil((1 << 20) / unit.length)).fill(unit));
    const blocks = Math.ceil(total / block.length);
    let sent = 0;
    const write = () => {
      while (sent < blocks) {
        sent++;
        if (!child.stdin.write(block)) return child.stdin.once('drain', write);
      }
      child.stdin.end();
    };
    write();
  });
}

test('256 MiB through standard input in constant memory (under 200 MB RSS)', { timeout: 300_000 }, async () => {
  // Each unit: ASCII, then あ (82 A0) and ｶ (half-width katakana: U+FF76 - U+FF61 + A1 = B6).
  const unit = Buffer.from('line of text あｶ\n');
  const sjisUnit = Buffer.concat([Buffer.from('line of text '), bytes(0x82, 0xa0, 0xb6), Buffer.from('\n')]);
  const block = Buffer.concat(Array(Math.ceil((1 << 20) / unit.length)).fill(unit));
  const total = 256 * 1024 * 1024;
  const blocks = Math.ceil(total / block.length);
  const units = blocks * (block.length / unit.length);
  const expected = createHash('sha256');
  const sjisBlock = Buffer.concat(Array(block.length / unit.length).fill(sjisUnit));
  for (let i = 0; i < blocks; i++) expected.update(sjisBlock);
  const started = Date.now();
  const r = await streamThrough(['-t', 'shift_jis', '--fatal'], unit, total);
  const seconds = (Date.now() - started) / 1000;
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.length, units * sjisUnit.length);
  assert.equal(r.sha256, expected.digest('hex'));
  const maxRss = Number(/maxRSS (\d+)/.exec(r.stderr)[1]) * 1024;
  console.log(
    `# ${blocks * block.length} bytes in ${seconds.toFixed(1)} s (${((blocks * block.length) / 2 ** 20 / seconds).toFixed(0)} MiB/s), max RSS ${(maxRss / 1e6).toFixed(1)} MB`,
  );
  assert.ok(maxRss < 200e6, `max RSS was ${maxRss} bytes`);
  assert.doesNotMatch(r.stderr, /%/, 'no progress bar when stderr is not a terminal');
});

test('a progress bar on stderr when it is a terminal and the input is over 16 MiB', () => {
  const big = file('big.txt', Buffer.alloc(20 * 1024 * 1024, 0x61));
  const small = file('small.txt', Buffer.alloc(1024 * 1024, 0x61));
  // script(1) runs the command on a pseudo-terminal and copies what it writes to stdout.
  const onTerminal = (path) => {
    const command = [process.execPath, cli, '-o', join(scratch, 'tty-out.txt'), path].map((a) => `'${a}'`).join(' ');
    const r = spawnSync('script', ['-qfec', command, '/dev/null'], { encoding: 'latin1' });
    assert.equal(r.status, 0, r.stderr);
    return r.stdout;
  };
  const shown = onTerminal(big);
  assert.match(shown, /\r\[#*-*\] +\d+ % \d+\.\d MiB of 20\.0 MiB/);
  assert.ok(shown.endsWith('\r\u001b[K'), 'the bar is erased at the end');
  assert.equal(readFileSync(join(scratch, 'tty-out.txt')).length, 20 * 1024 * 1024);
  assert.equal(onTerminal(small), '');
});

test('npx encoding-wasm works from the packed package installed in a fresh project', { timeout: 120_000 }, () => {
  const app = join(scratch, 'app');
  const sh = (cmd, args, input) => {
    const r = spawnSync(cmd, args, { cwd: app, input, encoding: 'buffer' });
    assert.equal(r.status, 0, `${cmd} ${args.join(' ')}: ${r.stderr}`);
    return r.stdout;
  };
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), '{ "name": "app", "private": true, "type": "module" }');
  const [{ filename }] = JSON.parse(
    spawnSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', app], { cwd: root }).stdout,
  );
  sh('npm', ['install', '--offline', '--no-audit', '--no-fund', join(app, filename)]);
  assert.deepEqual(sh('npx', ['--no-install', 'encoding-wasm', '-t', 'sjis'], Buffer.from('あ')), bytes(0x82, 0xa0));
});
