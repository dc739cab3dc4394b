// "What encoding is this?": detect() from encoding-wasm/detect ranks the encodings the bytes may
// be in, with its confidence in each; every guess is one click away from decoding with it.

import { el } from './dom.js';

/** The detector's guesses for `bytes` (UTF-8 allowed), likeliest first: [{ encoding, confidence }]. */
export function guesses(detect, bytes) {
  const { encoding, confidence, alternatives } = detect.detect(bytes, { allowUTF8: true });
  return [{ encoding, confidence }, ...alternatives];
}

/** A confidence in [0, 1] as a percentage, rounded to 0 % or 100 % only when it is exactly that. */
export function percent(c) {
  if (c === 1 || c === 0) return `${c * 100} %`;
  if (c > 0.999) return '> 99.9 %';
  if (c < 0.001) return '< 0.1 %';
  return `${(c * 100).toFixed(1)} %`;
}

/** Replaces `container`'s content, keeping the focus on the same encoding's button if it had it. */
export function replaceKeepingFocus(container, ...children) {
  const focused = container.contains(document.activeElement)
    ? document.activeElement.closest('[data-encoding]')?.dataset.encoding
    : undefined;
  container.replaceChildren(...children);
  if (focused) container.querySelector(`[data-encoding="${focused}"] button`)?.focus();
}

/**
 * Renders the guesses into `container`, made from the first `looked` of `total` bytes; `current`
 * is the encoding shown, `use(name)` decodes with another.
 */
export function renderGuess(container, ranked, { looked, total, current, use }) {
  const [top, ...alternatives] = ranked;
  const part = looked < total ? ` (from the first ${looked.toLocaleString('en')} bytes)` : '';
  const summary = el(
    'p',
    { id: 'guess-summary' },
    `Most likely ${top.encoding} (${percent(top.confidence)})${part}; ` +
      (alternatives.length
        ? `${alternatives.length} alternative${alternatives.length === 1 ? '' : 's'}.`
        : 'no alternative reaches 0.01 %.'),
  );
  const list = el('ol', { id: 'guess-list' });
  ranked.forEach(({ encoding, confidence }, i) => {
    const button = el('button', { type: 'button', className: 'link', title: `Decode with ${encoding}` }, encoding);
    button.addEventListener('click', () => use(encoding));
    // The percentage says it in words; the bar is for the eye.
    const bar = el('meter', { min: 0, max: 1, value: confidence });
    bar.setAttribute('aria-hidden', 'true');
    const item = el(
      'li',
      { className: i === 0 ? 'top' : '' },
      button,
      el('span', { className: 'confidence' }, percent(confidence)),
      bar,
      encoding === current ? el('span', { className: 'hint' }, '(shown)') : '',
    );
    item.dataset.encoding = encoding;
    list.append(item);
  });
  replaceKeepingFocus(container, summary, list);
}
