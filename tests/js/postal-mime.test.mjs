// A real client over legacy charsets: postal-mime parsing the messages of
// tests/js/shared/postal-mime.mjs with the package's TextDecoder as the global. First, that the
// messages' expected texts are the standard's (its transcription in tests/js/reference) and that
// Node's own decoder gets the marked ones wrong, so passing proves ours did the decoding.
import { execFileSync } from 'node:child_process';
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import * as lib from 'encoding-wasm';
import { getAnEncoding } from './reference/encodings.mjs';
import { ReferenceTextDecoder } from './reference/text-decoder.mjs';
import postalMimeCases, { MESSAGES, samplesOf } from './shared/postal-mime.mjs';

const referenceDecode = (encoding, bytes) => new ReferenceTextDecoder(encoding).decode(bytes);

test("every expected text is the standard's decoding of its bytes", () => {
  for (const message of MESSAGES) {
    for (const { label, encoding, bytes, text, splitAt } of samplesOf(message)) {
      assert.equal(referenceDecode(encoding, bytes), text, `${message.name}: ${label}`);
      // A standard label must name the encoding; other labels are postal-mime's aliases or fallback.
      const named = getAnEncoding(label);
      if (named !== null && named !== 'replacement') assert.equal(named.toLowerCase(), encoding, label);
      // A split word only decodes joined.
      if (splitAt !== undefined) {
        const apart =
          referenceDecode(encoding, bytes.slice(0, splitAt)) + referenceDecode(encoding, bytes.slice(splitAt));
        assert.notEqual(apart, text, `${label} split at ${splitAt}`);
      }
    }
  }
});

test("Node's own TextDecoder gets the marked samples wrong", () => {
  const marked = MESSAGES.flatMap(samplesOf).filter((sample) => sample.nodeNativeDiffers);
  assert.deepEqual([...new Set(marked.map((sample) => sample.encoding))].sort(), [
    'big5',
    'euc-kr',
    'gbk',
    'iso-2022-jp',
    'shift_jis',
    'windows-1252',
  ]);
  for (const { label, encoding, bytes, text } of marked) {
    let native;
    try {
      native = new TextDecoder(encoding).decode(Uint8Array.from(bytes));
    } catch {
      continue; // a Node without this encoding (small-icu) is wrong too
    }
    assert.notEqual(native, text, `${label}: Node's native decoding is the standard's`);
  }
});

for (const [name, fn] of postalMimeCases(() => import('postal-mime'))) test(name, () => fn(lib));

test('tests/js/postal-mime-run.mjs (for engines without WebAssembly) passes with the given entry', () => {
  const script = fileURLToPath(new URL('./postal-mime-run.mjs', import.meta.url));
  const lines = execFileSync(process.execPath, [script, 'encoding-wasm'], { encoding: 'utf8' }).trimEnd().split('\n');
  assert.equal(lines.at(-1), `${MESSAGES.length} passed, 0 failed, 0 skipped`);
});

test('the same cases under node --jitless (no WebAssembly): the JavaScript build decodes them', () => {
  const script = fileURLToPath(new URL('./postal-mime-run.mjs', import.meta.url));
  const lines = execFileSync(process.execPath, ['--jitless', script, 'encoding-wasm'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  })
    .trimEnd()
    .split('\n');
  assert.match(lines[0], /\(WebAssembly absent\)$/);
  assert.equal(lines.at(-1), `${MESSAGES.length} passed, 0 failed, 0 skipped`);
});
