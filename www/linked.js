// Links a text view and a hex view: hovering or selecting characters highlights their bytes, and
// hovering or selecting bytes highlights the characters they make. Highlights are CSS custom
// highlights (ranges over the views' text, no extra elements); a readout line says the same in
// words, also where custom highlights are not supported.
import { byteAtOffset, offsetsOfByte, toHex } from './hexview.js';

const highlights = typeof CSS !== 'undefined' && 'highlights' in CSS ? CSS.highlights : null;

/** The text nodes of `root` and where each starts in root.textContent. */
function indexText(root) {
  const nodes = [];
  const starts = [];
  let at = 0;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    nodes.push(n);
    starts.push(at);
    at += n.data.length;
  }
  return { nodes, starts, length: at, startOf: new Map(nodes.map((n, i) => [n, starts[i]])) };
}

/**
 * The node and offset of textContent offset `at`: in the last node starting before it (`end`, so
 * a range ends inside the node it covers) or at or before it (a range's start).
 */
function locate(index, at, end) {
  let lo = 0;
  let hi = index.nodes.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (index.starts[mid] < at || (!end && index.starts[mid] === at)) lo = mid;
    else hi = mid - 1;
  }
  return [index.nodes[lo], at - index.starts[lo]];
}

function rangeOf(index, start, end) {
  if (index.nodes.length === 0 || start >= end || end > index.length) return null;
  const range = new Range();
  range.setStart(...locate(index, start, false));
  range.setEnd(...locate(index, end, true));
  return range;
}

/** The textContent offset of the character under the point (x, y) in the indexed element, or -1. */
function offsetAtPoint(index, x, y) {
  let node;
  let offset;
  if (document.caretPositionFromPoint) {
    const p = document.caretPositionFromPoint(x, y);
    [node, offset] = [p?.offsetNode, p?.offset];
  } else {
    const r = document.caretRangeFromPoint?.(x, y);
    [node, offset] = [r?.startContainer, r?.startOffset];
  }
  const start = index.startOf.get(node);
  if (start === undefined) return -1;
  // The caret is between characters: the one under the point is before or after it.
  for (const at of [start + offset, start + offset - 1]) {
    const rect = rangeOf(index, at, at + 1)?.getBoundingClientRect();
    if (rect && x >= rect.left && x < rect.right && y >= rect.top && y < rect.bottom) return at;
  }
  return -1;
}

