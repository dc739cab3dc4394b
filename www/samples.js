// The decode panel's samples: files that say nothing about their encoding, as a detector meets
// them. Their text is written here; their bytes come from the package's own encoders.

const JAPANESE =
  '今朝は小雨でしたが、昼過ぎには晴れて、川沿いの桜がよく見えました。' +
  '駅前の古い喫茶店で、友人と二時間ほど話しこみました。' +
  '帰りに本屋へ寄って、旅行の本を一冊買いました。\n';

// A page with no <meta charset>, served without a charset: a browser has to guess.
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

// Short, in letters that several encodings share: the detector is less sure.
const FRENCH_NOTE = 'Menu du jour: crème brûlée, 4 €';

// [button label, the text, the encoding its bytes are in]
export const DECODE_SAMPLES = [
  ['Japanese text (Shift_JIS)', JAPANESE, 'Shift_JIS'],
  ['Russian web page (windows-1251)', RUSSIAN_PAGE, 'windows-1251'],
  ['Short French note (windows-1252)', FRENCH_NOTE, 'windows-1252'],
];

/** A sample's bytes, by the package's encoder (fatal: each sample is written to fit its encoding). */
export const sampleBytes = (lib, text, encoding) => lib.encode(text, encoding, { fatal: true });
