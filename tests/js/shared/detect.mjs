// Every runtime-neutral case of encoding-wasm/detect: each takes the module's namespace.
import html from './detect-html.mjs';
import repair from './detect-repair.mjs';
import detector from './detect-detector.mjs';

export default [...html, ...repair, ...detector];
