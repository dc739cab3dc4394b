// encoding-wasm/detect's sniffHTML and HTMLDecoderStream, runtime-neutral (no node: imports): the
// cases take the module's namespace (`import * as detect from 'encoding-wasm/detect'`). Not a
// `*.cases.mjs`: those take the main entry's namespace.
//
// SNIFF_CASES are inputs for each step and branch of the HTML Standard's encoding sniffing
// algorithm (https://html.spec.whatwg.org/multipage/parsing.html#encoding-sniffing-algorithm), its
// prescan, "get an attribute", "extracting a character encoding from a meta element" and "get an
// XML encoding", each with the result worked by hand from the standard's text (the label → name
// mappings from the Encoding Standard's table of labels). tests/js/detect-html-peers.test.mjs
// runs the same inputs through html-encoding-sniffer and encoding-sniffer.

import {
  equal,
  deepEqual,
  ok,
  rejects,
  throws,
  pipe,
  sharedArrayBuffer,
  detach,
  loggingDictionary,
} from './assert.mjs';

// The bytes of `parts`: a string gives its code units as bytes (all below 0x100), an array its numbers.
export function bytes(...parts) {
  const out = [];
  for (const part of parts) {
    if (typeof part === 'string') for (let i = 0; i < part.length; i++) out.push(part.charCodeAt(i));
    else out.push(...part);
  }
  return new Uint8Array(out);
}
// `n` bytes of `x`, which are not markup.
const pad = (n) => 'x'.repeat(n);

const KOI8 = '<meta charset="koi8-r">';
const meta = (encoding) => ({ encoding, source: 'meta' });
const xml = (encoding) => ({ encoding, source: 'xml' });
const bom = (encoding) => ({ encoding, source: 'bom' });
const transport = (encoding) => ({ encoding, source: 'transport' });
const DEFAULT = { encoding: 'windows-1252', source: 'default' };

