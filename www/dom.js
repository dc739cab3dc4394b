// Building the page's elements.

/** A `tag` element with `props` assigned and `children` (nodes or strings) appended. */
export function el(tag, props = {}, ...children) {
  const e = Object.assign(document.createElement(tag), props);
  e.append(...children);
  return e;
}
