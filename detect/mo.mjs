// GNU gettext message catalogues (.mo): https://www.gnu.org/software/gettext/manual/html_node/MO-Files.html
// A header of 32-bit words (magic, revision, number of strings N, offset of the original-strings
// table, offset of the translations table), then two tables of N (length, offset) pairs.

const MAGIC = 0x950412de;

// The translated strings (plural forms apart, context and untranslated copies dropped) and the
// English originals of `bytes`, decoded with the charset the catalogue's header names.
export function parseMo(bytes) {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  if (buf.length < 20) return { lines: [], english: [] };
  let word;
  if (buf.readUInt32LE(0) === MAGIC) word = (o) => buf.readUInt32LE(o);
  else if (buf.readUInt32BE(0) === MAGIC) word = (o) => buf.readUInt32BE(o);
  else return { lines: [], english: [] };
  const n = word(8);
  const originals = word(12);
  const translations = word(16);
  const string = (table, i) => {
    const length = word(table + 8 * i);
    const offset = word(table + 8 * i + 4);
    if (offset + length > buf.length) throw new RangeError('string outside the file');
    return buf.subarray(offset, offset + length);
  };
  const entries = [];
  let charset = 'utf-8';
  try {
    for (let i = 0; i < n; i++) {
      const id = string(originals, i);
      const str = string(translations, i);
      if (id.length === 0) {
        const m = /charset=([^\s;]+)/i.exec(str.toString('latin1'));
        if (m && m[1].toUpperCase() !== 'CHARSET') charset = m[1];
      } else entries.push([id, str]);
    }
  } catch {
    return { lines: [], english: [] }; // a truncated or corrupt catalogue
  }
  let decode;
  try {
    const decoder = new TextDecoder(charset, { fatal: true });
    decode = (b) => decoder.decode(b);
  } catch {
    return { lines: [], english: [] }; // a charset with no decoder: nothing trustworthy
  }
  const lines = [];
  const english = [];
  for (const [id, str] of entries) {
    let ids;
    let strs;
    try {
      ids = decode(id).split('\0');
      strs = decode(str).split('\0');
    } catch {
      continue;
    }
    const msgids = ids.map((s) => s.slice(s.indexOf('\x04') + 1)); // drop the context
    english.push(...msgids);
    for (const s of strs) if (s && !msgids.includes(s)) lines.push(s);
  }
  return { lines, english };
}
