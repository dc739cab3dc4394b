// The lite entry ('encoding-wasm/lite') in a process of its own (node --test runs each file in
// one), where the full entry is never imported: alone, with each add-on in turn, then every shared
// case with all four add-ons loaded (see lite-suites.mjs).
import * as lib from 'encoding-wasm/lite';
import { registerLiteSuites } from './lite-suites.mjs';

await registerLiteSuites(lib);
