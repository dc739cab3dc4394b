// Detectors dropped leave nothing in the detector's module: a Detector keeps its state in
// JavaScript, as the bytes the core saves it as (src/detect/state.rs, js/detect/detect.mjs), so
// there is nothing to free, even where the engine has no FinalizationRegistry (Hermes, React
// Native's engine, which runs the module compiled to JavaScript) or never runs one (a synchronous
// loop). Once its buffers have grown to the largest call, the module's memory stays as it is
// however many detectors are made, fed, asked and dropped; when each kept about 3 KB there until a
// FinalizationRegistry freed it, 100,000 grew it by 424 MiB. Each build runs in a child
// process without FinalizationRegistry, js/detect/ bound to an instance of its own whose memory
// the test reads.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';

const COUNT = 100_000;
const WARM_UP = 1_000;
const pkg = new URL('../../pkg/', import.meta.url).href;

// Bytes the memory of a fresh instance of `build` grew by while WARM_UP detectors were made, fed
// "Привет" in windows-1251 and asked for a guess, then while COUNT more were; and what
// FinalizationRegistry was there.
function growth(build) {
  const script = `
    delete globalThis.FinalizationRegistry;
    const { readFileSync } = await import('node:fs');
    const { bindWasm } = await import('${pkg}detect/bind.mjs');
    const instance =
      '${build}' === 'WebAssembly'
        ? (await import('${pkg}glue.mjs')).instantiate(
            new WebAssembly.Module(readFileSync(new URL('${pkg}detect_bg.wasm'))),
          )
        : (await import('${pkg}detect_bg.wasm2js.mjs')).instantiate();
    bindWasm(instance);
    // The encodings' names (a guess's) come from the encoding modules' registry: the lite one.
    const { bindWasm: bindEncodings } = await import('${pkg}wasm.mjs');
    bindEncodings((await import('${pkg}lite_bg.wasm2js.mjs')).instantiate());
    const { Detector } = await import('${pkg}detect/detect.mjs');
    const size = () => instance.exports.memory.buffer.byteLength;
    const input = Uint8Array.of(0xcf, 0xf0, 0xe8, 0xe2, 0xe5, 0xf2);
    const make = (n) => {
      for (let i = 0; i < n; i++) {
        const detector = new Detector();
        detector.feed(input);
        if (detector.guess().encoding !== 'windows-1251') throw new Error('a wrong guess');
      }
    };
    const start = size();
    make(${WARM_UP});
    const warm = size();
    make(${COUNT});
    console.log(JSON.stringify({ registry: typeof FinalizationRegistry, warmUp: warm - start, after: size() - warm }));
  `;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  return JSON.parse(out);
}

for (const build of ['WebAssembly', 'wasm2js']) {
  test(`${build}, no FinalizationRegistry: ${COUNT} detectors dropped grow the module's memory not at all`, () => {
    const { registry, warmUp, after } = growth(build);
    assert.equal(registry, 'undefined');
    assert.equal(after, 0, `the next ${COUNT} grew it by ${after} bytes`);
    // The scratch buffers (a state and a piece of input in, a state out, a guess's records), once:
    // a few pages (two, as built now).
    assert.ok(warmUp <= 1 << 20, `the first ${WARM_UP} grew it by ${warmUp} bytes`);
  });
}
