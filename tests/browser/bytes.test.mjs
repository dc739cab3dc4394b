// The demo explains bytes: characters and bytes linked both ways (hover and selection), the same
// bytes in every encoding, and downloads in any encoding through LegacyEncoderStream; each at
// 1280 and 375 px wide. Expected bytes come from the standard's indexes (lib.mjs) or the formulas
// named beside them; expected error counts for UTF-8 come from the browser's own TextDecoder.
// Run: node --test tests/browser/   (screenshots land in test-results/)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  asciiHex,
  clearResult,
  decodeHex,
  eucKr,
  hex,
  forEachViewport,
  pickEncoding,
  resultEncoding,
  root,
  scratch,
  shiftJis,
  shots,
} from './lib.mjs';

// 0x82 0x20 in Shift_JIS: a lead byte then a space, which is malformed (the space stays a space).
const sjisBytes = `${hex(shiftJis('あいA'))} 82 20 ${hex(shiftJis('日本'))}`;
const krText = '한국어 텍스트';

/** The text of each range of a custom highlight ('linked-text' or 'linked-bytes'). */
const highlighted = (page, name) =>
  page.evaluate((n) => [...(CSS.highlights.get(n) ?? [])].map((r) => r.toString()), name);

// The point of the last hover (see readout).
let lastHover = null;

/** Moves the mouse over code units [start, end) of the text of `selector` (scrolled into view). */
async function hover(page, selector, start, end) {
  const point = await page.$eval(
    selector,
    (pre, [s, e]) => {
      pre.scrollIntoView({ block: 'center' });
      const walker = document.createTreeWalker(pre, NodeFilter.SHOW_TEXT);
      let at = 0;
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        if (s < at + n.data.length) {
          const r = new Range();
          r.setStart(n, s - at);
          r.setEnd(n, Math.min(e - at, n.data.length));
          const box = r.getBoundingClientRect();
          return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
        }
        at += n.data.length;
      }
      return null;
    },
    [start, end],
  );
  assert.ok(point, `${selector} has text at ${start}`);
  lastHover = point;
  await page.mouse.move(point.x, point.y);
}

/**
 * Moves the pointer into the page's left margin, which no view reaches at any scroll: left over a
 * view, it would point at whatever a later scroll (focusing an element) brings under it.
 */
async function pointerAside(page) {
  await page.mouse.move(2, lastHover?.y ?? 2);
  lastHover = null;
}

/** Selects code units [start, end) of the text of `selector`, as a drag would. */
const select = (page, selector, start, end) =>
  page.$eval(
    selector,
    (pre, [s, e]) => {
      const walker = document.createTreeWalker(pre, NodeFilter.SHOW_TEXT);
      const points = [];
      let at = 0;
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        for (const [i, want] of [s, e].entries()) {
          if (points[i] === undefined && want <= at + n.data.length) points[i] = [n, want - at];
        }
        at += n.data.length;
      }
      document.getSelection().setBaseAndExtent(...points[0], ...points[1]);
    },
    [start, end],
  );

/** Offsets [start, end) of byte `i`'s digits in a hex view (8-digit offset, then " xx" per byte). */
async function hexOffsets(page, selector, i) {
  const perRow = await page.$eval(selector, (pre) => pre.textContent.split('\n')[0].slice(9).trim().split(' ').length);
  const start = Math.floor(i / perRow) * (10 + 3 * perRow) + 10 + 3 * (i % perRow);
  return [start, start + 2];
}

/**
 * Waits until the readout `id` says something matching `pattern`. A pointer that stays still sends
 * no more events: where the views were drawn again after the last hover (which clears the
 * readout), that hover is made again after a while, as a real pointer's next move would.
 */
const readout = async (page, id, pattern) => {
  const matches = ([i, p]) => new RegExp(p).test(document.getElementById(i).textContent);
  for (let again = 3; ; again--) {
    try {
      await page.waitForFunction(matches, [id, pattern.source], { timeout: again > 0 && lastHover ? 3000 : 30000 });
      return page.textContent(`#${id}`);
    } catch (e) {
      if (again === 0 || lastHover === null) throw e;
      await page.mouse.move(lastHover.x + 1, lastHover.y);
      await page.mouse.move(lastHover.x, lastHover.y);
    }
  }
};