// [name, input bytes, options, expected { encoding, source }]
export const SNIFF_CASES = [
  // 1. BOM sniffing (https://encoding.spec.whatwg.org/#bom-sniff).
  ['UTF-8 BOM', bytes([0xef, 0xbb, 0xbf], KOI8), undefined, bom('UTF-8')],
  ['UTF-16BE BOM', bytes([0xfe, 0xff, 0, 0x3c]), undefined, bom('UTF-16BE')],
  ['UTF-16LE BOM', bytes([0xff, 0xfe, 0x3c, 0]), undefined, bom('UTF-16LE')],
  ['UTF-8 BOM alone', bytes([0xef, 0xbb, 0xbf]), undefined, bom('UTF-8')],
  ['two bytes of the UTF-8 BOM are none', bytes([0xef, 0xbb]), undefined, DEFAULT],
  ['UTF-16BE BOM alone', bytes([0xfe, 0xff]), undefined, bom('UTF-16BE')],
  // One byte off a BOM: none.
  ['EE BB BF is no BOM', bytes([0xee, 0xbb, 0xbf]), undefined, DEFAULT],
  ['EF BA BF is no BOM', bytes([0xef, 0xba, 0xbf]), undefined, DEFAULT],
  ['EF BB BE is no BOM', bytes([0xef, 0xbb, 0xbe]), undefined, DEFAULT],
  ['FE FE is no BOM', bytes([0xfe, 0xfe]), undefined, DEFAULT],
  ['FF FF is no BOM', bytes([0xff, 0xff]), undefined, DEFAULT],
  ['a BOM beats the transport label', bytes([0xef, 0xbb, 0xbf], KOI8), { transportLabel: 'shift_jis' }, bom('UTF-8')],
  ['a UTF-16LE BOM beats a UTF-8 transport label', bytes([0xff, 0xfe]), { transportLabel: 'utf-8' }, bom('UTF-16LE')],
  // 4. The transport layer's label, through "get an encoding".
  ['transport label beats a meta', bytes(KOI8), { transportLabel: 'Shift_JIS' }, transport('Shift_JIS')],
  ['transport label: whitespace and case', bytes('<p>'), { transportLabel: ' \tLATIN1\n' }, transport('windows-1252')],
  ['transport label unknown: ignored', bytes(KOI8), { transportLabel: 'utf-7' }, meta('KOI8-R')],
  ['transport label empty: ignored', bytes('<p>'), { transportLabel: '' }, DEFAULT],
  ['transport label of replacement', bytes(KOI8), { transportLabel: 'iso-2022-kr' }, transport('replacement')],
  ['transport label utf-16 is UTF-16LE', bytes('<p>'), { transportLabel: 'utf-16' }, transport('UTF-16LE')],
  ['transport x-user-defined stays', bytes('<p>'), { transportLabel: 'x-user-defined' }, transport('x-user-defined')],
  ['transport label beats a UTF-16 XML prefix', bytes('<\0?\0x\0'), { transportLabel: 'koi8-u' }, transport('KOI8-U')],
  // 5. The prescan: <meta charset>.
  ['meta charset, double quotes', bytes('<meta charset="shift_jis">'), undefined, meta('Shift_JIS')],
  ['meta charset, single quotes', bytes("<meta charset='euc-jp'>"), undefined, meta('EUC-JP')],
  ['meta charset, unquoted', bytes('<meta charset=gbk>'), undefined, meta('GBK')],
  ['META CHARSET in upper case', bytes('<META CHARSET=SHIFT_JIS>'), undefined, meta('Shift_JIS')],
  ['<meta/ then the attribute', bytes('<meta/charset=big5>'), undefined, meta('Big5')],
  [
    '<meta and a tab, newline, form feed, carriage return',
    bytes('<meta\t\n\f\rcharset=big5>'),
    undefined,
    meta('Big5'),
  ],
  ['<metacharset is another tag', bytes('<metacharset=gbk>'), undefined, DEFAULT],
  ['<mata is another tag', bytes('<mata charset=gbk>'), undefined, DEFAULT],
  ['<xeta is another tag', bytes('<xeta charset=gbk>'), undefined, DEFAULT],
  ['<mexa is another tag', bytes('<mexa charset=gbk>'), undefined, DEFAULT],
  ['<metx is another tag', bytes('<metx charset=gbk>'), undefined, DEFAULT],
  ['spaces around =', bytes('<meta charset \t= \n"big5" >'), undefined, meta('Big5')],
  ['a label with spaces inside the quotes', bytes('<meta charset=" utf-8 ">'), undefined, meta('UTF-8')],
  ['an attribute without value first', bytes('<meta foo charset=koi8-r>'), undefined, meta('KOI8-R')],
  ['charset without value, then a name', bytes('<meta charset utf-8>'), undefined, DEFAULT],
  ['charset= then >', bytes('<meta charset=>'), undefined, DEFAULT],
  ['an attribute name starting with =', bytes('<meta =charset=koi8-r>'), undefined, DEFAULT],
  // Get an attribute's step 4: `=` with the name still empty is part of the name ("="; step 7: no
  // value), and the next attribute is charset.
  ['an attribute named =', bytes('<meta = charset=koi8-r>'), undefined, meta('KOI8-R')],
  // Step 10: `>` as the value's first byte ends it empty, where the next tag starts.
  ['charset=> then a meta', bytes('<meta charset=><meta charset=koi8-r>'), undefined, meta('KOI8-R')],
  // Get an attribute's step 4: a `/` ends the name, the value empty (charset '' is failure).
  ['a slash ends a name, its value empty', bytes('<meta charset/ charset=koi8-r>'), undefined, DEFAULT],
  ['an unquoted value takes the slash', bytes('<meta charset=koi8-r/>'), undefined, DEFAULT],
  ['a quoted value then />', bytes('<meta charset="koi8-r"/>'), undefined, meta('KOI8-R')],
  ['a quoted value with a > inside', bytes('<meta charset="koi8-r>">'), undefined, DEFAULT],
  ['a non-ASCII byte in the label', bytes('<meta charset="koi8', [0xff], 'r">'), undefined, DEFAULT],
  [
    'an unsupported label, then a later meta',
    bytes('<meta charset="utf-7"><meta charset="koi8-r">'),
    undefined,
    meta('KOI8-R'),
  ],
  [
    'a meta without charset or content, then one with',
    bytes('<meta name=x><meta charset=koi8-r>'),
    undefined,
    meta('KOI8-R'),
  ],
  [
    'duplicate charset: the first counts',
    bytes('<meta charset="koi8-r" charset="shift_jis">'),
    undefined,
    meta('KOI8-R'),
  ],
  [
    'duplicate charset: a first unknown one counts',
    bytes('<meta charset="bogus" charset="koi8-r">'),
    undefined,
    DEFAULT,
  ],
  ['UTF-16LE from a meta is UTF-8', bytes('<meta charset="utf-16le">'), undefined, meta('UTF-8')],
  ['UTF-16 (LE) from a meta is UTF-8', bytes('<meta charset=utf-16>'), undefined, meta('UTF-8')],
  [
    'x-user-defined from a meta is windows-1252',
    bytes('<meta charset="x-user-defined">'),
    undefined,
    meta('windows-1252'),
  ],
  ['replacement from a meta', bytes('<meta charset="iso-2022-kr">'), undefined, meta('replacement')],
  ['latin1 is windows-1252', bytes('<meta charset=iso-8859-1>'), undefined, meta('windows-1252')],
  // The prescan: http-equiv and content (need pragma, got pragma).
  [
    'http-equiv content-type, then content',
    bytes('<meta http-equiv="Content-Type" content="text/html; charset=koi8-r">'),
    undefined,
    meta('KOI8-R'),
  ],
  [
    'content, then http-equiv content-type',
    bytes('<meta content="text/html; charset=koi8-r" http-equiv="content-type">'),
    undefined,
    meta('KOI8-R'),
  ],
  ['content without http-equiv: need pragma', bytes('<meta content="text/html; charset=koi8-r">'), undefined, DEFAULT],
  ['http-equiv of another kind', bytes('<meta http-equiv="refresh" content="charset=koi8-r">'), undefined, DEFAULT],
  [
    'http-equiv with a space in its value',
    bytes('<meta http-equiv=" content-type" content="charset=koi8-r">'),
    undefined,
    DEFAULT,
  ],
  ['content without charset', bytes('<meta http-equiv="content-type" content="text/html">'), undefined, DEFAULT],
  [
    'upper-case attribute names and values',
    bytes('<META HTTP-EQUIV="CONTENT-TYPE" CONTENT="TEXT/HTML; CHARSET=KOI8-R">'),
    undefined,
    meta('KOI8-R'),
  ],
  [
    'content: a quoted label',
    bytes(`<meta http-equiv=content-type content='text/html; charset="iso-8859-2"'>`),
    undefined,
    meta('ISO-8859-2'),
  ],
  [
    'content: single quotes inside double',
    bytes(`<meta http-equiv=content-type content="charset='koi8-u' x">`),
    undefined,
    meta('KOI8-U'),
  ],
  [
    'content: an unmatched quote is nothing',
    bytes(`<meta http-equiv=content-type content='charset="koi8-r'>`),
    undefined,
    DEFAULT,
  ],
  [
    'content: spaces around =, the label ends at ;',
    bytes('<meta http-equiv=content-type content="charset = koi8-r;x">'),
    undefined,
    meta('KOI8-R'),
  ],
  [
    'content: the first charset= counts',
    bytes('<meta http-equiv=content-type content="charset=koi8-r; charset=gbk">'),
    undefined,
    meta('KOI8-R'),
  ],
  [
    'content: an unquoted label ends at a space',
    bytes('<meta http-equiv=content-type content="charset=koi8-r text/html">'),
    undefined,
    meta('KOI8-R'),
  ],
  [
    'content: a charset without = is skipped',
    bytes('<meta http-equiv=content-type content="charsetx; charset=koi8-r">'),
    undefined,
    meta('KOI8-R'),
  ],
  [
    'content: charset at the end',
    bytes('<meta http-equiv=content-type content="text/html; charset">'),
    undefined,
    DEFAULT,
  ],
  [
    'content: charset= at the end',
    bytes('<meta http-equiv=content-type content="text/html; charset=">'),
    undefined,
    DEFAULT,
  ],
  ['content: an unknown label', bytes('<meta http-equiv=content-type content="charset=utf-7">'), undefined, DEFAULT],
  [
    'content: UTF-16BE is UTF-8',
    bytes('<meta http-equiv=content-type content="charset=unicodeFFFE">'),
    undefined,
    meta('UTF-8'),
  ],
  [
    'charset after content wins, without pragma',
    bytes('<meta content="text/html; charset=koi8-r" charset="shift_jis">'),
    undefined,
    meta('Shift_JIS'),
  ],
  [
    'charset before content wins',
    bytes('<meta charset="shift_jis" http-equiv="content-type" content="text/html; charset=koi8-r">'),
    undefined,
    meta('Shift_JIS'),
  ],
  [
    'an unknown charset is not replaced by content',
    bytes('<meta charset="bogus" http-equiv="content-type" content="charset=koi8-r">'),
    undefined,
    DEFAULT,
  ],
  [
    'duplicate http-equiv: the first counts',
    bytes('<meta http-equiv="refresh" http-equiv="content-type" content="charset=koi8-r">'),
    undefined,
    DEFAULT,
  ],
  // The prescan: comments.
  ['a meta in a comment', bytes(`<!-- ${KOI8} -->`), undefined, DEFAULT],
  ['a meta after a comment', bytes(`<!-- x -->${KOI8}`), undefined, meta('KOI8-R')],
  ['<!--> ends the comment', bytes(`<!-->${KOI8}`), undefined, meta('KOI8-R')],
  ['<!---> ends the comment', bytes(`<!--->${KOI8}`), undefined, meta('KOI8-R')],
  ['"-- >" does not end a comment', bytes(`<!-- -- >${KOI8} -->`), undefined, DEFAULT],
  ['"->" does not end a comment', bytes(`<!-- -> ${KOI8} -->`), undefined, DEFAULT],
  ['"-x>" does not end a comment', bytes(`<!-- -x> ${KOI8} -->`), undefined, DEFAULT],
  ['a comment right after another', bytes(`<!-- a --><!-- ${KOI8} -->`), undefined, DEFAULT],
  ['an unterminated comment', bytes(`<!-- ${KOI8}`), undefined, DEFAULT],
  // The prescan: other tags, </, <!, <?.
  ['a meta in an attribute of a tag', bytes(`<p title="${KOI8}">`), undefined, DEFAULT],
  ['a meta in an attribute of an end tag', bytes(`</p title="${KOI8}">`), undefined, DEFAULT],
  ['a > in a quoted attribute of a tag', bytes(`<x y=">" ${KOI8}`), undefined, DEFAULT],
  ['<! ends at the first >', bytes(`<!x y=">" ${KOI8}`), undefined, meta('KOI8-R')],
  ['</ and a non-letter ends at the first >', bytes(`</ y=">" ${KOI8}`), undefined, meta('KOI8-R')],
  ['<? ends at the first >', bytes(`<?x y=">" ${KOI8}`), undefined, meta('KOI8-R')],
  ['<! then a meta ends at its >', bytes(`<!${KOI8}`), undefined, DEFAULT],
  ['</ then a meta ends at its >', bytes(`</${KOI8}`), undefined, DEFAULT],
  ['<? then a meta ends at its >', bytes(`<?${KOI8}`), undefined, DEFAULT],
  ['a tag, then a meta', bytes(`<html lang=en><head>${KOI8}`), undefined, meta('KOI8-R')],
  ['< and a digit is text', bytes(`<1 ${KOI8}`), undefined, meta('KOI8-R')],
  ['< and a space is text', bytes('< meta charset=koi8-r>'), undefined, DEFAULT],
  ['< a digit and a letter is text', bytes(`<1x ${KOI8}`), undefined, meta('KOI8-R')],
  ['a > in a quoted attribute of an end tag', bytes(`</p y=">" ${KOI8}`), undefined, DEFAULT],
  ['<! right after a tag ends at the first >', bytes(`<p><!x y=">" ${KOI8}`), undefined, meta('KOI8-R')],
  // A tag starts with an ASCII letter, A-Z or a-z: not @ [ ` {.
  ...['a', 'z', 'A', 'Z'].map((c) => [`<${c} is a tag`, bytes(`<${c} y=">" ${KOI8}`), undefined, DEFAULT]),
  ...['@', '[', '`', '{'].map((c) => [`<${c} is text`, bytes(`<${c} y=">" ${KOI8}`), undefined, meta('KOI8-R')]),
  // The prescan's end: running out of bytes, the end condition (the first 1024 bytes).
  ['a meta without its >', bytes('<meta charset=koi8-r'), undefined, DEFAULT],
  ['a meta quoted value without its >', bytes('<meta charset="koi8-r"'), undefined, DEFAULT],
  ['a tag without its >', bytes('<p title=x'), undefined, DEFAULT],
  ['a meta ending at byte 1024', bytes(pad(1024 - KOI8.length), KOI8), undefined, meta('KOI8-R')],
  ['a meta ending at byte 1025', bytes(pad(1025 - KOI8.length), KOI8), undefined, DEFAULT],
  ['<meta at byte 1020, cut at 1024', bytes(pad(1020), KOI8), undefined, DEFAULT],
  ['a meta after 2000 bytes', bytes(pad(2000), KOI8), undefined, DEFAULT],
  ['a comment open past 1024 bytes', bytes('<!--', pad(1030), `-->${KOI8}`), undefined, DEFAULT],
  // The prescan's step 2: UTF-16 XML declarations.
  ['UTF-16LE <?x', bytes('<\0?\0x\0m\0l\0'), undefined, xml('UTF-16LE')],
  ['UTF-16BE <?x', bytes('\0<\0?\0x\0m\0l'), undefined, xml('UTF-16BE')],
  ['UTF-16LE <?x without its last zero', bytes('<\0?\0x'), undefined, DEFAULT],
  ['UTF-16LE <?x, its six bytes alone', bytes('<\0?\0x\0'), undefined, xml('UTF-16LE')],
  ['UTF-16BE <?x, its six bytes alone', bytes('\0<\0?\0x'), undefined, xml('UTF-16BE')],
  // Get an XML encoding, when the prescan is aborted.
  ['XML declaration', bytes('<?xml version="1.0" encoding="Shift_JIS"?><p>'), undefined, xml('Shift_JIS')],
  ['XML declaration, single quotes', bytes("<?xml version='1.0' encoding='euc-kr'?>"), undefined, xml('EUC-KR')],
  ['XML declaration, spaces around =', bytes('<?xml encoding \t= \n"koi8-r" ?>'), undefined, xml('KOI8-R')],
  ['XML declaration, control bytes around =', bytes('<?xml encoding\x01=\x1f"koi8-r"?>'), undefined, xml('KOI8-R')],
  [
    'XML declaration, a meta later wins',
    bytes(`<?xml version="1.0" encoding="Shift_JIS"?>${KOI8}`),
    undefined,
    meta('KOI8-R'),
  ],
  ['XML declaration: UTF-16 is UTF-8', bytes('<?xml version="1.0" encoding="utf-16"?>'), undefined, xml('UTF-8')],
  ['XML declaration: UTF-16BE is UTF-8', bytes('<?xml encoding="utf-16be"?>'), undefined, xml('UTF-8')],
  ['XML declaration: encoding without =', bytes('<?xml encoding:"koi8-r"?>'), undefined, DEFAULT],
  // Step 5: no "encoding" before the `>` (position there, not 8 bytes on).
  ['XML declaration: =" 8 bytes after its >', bytes('<?xml?>1234567="koi8-r"'), undefined, DEFAULT],
  [
    'XML declaration: x-user-defined stays',
    bytes('<?xml encoding="x-user-defined"?>'),
    undefined,
    xml('x-user-defined'),
  ],
  ['XML declaration: replacement', bytes('<?xml encoding="hz-gb-2312"?>'), undefined, xml('replacement')],
  ['XML declaration: a space in the label', bytes('<?xml encoding="koi8-r "?>'), undefined, DEFAULT],
  ['XML declaration: unquoted', bytes('<?xml encoding=koi8-r?>'), undefined, DEFAULT],
  ['XML declaration: between marks other than quotes', bytes('<?xml encoding=|koi8-r|?>'), undefined, DEFAULT],
  ['XML declaration: an unknown label', bytes('<?xml encoding="bogus"?>'), undefined, DEFAULT],
  ['XML declaration: encoding after its >', bytes('<?xml version="1.0"?><p encoding="koi8-r">'), undefined, DEFAULT],
  ['XML declaration not at the start', bytes(' <?xml encoding="koi8-r"?>'), undefined, DEFAULT],
  ['XML declaration in upper case', bytes('<?XML encoding="koi8-r"?>'), undefined, DEFAULT],
  ['XML declaration without >', bytes('<?xml encoding="koi8-r"'), undefined, DEFAULT],
  ['XML declaration, then an unterminated comment', bytes('<?xml encoding="koi8-r"?><!--'), undefined, xml('KOI8-R')],
  ['XML declaration ending past 1024 bytes', bytes('<?xml', pad(1030), ' encoding="koi8-r"?>'), undefined, DEFAULT],
  // 9. The default.
  ['empty input', bytes(), undefined, DEFAULT],
  ['no markup', bytes('Hello'), undefined, DEFAULT],
  ['a default label', bytes('<p>'), { defaultEncoding: 'sjis' }, { encoding: 'Shift_JIS', source: 'default' }],
  [
    'a default label with spaces',
    bytes('<p>'),
    { defaultEncoding: ' UTF-8 ' },
    { encoding: 'UTF-8', source: 'default' },
  ],
  ['a meta beats the default', bytes(KOI8), { defaultEncoding: 'utf-8' }, meta('KOI8-R')],
  ['unknown options are ignored', bytes('<p>'), { tld: 'jp', autodetect: true }, DEFAULT],
];

