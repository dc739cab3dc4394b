// An add-on bound before the entry that has the labels ('encoding-wasm/lite' or the full one): an
// app may import the add-on first, and with static imports which module binds first is a race
// (each entry awaits its .wasm). Here the add-on has finished loading before the entry is
// imported, so the order is certain. Each order runs in a fresh Node process (modules bind once
// per realm).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';

const SHIFT_JIS = '[0x82, 0xa0, 0x93, 0xfa, 0x96, 0x7b]';
const run = (source) =>
  execFileSync(process.execPath, ['--input-type=module', '-e', source], {
    cwd: new URL('.', import.meta.url),
    encoding: 'utf8',
  });

test("import 'encoding-wasm/japanese' before 'encoding-wasm/lite'", () => {
  const out = run(`
    await import('encoding-wasm/japanese');
    const { TextDecoder, getEncoding } = await import('encoding-wasm/lite');
    console.log(new TextDecoder('sjis').decode(new Uint8Array(${SHIFT_JIS})));
    console.log(new TextDecoder('windows-1251').decode(new Uint8Array([0xcf, 0xf0])));
    console.log(getEncoding('big5'));
    try { new TextDecoder('big5'); } catch (e) { console.log(e.constructor.name, e.message); }
  `);
  assert.equal(
    out,
    'あ日本\nПр\nBig5\nRangeError ' +
      "Failed to construct 'TextDecoder': the Big5 encoding is not loaded: import 'encoding-wasm/chinese-traditional' (or the full 'encoding-wasm') to add it.\n",
  );
});

test("import 'encoding-wasm/korean' before the full 'encoding-wasm'", () => {
  const out = run(`
    await import('encoding-wasm/korean');
    const { TextDecoder, encode } = await import('encoding-wasm');
    console.log(new TextDecoder('euc-kr').decode(new Uint8Array([0xb0, 0xa1])));
    console.log(new TextDecoder('big5').decode(new Uint8Array([0xa4, 0x40])));
    console.log(Array.from(encode('가', 'euc-kr')).join(' '));
  `);
  assert.equal(out, '가\n一\n176 161\n');
});
