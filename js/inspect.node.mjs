// util.inspect and console.log in Node show the four classes as Node 20 shows its own
// (lib/internal/encoding.js, lib/internal/webstreams/encoding.js): by the method Node looks up with
// Symbol.for('nodejs.util.inspect.custom') and calls with its own inspect as the third argument, so
// nothing here imports node:util (elsewhere the key goes unused; Deno and Bun call it too). The
// method shows the attributes (the getters of the class's prototype, read as Node reads them); what
// is not an instance is shown as it is, where Node throws.

// The nearest constructor with a name on the prototype chain of `obj`, as Node's getConstructorOf
// finds it.
function constructorOf(obj) {
  for (let o = obj; o !== null; o = Object.getPrototypeOf(o)) {
    const d = Object.getOwnPropertyDescriptor(o, 'constructor');
    if (typeof d?.value === 'function' && d.value.name !== '') return d.value;
  }
}

// Gives the prototype of class `name` the method.
export function defineNodeInspect(proto, name) {
  const attributes = Object.getOwnPropertyNames(proto).filter((k) => Object.getOwnPropertyDescriptor(proto, k).get);
  // An interface without attributes (encoding-wasm/detect's Detector) shows as Node shows any object.
  if (attributes.length === 0) return;
  // The first attribute's own getter, which throws for what is not an instance.
  const brand = Object.getOwnPropertyDescriptor(proto, attributes[0]).get;
  Object.defineProperty(proto, Symbol.for('nodejs.util.inspect.custom'), {
    value(depth, options, inspect) {
      const data = {};
      try {
        brand.call(this);
        for (const a of attributes) data[a] = this[a];
      } catch {
        return this;
      }
      if (typeof inspect !== 'function') return this;
      const ctor = constructorOf(this)?.name;
      // Beyond the depth: the constructor's name in brackets, styled as Node styles an object it
      // does not open (Node gets there by itself for its own, which have keys of their own).
      if (depth < 0) return options?.stylize?.(`[${ctor}]`, 'special') ?? `[${ctor}]`;
      // A TextDecoder: its constructor's name (a subclass's too), then the attributes, with the
      // default options (no colors, whatever the caller's); a TextEncoder: no name, the caller's
      // options; a stream: its class's name, one level deeper than the caller's depth option.
      if (name === 'TextDecoder') return `${ctor} ${inspect(data)}`;
      if (name === 'TextEncoder') return inspect(data, options);
      return `${name} ${inspect(data, { ...options, depth: options?.depth == null ? null : options.depth - 1 })}`;
    },
    writable: true,
    configurable: true,
  });
}
