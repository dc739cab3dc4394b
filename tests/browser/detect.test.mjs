// The decode panel's "What encoding is this?" (detect() from encoding-wasm/detect) and its samples,
// at 1280 and 375 px wide: each sample comes back as the text it was written from (written out
// again here), decoded with the detector's guess; any guess is one click away; the every-encoding
// panel starts with the detector's guesses. Expected bytes and texts come from the standard's
// index files, never from the page.
// Run: node --test tests/browser/   (screenshots land in test-results/)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { forEachViewport, hex, readIndex, root, shiftJis, shots, shownHex } from './lib.mjs';

const JAPANESE =
  '今朝は小雨でしたが、昼過ぎには晴れて、川沿いの桜がよく見えました。' +
  '駅前の古い喫茶店で、友人と二時間ほど話しこみました。' +
  '帰りに本屋へ寄って、旅行の本を一冊買いました。\n';
const RUSSIAN_PAGE = `<!doctype html>
<html lang="ru">
<head>
<title>Прогноз погоды</title>
</head>
<body>
<h1>Погода на выходные</h1>
<p>В субботу будет облачно, временами пойдёт мокрый снег. В воскресенье ветер стихнет, и к обеду выглянет солнце.</p>
<p>Если собираетесь за город, возьмите тёплую куртку и термос с чаем.</p>
</body>
</html>
`;
const FRENCH_NOTE = 'Menu du jour: crème brûlée, 4 €';

// A single-byte encoding's index (section "Legacy single-byte encodings"): byte 0x80 + pointer.
const indexFile = (name) => join(root, 'indexes', `index-${name.toLowerCase()}.txt`);
const singleByteEncode = (text, name) => {
  const byte = new Map(readIndex(name.toLowerCase()).map(([pointer, cp]) => [cp, 0x80 + pointer]));
  return Uint8Array.from(text, (c) => (c.codePointAt(0) < 0x80 ? c.codePointAt(0) : byte.get(c.codePointAt(0))));
};
const singleByteDecode = (bytes, name) => {
  const cp = new Map(readIndex(name.toLowerCase()).map(([pointer, c]) => [0x80 + pointer, c]));
  return String.fromCodePoint(...Array.from(bytes, (b) => (b < 0x80 ? b : (cp.get(b) ?? 0xfffd))));
};

const guessNames = (page) => page.$$eval('#guess-list li', (lis) => lis.map((li) => li.dataset.encoding));
const everyNames = (page) => page.$$eval('#every-table tbody tr', (trs) => trs.map((tr) => tr.dataset.encoding));
const detectLoads = (page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => new URL(e.name).pathname)
      .filter((p) => p.includes('detect')),
  );

/** Clicks a sample and waits until its bytes are decoded and guessed at. */
async function openSample(page, name, encoding) {
  await page.getByRole('button', { name }).click();
  await page.waitForFunction(
    (enc) =>
      document.querySelector('#dec-used')?.textContent === enc &&
      document.querySelector('#guess-list li .hint') !== null &&
      !document.querySelector('#dec-every').hidden,
    encoding,
  );
}

