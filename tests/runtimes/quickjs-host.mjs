// Runs one script bundle (engines.mjs) in a QuickJS VM (quickjs-emscripten), which has no
// WebAssembly (the bundle's first case checks that). The VM gets what a host embedding QuickJS
// gives: print(), and setTimeout/clearTimeout. Timers run on a virtual clock, earliest first,
// whenever no promise job is pending: nothing else (no I/O) can happen in the VM, so waiting would
// change nothing but the time taken. Usage: node tests/runtimes/quickjs-host.mjs BUNDLE
import { readFileSync } from 'node:fs';
import { getQuickJS } from 'quickjs-emscripten';

const runtime = (await getQuickJS()).newRuntime();
const vm = runtime.newContext();

function fail(what, handle) {
  const error = vm.dump(handle);
  handle.dispose();
  console.log(`FAIL quickjs: ${what}: ${error?.name ?? ''} ${error?.message ?? JSON.stringify(error)}`.trim());
  process.exit(1);
}

function call(result, what) {
  if (result.error) fail(what, result.error);
  return result.value;
}

function global(name, fn) {
  const handle = vm.newFunction(name, fn);
  vm.setProp(vm.global, name, handle);
  handle.dispose();
}

global('print', (...args) => {
  console.log(args.map((a) => vm.getString(a)).join(' '));
});
const timers = new Map();
let clock = 0;
let nextId = 1;
global('setTimeout', (fn, ms) => {
  const id = nextId++;
  const delay = ms === undefined ? 0 : Math.max(0, vm.getNumber(ms) || 0);
  timers.set(id, { fn: fn.dup(), at: clock + delay });
  return vm.newNumber(id);
});
global('clearTimeout', (id) => {
  const timer = id === undefined ? undefined : timers.get(vm.getNumber(id));
  if (!timer) return;
  timer.fn.dispose();
  timers.delete(vm.getNumber(id));
});

call(vm.evalCode(readFileSync(process.argv[2], 'utf8'), process.argv[2]), 'the script').dispose();
for (;;) {
  call(runtime.executePendingJobs(-1), 'a promise job');
  if (runtime.hasPendingJob()) continue;
  if (timers.size === 0) break;
  let first;
  for (const [id, timer] of timers) if (!first || timer.at < first[1].at) first = [id, timer];
  const [id, timer] = first;
  timers.delete(id);
  clock = timer.at;
  call(vm.callFunction(timer.fn, vm.undefined), 'a timer').dispose();
  timer.fn.dispose();
}