const cpLabel = (ch) => `U+${ch.codePointAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
const byteWords = (b0, b1) =>
  b1 - b0 === 1
    ? `byte ${b0.toLocaleString('en')}`
    : `bytes ${b0.toLocaleString('en')}–${(b1 - 1).toLocaleString('en')}`;

export class ByteLinker {
  #spans = [];
  #text = '';
  #bytes = new Uint8Array(0);
  #textIndex = null;
  #hexIndex = null;
  #cursor = -1; // with the keyboard: the span (text view) or byte (hex view) shown

  /**
   * @param {{ textView: HTMLElement, hexView: HTMLElement, readout: HTMLElement }} ui
   */
  constructor({ textView, hexView, readout }) {
    Object.assign(this, { textView, hexView, readout });
    textView.addEventListener('mousemove', (ev) => {
      if (this.#selecting()) return;
      const at = offsetAtPoint(this.#textIndex, ev.clientX, ev.clientY);
      if (at >= 0) this.showText(at, at + 1);
    });
    hexView.addEventListener('mousemove', (ev) => {
      if (this.#selecting()) return;
      const at = byteAtOffset(hexView, offsetAtPoint(this.#hexIndex, ev.clientX, ev.clientY));
      if (at >= 0) this.showBytes(at, at + 1);
    });
    for (const view of [textView, hexView]) {
      view.addEventListener('mouseleave', () => {
        if (!this.#selecting()) this.clear();
      });
      // The keyboard's way to point: ← and → step through characters or bytes, Escape stops.
      view.addEventListener('keydown', (ev) => this.#step(view, ev));
      view.addEventListener('blur', () => {
        this.#cursor = -1;
      });
    }
    document.addEventListener('selectionchange', () => this.#fromSelection());
  }

  /** New content: `spans` (see bytemap.js) over `text` as the text view shows it and `bytes` as the hex view shows them. */
  set(spans, text, bytes) {
    this.#spans = spans ?? [];
    this.#text = text;
    this.#bytes = bytes;
    this.#textIndex = indexText(this.textView);
    this.#hexIndex = indexText(this.hexView);
    this.#cursor = -1;
    this.clear();
  }

  clear() {
    highlights?.delete('linked-text');
    highlights?.delete('linked-bytes');
    this.readout.textContent = '';
  }

  /** Highlights the characters overlapping code units [t0, t1) and their bytes. */
  showText(t0, t1) {
    this.#show(this.#spans.filter((s) => s.t0 < t1 && s.t1 > t0));
  }

  /** Highlights bytes [b0, b1) and the characters they are part of. */
  showBytes(b0, b1) {
    const spans = this.#spans.filter((s) => s.b0 < b1 && s.b1 > b0);
    this.#show(spans, spans.length ? null : [b0, b1]);
  }

  #show(spans, bytesAlone = null) {
    if (!this.#textIndex) return;
    const shownText = Math.min(this.#text.length, this.#textIndex.length);
    let [t0, t1] = [Infinity, -Infinity];
    let [b0, b1] = bytesAlone ?? [Infinity, -Infinity];
    for (const s of spans) {
      [t0, t1] = [Math.min(t0, s.t0), Math.max(t1, s.t1)];
      [b0, b1] = [Math.min(b0, s.b0), Math.max(b1, s.b1)];
    }
    if (!(b0 < b1)) return this.clear();
    const shownBytes = Math.min(b1, this.#bytes.length);
    const textRange = t0 < t1 ? rangeOf(this.#textIndex, t0, Math.min(t1, shownText)) : null;
    const byteRange =
      b0 < shownBytes
        ? rangeOf(this.#hexIndex, offsetsOfByte(this.hexView, b0)[0], offsetsOfByte(this.hexView, shownBytes - 1)[1])
        : null;
    if (highlights) {
      highlights.set('linked-text', textRange ? new Highlight(textRange) : new Highlight());
      highlights.set('linked-bytes', byteRange ? new Highlight(byteRange) : new Highlight());
    }
    const hexShown = toHex(this.#bytes.subarray(b0, Math.min(b1, b0 + 12)));
    const bytesSaid = `${byteWords(b0, b1)}: ${hexShown}${b1 - b0 > 12 ? ' …' : ''}`;
    let textSaid;
    if (spans.length === 0) textSaid = 'no character (an escape sequence or the end of the text)';
    else if (spans.length === 1) {
      const ch = this.#text.slice(spans[0].t0, spans[0].t1);
      textSaid = spans[0].error ? `${cpLabel(ch)} (a malformed sequence)` : `“${ch}” ${cpLabel(ch)}`;
    } else textSaid = `${spans.length.toLocaleString('en')} characters`;
    this.readout.textContent = `${textSaid} ↔ ${bytesSaid}`;
  }

  #step(view, ev) {
    if (ev.key === 'Escape') {
      this.#cursor = -1;
      return this.clear();
    }
    const step = { ArrowRight: 1, ArrowLeft: -1 }[ev.key];
    if (!step || ev.shiftKey || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    ev.preventDefault();
    const inText = view === this.textView;
    const count = inText
      ? this.#spans.filter((s) => s.t1 <= this.#text.length).length
      : Number(view.dataset.count ?? 0);
    if (count === 0) return;
    this.#cursor = Math.min(Math.max(this.#cursor < 0 && step < 0 ? count : this.#cursor + step, 0), count - 1);
    if (inText) this.showText(this.#spans[this.#cursor].t0, this.#spans[this.#cursor].t1);
    else this.showBytes(this.#cursor, this.#cursor + 1);
  }

  #selecting() {
    const sel = document.getSelection();
    return (
      sel !== null &&
      !sel.isCollapsed &&
      (this.textView.contains(sel.anchorNode) || this.hexView.contains(sel.anchorNode))
    );
  }

  #fromSelection() {
    if (!this.#selecting()) return;
    const range = document.getSelection().getRangeAt(0);
    for (const [view, index] of [
      [this.textView, this.#textIndex],
      [this.hexView, this.#hexIndex],
    ]) {
      if (!view.contains(range.startContainer)) continue;
      const start = index.startOf.get(range.startContainer);
      const endStart = index.startOf.get(range.endContainer);
      if (start === undefined) return;
      const from = start + range.startOffset;
      const to = endStart === undefined ? index.length : endStart + range.endOffset;
      if (view === this.textView) this.showText(from, to);
      else {
        const first = byteAtOffset(view, from);
        const last = byteAtOffset(view, Math.max(from, to - 1));
        if (first >= 0 && last >= 0) this.showBytes(first, last + 1);
      }
      return;
    }
  }
}
