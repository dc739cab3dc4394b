// What a streaming Detector's feed costs by piece size: 1 MiB of French text in windows-1252 fed to
// one Detector in 64 KiB and in 1 KiB pieces, then guess(); the fastest and the median of RUNS, with the entry that
// runs WebAssembly (detect.node.mjs) and the one compiled to JavaScript (detect.nowasm.mjs, as on
// Hermes). Each call copies the detector's state in and out of the module (src/detect/state.rs), so
// small pieces show that cost most.
//
//   node bench/detector-pieces.mjs [pkg directory, default ./pkg]
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const pkg = pathToFileURL(`${resolve(process.argv[2] ?? 'pkg')}/`);
const RUNS = 15;
const MIB = 1 << 20;

// "Le café de la rue était fermé ; nous sommes allés à la bibliothèque, où l'on a lu des poèmes."
// in windows-1252 (é E9, à E0, è E8, ù F9, ô F4, ç E7: index-windows-1252 is Latin-1 there).
const sentence = Uint8Array.from(
  "Le caf\u00e9 de la rue \u00e9tait ferm\u00e9 ; nous sommes all\u00e9s \u00e0 la biblioth\u00e8que, o\u00f9 l'on a lu des po\u00e8mes. ",
  (c) => c.charCodeAt(0),
);
const input = new Uint8Array(MIB);
for (let at = 0; at < MIB; at += sentence.length) input.set(sentence.subarray(0, MIB - at), at);

const median = (xs) => xs.sort((a, b) => a - b)[xs.length >> 1];

for (const entry of ['detect.node.mjs', 'detect.nowasm.mjs']) {
  const { Detector } = await import(new URL(entry, pkg));
  // Warm-up: the engine compiles the module's hot functions on the first megabytes.
  for (let run = 0; run < 3; run++) {
    const detector = new Detector();
    for (let at = 0; at < MIB; at += 1024) detector.feed(input.subarray(at, at + 1024));
  }
  for (const piece of [64 * 1024, 1024]) {
    const times = [];
    let guess;
    for (let run = 0; run < RUNS; run++) {
      const start = performance.now();
      const detector = new Detector();
      for (let at = 0; at < MIB; at += piece) detector.feed(input.subarray(at, at + piece));
      guess = detector.guess().encoding;
      times.push(performance.now() - start);
    }
    const fastest = Math.min(...times).toFixed(1);
    console.log(
      `${entry}\t${piece / 1024} KiB pieces\t${fastest} ms fastest, ${median(times).toFixed(1)} ms median\t(${guess})`,
    );
  }
}
