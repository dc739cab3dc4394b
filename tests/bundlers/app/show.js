// Puts a page's result where run.mjs looks for it.
export function show(text) {
  const out = document.createElement('p');
  out.id = 'out';
  out.textContent = text;
  document.body.append(out);
}
