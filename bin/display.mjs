// Caller-supplied text (an encoding label, a file name, an option name, an unencodable character)
// as a message shows it on a terminal: what could move the cursor, retitle the window, reorder the
// line or hide itself is escaped, and a long text is cut, so a message stays one readable line.

const LIMIT = 64;

// Bidirectional formatting characters (https://www.unicode.org/reports/tr9/#Directional_Formatting_Characters):
// ALM, LRM, RLM, LRE to RLO, LRI to PDI.
const BIDI = new Set([0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069]);

const isLead = (u) => u >= 0xd800 && u <= 0xdbff;
const isTrail = (u) => u >= 0xdc00 && u <= 0xdfff;
const hex = (u, digits) => u.toString(16).padStart(digits, '0');

/** Code unit `u`, not half of a surrogate pair, as shown: C0 controls and DEL as \xHH; C1 controls, bidi controls and a lone surrogate as \uHHHH. */
function escaped(u) {
  if (u < 0x20 || u === 0x7f) return `\\x${hex(u, 2)}`;
  if ((u >= 0x80 && u <= 0x9f) || BIDI.has(u) || isLead(u) || isTrail(u)) return `\\u${hex(u, 4)}`;
  return String.fromCharCode(u);
}

/**
 * `s` escaped, its first `limit` characters (code points) only, then "…" and its length when it
 * is longer. One pass over `s`, which may be as long as a command line allows.
 */
export function display(s, limit = LIMIT) {
  let shown = '';
  let length = 0;
  for (let i = 0; i < s.length; i++) {
    const pair = isLead(s.charCodeAt(i)) && isTrail(s.charCodeAt(i + 1));
    length++;
    if (length <= limit) shown += pair ? s.slice(i, i + 2) : escaped(s.charCodeAt(i));
    if (pair) i++;
  }
  return length > limit ? `${shown}… (${length} characters)` : shown;
}
