// Engines without WebAssembly (React Native's Hermes, QuickJS, pages whose Content-Security-Policy
// refuses it): the module compiled to JavaScript by wasm2js, instantiated synchronously (Metro and
// script bundles cannot wait at the top level). Chosen by the `react-native` and `no-wasm` export
// conditions.

import { instantiate } from './encoding_wasm_bg.wasm2js.mjs';
import { bindWasm } from './wasm.mjs';

bindWasm(instantiate());

export * from './index.mjs';
