// Node's full entries (ES module and CommonJS) compile the lite module at import and a family's
// module the first time one of its encodings is asked for; a family's file missing from the
// installed package is an Error naming it, and the other families and the BOM paths still work.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';

const pkg = new URL('../../pkg/', import.meta.url);

test('the lite module at import, each family on first use', async () => {
  const lib = await import(new URL('index.node.mjs', pkg));
  const { boundModules } = await import(new URL('node-bind.mjs', pkg));
  assert.equal(boundModules().length, 1);
  assert.equal(new lib.TextDecoder('windows-1251').decode(new Uint8Array([0xc0])), 'А');
  assert.equal(lib.getEncoding('sjis'), 'Shift_JIS');
  assert.equal(boundModules().length, 1);
  assert.equal(new lib.TextDecoder('sjis').decode(new Uint8Array([0x82, 0xa0])), 'あ');
  assert.equal(boundModules().length, 2);
  assert.deepEqual(lib.encode('가', 'euc-kr'), new Uint8Array([0xb0, 0xa1]));
  assert.equal(boundModules().length, 3);
});

test('a missing family file is an Error naming it; the rest works', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'encoding-wasm-lazy-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  cpSync(pkg, dir, { recursive: true });
  rmSync(join(dir, 'japanese-unpacked_bg.wasm'));
  const lib = await import(pathToFileURL(join(dir, 'index.node.mjs')));
  for (let i = 0; i < 2; i++) {
    assert.throws(
      () => new lib.TextDecoder('shift_jis'),
      (e) =>
        e.constructor === Error &&
        /^encoding-wasm: the japanese module cannot be loaded: .*japanese-unpacked_bg\.wasm/.test(e.message),
    );
  }
  // A BOM picks UTF-8 before the fallback's module is needed.
  assert.deepEqual(lib.decode(new Uint8Array([0xef, 0xbb, 0xbf, 0x41]), 'shift_jis'), { text: 'A', encoding: 'UTF-8' });
  assert.equal(new lib.TextDecoder('big5').decode(new Uint8Array([0xa4, 0x40])), '一');
});

test('require(): a family is read on first use; a missing family file is an Error naming it', (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'encoding-wasm-lazy-cjs-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  cpSync(pkg, dir, { recursive: true });
  rmSync(join(dir, 'korean-unpacked_bg.wasm'));
  // The require() succeeds without the Korean file: nothing reads it until EUC-KR is asked for.
  const lib = createRequire(join(dir, 'index.cjs'))('./index.cjs');
  assert.equal(new lib.TextDecoder('windows-1251').decode(new Uint8Array([0xc0])), 'А');
  assert.equal(new lib.TextDecoder('sjis').decode(new Uint8Array([0x82, 0xa0])), 'あ');
  for (let i = 0; i < 2; i++) {
    assert.throws(
      () => lib.encode('가', 'euc-kr'),
      (e) =>
        e.constructor === Error &&
        /^encoding-wasm: the korean module cannot be loaded: .*korean-unpacked_bg\.wasm/.test(e.message),
    );
  }
  assert.equal(new lib.TextDecoder('gbk').decode(new Uint8Array([0xb0, 0xa1])), '啊');
});

test('every encoding decodes and encodes alike through import, require() and the packed full module', async () => {
  const esm = await import(new URL('index.node.mjs', pkg));
  const cjs = createRequire(new URL('index.cjs', pkg))('./index.cjs');
  // The inlined full module: the packed indexes, where the Node entries read the unpacked ones.
  const full = await import(new URL('index.inline.mjs', pkg));
  const bytes = Uint8Array.from({ length: 512 }, (_, i) => (i % 3 === 2 ? 0x41 : 0x81 + ((i * 37) % 126)));
  const text = 'a\u00E9\u3042\u4E00\uAC00\u{20B9F}\u00A5\u203E';
  for (const { name, hasEncoder } of esm.encodings().flatMap((g) => g.encodings)) {
    if (name === 'replacement') continue;
    const decoded = [esm, cjs, full].map((lib) => new lib.TextDecoder(name).decode(bytes));
    assert.equal(decoded[1], decoded[0], `${name}: require() and import differ`);
    assert.equal(decoded[2], decoded[0], `${name}: the packed full module and import differ`);
    if (!hasEncoder) continue;
    const encoded = [esm, cjs, full].map((lib) => lib.encode(text, name));
    assert.deepEqual(encoded[1], encoded[0], `${name}: require() and import encode differently`);
    assert.deepEqual(encoded[2], encoded[0], `${name}: the packed full module and import encode differently`);
  }
});

// Built-ins a caller replaces after import, each to throw: loading a family on first use calls
// none of them. (What Node's own fs and path call is Node's business: path.join, which the
// CommonJS entry names each file with for tools that trace them, pushes on an array.)
const REPLACED = [
  [Array.prototype, 'push'],
  [Array.prototype, 'splice'],
  [Array.prototype, Symbol.iterator],
  [Map.prototype, 'get'],
  [Map.prototype, 'delete'],
  [Map.prototype, 'set'],
];
function withReplaced(run, replaced = REPLACED) {
  const originals = replaced.map(([object, key]) => [object, key, object[key]]);
  // (Index loops: the array iterator is among the replaced.)
  try {
    for (let i = 0; i < replaced.length; i++) {
      const key = replaced[i][1];
      replaced[i][0][key] = () => {
        throw new Error(`${String(key)} was called`);
      };
    }
    return run();
  } catch (e) {
    return e;
  } finally {
    for (let i = 0; i < originals.length; i++) originals[i][0][originals[i][1]] = originals[i][2];
  }
}

test('a family loaded on first use after the caller replaced built-ins', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'encoding-wasm-lazy-patched-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  cpSync(pkg, dir, { recursive: true });
  const esm = await import(pathToFileURL(join(dir, 'index.node.mjs')));
  const cjs = createRequire(join(dir, 'index.cjs'))('./index.cjs');
  const input = new Uint8Array([0x82, 0xa0]);
  // 82 A0 is あ in Shift_JIS; B0 A1 is 가 in EUC-KR.
  assert.equal(
    withReplaced(() => new esm.TextDecoder('shift_jis').decode(input)),
    'あ',
  );
  assert.equal(
    withReplaced(
      () => new cjs.TextDecoder('shift_jis').decode(input),
      REPLACED.filter(([, key]) => key !== 'push'),
    ),
    'あ',
  );
  assert.deepEqual(
    withReplaced(() => esm.encode('가', 'euc-kr')),
    new Uint8Array([0xb0, 0xa1]),
  );
});
