// An encoding picker: a <select> grouped as the standard groups encodings, filtered by a search
// box that matches any label (the standard's "get an encoding" trims and lowercases labels).

const normalize = (s) => s.trim().toLowerCase();

/** The label to show for a query: the exact label, else the name, else the best partial match. */
function matchingLabel(e, q) {
  if (e.labels.includes(q)) return q;
  if (e.name.toLowerCase().includes(q)) return e.name;
  return e.labels.find((l) => l.startsWith(q)) ?? e.labels.find((l) => l.includes(q)) ?? null;
}

export class EncodingPicker {
  /**
   * @param {object} o
   * @param {HTMLSelectElement} o.select
   * @param {HTMLInputElement} [o.search]
   * @param {HTMLElement} [o.status] where the search outcome is announced
   * @param {Array<{heading: string, encodings: Array<{name: string, labels: string[], hasEncoder: boolean}>}>} o.groups
   * @param {(label: string) => string | null} o.getEncoding the package's label lookup
   * @param {(e: {name: string, hasEncoder: boolean}) => boolean} [o.include]
   * @param {Array<{value: string, text: string}>} [o.leading] options before the groups
   * @param {string} o.initial
   */
  constructor({ select, search, status, groups, getEncoding, include = () => true, leading = [], initial }) {
    Object.assign(this, { select, search, status, getEncoding, leading });
    this.groups = groups
      .map((g) => ({ heading: g.heading, encodings: g.encodings.filter(include) }))
      .filter((g) => g.encodings.length > 0);
    this.render('');
    this.select.value = initial;
    search?.addEventListener('input', () => this.filter(search.value));
    // Enter in the search box commits the first match, as a combobox would.
    search?.addEventListener('keydown', (ev) => {
      if (ev.key === 'Enter') {
        ev.preventDefault();
        this.select.dispatchEvent(new Event('change', { bubbles: true }));
      }
    });
  }

  get value() {
    return this.select.value;
  }

  /** Shows only encodings with a label containing the query; selects an exact label's encoding. */
  filter(query) {
    const q = normalize(query);
    const before = this.select.value;
    const shown = this.render(q);
    const exact = q ? this.getEncoding(q) : null;
    let message = '';
    if (!q) {
      this.select.value = before;
    } else if (shown === 0) {
      this.render('');
      this.select.value = before;
      message = exact
        ? `“${q}” is a label of ${exact}, which is not in this list.`
        : `No encoding has a label containing “${q}”.`;
    } else {
      const pick = exact && this.has(exact) ? exact : this.has(before) ? before : this.firstEncoding();
      this.select.value = pick;
      message = exact
        ? `“${q}” is a label of ${exact}${this.has(exact) ? '' : ', which is not in this list'}.`
        : `${shown} encoding${shown === 1 ? '' : 's'} with a label containing “${q}”.`;
    }
    if (this.status) this.status.textContent = message;
    if (this.select.value !== before) this.select.dispatchEvent(new Event('change', { bubbles: true }));
  }

  has(name) {
    return [...this.select.options].some((o) => o.value === name);
  }

  firstEncoding() {
    const first = [...this.select.options].find((o) => !this.leading.some((l) => l.value === o.value));
    return first?.value ?? this.select.value;
  }

  /** Rebuilds the options for a normalized query; returns how many encodings match. */
  render(q) {
    const frag = document.createDocumentFragment();
    for (const { value, text } of this.leading) frag.append(new Option(text, value));
    let count = 0;
    for (const group of this.groups) {
      const og = document.createElement('optgroup');
      og.label = group.heading;
      for (const e of group.encodings) {
        const label = q ? matchingLabel(e, q) : e.name;
        if (label === null) continue;
        const shown = label === e.name || normalize(label) === normalize(e.name) ? e.name : `${e.name} (${label})`;
        const opt = new Option(shown, e.name);
        opt.title = `Labels: ${e.labels.join(', ')}`;
        og.append(opt);
        count++;
      }
      if (og.children.length) frag.append(og);
    }
    this.select.replaceChildren(frag);
    return count;
  }
}