forEachViewport('characters and bytes', (view, device) => {
  test('decoded characters and their bytes highlight each other, by hover and by selection', async () => {
    const { page } = view;
    await pickEncoding(page, 'dec', 'sjis', 'Shift_JIS');
    await clearResult(page, 'dec');
    await decodeHex(page, sjisBytes);
    assert.equal(await resultEncoding(page, 'dec'), 'Shift_JIS');
    assert.equal(await page.textContent('#dec-text'), 'あいA\uFFFD 日本');

    // Hovering い (82 A2, bytes 2–3).
    await hover(page, '#dec-text', 1, 2);
    assert.match(await readout(page, 'dec-linked', /U\+3044/), /^“い” U\+3044 ↔ bytes 2–3: 82 a2$/);
    assert.deepEqual(await highlighted(page, 'linked-text'), ['い']);
    assert.deepEqual(await highlighted(page, 'linked-bytes'), ['82 a2']);

    // Hovering byte 9 (0x96, the lead byte of 本) highlights 本 and both its bytes.
    await hover(page, '#dec-hexview', ...(await hexOffsets(page, '#dec-hexview', 9)));
    assert.match(await readout(page, 'dec-linked', /U\+672C/), /bytes 9–10: 96 7b$/);
    assert.deepEqual(await highlighted(page, 'linked-text'), ['本']);
    assert.deepEqual(await highlighted(page, 'linked-bytes'), ['96 7b']);

    // The malformed lead byte 0x82 alone (byte 5), then the space it leaves as itself (byte 6).
    await hover(page, '#dec-text', 3, 4);
    assert.match(await readout(page, 'dec-linked', /malformed/), /U\+FFFD \(a malformed sequence\) ↔ byte 5: 82$/);
    await hover(page, '#dec-text', 4, 5);
    assert.match(await readout(page, 'dec-linked', /U\+0020/), /byte 6: 20$/);

    // Selecting あい highlights four bytes; selecting bytes 4–5 highlights A and the U+FFFD.
    await select(page, '#dec-text', 0, 2);
    assert.match(await readout(page, 'dec-linked', /^2 characters/), /bytes 0–3: 82 a0 82 a2$/);
    assert.deepEqual(await highlighted(page, 'linked-bytes'), ['82 a0 82 a2']);
    const [from] = await hexOffsets(page, '#dec-hexview', 4);
    const [, to] = await hexOffsets(page, '#dec-hexview', 5);
    await select(page, '#dec-hexview', from, to);
    await readout(page, 'dec-linked', /bytes 4–5/);
    assert.deepEqual(await highlighted(page, 'linked-text'), ['A\uFFFD']);
    await page.locator('#dec-views-box').screenshot({ path: join(shots, `${device}-bytes-linked-decode.png`) });
    await page.evaluate(() => document.getSelection().removeAllRanges());

    // By keyboard: → steps through characters (the second is い) or bytes (the tenth is in 本).
    await pointerAside(page);
    await page.focus('#dec-text');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await readout(page, 'dec-linked', /U\+3044/);
    assert.deepEqual(await highlighted(page, 'linked-bytes'), ['82 a2']);
    await page.focus('#dec-hexview');
    for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowRight');
    await readout(page, 'dec-linked', /U\+672C/);
    assert.deepEqual(await highlighted(page, 'linked-text'), ['本']);
    await page.keyboard.press('Escape');
    assert.equal(await page.textContent('#dec-linked'), '');
    await view.noSideways();
  });

  test('encoded characters and their bytes highlight each other, from the text box too', async () => {
    const { page } = view;
    await page.fill('#enc-text', `${krText}😀`);
    await clearResult(page, 'enc');
    await pickEncoding(page, 'enc', 'korean', 'EUC-KR');
    assert.equal(await resultEncoding(page, 'enc'), 'EUC-KR');
    const kuk = hex(eucKr('국'));
    // 국 is code unit 1: hovering it in the characters view.
    await hover(page, '#enc-textview', 1, 2);
    assert.match(await readout(page, 'enc-linked', /국/), new RegExp(`^“국” U\\+AD6D ↔ bytes 2–3: ${kuk}$`));
    assert.deepEqual(await highlighted(page, 'linked-bytes'), [kuk]);
    // 😀 is written as &#128512;: hovering its last byte (the ;) highlights the emoji.
    const krBytes = eucKr(krText).length;
    const last = krBytes + '&#128512;'.length - 1;
    await hover(page, '#enc-hexview', ...(await hexOffsets(page, '#enc-hexview', last)));
    await readout(page, 'enc-linked', /U\+1F600/);
    assert.deepEqual(await highlighted(page, 'linked-text'), ['😀']);
    assert.deepEqual(
      (await highlighted(page, 'linked-bytes')).map((s) => s.replace(/\s+/g, ' ').replace(/\b[0-9a-f]{8} /g, '')),
      [asciiHex('&#128512;')],
    );
    // A selection in the text box (here 한국) shows its bytes.
    await pointerAside(page);
    await page.focus('#enc-text');
    await page.$eval('#enc-text', (area) => area.setSelectionRange(0, 2));
    await readout(page, 'enc-linked', /^2 characters/);
    assert.deepEqual(await highlighted(page, 'linked-bytes'), [hex(eucKr('한국'))]);

    // ISO-2022-JP: あ after "a" brings its escape sequence, ESC $ B, then 24 22 (pointer 283).
    await page.fill('#enc-text', 'aあ');
    await pickEncoding(page, 'enc', 'csiso2022jp', 'ISO-2022-JP');
    await page.waitForFunction(() => document.querySelector('#enc-used')?.textContent === 'ISO-2022-JP');
    assert.equal(await page.textContent('#enc-textview'), 'aあ');
    await hover(page, '#enc-textview', 1, 2);
    await readout(page, 'enc-linked', /U\+3042/);
    assert.deepEqual(await highlighted(page, 'linked-bytes'), ['1b 24 42 24 22']);
    await page.locator('#encode').screenshot({ path: join(shots, `${device}-bytes-linked-encode.png`) });
    await view.noSideways();
  });

  test('the same bytes in every encoding: which decode cleanly, how many U+FFFD the others give', async () => {
    const { page } = view;
    await page.fill('#dec-search', '');
    await pickEncoding(page, 'dec', 'shift_jis', 'Shift_JIS');
    await clearResult(page, 'dec');
    const text = 'Shift_JIS: 日本語のテキスト、ｶﾀｶﾅ。';
    const bytes = shiftJis(text);
    await decodeHex(page, hex(bytes));
    assert.equal(await resultEncoding(page, 'dec'), 'Shift_JIS');
    await page.waitForSelector('#every-table');
    const rows = await page.$$eval('#every-table tbody tr', (trs) =>
      trs.map((tr) => ({
        name: tr.dataset.encoding,
        status: tr.querySelector('.status').textContent,
        fffd: tr.querySelector('.num').textContent,
        shown: tr.querySelector('th').textContent.includes('(shown)'),
        guessed: tr.classList.contains('guessed'),
      })),
    );
    assert.equal(rows.length, 39, 'every encoding but replacement');
    // The detector's guesses come first (detect.test.mjs checks their order), Shift_JIS first.
    const guessed = rows.findIndex((r) => !r.guessed);
    assert.ok(guessed > 0 && rows.slice(guessed).every((r) => !r.guessed));
    assert.deepEqual(rows[0], { name: 'Shift_JIS', status: 'no errors', fffd: '0', shown: true, guessed: true });
    // Then the clean decodes, multi-byte ones (GBK, whose byte ranges hold these pairs too)
    // before single-byte ones; then the others by their number of errors.
    const singleByte = new Set(
      JSON.parse(readFileSync(join(root, 'indexes/encodings.json'), 'utf8'))
        .find((g) => g.heading === 'Legacy single-byte encodings')
        .encodings.map((e) => e.name)
        .concat('x-user-defined'),
    );
    const rest = rows.slice(guessed);
    const clean = rest.filter((r) => r.status === 'no errors');
    assert.deepEqual(rest.slice(0, clean.length), clean);
    const firstSingle = clean.findIndex((r) => singleByte.has(r.name));
    assert.ok(firstSingle > 0 && clean.slice(firstSingle).every((r) => singleByte.has(r.name)));
    assert.ok(clean.slice(0, firstSingle).some((r) => r.name === 'GBK'));
    const counts = rest.slice(clean.length).map((r) => Number(r.status.replace(/\D/g, '')));
    assert.deepEqual(
      counts,
      [...counts].sort((a, b) => a - b),
    );
    // UTF-8: as many U+FFFD as the browser's own UTF-8 decoder gives.
    const utf8Fffd = await page.evaluate(
      (b) => new TextDecoder().decode(Uint8Array.from(b)).split('\uFFFD').length - 1,
      [...bytes],
    );
    assert.ok(utf8Fffd > 0);
    const utf8 = rows.find((r) => r.name === 'UTF-8');
    assert.equal(utf8.fffd, String(utf8Fffd));
    assert.match(utf8.status, /^\d+ malformed$/);
    assert.match(await page.textContent('#every-summary'), /; of the multi-byte encodings: (.+, )?Shift_JIS/);
    await page.locator('#dec-every').screenshot({ path: join(shots, `${device}-every-encoding.png`) });
    // Choosing an encoding decodes with it.
    await clearResult(page, 'dec');
    await page.click('#every-table tr[data-encoding="UTF-8"] button');
    assert.equal(await resultEncoding(page, 'dec'), 'UTF-8');
    assert.equal(await page.textContent('#dec-fffd'), String(utf8Fffd));
    await page.waitForSelector('#every-table tr[data-encoding="UTF-8"] th .hint');
    await view.noSideways();
  });

  test('downloads in any encoding: a short text at once, long texts and files through LegacyEncoderStream', async () => {
    const { page } = view;
    await page.check('input[name="enc-mode"][value="html"]');
    // Short: ISO-2022-JP, ending back in ASCII.
    await page.fill('#enc-text', 'aあ');
    await pickEncoding(page, 'enc', 'iso-2022-jp', 'ISO-2022-JP');
    await page.waitForFunction(() => document.querySelector('#enc-used')?.textContent === 'ISO-2022-JP');
    let saved = await download(page, () => page.click('#enc-download'));
    assert.equal(hex(saved), '61 1b 24 42 24 22 1b 28 42');
    assert.match(await page.textContent('#enc-download-status'), /^Downloaded 9 bytes of ISO-2022-JP\.$/);

    // Long (over 256 Ki code units): Shift_JIS, in 64 Ki pieces through the stream.
    const unit = 'Shift_JIS: 日本語のテキスト、ｶﾀｶﾅ。\n';
    const long = unit.repeat(Math.ceil((300 * 1024) / unit.length));
    await page.$eval(
      '#enc-text',
      (area, v) => {
        area.value = v;
        area.dispatchEvent(new Event('input'));
      },
      long,
    );
    await pickEncoding(page, 'enc', 'shift_jis', 'Shift_JIS');
    saved = await download(page, () => page.click('#enc-download'));
    assert.ok(saved.equals(Buffer.from(shiftJis(long))), 'the bytes of the standard’s Shift_JIS encoder');
    assert.match(
      await page.textContent('#enc-download-status'),
      new RegExp(
        `^Downloaded ${saved.length.toLocaleString('en')} bytes of Shift_JIS, encoded through LegacyEncoderStream in \\d+ chunks\\.$`,
      ),
    );

    // A 6 MB UTF-8 file to EUC-KR.
    const krUnit = `${krText} ${'한글'.repeat(20)}\n`;
    const fileText = krUnit.repeat(Math.ceil(6e6 / Buffer.byteLength(krUnit)));
    const file = join(scratch, `${device}-korean.txt`);
    writeFileSync(file, fileText);
    await pickEncoding(page, 'enc', 'euc-kr', 'EUC-KR');
    saved = await download(page, () => page.setInputFiles('#enc-file', file));
    assert.ok(saved.equals(Buffer.from(eucKr(fileText))), 'the bytes of the standard’s EUC-KR encoder');
    assert.match(await page.textContent('#enc-download-status'), /through LegacyEncoderStream in \d+ chunks/);

    // Fatal: the stream stops at the first character EUC-KR lacks.
    writeFileSync(file, `${fileText}😀`);
    await page.check('input[name="enc-mode"][value="fatal"]');
    await page.setInputFiles('#enc-file', file);
    await page.waitForSelector('#enc-download-status.alert');
    assert.match(await page.textContent('#enc-download-status'), /^TypeError: .*U\+1F600/);
    await page.check('input[name="enc-mode"][value="html"]');
    await page.locator('#encode').screenshot({ path: join(shots, `${device}-download.png`) });
    await view.noSideways();
  });

  /** Runs `act` and returns the bytes of the download it starts. */
  async function download(p, act) {
    const [started] = await Promise.all([p.waitForEvent('download', { timeout: 120_000 }), act()]);
    const path = join(scratch, `${device}-download.bin`);
    await started.saveAs(path);
    return readFileSync(path);
  }
});
