// tests/js/lite.test.mjs again with no native TextDecoder/TextEncoder (as in some embedded
// runtimes): the lite entry and its add-ons through the wasm and JS fallbacks.
import { registerLiteSuites } from './lite-suites.mjs';

delete globalThis.TextDecoder;
delete globalThis.TextEncoder;
const lib = await import('encoding-wasm/lite');
await registerLiteSuites(lib, ', without native TextDecoder/TextEncoder');