forEachViewport('what encoding is this?', (view, device) => {
  test('the detector loads when first needed, and its guesses come with the text, for pasted hex too', async () => {
    const { page } = view;
    assert.deepEqual(await detectLoads(page), []);
    assert.equal(await page.isHidden('#dec-guess'), true);
    // Whether the guesses were there when the result appeared (else the text would move down).
    await page.evaluate(() => {
      window.guessWithText = null;
      new MutationObserver(() => {
        if (window.guessWithText === null && document.querySelector('#dec-used')) {
          window.guessWithText = !document.querySelector('#dec-guess').hidden;
        }
      }).observe(document.querySelector('#dec-result'), { childList: true, subtree: true });
    });
    // "Привет" in KOI8-R, from its index: П 0xF0, р 0xD2, и 0xC9, в 0xD7, е 0xC5, т 0xD4.
    await page.fill('#dec-hex', 'f0 d2 c9 d7 c5 d4');
    await page.click('#dec-hex-go');
    await page.waitForSelector('#guess-list li');
    assert.equal(await page.evaluate(() => window.guessWithText), true);
    assert.ok(
      (await detectLoads(page)).some((p) => p.endsWith('.wasm')),
      'the detector’s module is loaded now',
    );
    assert.equal((await guessNames(page))[0], 'KOI8-R');
    await page.click('#guess-list li.top button');
    await page.waitForFunction(() => document.querySelector('#dec-used')?.textContent === 'KOI8-R');
    assert.equal(await page.textContent('#dec-text'), 'Привет');
    assert.equal((await everyNames(page))[0], 'KOI8-R');
  });

  test('an unlabeled Shift_JIS file: guessed, decoded with the guess, first in every encoding', async () => {
    const { page } = view;
    await openSample(page, 'Japanese text (Shift_JIS)', 'Shift_JIS');
    // The bytes are the text in Shift_JIS, as the standard's encoder makes them.
    assert.equal(await shownHex(page, 'dec-hexview'), hex(shiftJis(JAPANESE)));
    const guesses = await guessNames(page);
    assert.equal(guesses[0], 'Shift_JIS');
    assert.match(await page.textContent('#guess-list li.top'), /^Shift_JIS(100|> 99\.9|\d\d\.\d) %\(shown\)$/);
    assert.match(await page.textContent('#guess-summary'), /^Most likely Shift_JIS \(/);
    assert.equal(await page.inputValue('#dec-encoding'), 'Shift_JIS');
    assert.equal(await page.textContent('#dec-text'), JAPANESE);
    assert.equal(await page.textContent('#dec-fffd'), '0');
    // The every-encoding panel: the detector's guesses first, in its order, and says so.
    const every = await everyNames(page);
    assert.equal(every[0], 'Shift_JIS');
    assert.deepEqual(every.slice(0, guesses.length), guesses);
    assert.equal(every.length, 39, 'every encoding but replacement');
    assert.match(await page.textContent('#every-order'), /^Ordered by the detector: its (guess|\d+ guesses) first/);
    assert.match(await page.textContent('#every-table tbody tr:first-child th'), /^Shift_JIS \(shown\)guess 1, /);
    await page.locator('#decode').screenshot({ path: join(shots, `${device}-detect-shift_jis.png`) });
    await view.noSideways();
  });

  test('a windows-1251 page without a charset is guessed and decoded', async () => {
    const { page } = view;
    await openSample(page, 'Russian web page (windows-1251)', 'windows-1251');
    assert.equal(await shownHex(page, 'dec-hexview'), hex(singleByteEncode(RUSSIAN_PAGE, 'windows-1251')));
    assert.equal((await guessNames(page))[0], 'windows-1251');
    assert.equal(await page.textContent('#dec-text'), RUSSIAN_PAGE);
    assert.equal((await everyNames(page))[0], 'windows-1251');
    await view.noSideways();
  });

  test('an alternative is one click away, by mouse and by keyboard', async () => {
    const { page } = view;
    await openSample(page, 'Short French note (windows-1252)', 'windows-1252');
    const bytes = singleByteEncode(FRENCH_NOTE, 'windows-1252');
    assert.equal(await shownHex(page, 'dec-hexview'), hex(bytes));
    assert.equal(await page.textContent('#dec-text'), FRENCH_NOTE);
    const [top, ...alternatives] = await guessNames(page);
    assert.equal(top, 'windows-1252');
    // An alternative that turns these bytes into other text (by the standard's index).
    const other = alternatives.find(
      (name) => existsSync(indexFile(name)) && singleByteDecode(bytes, name) !== FRENCH_NOTE,
    );
    assert.ok(other, `an alternative that decodes differently among ${alternatives.join(', ')}`);
    await page.click(`#guess-list li[data-encoding="${other}"] button`);
    await page.waitForFunction((enc) => document.querySelector('#dec-used')?.textContent === enc, other);
    assert.equal(await page.inputValue('#dec-encoding'), other);
    assert.equal(await page.textContent('#dec-text'), singleByteDecode(bytes, other));
    await page.waitForSelector(`#guess-list li[data-encoding="${other}"] .hint`);
    assert.match(await page.textContent(`#every-table tr[data-encoding="${other}"] th`), /\(shown\)/);
    // The keyboard: Enter on the top guess decodes with it, and the focus stays on it.
    await page.focus('#guess-list li.top button');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelector('#dec-used')?.textContent === 'windows-1252');
    assert.equal(await page.textContent('#dec-text'), FRENCH_NOTE);
    await page.waitForSelector('#guess-list li.top .hint');
    assert.equal(await page.evaluate(() => document.activeElement.closest('li')?.dataset.encoding), 'windows-1252');
    await view.noSideways();
  });
});
