// A hex dump with marked byte ranges (malformed or unencodable sequences), rendered as text runs
// so 64 KiB of bytes stays cheap to lay out.

export const HEX_LIMIT = 65536;

const hex2 = (b) => b.toString(16).padStart(2, '0');

/** Bytes per row that fit the element's width: 16 when there is room, else 8. */
function bytesPerRow(pre) {
  const probe = document.createElement('span');
  probe.textContent = '0'.repeat(10);
  pre.append(probe);
  const ch = probe.getBoundingClientRect().width / 10 || 8;
  probe.remove();
  const style = getComputedStyle(pre);
  const inner = pre.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  return inner >= 58 * ch ? 16 : 8;
}

/**
 * Renders `bytes` (at most HEX_LIMIT of them) into `pre`.
 * @param {HTMLElement} pre
 * @param {Uint8Array} bytes
 * @param {Array<{start: number, end: number, id: string, title: string}>} marks sorted, disjoint
 * @param {number} [total] the full input's length, when `bytes` is only its start
 */
export function renderHex(pre, bytes, marks, total = bytes.length) {
  const perRow = bytesPerRow(pre);
  const n = Math.min(bytes.length, HEX_LIMIT);
  const frag = document.createDocumentFragment();
  let run = '';
  let m = 0; // next mark that may cover the current byte
  let open = null; // the <mark> being filled
  const flush = () => {
    if (run) (open ?? frag).append(run);
    run = '';
  };
  for (let i = 0; i < n; i++) {
    if (i % perRow === 0) {
      if (open) {
        flush();
        open = null;
      }
      run += `${(i ? '\n' : '') + i.toString(16).padStart(8, '0')} `;
    }
    while (m < marks.length && marks[m].end <= i) m++;
    const mark = m < marks.length && marks[m].start <= i ? marks[m] : null;
    if (!mark && open) {
      flush();
      open = null;
    }
    run += ' ';
    if (mark && (!open || open.dataset.mark !== mark.id)) {
      flush();
      open = document.createElement('mark');
      open.dataset.mark = mark.id;
      open.title = mark.title;
      if (i === mark.start) {
        open.id = mark.id;
        open.tabIndex = -1;
      }
      frag.append(open);
    }
    run += hex2(bytes[i]);
  }
  flush();
  if (total > n) frag.append(`\n… ${(total - n).toLocaleString('en')} more bytes not shown`);
  pre.replaceChildren(frag);
  // The layout, for mapping between bytes and positions in the text (see byteAtOffset).
  pre.dataset.perRow = perRow;
  pre.dataset.count = n;
}

// Each row is an 8-digit offset, a space, then " xx" per byte, and a newline.
const rowLength = (perRow) => 10 + 3 * perRow;

/** The [start, end) offsets of byte `i`'s two hex digits in the hex view's textContent. */
export function offsetsOfByte(pre, i) {
  const perRow = Number(pre.dataset.perRow);
  const start = Math.floor(i / perRow) * rowLength(perRow) + 10 + 3 * (i % perRow);
  return [start, start + 2];
}

/** The byte shown at textContent offset `offset` (its digits or the space before them), or -1. */
export function byteAtOffset(pre, offset) {
  const perRow = Number(pre.dataset.perRow);
  const row = Math.floor(offset / rowLength(perRow));
  const within = offset - row * rowLength(perRow) - 9;
  if (!perRow || within < 0) return -1;
  const i = row * perRow + Math.min(Math.floor(within / 3), perRow - 1);
  return i < Number(pre.dataset.count) ? i : -1;
}

/** Marks every part of mark `id` in `pre` as the current one and scrolls it into view. */
export function showMark(pre, id) {
  for (const el of pre.querySelectorAll('mark.current')) el.classList.remove('current');
  const parts = pre.querySelectorAll(`mark[data-mark="${CSS.escape(id)}"]`);
  for (const el of parts) el.classList.add('current');
  parts[0]?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  return parts.length > 0;
}

export const toHex = (bytes) => Array.from(bytes, hex2).join(' ');
