// Citations of the Encoding Standard go by anchor, and every anchor exists: each
// https://encoding.spec.whatwg.org/#ANCHOR in the sources below is an id of the standard's source,
// ../shared/encoding-standard/encoding.bs (a sibling of this repository), as Bikeshed renders it.
// Section numbers ("§ 12.2.2") go stale when the standard renumbers; anchors do not.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const STANDARD = join(root, '..', 'shared', 'encoding-standard', 'encoding.bs');

/** Where anchors are checked (a path that does not exist is skipped). */
const CITING = ['src', 'build.rs', 'js', 'bin', 'scripts', 'README.md', 'CONTRIBUTING.md', 'docs'];
/** Where no section number may remain. */
const NO_SECTION_NUMBERS = ['src', 'build.rs', 'js', 'bin', 'scripts'];

const TEXT_FILE = /\.(rs|mjs|js|cjs|ts|mts|cts|md|sh|html|json)$/;
const SPEC_URL = /https?:\/\/encoding\.spec\.whatwg\.org\/?#([^\s<>"'`]*)/g;

function readStandard() {
  if (!existsSync(STANDARD)) {
    throw new Error(
      `The Encoding Standard's source is not at ${STANDARD}. Check out https://github.com/whatwg/encoding ` +
        'as shared/encoding-standard next to this repository: this test checks anchors against it.',
    );
  }
  return readFileSync(STANDARD, 'utf8');
}

/** The text files under each of `paths` (relative to the repository), recursively. */
function files(paths) {
  const found = [];
  const walk = (path) => {
    if (statSync(path).isDirectory()) {
      for (const name of readdirSync(path)) walk(join(path, name));
    } else if (TEXT_FILE.test(path)) {
      found.push(path);
    }
  };
  for (const path of paths.map((p) => join(root, p)).filter(existsSync)) walk(path);
  return found;
}

/** Each `{ file, line, anchor }` cited in `paths`. */
function citations(paths) {
  const cited = [];
  for (const file of files(paths)) {
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((text, i) => {
        for (const [, raw] of text.matchAll(SPEC_URL)) {
          cited.push({ file: relative(root, file), line: i + 1, anchor: trimUrlEnd(decodeURIComponent(raw)) });
        }
      });
  }
  return cited;
}

/** Drops what ends the sentence rather than the URL: `.,:;` and a `)` that opens nowhere in it. */
function trimUrlEnd(anchor) {
  for (;;) {
    const unbalanced = anchor.endsWith(')') && anchor.split('(').length < anchor.split(')').length;
    if (!/[.,:;]$/.test(anchor) && !unbalanced) return anchor;
    anchor = anchor.slice(0, -1);
  }
}

// --- The ids of the standard's rendering, derived from its source as Bikeshed does ---

