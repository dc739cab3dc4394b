// Removes the runtime's classes, so that only the polyfill can provide them.
for (const name of ['TextDecoder', 'TextEncoder', 'TextDecoderStream', 'TextEncoderStream']) delete globalThis[name];
