// The inputs of shared/detect-html.mjs's SNIFF_CASES through html-encoding-sniffer and
// encoding-sniffer (dev-dependencies, exact versions), beside the standard's results worked by
// hand there (which sniffHTML gives: detect.test.mjs). Where a package differs, DIFFERENCES
// says why in a line; the test fails when a package differs elsewhere or no longer differs there
// (a new version to look at), never because it is wrong. Differences are listed as diagnostics.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { SNIFF_CASES } from './shared/detect-html.mjs';

const require = createRequire(import.meta.url);
const htmlEncodingSniffer = require('html-encoding-sniffer');
const { getEncoding: encodingSniffer } = require('encoding-sniffer');

const PEERS = {
  'html-encoding-sniffer': (input, { transportLabel, defaultEncoding } = {}) =>
    htmlEncodingSniffer(input, { transportLayerEncodingLabel: transportLabel, defaultEncoding }),
  'encoding-sniffer': (input, { transportLabel, defaultEncoding } = {}) =>
    encodingSniffer(Buffer.from(input), { transportLayerEncodingLabel: transportLabel, defaultEncoding }),
};

const UNKNOWN_CHARSET =
  'an unknown charset attribute leaves charset null, so the content attribute then sets it (the standard: failure, not null)';
const DEFAULT_LABEL = "returns the default label as given, not its encoding's name";

// Case name → why the package's result differs from the standard's.
const DIFFERENCES = {
  'html-encoding-sniffer': {
    'an unknown charset is not replaced by content': UNKNOWN_CHARSET,
    'XML declaration ending past 1024 bytes':
      'reads the XML declaration past the 1024 bytes prescanned (the standard: the same bytes as the prescan)',
    'a default label': DEFAULT_LABEL,
    'a default label with spaces': DEFAULT_LABEL,
    'a > in a quoted attribute of an end tag':
      "ends an end tag at its first > (the standard gets an end tag's attributes as a start tag's: a > in a quoted value does not end it)",
  },
  'encoding-sniffer': {
    '<meta/ then the attribute': 'does not take a slash after <meta as the start of its attributes',
    'an unquoted value takes the slash': 'ends an unquoted attribute value at a slash (the standard: at a space or >)',
    'duplicate charset: a first unknown one counts':
      'lets a second charset attribute replace a first one with an unknown label (the standard ignores duplicates)',
    'an unknown charset is not replaced by content': UNKNOWN_CHARSET,
    'a meta quoted value without its >':
      "takes a meta's charset before its > (the standard: running out of bytes in the tag aborts the prescan)",
    'a meta ending at byte 1025':
      "takes a meta's charset before its >, here the 1025th byte (the standard: past the end condition, aborted)",
    'XML declaration without >': 'takes an XML declaration without its > (the standard: no xmlDeclarationEnd, failure)',
  },
};

for (const [peer, sniff] of Object.entries(PEERS)) {
  test(`${peer}: agrees with the standard but where DIFFERENCES says why`, (t) => {
    const differ = [];
    for (const [name, input, options, expected] of SNIFF_CASES) {
      let got;
      try {
        got = sniff(input, options);
      } catch (e) {
        got = `${e.name}: ${e.message}`;
      }
      if (got !== expected.encoding) {
        differ.push(name);
        t.diagnostic(
          `${name}: ${got}, the standard ${expected.encoding}: ${DIFFERENCES[peer][name] ?? '(no reason given)'}`,
        );
      }
    }
    t.diagnostic(`${SNIFF_CASES.length - differ.length} of ${SNIFF_CASES.length} inputs agree`);
    assert.deepEqual(differ.sort(), Object.keys(DIFFERENCES[peer]).sort());
  });
}

test('every named difference is a case', () => {
  const names = new Set(SNIFF_CASES.map(([name]) => name));
  for (const differences of Object.values(DIFFERENCES)) {
    for (const name of Object.keys(differences)) assert.ok(names.has(name), name);
  }
});
