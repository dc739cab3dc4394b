// encodings() against the standard's own table: indexes/encodings.json, the copy of
// https://encoding.spec.whatwg.org/encodings.json that the core is built from and the reference
// reads. Group by group, encoding by encoding, label by label, in the file's order.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { encodings } from 'encoding-wasm';

const standard = JSON.parse(readFileSync(new URL('../../indexes/encodings.json', import.meta.url), 'utf8'));

test("encodings() is the standard's encodings.json: every group, name and label, in order", () => {
  const groups = encodings();
  assert.equal(groups.length, standard.length, 'groups');
  for (const [g, group] of standard.entries()) {
    assert.equal(groups[g].heading, group.heading, `group ${g}`);
    assert.equal(groups[g].encodings.length, group.encodings.length, group.heading);
    for (const [e, { name, labels }] of group.encodings.entries()) {
      const ours = groups[g].encodings[e];
      assert.equal(ours.name, name, `${group.heading}, encoding ${e}`);
      assert.equal(ours.labels.length, labels.length, `${name}: labels`);
      for (const [l, label] of labels.entries()) assert.equal(ours.labels[l], label, `${name}, label ${l}`);
    }
  }
});
