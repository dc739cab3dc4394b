// encoding-wasm/detect in a Node bundle: its own wasm module found (or its inlined copy used) away
// from the installed package. The expected text is written out in run.mjs.
import { Detector, detect, sniffHTML } from 'encoding-wasm/detect';

// Привет in windows-1251.
const PRIVET = new Uint8Array([0xcf, 0xf0, 0xe8, 0xe2, 0xe5, 0xf2]);
const detector = new Detector();
detector.feed(PRIVET, { last: true });
const sniffed = sniffHTML(PRIVET, { detect: true });
console.log(
  `detect: ${detect(PRIVET).encoding} | Detector: ${detector.guess().encoding} | sniffHTML: ${sniffed.encoding} ${sniffed.source}`,
);
