// What a runtime's own TextDecoder gets right, run inside that runtime by
// scripts/polyfill-report.mjs (bundled with js/self-tests.mjs; no runtime-specific API): the
// polyfill's verdicts on it and its TextDecoderStream and what they took, the self-tests it fails,
// the labels it gets wrong, and its output for every input of the survey the report compares with
// the standard's.
import { POLYFILL_TESTS, decoderIsExact, labelWorks, streamIsExact } from '../js/polyfill-checks.mjs';
import { caseFailure } from '../js/self-tests.mjs';

// `encodings`: [{name, labels}] (the standard's); `survey`: [{label, width, hex}], `hex` the inputs
// of `width` bytes each, one after another. Returns a JSON string.
export function probe(encodings, survey) {
  const D = globalThis.TextDecoder;
  const result = { classes: {}, exact: false, streamExact: false, decisionMs: null, failures: {}, labels: [] };
  for (const name of ['TextDecoder', 'TextDecoderStream', 'TextEncoder', 'TextEncoderStream']) {
    result.classes[name] = typeof globalThis[name] === 'function';
  }
  result.outputs = [];
  if (!result.classes.TextDecoder) return JSON.stringify(result);
  // First, on natives no code has used yet, the polyfill's verdicts (polyfill.mjs) and their cost.
  const t0 = performance.now();
  result.exact = decoderIsExact(D, encodings);
  result.streamExact = result.exact && result.classes.TextDecoderStream && streamIsExact(TextDecoderStream, encodings);
  result.decisionMs = performance.now() - t0;
  for (const [name, cases] of POLYFILL_TESTS) {
    const failed = cases.filter((c) => caseFailure(D, c) !== null).map((c) => c[0]);
    if (failed.length > 0) result.failures[name] = failed;
  }
  for (const { name, labels } of encodings) {
    for (const label of labels) if (!labelWorks(D, name, label)) result.labels.push(label);
  }
  // The survey: each input decoded by a whole call of one decoder per set (whole calls start
  // afresh, so state one input leaves to the next is a divergence too); null where the label is
  // refused.
  for (const { label, width, hex } of survey) {
    let decoder = null;
    try {
      decoder = new D(label);
    } catch {
      // an unsupported label: reported as null
    }
    const out = [];
    for (let i = 0; i < hex.length; i += 2 * width) {
      const bytes = new Uint8Array(width);
      for (let j = 0; j < width; j++) bytes[j] = Number.parseInt(hex.slice(i + 2 * j, i + 2 * j + 2), 16);
      out.push(decoder === null ? null : decoder.decode(bytes));
    }
    result.outputs.push(out);
  }
  return JSON.stringify(result);
}
