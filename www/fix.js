// "Fix garbled text": repair() from encoding-wasm/detect, with samples made the way mojibake
// happens: a text's UTF-8 bytes decoded with another encoding (by the package's own decoders).

// [button label, the text, the encoding it was wrongly read with, how many times]
export const SAMPLES = [
  ['French read as windows-1252', 'Été à la plage, café crème', 'windows-1252', 1],
  ['Russian read as windows-1251', 'Привет, мир!', 'windows-1251', 1],
  ['Polish read as windows-1250', 'Zażółć gęślą jaźń', 'windows-1250', 1],
  ['Japanese read as GBK', '日本語のテキスト', 'gbk', 1],
  ['Twice through windows-1252', 'Crème brûlée', 'windows-1252', 2],
];

/** `text` garbled as `times` rounds of its UTF-8 bytes read as `label`. */
export function garble(lib, text, label, times) {
  const utf8 = new TextEncoder();
  let out = text;
  for (let i = 0; i < times; i++) out = new lib.TextDecoder(label).decode(utf8.encode(out));
  return out;
}

/** Shows repair(`text`) in `result`: the repaired text and its steps, or why nothing changed. */
export function renderRepair(detect, text, result) {
  const { text: repaired, changed, steps } = detect.repair(text);
  const p = document.createElement('p');
  if (text === '') {
    result.replaceChildren();
    return;
  }
  if (!changed) {
    p.textContent =
      'Nothing to repair: this text shows no sign of UTF-8 read with another encoding (or its bytes were lost).';
    result.replaceChildren(p);
    return;
  }
  p.textContent = `Repaired: ${steps.map((s) => `${s.encodedAs} read as ${s.decodedAs}`).join(', then ')} (undone ${
    steps.length === 1 ? 'once' : `${steps.length} times`
  }).`;
  const out = document.createElement('pre');
  out.id = 'fix-output';
  out.className = 'text-view';
  out.textContent = repaired;
  result.replaceChildren(p, out);
}