/** Bikeshed's `simplifyText`: linking text to id (lowercase, spaces and / ( , to dashes). */
const simplify = (text) =>
  text
    .trim()
    .toLowerCase()
    .replaceAll('()', '')
    .replace(/[\s/(,]+/g, '-')
    .replace(/[^a-z0-9_-]/g, '')
    .replace(/-+$/, '');

/** The attributes of a start tag's source (`id=x for="I/O queue" export`), names lowercased. */
function attributes(source) {
  const attrs = new Map();
  for (const [, name, ...values] of source.matchAll(/([^\s=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g)) {
    attrs.set(name.toLowerCase(), values.find((v) => v !== undefined) ?? '');
  }
  return attrs;
}

const textContent = (html) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot);/g, (_, e) => ({ amp: '&', lt: '<', gt: '>', quot: '"' })[e])
    .replace(/&[a-z]+;|&#\d+;/g, '')
    .replace(/\s+/g, ' ')
    .trim();

// IDL dfn types whose ids are "dom-" + for + name; methods and constructors drop their arguments.
const DOM_TYPES = new Set(['attribute', 'method', 'constructor', 'dict-member', 'const']);
const FUNCTIONISH = new Set(['method', 'constructor']);
// Interfaces and dictionaries are modelled too; for Bikeshed's other dfn types, which the standard
// does not use today, the test stops with an error rather than guess their ids.
const OTHER_TYPES = [
  'interface',
  'dictionary',
  ...['argument', 'callback', 'enum', 'enum-value', 'exception', 'typedef', 'namespace', 'extended-attribute'],
  ...['event', 'abstract-op', 'element', 'element-attr', 'attr-value', 'property', 'descriptor', 'at-rule'],
  ...['function', 'selector', 'http-header', 'permission', 'grammar'],
];

/**
 * Every anchor of the rendered standard: explicit ids (headings, dfns, notes, examples), the ids
 * Bikeshed generates for dfns without one (from the first linking text and the `for`), and those
 * of the IDL blocks' interfaces and dictionaries; generated ids pass through "Translate IDs".
 * `oldids` are left out: they exist only so that old links keep working.
 */
function standardIds(source) {
  const ids = new Set();
  const translate = new Map(
    (source.match(/^Translate IDs:(.*)$/m)?.[1] ?? '')
      .split(',')
      .map((pair) => pair.trim().split(/\s+/))
      .filter((pair) => pair.length === 2),
  );
  const generated = (id) => ids.add(translate.get(id) ?? id);
  const body = source.replace(/<pre class=metadata>[\s\S]*?<\/pre>/, '').replace(/<!--[\s\S]*?-->/g, '');

  for (const [, , attrSource = ''] of body.matchAll(/<([a-zA-Z][\w-]*)(\s[^>]*)?>/g)) {
    const attrs = attributes(attrSource);
    if (attrs.has('id')) ids.add(attrs.get('id'));
  }
  for (const [, id] of body.matchAll(/^#+ .*\{#([^}\s]+)\}\s*$/gm)) ids.add(id);
  for (const [, attrSource = '', inner] of body.matchAll(/<h[2-6](\s[^>]*)?>([\s\S]*?)<\/h[2-6]>/g)) {
    if (!attributes(attrSource).has('id')) generated(simplify(textContent(inner)));
  }

  const proseIdl = new Set(); // "for/name" of IDL members the prose defines
  for (const [, attrSource = '', inner] of body.matchAll(/<dfn(\s[^>]*)?>([\s\S]*?)<\/dfn>/g)) {
    const attrs = attributes(attrSource);
    const type = attrs.get('dfn-type') ?? [...DOM_TYPES, ...OTHER_TYPES].find((t) => attrs.has(t)) ?? 'dfn';
    const dfnFor = (attrs.get('for') ?? attrs.get('dfn-for'))?.split(',')[0].trim();
    const text = attrs.has('lt') ? attrs.get('lt').split('|')[0].trim() : textContent(inner);
    if (DOM_TYPES.has(type)) proseIdl.add(`${dfnFor}/${text.replace(/\(.*/, '')}`);
    if (attrs.has('id')) continue;
    if (type === 'dfn') generated(simplify(dfnFor ? `${dfnFor}-${text}` : text));
    else if (DOM_TYPES.has(type)) {
      const name = FUNCTIONISH.has(type) ? `${text.replace(/\(.*/, '')}()` : text;
      generated(`dom-${simplify(`${dfnFor}-${name}`)}`);
    } else if (type === 'interface') generated(simplify(text));
    else if (type === 'dictionary') generated(`dictdef-${simplify(text)}`);
    else throw new Error(`anchors.test.mjs does not know how Bikeshed names a "${type}" dfn: ${text}`);
  }
  // What Bikeshed reads from an ancestor's dfn-for/dfn-type is not modelled: make that loud.
  for (const [, tag, attrSource = ''] of body.matchAll(/<([a-zA-Z][\w-]*)(\s[^>]*)?>/g)) {
    const attrs = attributes(attrSource);
    if (tag !== 'dfn' && (attrs.has('dfn-for') || attrs.has('dfn-type'))) {
      throw new Error(`anchors.test.mjs does not model <${tag}${attrSource}>'s dfn-for/dfn-type`);
    }
  }

  for (const [, idl] of body.matchAll(/<pre class=idl>([\s\S]*?)<\/pre>/g)) {
    const defs = textContent(idl).replace(/\/\/.*$/gm, '');
    for (const [, kind, name, members] of defs.matchAll(
      /(interface mixin|interface|dictionary)\s+(\w+)[^{]*\{([^}]*)\}/g,
    )) {
      generated(kind === 'dictionary' ? `dictdef-${simplify(name)}` : simplify(name));
      for (const member of members.split(';').filter((m) => m.trim() !== '')) {
        // An operation's name is before its arguments; an attribute's or a member's is last, before
        // any default. Constructors are defined in prose.
        const memberName = member.includes('(')
          ? member.match(/(\w+)\s*\(/)[1]
          : member.replace(/=.*/s, '').trim().split(/\s+/).at(-1);
        if (memberName === 'constructor' || proseIdl.has(`${name}/${memberName}`)) continue;
        generated(`dom-${simplify(`${name}-${memberName}`)}`);
      }
    }
  }
  return ids;
}

// --- Tests ---

test('the ids derived from the source are those of the published standard', () => {
  const ids = standardIds(readStandard());
  // Anchors of https://encoding.spec.whatwg.org/ as published, one of each way an id comes about.
  for (const anchor of [
    'shift_jis-decoder', // heading id
    'concept-encoding-get', // explicit dfn id
    'decode', // dfn text
    'utf-8-decode', // dfn text with spaces
    'index-gb18030-ranges-code-point',
    'index-shift_jis-pointer',
    'utf-16be-le', // "UTF-16BE/LE": the slash becomes a dash
    'i-o-queue-peek', // for="I/O queue" peek
    'get-an-encoder', // first of lt="get an encoder|getting an encoder"
    'iso-2022-jp-decoder-escape-start', // lt="ISO-2022-JP decoder escape start"
    'dom-textdecoder-decode', // method dfn: dom-for-name, arguments dropped
    'dom-textencoder-encodeinto',
    'textdecoder', // IDL interface
    'textdecoderoptions', // IDL dictionary, through Translate IDs (dictdef-textdecoderoptions)
    'dom-textdecoderoptions-fatal', // IDL dictionary member
    'dom-textdecodeoptions-stream',
    'legacy-multi-byte-chinese-(simplified)-encodings', // heading id with parentheses
    'sharedarraybuffer-warning', // id of a paragraph
  ]) {
    assert.ok(ids.has(anchor), `#${anchor} is not found in the source`);
  }
  for (const anchor of [
    'shift-jis-decoder', // not how the standard spells it
    'dictdef-textdecoderoptions', // translated away
    'textdecoder-decoder', // an oldid
    'dom-textdecodercommon-encoding', // the prose dfn's explicit id (dom-textdecoder-encoding) wins
    '12.3.1',
  ]) {
    assert.ok(!ids.has(anchor), `#${anchor} should not be an anchor`);
  }
});

// build.rs writes anchors into the code it generates from templates (`#{anchor}`): each placeholder
// stands for every value build.rs gives it, read here from the same data.
function templateValues() {
  const headings = JSON.parse(readFileSync(join(root, 'indexes', 'encodings.json'), 'utf8')).map((g) => g.heading);
  const build = readFileSync(join(root, 'build.rs'), 'utf8');
  const indexes = /const MULTI_BYTE_INDEXES[^=]*= \[([^\]]*)\]/.exec(build)[1];
  return {
    anchor: headings.map((h) => h.toLowerCase().replaceAll(' ', '-')),
    name: [...indexes.matchAll(/\("([\w-]+)", "[\w-]+"\)/g)].map((m) => m[1]),
  };
}

function expand(anchor, values) {
  const placeholder = /\{(\w+)\}/.exec(anchor);
  if (placeholder === null) return [anchor];
  const list = values[placeholder[1]];
  assert.ok(list?.length > 0, `no values for the template ${anchor}`);
  return list.flatMap((v) => expand(anchor.replace(placeholder[0], v), values));
}

test('every cited anchor of the Encoding Standard exists in its source', () => {
  const ids = standardIds(readStandard());
  const values = templateValues();
  assert.equal(values.name.length, 5, 'the multi-byte indexes of build.rs');
  const cited = citations(CITING).flatMap((c) => expand(c.anchor, values).map((anchor) => ({ ...c, anchor })));
  const inSrc = cited.filter((c) => c.file.startsWith('src')).length;
  assert.ok(inSrc >= 100, `only ${inSrc} citations found in src/: is SPEC_URL still matching?`);
  const missing = cited.filter((c) => !ids.has(c.anchor)).map((c) => `${c.file}:${c.line}: #${c.anchor}`);
  assert.deepEqual(missing, [], `anchors not in ${relative(root, STANDARD)}:\n${missing.join('\n')}`);
});

test("every decoder and encoder, and every hook, names its algorithm's anchor in src/", () => {
  const source = readStandard();
  const algorithms = [...source.matchAll(/<h[2-6] id=([^\s>]+)[^>]*\balgorithm\b/g)].map((m) => m[1]);
  const hooks = source.match(/<h2 id=specification-hooks>[\s\S]*?(?=<h2 )/)[0];
  const hookIds = [...hooks.matchAll(/<dfn(\s[^>]*)?>([^<]*)<\/dfn>/g)]
    .filter(([, attrs = '']) => attributes(attrs).has('export'))
    .map(
      ([, attrs = '', text]) =>
        attributes(attrs).get('id') ?? simplify(attributes(attrs).get('lt')?.split('|')[0] ?? text),
    );
  assert.ok(algorithms.length >= 20 && hookIds.length >= 9, `${algorithms.length} algorithms, ${hookIds.length} hooks`);
  const cited = new Set(citations(['src']).map((c) => c.anchor));
  const uncited = [...algorithms, ...hookIds].filter((id) => !cited.has(id));
  assert.deepEqual(uncited, [], `no file in src/ cites ${uncited.map((id) => `#${id}`).join(', ')}`);
});

test('no section numbers ("§ 12.2.2") remain', () => {
  const found = [];
  for (const file of files(NO_SECTION_NUMBERS)) {
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((text, i) => {
        if (/§\s*\d/.test(text)) found.push(`${relative(root, file)}:${i + 1}: ${text.trim()}`);
      });
  }
  assert.deepEqual(found, [], `cite https://encoding.spec.whatwg.org/#anchor instead:\n${found.join('\n')}`);
});
