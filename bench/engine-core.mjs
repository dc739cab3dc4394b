// The measuring loop of bench/engines.mjs, with nothing of Node's, so that the same code runs in
// engines without WebAssembly (node --jitless, Hermes). `decoders` are { name, make(label) } where
// make returns a function from bytes to text (or null where the library lacks the encoding);
// `cases` are { id, label, size, bytes, text }; `now()` is a clock in milliseconds. Each decoder's
// output is checked before it is timed; a wrong one is reported, not timed.

export function measure(decoders, cases, now, minMs = 200) {
  const rows = [];
  for (const c of cases) {
    for (const { name, make } of decoders) {
      let decode;
      try {
        decode = make(c.label);
      } catch {
        decode = null;
      }
      if (decode === null) {
        rows.push({ id: c.id, size: c.size, lib: name, result: 'n/a' });
        continue;
      }
      let out;
      try {
        out = decode(c.bytes);
      } catch (e) {
        out = e;
      }
      if (out !== c.text) {
        rows.push({ id: c.id, size: c.size, lib: name, result: 'wrong' });
        continue;
      }
      // As many calls as fit in minMs (at least 3), the best of three such rounds.
      let best = Infinity;
      for (let round = 0; round < 3; round++) {
        let calls = 0;
        const start = now();
        let elapsed = 0;
        while (calls < 3 || elapsed < minMs / 3) {
          decode(c.bytes);
          calls++;
          elapsed = now() - start;
        }
        best = Math.min(best, elapsed / calls);
      }
      rows.push({ id: c.id, size: c.size, lib: name, result: best });
    }
  }
  return rows;
}
