// Tools that deploy a Node app with only the files it uses (@vercel/nft, behind Next.js's
// standalone output and Vercel's functions) find those files by reading the code: every wasm
// module a Node entry may load must be named where such a tracer sees it, or the deployed app
// fails on the first use of a family (or, for require(), falls back to the inlined module).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { nodeFileTrace } from '@vercel/nft';
import { families } from '../../scripts/layout.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const FAMILIES = families();
const every = ['lite_bg.wasm', ...FAMILIES.map((f) => `${f}-unpacked_bg.wasm`)];

const traced = async (entry) => (await nodeFileTrace([`${root}pkg/${entry}`], { base: root })).fileList;

for (const [entry, files] of [
  ['index.node.mjs', every],
  ['index.cjs', every],
  ['polyfill.node.mjs', every],
  ['polyfill.cjs', every],
  ['polyfill-always.node.mjs', every],
  ['polyfill-always.cjs', every],
  ['lite.node.mjs', ['lite_bg.wasm']],
  ...FAMILIES.map((f) => [`${f}.node.mjs`, [`${f}-unpacked_bg.wasm`]]),
]) {
  test(`a file tracer finds the wasm modules pkg/${entry} loads`, async () => {
    const list = await traced(entry);
    for (const f of files) assert.ok(list.has(`pkg/${f}`), `pkg/${f} is not traced from pkg/${entry}`);
  });
}
