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
        /^encoding-wasm: the japanese module cannot be read: .*japanese-unpacked_bg\.wasm/.test(e.message),
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
        /^encoding-wasm: the korean module cannot be read: .*korean-unpacked_bg\.wasm/.test(e.message),
    );
  }
  assert.equal(new lib.TextDecoder('gbk').decode(new Uint8Array([0xb0, 0xa1])), '啊');
});
