// The demo page in headless Chromium: `npm start` serves it, the tests drive it like a person would.
// Expected bytes come from the standard's index files and encoder formulas, never from our encoder.
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
  external,
  gbk,
  hex,
  describePage,
  pickEncoding,
  resultEncoding,
  root,
  scratch,
  shiftJis,
  shots,
  shownHex,
  viewports,
} from './lib.mjs';

const sjisText = 'Shift_JIS: 日本語のテキスト、ｶﾀｶﾅ。';
const gbkText = 'GBK: 中文编码测试，汉字。';
const krText = 'EUC-KR: 한국어 텍스트 ';

// ---- Desktop ----

describePage('desktop', viewports.desktop, (view) => {
  test('offers all 40 encodings grouped as the standard does, found by any label', async () => {
    const { page } = view;
    const standard = JSON.parse(readFileSync(join(root, 'indexes', 'encodings.json'), 'utf8'));
    const groups = await page.$$eval('#dec-encoding optgroup', (gs) =>
      gs.map((g) => ({ heading: g.label, names: [...g.children].map((o) => o.value) })),
    );
    assert.deepEqual(
      groups,
      standard.map((g) => ({ heading: g.heading, names: g.encodings.map((e) => e.name) })),
    );
    assert.equal(await page.inputValue('#dec-encoding'), 'auto');
    await pickEncoding(page, 'dec', 'csshiftjis', 'Shift_JIS');
    await pickEncoding(page, 'dec', ' X-GBK ', 'GBK');
    await pickEncoding(page, 'dec', 'latin1', 'windows-1252');
    await page.fill('#dec-search', 'cyrillic');
    const cyrillic = await page.$$eval('#dec-encoding option', (os) =>
      os.map((o) => o.value).filter((v) => v !== 'auto'),
    );
    assert.deepEqual(cyrillic.sort(), ['ISO-8859-5', 'x-mac-cyrillic'].sort());
    await page.fill('#dec-search', '');
  });

  test('decodes a Shift_JIS file', async () => {
    const { page } = view;
    const file = join(scratch, 'shift_jis.txt');
    writeFileSync(file, shiftJis(sjisText));
    await pickEncoding(page, 'dec', 'sjis', 'Shift_JIS');
    await clearResult(page, 'dec');
    await page.setInputFiles('#dec-file', file);
    assert.equal(await resultEncoding(page, 'dec'), 'Shift_JIS');
    assert.equal(await page.textContent('#dec-text'), sjisText);
    assert.equal(await page.textContent('#dec-fffd'), '0');
    assert.equal(await shownHex(page, 'dec-hexview'), hex(shiftJis(sjisText)));
    assert.match(await page.textContent('#dec-compare-status'), /Identical/);
    await page.screenshot({ path: join(shots, 'desktop-decode-shift_jis.png'), fullPage: true });
  });

  test('decodes GBK bytes pasted as hex', async () => {
    const { page } = view;
    await pickEncoding(page, 'dec', 'gbk', 'GBK');
    await clearResult(page, 'dec');
    await decodeHex(page, hex(gbk(gbkText)));
    assert.equal(await resultEncoding(page, 'dec'), 'GBK');
    assert.equal(await page.textContent('#dec-text'), gbkText);
    assert.equal(await page.textContent('#dec-fffd'), '0');
  });

  test('auto sniffs a BOM, else uses the fallback', async () => {
    const { page } = view;
    await page.fill('#dec-search', '');
    await page.selectOption('#dec-encoding', 'auto');
    await page.selectOption('#dec-fallback', 'windows-1252');
    await decodeHex(page, 'ff fe 41 00 e9 00');
    await page.waitForFunction(() => document.querySelector('#dec-used')?.textContent === 'UTF-16LE');
    assert.equal(await page.textContent('#dec-text'), 'Aé');
    await decodeHex(page, '41 e9');
    await page.waitForFunction(() => document.querySelector('#dec-used')?.textContent === 'windows-1252');
    assert.equal(await page.textContent('#dec-text'), 'Aé');
  });

  test('ignoreBOM keeps a byte order mark as text', async () => {
    const { page } = view;
    await pickEncoding(page, 'dec', 'utf-8', 'UTF-8');
    await decodeHex(page, 'ef bb bf 41');
    await page.waitForFunction(() => document.querySelector('#dec-length')?.textContent === '1');
    assert.equal(await page.textContent('#dec-text'), 'A');
    await page.check('#dec-ignore-bom');
    await page.waitForFunction(() => document.querySelector('#dec-length')?.textContent === '2');
    assert.equal(await page.textContent('#dec-text'), '\uFEFFA');
    await page.uncheck('#dec-ignore-bom');
  });

  test('a dropped file is decoded', async () => {
    const { page } = view;
    await pickEncoding(page, 'dec', 'koi8-r', 'KOI8-R');
    await clearResult(page, 'dec');
    // KOI8-R 0xF0 0xD2 0xC9 0xD7 0xC5 0xD4 is "Привет" (index-koi8-r.txt pointers 112, 82, 73, 87, 69, 84).
    await page.evaluate(() => {
      const data = new DataTransfer();
      data.items.add(new File([Uint8Array.of(0xf0, 0xd2, 0xc9, 0xd7, 0xc5, 0xd4)], 'dropped.txt'));
      document
        .querySelector('#decode')
        .dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    });
    assert.equal(await resultEncoding(page, 'dec'), 'KOI8-R');
    assert.equal(await page.textContent('#dec-text'), 'Привет');
  });

  test('differences from the browser are located by character and byte offset', async () => {
    const { page } = view;
    // A stand-in for the browser's decoder that differs in known places, through the page's code.
    const result = await page.evaluate(async () => {
      const lib = await import('/encoding-wasm.js');
      const { compareWithBrowser } = await import('/compare.js');
      const bytes = new TextEncoder().encode('a日é-é');
      const ours = { text: new lib.TextDecoder().decode(bytes) };
      const options = { fatal: false, ignoreBOM: false };
      const swap = class {
        constructor(l, o) {
          this.d = new TextDecoder(l, o);
        }
        decode(b) {
          return this.d.decode(b).replace('é', 'e');
        }
      };
      const drop = class {
        constructor(l, o) {
          this.d = new TextDecoder(l, o);
        }
        decode(b) {
          return this.d.decode(b).replace('-', '');
        }
      };
      return [
        compareWithBrowser(lib, bytes, 'utf-8', options, ours, swap),
        compareWithBrowser(lib, bytes, 'utf-8', options, ours, drop),
      ];
    });
    assert.equal(result[0].status, 'different');
    assert.deepEqual(result[0].diffs, [{ charIndex: 2, byteOffset: 4, ours: 'U+00E9', browser: 'U+0065' }]);
    assert.equal(result[1].status, 'different');
    assert.deepEqual(result[1].diffs, [{ charIndex: 3, byteOffset: 6, ours: 'U+002D', browser: 'nothing' }]);
  });

  test("shows the browser's own Big5 output beside ours", async () => {
    const { page } = view;
    // Big5 decoder (section "Big5 decoder"): pointers 1133 and 1164 (bytes 88 62, 88 A3) decode to
    // two code points each, U+00CA U+0304 and U+00EA U+0304.
    await pickEncoding(page, 'dec', 'big5-hkscs', 'Big5');
    await clearResult(page, 'dec');
    await decodeHex(page, '41 88 62 42 88 a3');
    assert.equal(await resultEncoding(page, 'dec'), 'Big5');
    const ours = 'A\u00CA\u0304B\u00EA\u0304';
    assert.equal(await page.textContent('#dec-text'), ours);
    const browsers = await page.evaluate(() =>
      new TextDecoder('big5').decode(Uint8Array.of(0x41, 0x88, 0x62, 0x42, 0x88, 0xa3)),
    );
    const status = await page.textContent('#dec-compare-status');
    if (browsers === ours) {
      assert.match(status, /^Identical/);
    } else {
      // Chromium 156 differs here; the first difference is the first of those characters.
      assert.match(status, /difference/);
      const first = await page.$$eval('#dec-compare-body tbody tr:first-child td', (tds) =>
        tds.map((td) => td.textContent),
      );
      const at = [...ours].findIndex((c, i) => c !== browsers[i]);
      assert.equal(first[0], String(at));
      assert.equal(first[1], at === 1 ? '1 (0x1)' : '4 (0x4)');
    }
    await page.screenshot({ path: join(shots, 'desktop-compare-big5.png'), fullPage: true });
  });

  test('locates malformed sequences by byte offset and jumps to them', async () => {
    const { page } = view;
    await pickEncoding(page, 'dec', 'utf8', 'UTF-8');
    // "A", a lone 0xFF, "B", a truncated three-byte sequence E2 82, "C".
    await decodeHex(page, '41 ff 42 e2 82 43');
    await page.waitForFunction(() => document.querySelector('#dec-errors-count')?.textContent === '2');
    assert.equal(await page.textContent('#dec-text'), 'A\uFFFDB\uFFFDC');
    assert.equal(await page.textContent('#dec-fffd'), '2');
    const items = await page.$$eval('#dec-errors button', (bs) => bs.map((b) => b.textContent));
    assert.equal(items.length, 2);
    assert.match(items[0], /^byte 1 \(0x1\): ff → character 1$/);
    assert.match(items[1], /^bytes 3 \(0x3\)–4 \(0x4\): e2 82 → character 3$/);
    assert.equal(await page.textContent('#dec-b-0'), 'ff');
    await page.click('#dec-errors li:nth-child(2) button');
    assert.equal(await page.$eval('#dec-b-1', (m) => m.classList.contains('current')), true);
    assert.equal(await page.$eval('#dec-t-1', (m) => m.classList.contains('current')), true);
    assert.equal(await page.$eval('#dec-b-0', (m) => m.classList.contains('current')), false);
    assert.match(await page.textContent('#dec-compare-status'), /Identical/);
  });

  test('fatal mode reports the error and highlights its offset', async () => {
    const { page } = view;
    await pickEncoding(page, 'dec', 'utf-8', 'UTF-8');
    await page.check('#dec-fatal');
    // "Hello " then E2 82 cut short by a space: malformed at byte 6.
    await decodeHex(page, '48 65 6c 6c 6f 20 e2 82 20 77 6f 72 6c 64');
    await page.waitForSelector('#dec-error');
    const message = await page.textContent('#dec-error');
    assert.match(message, /^TypeError: /);
    assert.match(message, /starts at byte 6 \(0x6\)/);
    assert.equal(await page.textContent('#dec-b-0'), 'e2 82');
    assert.equal(await page.textContent('#dec-text'), 'Hello ');
    assert.match(await page.textContent('#dec-compare-status'), /Both throw/);
    await page.screenshot({ path: join(shots, 'desktop-decode-fatal.png'), fullPage: true });
    await page.uncheck('#dec-fatal');
    await page.waitForFunction(() => !document.querySelector('#dec-error'));
  });

  test('encodes text to EUC-KR with unencodable characters highlighted, and downloads it', async () => {
    const { page } = view;
    const text = `${krText}😀`;
    await page.fill('#enc-text', text);
    await clearResult(page, 'enc');
    await pickEncoding(page, 'enc', 'korean', 'EUC-KR');
    assert.equal(await resultEncoding(page, 'enc'), 'EUC-KR');
    const expected = `${hex(eucKr(krText))} ${asciiHex('&#128512;')}`;
    assert.equal(await shownHex(page, 'enc-hexview'), expected);
    assert.equal(await page.textContent('#enc-bad-count'), '1');
    const marked = await page.$$eval('#enc-hexview mark[data-mark="enc-b-0"]', (ms) =>
      ms.map((m) => m.textContent.trim()).join(' '),
    );
    assert.equal(marked, asciiHex('&#128512;'));
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#enc-download')]);
    const saved = join(scratch, 'download.bin');
    await download.saveAs(saved);
    assert.equal(hex(readFileSync(saved)), expected);
    await page.screenshot({ path: join(shots, 'desktop-encode-euc-kr.png'), fullPage: true });

    await page.check('input[name="enc-mode"][value="fatal"]');
    await page.waitForSelector('#enc-error');
    assert.match(await page.textContent('#enc-error'), /U\+1F600/);
    assert.equal(await shownHex(page, 'enc-hexview'), hex(eucKr(krText)));
    assert.equal(await page.isDisabled('#enc-download'), true);
    await page.check('input[name="enc-mode"][value="html"]');
  });

  test('a 50 MB file decodes in a worker while the page stays responsive', { timeout: 10 * 60_000 }, async () => {
    const { page } = view;
    const unit = 'ASCII and UTF-8: é ü ß 日本 ☃ — '; // each repetition is the same number of bytes
    const unitBytes = Buffer.from(unit, 'utf8');
    const reps = Math.ceil((50 * 1024 * 1024) / unitBytes.length);
    const file = join(scratch, 'big.txt');
    writeFileSync(file, Buffer.concat(Array(reps).fill(unitBytes)));
    await page.uncheck('#dec-fatal');
    await page.fill('#dec-search', '');
    await pickEncoding(page, 'dec', 'unicode-1-1-utf-8', 'UTF-8');
    // Heartbeats: animation frames and a 16 ms timer, each sampling the progress bar.
    await page.evaluate(() => {
      window.beats = { frames: 0, samples: [] };
      const frame = () => {
        window.beats.frames++;
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
      setInterval(
        () => window.beats.samples.push([performance.now(), document.querySelector('#dec-progress').value]),
        16,
      );
    });
    const started = Date.now();
    await page.setInputFiles('#dec-file', file);
    await page.waitForFunction(
      () =>
        document.querySelector('#dec-used')?.textContent === 'UTF-8' &&
        document.querySelector('#dec-length')?.textContent !== '—',
      null,
      { timeout: 8 * 60_000, polling: 200 },
    );
    const seconds = (Date.now() - started) / 1000;
    assert.equal(await page.$eval('#dec-progress', (p) => p.value), 100);
    assert.match(await page.textContent('#dec-progress-text'), /^100 %/);
    assert.equal(await page.textContent('#dec-length'), (reps * unit.length).toLocaleString('en'));
    assert.equal(await page.textContent('#dec-fffd'), '0');
    assert.match(await page.textContent('#dec-compare-status'), /Identical/);
    const beats = await page.evaluate(() => window.beats);
    const during = beats.samples.filter(([, v]) => v < 100);
    assert.ok(
      during.some(([, v]) => v > 0),
      'progress was seen between 0 and 100 %',
    );
    let gap = 0;
    for (let i = 1; i < during.length; i++) gap = Math.max(gap, during[i][0] - during[i - 1][0]);
    console.log(
      `# 50 MB decoded in ${seconds.toFixed(1)} s; ${beats.frames} frames; longest timer gap while decoding ${gap.toFixed(0)} ms`,
    );
    assert.ok(during.length > 10, 'the timer kept ticking during the decode');
    assert.ok(gap < 500, `longest timer gap while decoding was ${gap.toFixed(0)} ms`);
    assert.ok(beats.frames > 10, 'animation frames kept coming');
    await page.screenshot({ path: join(shots, 'desktop-decode-50mb.png'), fullPage: true });

    // Cancel: a second run stops on request. The run can end within a second, sooner than a
    // click from here lands: Cancel is pressed in the page as soon as it shows.
    await page.fill('#dec-search', '');
    await page.evaluate(() => {
      const cancel = document.querySelector('#dec-cancel');
      const box = document.querySelector('#dec-progress-box');
      const watch = new MutationObserver(() => {
        if (box.hidden || cancel.hidden) return;
        watch.disconnect();
        cancel.click();
      });
      watch.observe(document.querySelector('#dec-progress-box'), { attributes: true, subtree: true });
    });
    await page.selectOption('#dec-encoding', 'windows-1252');
    await page.waitForSelector('#dec-cancelled');
    assert.equal(await page.isHidden('#dec-progress-box'), true);
  });

  test('works by keyboard alone, and every control has a label', async () => {
    const { page } = view;
    const unlabelled = await page.$$eval('input, select, textarea, button', (els) =>
      els
        .filter(
          (e) =>
            !(e.labels?.length || e.getAttribute('aria-label') || (e.tagName === 'BUTTON' && e.textContent.trim())),
        )
        .map((e) => e.id || e.outerHTML),
    );
    assert.deepEqual(unlabelled, []);
    await page.reload();
    await page.waitForSelector('html[data-ready="true"]');
    await page.focus('#dec-search');
    await page.keyboard.type('windows-1253');
    await page.keyboard.press('Enter');
    assert.equal(await page.inputValue('#dec-encoding'), 'windows-1253');
    await page.focus('#dec-hex');
    await page.keyboard.type('41 aa c1');
    // Tab from the textarea reaches the Decode button; Enter presses it.
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'dec-hex-go');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelector('#dec-used')?.textContent === 'windows-1253');
    assert.equal(await page.textContent('#dec-text'), 'A\uFFFDΑ'); // 0xAA is unassigned in windows-1253
    await page.focus('#dec-errors button');
    await page.keyboard.press('Enter');
    assert.equal(await page.$eval('#dec-b-0', (m) => m.classList.contains('current')), true);
  });
});

