// The demo's "Fix garbled text" box (repair() from encoding-wasm/detect), at 1280 and 375 px wide:
// each sample one click away comes back as the text it was made from (written out here, with the
// garbled form of the first worked by hand), and correct text is left alone.
// Run: node --test tests/browser/   (screenshots land in test-results/)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { forEachViewport, shots } from './lib.mjs';

// [button, the text it was made from, the steps shown]
const SAMPLES = [
  ['French read as windows-1252', 'Été à la plage, café crème', 'UTF-8 read as windows-1252 (undone once)'],
  ['Russian read as windows-1251', 'Привет, мир!', 'UTF-8 read as windows-1251 (undone once)'],
  ['Polish read as windows-1250', 'Zażółć gęślą jaźń', 'UTF-8 read as windows-1250 (undone once)'],
  ['Japanese read as GBK', '日本語のテキスト', 'UTF-8 read as GBK (undone once)'],
  [
    'Twice through windows-1252',
    'Crème brûlée',
    'UTF-8 read as windows-1252, then UTF-8 read as windows-1252 (undone 2 times)',
  ],
];

forEachViewport('fix garbled text', (view, device) => {
  test('each sample is one click away and comes back as the text it was made from', async () => {
    const { page } = view;
    await page.waitForSelector('#fix-samples button');
    for (const [name, original, steps] of SAMPLES) {
      await page.getByRole('button', { name }).click();
      const garbled = await page.inputValue('#fix-text');
      assert.notEqual(garbled, original, name);
      await page.waitForSelector('#fix-output');
      assert.equal(await page.textContent('#fix-output'), original, name);
      assert.equal(await page.textContent('#fix-result p'), `Repaired: ${steps}.`, name);
    }
    // é is C3 A9 and É C3 89 in UTF-8; windows-1252 reads C3 as Ã, A9 as ©, 89 as ‰.
    await page.getByRole('button', { name: 'French read as windows-1252' }).click();
    assert.match(await page.inputValue('#fix-text'), /^Ã‰tÃ© /);
    await page.locator('#fix').screenshot({ path: join(shots, `${device}-fix.png`) });
    await view.noSideways();
  });

  test('text typed in is repaired as it comes, and correct text is left alone', async () => {
    const { page } = view;
    await page.fill('#fix-text', 'cafÃ© au lait');
    await page.waitForSelector('#fix-output');
    assert.equal(await page.textContent('#fix-output'), 'café au lait');
    await page.fill('#fix-text', 'Grüße aus Köln');
    await page.waitForFunction(() => document.querySelector('#fix-output') === null);
    assert.match(await page.textContent('#fix-result'), /^Nothing to repair/);
    await page.fill('#fix-text', '');
    assert.equal(await page.textContent('#fix-result'), '');
  });
});