const KOI8_TEXT = bytes('<meta charset=koi8-r>', [0xc1, 0xc2, 0xd7]); // а б в
const KOI8_DECODED = '<meta charset=koi8-r>\u0430\u0431\u0432';

export default [
  [
    'sniffHTML: every step and branch of the algorithm',
    (detect) => {
      for (const [name, input, options, expected] of SNIFF_CASES) {
        deepEqual(detect.sniffHTML(input, options), expected, name);
      }
    },
  ],

  [
    'sniffHTML: every unshared BufferSource, the same',
    (detect) => {
      const input = bytes('<meta charset=shift_jis>');
      const expected = meta('Shift_JIS');
      deepEqual(detect.sniffHTML(input.buffer), expected, 'ArrayBuffer');
      deepEqual(detect.sniffHTML(new DataView(input.buffer)), expected, 'DataView');
      deepEqual(detect.sniffHTML(new Uint16Array(input.buffer, 0, input.length / 2)), expected, 'Uint16Array');
      const offset = bytes('xx<meta charset=koi8-r>yy');
      deepEqual(detect.sniffHTML(offset.subarray(2, offset.length - 2)), meta('KOI8-R'), 'a view with an offset');
      deepEqual(detect.sniffHTML(offset.subarray(3)), DEFAULT, 'a view that starts after <');
    },
  ],

  [
    'sniffHTML: a SharedArrayBuffer and a view on one',
    (detect) => {
      const input = bytes('<meta charset=shift_jis>');
      const expected = meta('Shift_JIS');
      const shared = new Uint8Array(sharedArrayBuffer(input.length));
      shared.set(input);
      deepEqual(detect.sniffHTML(shared.buffer), expected, 'SharedArrayBuffer');
      deepEqual(detect.sniffHTML(shared), expected, 'a view of a SharedArrayBuffer');
    },
  ],

  [
    'sniffHTML: wrong arguments are TypeErrors, an unknown default label a RangeError',
    (detect) => {
      throws(() => detect.sniffHTML(), TypeError, 'no argument');
      for (const v of [undefined, null, '<meta charset=koi8-r>', 42, [60, 112, 62], { length: 3 }]) {
        throws(() => detect.sniffHTML(v), TypeError, String(v));
      }
      if (typeof ArrayBuffer.prototype.resize === 'function') {
        throws(() => detect.sniffHTML(new ArrayBuffer(4, { maxByteLength: 8 })), TypeError, 'resizable');
      }
      throws(() => detect.sniffHTML(bytes('<p>'), 'koi8-r'), TypeError, 'options not an object');
      throws(() => detect.sniffHTML(bytes('<p>'), { transportLabel: Symbol('x') }), TypeError, 'a Symbol label');
      const e = throws(() => detect.sniffHTML(bytes('<p>'), { defaultEncoding: 'bogus' }), RangeError);
      equal(e.message, `Failed to execute 'sniffHTML': the defaultEncoding label "bogus" is not supported.`);
      // A label of more than 64 characters is shown cut to 64 and an ellipsis.
      const shown = (n) =>
        throws(() => detect.sniffHTML(bytes('<p>'), { defaultEncoding: 'x'.repeat(n) }), RangeError).message;
      ok(shown(64).includes(`label "${'x'.repeat(64)}" is`), shown(64));
      ok(shown(65).includes(`label "${'x'.repeat(64)}…" is`), shown(65));
      // Checked even where the default is not used.
      throws(() => detect.sniffHTML(bytes([0xef, 0xbb, 0xbf]), { defaultEncoding: 'utf-7' }), RangeError);
      throws(() => detect.sniffHTML(bytes('<p>'), { defaultEncoding: '' }), RangeError);
      deepEqual(detect.sniffHTML(bytes('<p>'), null), DEFAULT, 'null options');
    },
  ],

  [
    'sniffHTML and HTMLDecoderStream: each error says which method and what is wrong',
    async (detect) => {
      const message = (fn) => throws(fn, TypeError).message;
      const SNIFF = "Failed to execute 'sniffHTML'";
      const CONSTRUCT = "Failed to construct 'HTMLDecoderStream'";
      equal(
        message(() => detect.sniffHTML()),
        `${SNIFF}: 1 argument required, but only 0 present.`,
      );
      equal(
        message(() => detect.sniffHTML(42)),
        `${SNIFF}: the argument is not an ArrayBuffer, a SharedArrayBuffer or a view on one.`,
      );
      equal(
        message(() => detect.sniffHTML(bytes('<p>'), 1)),
        `${SNIFF}: the options argument is not an object.`,
      );
      equal(
        message(() => new detect.HTMLDecoderStream(1)),
        `${CONSTRUCT}: the options argument is not an object.`,
      );
      const e = throws(() => new detect.HTMLDecoderStream({ defaultEncoding: 'bogus' }), RangeError);
      equal(e.message, `${CONSTRUCT}: the defaultEncoding label "bogus" is not supported.`);
      const write = await rejects(pipe(new detect.HTMLDecoderStream(), [42]), TypeError);
      equal(
        write.message,
        "Failed to execute 'write' on 'HTMLDecoderStream': the argument is not an ArrayBuffer, a SharedArrayBuffer or a view on one.",
      );
      const replaced = await rejects(
        pipe(new detect.HTMLDecoderStream({ fatal: true, transportLabel: 'hz-gb-2312' }), [bytes('x')]),
        TypeError,
      );
      equal(replaced.message, 'The encoded data is not valid replacement.');
    },
  ],

  [
    'sniffHTML: options are read once each, defaultEncoding first; a label is converted to a string',
    (detect) => {
      const reads = [];
      const options = loggingDictionary(reads, {
        transportLabel: { toString: () => 'latin2' },
        defaultEncoding: undefined,
      });
      deepEqual(detect.sniffHTML(bytes(KOI8), options), transport('ISO-8859-2'));
      deepEqual(reads, ['defaultEncoding', 'transportLabel']);
    },
  ],

  [
    'sniffHTML: a buffer detached by an option getter reads as empty',
    (detect) => {
      const input = bytes(KOI8);
      const options = {
        get transportLabel() {
          detach(input.buffer);
          return undefined;
        },
      };
      deepEqual(detect.sniffHTML(input, options), DEFAULT);
    },
  ],

  [
    'sniffHTML: big and pathological inputs end at once, reading 1024 bytes',
    (detect) => {
      // `s` `n` times, by doubling copies (quick in interpreters too).
      const many = (s, n) => {
        const out = new Uint8Array(s.length * n);
        out.set(bytes(s));
        for (let have = s.length; have < out.length; have *= 2) out.copyWithin(have, 0, have);
        return out;
      };
      const inputs = [
        many('<', 1 << 20),
        many('<!--', 1 << 18),
        many('<meta ', 1 << 17),
        many('<meta a=b ', 1 << 16),
        many('<meta "', 1 << 17),
        many('<?xml encoding', 1 << 16),
        bytes('<?xml encoding="', pad(1 << 12)),
      ];
      for (const input of inputs) deepEqual(detect.sniffHTML(input), DEFAULT, `${input.length} bytes`);
    },
  ],

  [
    'HTMLDecoderStream: one byte at a time',
    async (detect) => {
      // Shift_JIS: 0x82 0xA0 is U+3042, 0x93 0xFA 0x96 0x7B is 日本.
      const input = bytes('<meta charset="shift_jis"><p>', [0x82, 0xa0, 0x93, 0xfa, 0x96, 0x7b]);
      const stream = new detect.HTMLDecoderStream();
      equal(stream.encoding, '', 'before any byte');
      equal(stream.source, '');
      const out = await pipe(
        stream,
        [...input].map((x) => bytes([x])),
      );
      equal(out.join(''), '<meta charset="shift_jis"><p>\u3042\u65E5\u672C');
      equal(stream.encoding, 'Shift_JIS');
      equal(stream.source, 'meta');
      ok(
        out.every((s) => typeof s === 'string' && s !== ''),
        'no empty chunks',
      );
    },
  ],

  [
    'HTMLDecoderStream: a meta split across chunks; fewer than 1024 bytes, then the end',
    async (detect) => {
      for (let i = 1; i < KOI8_TEXT.length; i++) {
        const stream = new detect.HTMLDecoderStream();
        const out = await pipe(stream, [KOI8_TEXT.subarray(0, i), KOI8_TEXT.subarray(i)]);
        equal(out.join(''), KOI8_DECODED, `split at ${i}`);
        equal(stream.encoding, 'KOI8-R');
        // Nothing before the end: the stream holds fewer than 1024 bytes until then.
        equal(out.length, 1);
      }
    },
  ],

  [
    'HTMLDecoderStream: output starts once 1024 bytes are in',
    async (detect) => {
      const stream = new detect.HTMLDecoderStream();
      const writer = stream.writable.getWriter();
      const reader = stream.readable.getReader();
      writer.write(bytes(KOI8, pad(1000)));
      writer.write(bytes(pad(1024 - 1000 - KOI8.length)));
      const first = await reader.read();
      equal(first.value, `${KOI8}${pad(1024 - KOI8.length)}`);
      equal(stream.encoding, 'KOI8-R');
      writer.write(bytes([0xc1]));
      equal((await reader.read()).value, '\u0430');
      writer.close();
      equal((await reader.read()).done, true);
    },
  ],

  [
    'HTMLDecoderStream: empty input',
    async (detect) => {
      // null options are the defaults.
      const none = new detect.HTMLDecoderStream(null);
      equal(none.fatal, false);
      deepEqual(await pipe(none, []), []);
      equal(none.encoding, 'windows-1252');
      const stream = new detect.HTMLDecoderStream({ defaultEncoding: 'utf-8' });
      deepEqual(await pipe(stream, []), []);
      equal(stream.encoding, 'UTF-8');
      equal(stream.source, 'default');
      deepEqual(await pipe(new detect.HTMLDecoderStream(), [new Uint8Array(0), new ArrayBuffer(0)]), []);
    },
  ],

  [
    'HTMLDecoderStream: a character split across the sniff boundary',
    async (detect) => {
      // U+20AC is E2 82 AC in UTF-8: its bytes at 1023, 1024, 1025.
      const head = `<meta charset=utf-8>${pad(1023 - 20)}`;
      const input = bytes(head, [0xe2, 0x82, 0xac], 'z');
      equal(head.length, 1023);
      for (const sizes of [[1024], [1023, 1], [1025], [1000, 24, 1, 1], [1]]) {
        const chunks = [];
        let at = 0;
        for (let i = 0; at < input.length; i++) {
          const size = sizes[Math.min(i, sizes.length - 1)];
          chunks.push(input.subarray(at, at + size));
          at += size;
        }
        const stream = new detect.HTMLDecoderStream();
        equal((await pipe(stream, chunks)).join(''), `${head}\u20ACz`, `chunks of ${sizes}`);
        equal(stream.encoding, 'UTF-8');
      }
    },
  ],

  [
    'HTMLDecoderStream: a BOM is skipped; the transport label; x-user-defined is windows-1252',
    async (detect) => {
      const utf16 = new detect.HTMLDecoderStream({ transportLabel: 'koi8-r' });
      equal((await pipe(utf16, [bytes([0xff, 0xfe, 0x61, 0, 0x3b, 0x04])])).join(''), 'a\u043B');
      equal(utf16.encoding, 'UTF-16LE');
      equal(utf16.source, 'bom');
      const labelled = new detect.HTMLDecoderStream({ transportLabel: 'koi8-r' });
      equal((await pipe(labelled, [bytes('<p>', [0xc1])])).join(''), '<p>\u0430');
      equal(labelled.source, 'transport');
      const user = new detect.HTMLDecoderStream();
      equal(
        (await pipe(user, [bytes('<meta charset=x-user-defined>', [0x80])])).join(''),
        '<meta charset=x-user-defined>\u20AC',
      );
      equal(user.encoding, 'windows-1252');
    },
  ],

  [
    'HTMLDecoderStream: fatal errors the stream; otherwise U+FFFD',
    async (detect) => {
      const input = [bytes('<meta charset=utf-8>a', [0xff], 'b')];
      equal((await pipe(new detect.HTMLDecoderStream(), input)).join(''), '<meta charset=utf-8>a\uFFFDb');
      const fatal = new detect.HTMLDecoderStream({ fatal: true });
      equal(fatal.fatal, true);
      await rejects(pipe(fatal, input), TypeError);
      // A partial character at the end.
      await rejects(
        pipe(new detect.HTMLDecoderStream({ fatal: 1 }), [bytes('<meta charset=utf-8>', [0xe2, 0x82])]),
        TypeError,
      );
      // Past the first 1024 bytes.
      await rejects(
        pipe(new detect.HTMLDecoderStream({ fatal: true, transportLabel: 'utf-8' }), [bytes(pad(2000)), bytes([0xc0])]),
        TypeError,
      );
    },
  ],

  [
    'HTMLDecoderStream: the replacement encoding gives one U+FFFD, or a TypeError where fatal',
    async (detect) => {
      const stream = new detect.HTMLDecoderStream();
      const out = await pipe(stream, [bytes('<meta charset=iso-2022-kr>'), bytes('more'), bytes(pad(2000))]);
      deepEqual(out, ['\uFFFD']);
      equal(stream.encoding, 'replacement');
      await rejects(
        pipe(new detect.HTMLDecoderStream({ fatal: true, transportLabel: 'hz-gb-2312' }), [bytes('x')]),
        TypeError,
      );
      deepEqual(await pipe(new detect.HTMLDecoderStream({ transportLabel: 'hz-gb-2312' }), []), []);
    },
  ],

  [
    'HTMLDecoderStream: wrong options and chunks',
    async (detect) => {
      throws(() => new detect.HTMLDecoderStream({ defaultEncoding: 'bogus' }), RangeError);
      throws(() => new detect.HTMLDecoderStream('utf-8'), TypeError);
      await rejects(pipe(new detect.HTMLDecoderStream(), ['<p>']), TypeError);
      await rejects(pipe(new detect.HTMLDecoderStream(), [bytes(pad(2000)), 42]), TypeError);
      const stream = new detect.HTMLDecoderStream();
      equal(Object.prototype.toString.call(stream), '[object HTMLDecoderStream]');
      ok(stream.readable instanceof ReadableStream && stream.writable instanceof WritableStream);
      for (const name of ['encoding', 'source', 'fatal']) {
        const get = Object.getOwnPropertyDescriptor(detect.HTMLDecoderStream.prototype, name).get;
        for (const that of [{}, 1, undefined, new TransformStream()]) {
          const e = throws(() => get.call(that), TypeError, name);
          equal(
            e.message,
            `HTMLDecoderStream.${name}: 'this' is not an instance of this interface (illegal invocation).`,
          );
        }
      }
    },
  ],

  [
    'HTMLDecoderStream: chunks held before the decision are copies',
    async (detect) => {
      // The first chunk is overwritten once written (pipe asks for the next chunk after that).
      function* chunks() {
        const chunk = bytes(KOI8);
        yield chunk;
        chunk.fill(0x20);
        yield bytes([0xc1]);
      }
      equal((await pipe(new detect.HTMLDecoderStream(), chunks())).join(''), `${KOI8}\u0430`);
    },
  ],
];
