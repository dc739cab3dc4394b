// encoding-wasm/detect's repair(), runtime-neutral (no node: imports): each case takes the
// module's namespace. Mojibake worked by hand from the standard's indexes (the bytes UTF-8 gives a
// character, then the character each wrong decoder gives each byte, named beside each case), and
// correct text left alone, including text whose characters happen to re-encode as UTF-8.
import { deepEqual, equal, throws } from './assert.mjs';

const step = (decodedAs) => ({ encodedAs: 'UTF-8', decodedAs });

export default [
  [
    'repair: UTF-8 read with a single-byte encoding is undone, run by run',
    (detect) => {
      // é is C3 A9: windows-1252 gives Ã (0xC3) and © (0xA9).
      deepEqual(detect.repair('Ã©tÃ©'), { text: 'été', changed: true, steps: [step('windows-1252')] });
      // п D0 BF, р D1 80, и D0 B8, в D0 B2, е D0 B5, т D1 82; windows-1251 gives Р (D0), С (D1),
      // ї (BF), Ђ (80), ё (B8), І (B2), µ (B5), ‚ (82).
      deepEqual(detect.repair('РїСЂРёРІРµС‚, world'), {
        text: 'привет, world',
        changed: true,
        steps: [step('windows-1251')],
      });
      // ż C5 BC, ó C3 B3, ł C5 82, ć C4 87; windows-1250 gives Ĺ (C5, pointer 69), Ľ (BC, 60),
      // Ă (C3, 67), ł (B3, 51), ‚ (82, 2), Ä (C4, 68), ‡ (87, 7).
      deepEqual(detect.repair('ZaĹĽĂłĹ‚Ä‡'), { text: 'Zażółć', changed: true, steps: [step('windows-1250')] });
      // ’ is E2 80 99: windows-1252 gives â € ™.
      equal(detect.repair('Itâ€™s fine').text, 'It’s fine');
      // The bytes 0x80-0x9F read as ISO-8859-1 are U+0080-U+009F: “ is E2 80 9C.
      equal(detect.repair('â\u0080\u009cquoted').text, '“quoted');
      // … is E2 80 A6: â U+0080 ¦ that way. Of the other single-byte encodings, only ISO-8859-2,
      // -5 and -7 have U+0080 (their byte 0x80), and none of them both â and ¦.
      equal(detect.repair('waitâ\u0080¦').text, 'wait…');
      // 😀 U+1F600 is F0 9F 98 80, four bytes: windows-1252 gives ð Ÿ ˜ €.
      deepEqual(detect.repair('ðŸ˜€ and ðŸ˜€'), { text: '😀 and 😀', changed: true, steps: [step('windows-1252')] });
      // й decomposed, и U+0438 (D0 B8) and a combining breve U+0306 (CC 86), which may follow a
      // letter: windows-1252 gives Ð (D0), ¸ (B8), Ì (CC), † (86).
      deepEqual(detect.repair('Ð¸Ì†'), { text: 'и\u0306', changed: true, steps: [step('windows-1252')] });
    },
  ],

  [
    'repair: UTF-8 read with a multi-byte encoding is undone over the whole text',
    (detect) => {
      // é C3 A9: Shift_JIS gives ﾃ (0xC3, U+FF83) and ｩ (0xA9, U+FF69), single bytes.
      deepEqual(detect.repair('ﾃｩtﾃｩ'), { text: 'été', changed: true, steps: [step('Shift_JIS')] });
      // GBK reads C3 A9 as one pair: pointer (0xC3 − 0x81) × 190 + (0xA9 − 0x41) = 12644, 茅 U+8305
      // in index-gb18030.txt.
      deepEqual(detect.repair('caf茅'), { text: 'café', changed: true, steps: [step('GBK')] });
      // п D0 BF, р D1 80, и D0 B8: Shift_JIS reads 0xA1-0xDF as U+FF61 + (byte − 0xA1), 0x80 as
      // U+0080: ﾐ ｿ ﾑ U+0080 ﾐ ｸ. Three letters of another script are evidence enough.
      deepEqual(detect.repair('ﾐｿﾑ\u0080ﾐｸ'), { text: 'при', changed: true, steps: [step('Shift_JIS')] });
      // Ź decomposed, Z and a combining acute U+0301 (CC 81), three times: 虂 is GBK CC 81
      // (pointer 14314; no Shift_JIS character, so GBK is the first to encode it).
      deepEqual(detect.repair('Z虂Z虂Z虂'), { text: 'Z\u0301Z\u0301Z\u0301', changed: true, steps: [step('GBK')] });
    },
  ],

  [
    'repair: layers are undone one by one, outermost first',
    (detect) => {
      // é → Ã© → (Ã C3 83, © C2 A9) Ãƒ Â©.
      deepEqual(detect.repair('ÃƒÂ©tÃƒÂ©'), {
        text: 'été',
        changed: true,
        steps: [step('windows-1252'), step('windows-1252')],
      });
      // è → Ã¨ (C3 A8) → (Ã C3 83, ¨ C2 A8) Ãƒ Â¨: the first layer's ¨ is a rare symbol, but text
      // of another layer.
      equal(detect.repair('CrÃƒÂ¨me').text, 'Crème');
    },
  ],

  [
    'repair: a layer that leaves C1 controls is undone when the layer under it removes them',
    (detect) => {
      const twice = [step('windows-1252'), step('windows-1252')];
      // с D1 81, ы D1 8B, р D1 80: windows-1252 gives Ñ, U+0081 (0x81 is one of its five bytes
      // read as C1 controls), ‹ (8B), € (80); those again in UTF-8 (C3 91, C2 81, E2 80 B9,
      // E2 82 AC) give Ã‘, Â U+0081, â€¹, â‚¬.
      deepEqual(detect.repair('Ã‘Â\u0081Ã‘â€¹Ã‘â‚¬'), { text: 'сыр', changed: true, steps: twice });
      // こ E3 81 93, と E3 81 A8: ã U+0081 “, ã U+0081 ¨; then (C3 A3, C2 81, E2 80 9C, C2 A8)
      // Ã£ Â U+0081 â€œ, Ã£ Â U+0081 Â¨.
      deepEqual(detect.repair('Ã£Â\u0081â€œÃ£Â\u0081Â¨'), { text: 'こと', changed: true, steps: twice });
      // Â U+0081 is C2 81, U+0081 itself: nothing under it removes the C1 controls, so nothing
      // changes.
      deepEqual(detect.repair('Â\u0081 and Â\u0090'), { text: 'Â\u0081 and Â\u0090', changed: false, steps: [] });
    },
  ],

  [
    'repair: where runs are left as they are, the repaired ones must be at least as many',
    (detect) => {
      // Ç, « and — are runs windows-1252 does not undo (C7 alone is cut UTF-8; AB and 97 are no
      // leading bytes); Ã© (C3 A9, é) twice is: two repaired against two left, then three.
      deepEqual(detect.repair('Ça « Ã©tÃ©'), { text: 'Ça « été', changed: true, steps: [step('windows-1252')] });
      const more = 'Ça — « Ã©tÃ©';
      deepEqual(detect.repair(more), { text: more, changed: false, steps: [] });
    },
  ],

  [
    'repair: correct text is left as it is',
    (detect) => {
      const correct = [
        '',
        'plain ASCII text',
        'Ça va très bien — merci « ami »',
        'São Paulo, INFORMAÇÃO, NÃO', // Ã beside letters that are not UTF-8 continuation bytes
        'Grüße aus Köln, „Spaß“', // ß“ is DF 93 in windows-1252: well-formed UTF-8, but U+07D3 (N'Ko)
        'Zażółć gęślą jaźń',
        'Привет, мир! Ві мії', // Ві is C2 B3 in windows-1251 (³ alone); мії EC B3 BF (a Hangul syllable)
        'ลบ ไฟล์', // ลบ is C5 BA in windows-874: ź alone
        'Ελληνικά κείμενα',
        'עברית',
        'Tiếng Việt',
        '日本語のテキスト',
        '中文文本',
        '茅', // C3 A9 in GBK, é: a Chinese character alone stays
        // No CJK, so no multi-byte mojibake: yet Big5 writes them C6 A1, C6 A2, C6 A3 (pointers
        // 10896-10898), which as UTF-8 is ơƢƣ (U+01A1-U+01A3).
        '①②③',
        // GBK D0 BD CB AE (pointers 15134, 14169), which as UTF-8 is нˮ: two characters, too few.
        '薪水',
        // EUC-KR CE A1 D0 BA (pointers 14726, 15131), as UTF-8 Greek Ρ and Cyrillic к: two scripts.
        '科克',
        '한국어',
        'emoji 😀 and a lone surrogate \uD800',
        // 虂 is GBK CC 81 (pointer 14314), which as UTF-8 is U+0301, a combining acute: here after
        // { | and }, which are no letters.
        '{虂|虂}虂',
      ];
      for (const text of correct) {
        deepEqual(detect.repair(text), { text, changed: false, steps: [] }, text);
      }
    },
  ],

  [
    'repair: one repaired character alone is not enough evidence',
    (detect) => {
      // Ã© is é, but alone it could as well be written as it is; inside a word it is not.
      equal(detect.repair('Ã©').changed, false);
      equal(detect.repair('cafÃ© au lait').text, 'café au lait');
      // Brackets are no letters or digits: é is not inside a word there.
      equal(detect.repair('[Ã©]').changed, false);
    },
  ],

  [
    'repair: a layer that would leave C1 controls (mojibake it does not undo) is not taken',
    (detect) => {
      // Привет, мир through windows-1251 three times: the third layer's "мир" has 0x98, which
      // windows-1251 reads as U+0098; undoing the outer layer alone would leave that run garbled.
      const text = 'Р В РЎСџР РЋР вЂљР В РЎвЂ\u0098Р В Р вЂ Р В Р’ВµР РЋРІР‚С™, Р В РЎВ\u0098Р В РЎвЂ\u0098Р РЋР вЂљ';
      equal(detect.repair(text).changed, false);
      // U+0080 (byte 0x80, no UTF-8 leading byte) starts a run as any non-ASCII character does:
      // that run is left, with its C1 control, so the two é after it are not repaired either.
      const c1First = '\u0080Ã©tÃ©';
      deepEqual(detect.repair(c1First), { text: c1First, changed: false, steps: [] });
    },
  ],

  [
    'repair: a result that mixes two scripts is not taken',
    (detect) => {
      // α U+03B1 (CE B1) and б U+0431 (D0 B1), Greek and Cyrillic: windows-1252 gives Î ± Ð ±.
      const text = 'Î±Ð±';
      deepEqual(detect.repair(text), { text, changed: false, steps: [] });
    },
  ],

  [
    'repair: lost bytes are not guessed: text with U+FFFD from a wrong decoder stays',
    (detect) => {
      // あ is E3 81 82: Shift_JIS reads E3 81 as 縺, then 82 with nothing after it is malformed.
      equal(detect.repair('縺\uFFFD').changed, false);
    },
  ],

  [
    'repair: the argument is converted as a DOMString, and required',
    (detect) => {
      equal(detect.repair({ toString: () => 'cafÃ©' }).text, 'café');
      throws(() => detect.repair(), TypeError);
      throws(() => detect.repair(Symbol('x')), TypeError);
    },
  ],
];
