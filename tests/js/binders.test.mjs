// js/binders.mjs, the "wasm, else its JavaScript build" binder of every entry: the message an
// entry's APIs throw says why its WebAssembly module could not be bound, whatever engine refused
// it. The engines' messages are quoted from their sources: V8's names the Content Security
// Policy, WebKit's 'unsafe-eval', SpiderMonkey's (JSMSG_CSP_BLOCKED_WASM) only "CSP".
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bindOrFallback, bindOrFallbackSync } from '../../js/binders.mjs';

// A target that records the failure, and a load() that throws `error`.
function failing(error) {
  const target = {
    name: 'encoding-wasm/test',
    bind() {
      throw new Error('bind must not be reached');
    },
    fail(message, cause) {
      target.failure = { message, cause };
    },
  };
  const load = () => {
    throw error;
  };
  return { target, load };
}

const REFUSALS = {
  V8: "WebAssembly.instantiate(): Compiling or instantiating WebAssembly module violates the following Content Security policy directive because 'unsafe-eval' is not an allowed source of script in the following Content Security Policy directive: \"script-src 'self'\".",
  WebKit:
    "Refused to create a WebAssembly object because 'unsafe-eval' or 'wasm-unsafe-eval' is not an allowed source of script in the following Content Security Policy directive: \"script-src 'self'\".",
  SpiderMonkey: 'call to WebAssembly.instantiate() blocked by CSP',
};
const NO_BUILD = 'the entry has no JavaScript build: do something else';

for (const [engine, message] of Object.entries(REFUSALS)) {
  for (const [how, bind] of [
    ['sync', bindOrFallbackSync],
    ['async', bindOrFallback],
  ]) {
    test(`${engine}'s refusal is named a Content-Security-Policy (${how})`, async () => {
      const { target, load } = failing(new WebAssembly.CompileError(message));
      await bind(target, load, NO_BUILD);
      assert.equal(
        target.failure.message,
        `encoding-wasm/test cannot run: WebAssembly is refused here by a Content-Security-Policy without 'wasm-unsafe-eval' (CompileError: ${message}); ${NO_BUILD}.`,
      );
    });
  }
}

test('any other failure is not named a Content-Security-Policy', async () => {
  const { target, load } = failing(
    new WebAssembly.CompileError('WebAssembly.Module(): expected magic word 00 61 73 6d'),
  );
  await bindOrFallback(target, load, NO_BUILD);
  assert.equal(
    target.failure.message,
    `encoding-wasm/test cannot run: its WebAssembly module could not be loaded (CompileError: WebAssembly.Module(): expected magic word 00 61 73 6d); ${NO_BUILD}.`,
  );
});
