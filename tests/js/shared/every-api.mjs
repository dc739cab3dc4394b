// Every API of the package, each called once with valid arguments, in any runtime (no node:
// imports): for the checks that where no module could be bound (before binding; no WebAssembly
// and no JavaScript build) every one of them throws an Error that says why.

const calls = (api) => [
  ['TextDecoder', () => new api.TextDecoder()],
  ['TextEncoder', () => new api.TextEncoder()],
  ['TextDecoderStream', () => new api.TextDecoderStream()],
  ['TextEncoderStream', () => new api.TextEncoderStream()],
  ['LegacyEncoder', () => new api.LegacyEncoder('shift_jis')],
  ['LegacyEncoderStream', () => new api.LegacyEncoderStream('shift_jis')],
  ['encode', () => api.encode('a', 'utf-8')],
  ['getEncoding', () => api.getEncoding('utf-8')],
  ['decode', () => api.decode(new Uint8Array(1))],
  ['inspect', () => api.inspect(new Uint8Array(1), 'utf-8')],
  ['encodings', () => api.encodings()],
];

/// What went wrong, one line each: every call that did not throw an Error (the class itself, not a
/// subclass) whose message matches `why`, and every export of `api` that no call covers. Empty
/// when each API fails as it should.
export function unclearFailures(api, why) {
  const problems = [];
  const list = calls(api);
  for (const [name, call] of list) {
    try {
      call();
      problems.push(`${name} did not throw`);
    } catch (e) {
      if (e?.constructor !== Error) problems.push(`${name} threw ${e?.constructor?.name}: ${e?.message}`);
      else if (!why.test(e.message)) problems.push(`${name} threw an Error that does not match ${why}: ${e.message}`);
    }
  }
  const covered = new Set(list.map(([name]) => name));
  for (const name of Object.keys(api)) {
    if (!covered.has(name)) problems.push(`export ${name} is not checked`);
  }
  return problems;
}
