// Text from Debian 12 packages, for the scripts that gather it (bench/corpus.mjs, the benchmark's
// corpora; detect/corpus.mjs, the detector's training text): fetching and unpacking a package,
// walking its files, and manual pages as prose.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, lstatSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';

// apt-get and dpkg-deb, or an error that says so.
export function requireTools() {
  for (const tool of ['apt-get', 'dpkg-deb']) {
    if (spawnSync(tool, ['--version'], { stdio: 'ignore' }).error) {
      throw new Error(`${tool} not found: this script needs Debian's apt-get and dpkg-deb (run it on Debian 12)`);
    }
  }
}

let updated = false;

// The directory in `work` where package `name` is unpacked (with its DEBIAN control files),
// downloaded first unless its .deb is there.
export function fetchPackage(name, work) {
  const dir = join(work, name);
  if (existsSync(join(dir, 'DEBIAN'))) return dir;
  const deb = () => readdirSync(work).find((f) => f.startsWith(`${name}_`) && f.endsWith('.deb'));
  if (!deb()) {
    const download = () =>
      execFileSync('apt-get', ['download', name], { cwd: work, stdio: ['ignore', 'ignore', 'pipe'] });
    try {
      download();
    } catch {
      if (updated) throw new Error(`apt-get download ${name} failed`);
      execFileSync('apt-get', ['update'], { stdio: ['ignore', 'ignore', 'inherit'] }); // a fresh machine has no lists
      updated = true;
      download();
    }
  }
  const partial = `${dir}.partial`; // renamed once whole, so an interrupted run unpacks again
  rmSync(partial, { recursive: true, force: true });
  execFileSync('nice', ['-n', '19', 'dpkg-deb', '-R', join(work, deb()), partial]);
  rmSync(dir, { recursive: true, force: true }); // an older unpacking without control files
  renameSync(partial, dir);
  return dir;
}

// The regular files under `dir`, in a stable order (symbolic links are not followed).
export function* walk(dir) {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    const stat = lstatSync(path);
    if (stat.isDirectory()) yield* walk(path);
    else if (stat.isFile()) yield path;
  }
}

// Manual pages: text lines and the text of font and heading macros; other requests, comments and
// escapes (fonts, special characters, spacing) go.
export function roffText(src) {
  return src
    .split('\n')
    .map((l) => {
      const macro = /^\.(?:[BI]|[BIR][BIR]|S[HSMB])\s+(.*)$/.exec(l);
      return macro ? macro[1].replace(/"/g, '') : l;
    })
    .filter((l) => !/^['.]/.test(l))
    .map((l) =>
      l
        .replace(/\\f(\[[^\]]*\]|\(..|.)/g, '')
        .replace(/\\\(..|\\\[[^\]]*\]/g, '')
        .replace(/\\-/g, '-')
        .replace(/\\[&,/%:|^ ]/g, (m) => (m === '\\ ' ? ' ' : ''))
        .replace(/\\e/g, '\\') // last: the backslash it gives is text, not an escape
        .trimEnd(),
    )
    .join('\n');
}
