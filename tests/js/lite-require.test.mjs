// require() of the lite entry and the add-ons (CommonJS, in a process of its own), in Node and Bun:
// lite has the whole API without the families; each add-on then adds its family to it, and the
// JavaScript build does the same where WebAssembly is missing (node --jitless).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const bun = fileURLToPath(new URL('../../node_modules/.bin/bun', import.meta.url));

// What the script prints: the API's keys, then per family the error before its add-on and the text
// after (bytes hand-checked against the standard's indexes).
const script = `
const lite = require('encoding-wasm/lite');
const out = { keys: Object.keys(lite).sort(), wasm: typeof WebAssembly, cyrillic: new lite.TextDecoder('koi8-r').decode(new Uint8Array([0xf0, 0xd2])) };
const families = [
  ['japanese', 'shift_jis', [0x82, 0xa0]],
  ['chinese-simplified', 'gbk', [0xc4, 0xe3]],
  ['chinese-traditional', 'big5', [0xa4, 0x40]],
  ['korean', 'euc-kr', [0xb0, 0xa1]],
];
for (const [family, label, bytes] of families) {
  let before;
  try { new lite.TextDecoder(label); before = 'no error'; } catch (e) { before = e.name + ': ' + e.message; }
  const exported = Object.keys(require('encoding-wasm/' + family));
  out[family] = { before, exported, after: new lite.TextDecoder(label).decode(new Uint8Array(bytes)) };
}
console.log(JSON.stringify(out));
`;

function check(out) {
  assert.equal(out.keys.length, 11);
  assert.ok(out.keys.includes('TextDecoder') && out.keys.includes('LegacyEncoderStream'));
  assert.equal(out.cyrillic, '\u041F\u0440'); // KOI8-R F0 D2: pointers 112 and 82, Пр
  const expected = {
    japanese: '\u3042', // あ
    'chinese-simplified': '\u4F60', // 你
    'chinese-traditional': '\u4E00', // 一
    korean: '\uAC00', // 가
  };
  for (const [family, text] of Object.entries(expected)) {
    assert.match(out[family].before, new RegExp(`^RangeError: .*import 'encoding-wasm/${family}'`), family);
    assert.deepEqual(out[family].exported, [], family);
    assert.equal(out[family].after, text, family);
  }
}

const run = (cmd, args) =>
  JSON.parse(
    execFileSync(cmd, [...args, '-e', script], { cwd: here, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }),
  );

test("require('encoding-wasm/lite') and each add-on in Node", () => {
  const out = run(process.execPath, []);
  assert.equal(out.wasm, 'object');
  check(out);
});

test('the same with the inline-wasm condition (its ES module entries wait at the top level)', () => {
  check(run(process.execPath, ['--conditions=inline-wasm']));
});

test('the same under node --jitless, through the JavaScript build', () => {
  const out = run(process.execPath, ['--jitless']);
  assert.equal(out.wasm, 'undefined');
  check(out);
});

test("require('encoding-wasm/lite') and each add-on in Bun", () => {
  check(run(bun, []));
});
