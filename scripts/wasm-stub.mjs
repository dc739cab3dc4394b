// Replaces the bodies of named functions in a wasm module with `unreachable`, so that wasm-opt
// drops what only they reach. Used on the panic and allocation-failure paths of std: with
// panic = "abort" these end in a trap anyway, but first format a message nobody can read (a
// wasm32-unknown-unknown panic hook prints nowhere), which pulls in core::fmt. A trap stays a
// trap: behaviour is unchanged, only the dead formatting code goes.

// LEB128 unsigned.
function readU32(bytes, at) {
  let value = 0;
  let shift = 0;
  for (;;) {
    const b = bytes[at++];
    value += (b & 0x7f) * 2 ** shift;
    if (b < 0x80) return [value, at];
    shift += 7;
  }
}

function writeU32(value) {
  const out = [];
  do {
    let b = value & 0x7f;
    value = Math.floor(value / 128);
    if (value > 0) b |= 0x80;
    out.push(b);
  } while (value > 0);
  return out;
}

function sections(bytes) {
  const list = [];
  for (let at = 8; at < bytes.length; ) {
    const id = bytes[at];
    const [size, start] = readU32(bytes, at + 1);
    list.push({ id, start, end: start + size, header: at });
    at = start + size;
  }
  return list;
}

// Function index -> name, from the "name" custom section.
function functionNames(bytes, list) {
  const names = new Map();
  for (const s of list) {
    if (s.id !== 0) continue;
    let [len, at] = readU32(bytes, s.start);
    if (new TextDecoder().decode(bytes.subarray(at, at + len)) !== 'name') continue;
    at += len;
    while (at < s.end) {
      const sub = bytes[at];
      const [size, body] = readU32(bytes, at + 1);
      if (sub === 1) {
        let [count, p] = readU32(bytes, body);
        for (let i = 0; i < count; i++) {
          let index;
          [index, p] = readU32(bytes, p);
          [len, p] = readU32(bytes, p);
          names.set(index, new TextDecoder().decode(bytes.subarray(p, p + len)));
          p += len;
        }
      }
      at = body + size;
    }
  }
  return names;
}

function importedFunctions(bytes, list) {
  const s = list.find((x) => x.id === 2);
  if (!s) return 0;
  let [count, at] = readU32(bytes, s.start);
  let functions = 0;
  for (let i = 0; i < count; i++) {
    for (let k = 0; k < 2; k++) {
      const [len, p] = readU32(bytes, at);
      at = p + len;
    }
    const kind = bytes[at++];
    if (kind === 0) {
      functions++;
      [, at] = readU32(bytes, at);
    } else if (kind === 1) {
      at++; // reftype
      const flags = bytes[at++];
      [, at] = readU32(bytes, at);
      if (flags & 1) [, at] = readU32(bytes, at);
    } else if (kind === 2) {
      const flags = bytes[at++];
      [, at] = readU32(bytes, at);
      if (flags & 1) [, at] = readU32(bytes, at);
    } else {
      at += 2; // global: valtype, mutability
    }
  }
  return functions;
}

// The names of the functions a module defines (not those it imports), from its "name" section.
export function definedFunctionNames(bytes) {
  const list = sections(bytes);
  const names = functionNames(bytes, list);
  const imported = importedFunctions(bytes, list);
  return [...names].filter(([index]) => index >= imported).map(([, name]) => name);
}

// Returns [new module bytes, names of the functions stubbed].
export function stubFunctions(bytes, matches) {
  const list = sections(bytes);
  const names = functionNames(bytes, list);
  const imported = importedFunctions(bytes, list);
  const code = list.find((s) => s.id === 10);
  let [count, at] = readU32(bytes, code.start);
  const body = [...writeU32(count)];
  const stubbed = [];
  for (let i = 0; i < count; i++) {
    const [size, start] = readU32(bytes, at);
    const name = names.get(imported + i) ?? '';
    if (matches(name)) {
      stubbed.push(name);
      body.push(3, 0, 0x00, 0x0b); // size 3: no locals, unreachable, end
    } else {
      for (let p = at; p < start + size; p++) body.push(bytes[p]);
    }
    at = start + size;
  }
  const section = [10, ...writeU32(body.length), ...body];
  const out = new Uint8Array(code.header + section.length + (bytes.length - code.end));
  out.set(bytes.subarray(0, code.header), 0);
  out.set(section, code.header);
  out.set(bytes.subarray(code.end), code.header + section.length);
  return [out, stubbed];
}