// ---- Phone ----

describePage('phone, 375 px wide', viewports.phone, (view) => {
  test('decodes and encodes without horizontal scrolling', async () => {
    const { page } = view;
    await pickEncoding(page, 'dec', 'shift_jis', 'Shift_JIS');
    // 0x82 0x20: a lead byte then ASCII, which is malformed and then decoded as itself.
    await decodeHex(page, `${hex(shiftJis(sjisText))} 82 20`);
    await page.waitForSelector('#dec-result :is(#dec-used, .alert)');
    await page.screenshot({ path: join(shots, 'phone-decode.png'), fullPage: true });
    assert.equal(await resultEncoding(page, 'dec'), 'Shift_JIS');
    assert.equal(await page.textContent('#dec-text'), `${sjisText}\uFFFD `);
    await view.noSideways();
    await page.fill('#enc-text', `${krText}😀`);
    await clearResult(page, 'enc');
    await pickEncoding(page, 'enc', 'euc-kr', 'EUC-KR');
    await page.waitForSelector('#enc-result :is(#enc-used, .alert)');
    await page.locator('#encode').screenshot({ path: join(shots, 'phone-encode.png') });
    assert.equal(await resultEncoding(page, 'enc'), 'EUC-KR');
    assert.equal(await page.textContent('#enc-bad-count'), '1');
    assert.equal(await shownHex(page, 'enc-hexview'), `${hex(eucKr(krText))} ${asciiHex('&#128512;')}`);
    await view.noSideways();
  });
});

test('makes no requests outside its own origin', () => {
  assert.deepEqual(external, []);
});
