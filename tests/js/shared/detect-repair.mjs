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
    'repair: each script and symbol block a repaired character may be in',
    (detect) => {
      // Through windows-1252 (index-windows-1252.txt): each byte 0xA0-0xFF is U+00A0-U+00FF, and
      // 0x80 €, 0x81 U+0081, 0x82 ‚, 0x84 „, 0x86 †, 0x87 ‡, 0x89 ‰, 0x8A Š, 0x8B ‹, 0x90 U+0090,
      // 0x91 ‘, 0x92 ’, 0x93 “, 0x94 ”, 0x95 •, 0x96 –, 0x99 ™, 0x9C œ, 0x9F Ÿ.
      const cases = [
        // Ε CE 95, λ CE BB, η CE B7, ν CE BD, ι CE B9, κ CE BA, ά CE AC.
        ['Î•Î»Î»Î·Î½Î¹ÎºÎ¬', 'Ελληνικά'],
        // ע D7 A2, ב D7 91, ר D7 A8, י D7 99, ת D7 AA.
        ['×¢×‘×¨×™×ª', 'עברית'],
        // ع D8 B9, ر D8 B1, ب D8 A8, ي D9 8A.
        ['Ø¹Ø±Ø¨ÙŠ', 'عربي'],
        // ภ E0 B8 A0, า E0 B8 B2, ษ E0 B8 A9.
        ['à¸\u00A0à¸²à¸©à¸²', 'ภาษา'],
        // ế E1 BA BF, ệ E1 BB 87.
        ['Tiáº¿ng Viá»‡t', 'Tiếng Việt'],
        // ™ E2 84 A2 and ₹ E2 82 B9 (two characters: no single one from COMMON needed).
        ['â„¢â‚¹', '™₹'],
        // ─ E2 94 80, │ E2 94 82.
        ['â”€â”‚', '─│'],
        // 中 E4 B8 AD, 文 E6 96 87.
        ['ä¸\u00ADæ–‡', '中文'],
        // 한 ED 95 9C, 국 EA B5 AD, 어 EC 96 B4.
        ['í•œêµ\u00ADì–´', '한국어'],
        // ！ U+FF01 EF BC 81, twice.
        ['ï¼\u0081ï¼\u0081', '！！'],
      ];
      for (const [text, repaired] of cases) {
        deepEqual(detect.repair(text), { text: repaired, changed: true, steps: [step('windows-1252')] }, text);
      }
      // « C2 AB, П D0 9F, р D1 80, и D0 B8, в D0 B2, е D0 B5, т D1 82, » C2 BB through
      // windows-1251 (В C2, « AB, Р D0, Џ 9F, С D1, Ђ 80, ё B8, І B2, µ B5, ‚ 82, » BB): one run,
      // whose quotation marks (no script) mix with Cyrillic.
      deepEqual(detect.repair('В«РџСЂРёРІРµС‚В»'), { text: '«Привет»', changed: true, steps: [step('windows-1251')] });
    },
  ],

  [
    'repair: one character from COMMON inside a word is enough',
    (detect) => {
      // Each C2 xx (Â and U+00xx through windows-1252), E1 BB 87 (ệ: á » ‡) or E2 xx xx.
      const cases = [
        ['100Â\u00A0km', '100\u00A0km'],
        ['Â¡Hola', '¡Hola'],
        ['Â©2024', '©2024'],
        ['Â«mot', '«mot'],
        ['BrandÂ®', 'Brand®'],
        ['25Â°C', '25°C'],
        ['lÂ·l', 'l·l'], // Catalan's l·l
        ['motÂ»', 'mot»'],
        ['Â¿Que', '¿Que'],
        ['Viá»‡t', 'Việt'],
        ['2â€“3', '2–3'], // – E2 80 93
        ['5â‚¬', '5€'], // € E2 82 AC
        ['Aâ†’B', 'A→B'], // → E2 86 92
      ];
      for (const [text, repaired] of cases) {
        deepEqual(detect.repair(text), { text: repaired, changed: true, steps: [step('windows-1252')] }, text);
      }
      // Inside a word: beside an ASCII letter or digit, and nothing else.
      for (const c of ['0', '9', 'A', 'Z', 'a', 'z']) equal(detect.repair(`${c}Ã©`).text, `${c}é`, c);
      for (const c of ['/', ':', '@', '[', '`', '{']) equal(detect.repair(`${c}Ã©`).changed, false, c);
      equal(detect.repair('Ã©t').text, 'ét');
      equal(detect.repair('cafÃ©').text, 'café');
      // ™ is E2 84 A2 (â „ ¢): a lone character outside COMMON, inside a word, is
      // not enough; two such runs are.
      equal(detect.repair('xâ„¢x').changed, false);
      equal(detect.repair('xâ„¢ xâ„¢').text, 'x™ x™');
    },
  ],

  [
    'repair: a combining mark may follow a letter of any script, and nothing else',
    (detect) => {
      // U+0301 is CC 81 (Ì U+0081 through windows-1252), after Ä C3 84, א D7 90, ب D8 A8,
      // ก E0 B8 81, あ E3 81 82, 中 E4 B8 AD, 한 ED 95 9C.
      const cases = [
        ['Ã„Ì\u0081', 'Ä\u0301'],
        ['×\u0090Ì\u0081', 'א\u0301'],
        ['Ø¨Ì\u0081', 'ب\u0301'],
        ['à¸\u0081Ì\u0081', 'ก\u0301'],
        ['ã\u0081‚Ì\u0081', 'あ\u0301'],
        ['ä¸\u00ADÌ\u0081', '中\u0301'],
        ['í•œÌ\u0081', '한\u0301'],
      ];
      for (const [text, repaired] of cases) {
        deepEqual(detect.repair(text), { text: repaired, changed: true, steps: [step('windows-1252')] }, text);
      }
      // « C2 AB is no letter.
      equal(detect.repair('Â«Ì\u0081').changed, false);
      // Through GBK (虂 is CC 81): after A, a and z, but not after @ [ ` { or at the start.
      deepEqual(detect.repair('A虂a虂z虂'), { text: 'A\u0301a\u0301z\u0301', changed: true, steps: [step('GBK')] });
      for (const text of ['@虂@虂@虂', '[虂[虂[虂', '`虂`虂`虂', '{虂{虂{虂', '虂虂虂']) {
        deepEqual(detect.repair(text), { text, changed: false, steps: [] }, text);
      }
    },
  ],

  [
    'repair: Big5, EUC-KR and EUC-JP, where no encoding before them explains the text',
    (detect) => {
      // é C3 A9 as a pair: Big5 pointer (0xC3 − 0x81) × 157 + (0xA9 − 0x62) = 10433, 矇 U+77C7;
      // EUC-KR (0xC3 − 0x81) × 190 + (0xA9 − 0x41) = 12644, 챕 U+CC55; EUC-JP (0xC3 − 0xA1) × 94 +
      // (0xA9 − 0xA1) = 3204 in index-jis0208.txt, 辿 U+8FBF.
      deepEqual(detect.repair('caf矇'), { text: 'café', changed: true, steps: [step('Big5')] });
      deepEqual(detect.repair('caf챕'), { text: 'café', changed: true, steps: [step('EUC-KR')] });
      deepEqual(detect.repair('caf辿'), { text: 'café', changed: true, steps: [step('EUC-JP')] });
      // 薪水 is GBK D0 BD CB AE, нˮ as UTF-8: beside ASCII, but not from COMMON.
      const salary = 'salary 薪水';
      deepEqual(detect.repair(salary), { text: salary, changed: false, steps: [] });
    },
  ],

  [
    'repair: bytes that are no well-formed UTF-8 are not repaired',
    (detect) => {
      const kept = [
        // E0 82 A9 (à ‚ ©): © written in three bytes, an overlong form.
        'à‚© à‚©',
        // C3 A9 then A9 and A9, continuation bytes with no leading byte.
        'xÃ©©©',
        // C3 A9 then 80 (€): the same.
        'cafÃ©€',
        // F0 82 82 AC (ð ‚ ‚ ¬): € written in four bytes, an overlong form.
        'ð‚‚¬ ð‚‚¬',
        // ê is C3 AA, which windows-1253 reads as Γ and U+FFFD (0xAA is no byte of its index):
        // the lost byte is not guessed.
        'fΓ\uFFFDte',
      ];
      for (const text of kept) deepEqual(detect.repair(text), { text, changed: false, steps: [] }, text);
      // C3 A9 C3: a character cut at the run's end, right after a run of C3 A9 C3 A9.
      equal(detect.repair('Ã©Ã©').text, 'éé');
      equal(detect.repair('Ã©Ã').changed, false);
    },
  ],

  [
    'repair: where some run is left, each repaired run must be strong evidence',
    (detect) => {
      // Ç is left; the two é stand alone (not inside a word).
      equal(detect.repair('Ça Ã© Ã©').changed, false);
      // Ё D0 81, т D1 82 through windows-1251: Р Ѓ, С ‚. U+0081 and U+0082 are no characters
      // windows-1251 gives (only windows-1252 takes C1 controls as its bytes, as ISO-8859-1 reads
      // them), so Р U+0081 С U+0082 is no mojibake.
      deepEqual(detect.repair('РЃС‚'), { text: 'Ёт', changed: true, steps: [step('windows-1251')] });
      const c1 = 'Р\u0081С\u0082';
      deepEqual(detect.repair(c1), { text: c1, changed: false, steps: [] });
      // U+009F, a C1 control, is a run left: more mojibake than this layer undoes.
      equal(detect.repair('Ã©tÃ© \u009F').changed, false);
      equal(detect.repair('Ã©tÃ© \u00A0').text, 'été \u00A0');
    },
  ],

  [
    'repair: a layer with C1 controls up to U+009F, under a layer with them',
    (detect) => {
      // Grüße (ü C3 BC, ß C3 9F) read as ISO-8859-1 twice: GrÃ¼Ã U+009F e, then (Ã C3 83,
      // ¼ C2 BC, U+009F C2 9F) Ã U+0083 Â ¼ Ã U+0083 Â U+009F.
      deepEqual(detect.repair('GrÃ\u0083Â¼Ã\u0083Â\u009Fe'), {
        text: 'Grüße',
        changed: true,
        steps: [step('windows-1252'), step('windows-1252')],
      });
    },
  ],

  [
    'repair: at most three layers are undone',
    (detect) => {
      const three = [step('windows-1252'), step('windows-1252'), step('windows-1252')];
      // été through windows-1252 three times, then four times (Ã C3 83, ƒ C6 92, Æ C3 86,
      // ’ E2 80 99, Â C3 82, ‚ E2 80 9A, © C2 A9).
      deepEqual(detect.repair('ÃƒÆ’Ã‚Â©tÃƒÆ’Ã‚Â©'), { text: 'été', changed: true, steps: three });
      const four = 'ÃƒÆ’Ã†â€™Ãƒâ€šÃ‚Â©tÃƒÆ’Ã†â€™Ãƒâ€šÃ‚Â©';
      deepEqual(detect.repair(four), { text: 'Ã©tÃ©', changed: true, steps: three });
    },
  ],

  [
    'repair: long runs and many runs',
    (detect) => {
      // One run of 600 characters (привет through windows-1251, as in the first case, 50 times).
      deepEqual(detect.repair('РїСЂРёРІРµС‚'.repeat(50)), {
        text: 'привет'.repeat(50),
        changed: true,
        steps: [step('windows-1251')],
      });
      // 3000 runs.
      equal(detect.repair('Ã©t'.repeat(3000)).text, 'ét'.repeat(3000));
      // A short text after them (the scratch space made small again).
      equal(detect.repair('cafÃ©').text, 'café');
    },
  ],

  [
    'repair: the argument is converted as a DOMString, and required',
    (detect) => {
      equal(detect.repair({ toString: () => 'cafÃ©' }).text, 'café');
      const e = throws(() => detect.repair(), TypeError);
      equal(e.message, "Failed to execute 'repair': 1 argument required, but only 0 present.");
      throws(() => detect.repair(Symbol('x')), TypeError);
    },
  ],
];
