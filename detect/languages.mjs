// The languages gathered, grouped as chardetng groups the legacy encodings a browser considers
// for unlabeled content, with the scripts whose letters a line of each may hold.
const LATIN = ['Latin'];
const CYRILLIC = ['Cyrillic', 'Latin'];
const lang = (name, group, scripts = LATIN) => ({ name, group, scripts, latin: scripts === LATIN });

export const LANGUAGES = {
  ar: lang('Arabic', 'Arabic', ['Arabic', 'Latin']),
  lt: lang('Lithuanian', 'Baltic'),
  lv: lang('Latvian', 'Baltic'),
  et: lang('Estonian', 'Baltic'),
  pl: lang('Polish', 'Central European'),
  cs: lang('Czech', 'Central European'),
  sk: lang('Slovak', 'Central European'),
  hu: lang('Hungarian', 'Central European'),
  sl: lang('Slovenian', 'Central European'),
  hr: lang('Croatian', 'Central European'),
  ro: lang('Romanian', 'Central European'),
  ru: lang('Russian', 'Cyrillic', CYRILLIC),
  uk: lang('Ukrainian', 'Cyrillic', CYRILLIC),
  bg: lang('Bulgarian', 'Cyrillic', CYRILLIC),
  be: lang('Belarusian', 'Cyrillic', CYRILLIC),
  sr: lang('Serbian (Cyrillic)', 'Cyrillic', CYRILLIC),
  mk: lang('Macedonian', 'Cyrillic', CYRILLIC),
  el: lang('Greek', 'Greek', ['Greek', 'Latin']),
  he: lang('Hebrew', 'Hebrew', ['Hebrew', 'Latin']),
  th: lang('Thai', 'Thai', ['Thai', 'Latin']),
  tr: lang('Turkish', 'Turkish'),
  vi: lang('Vietnamese', 'Vietnamese'),
  en: lang('English', 'Western'),
  fr: lang('French', 'Western'),
  de: lang('German', 'Western'),
  es: lang('Spanish', 'Western'),
  pt: lang('Portuguese', 'Western'),
  it: lang('Italian', 'Western'),
  nl: lang('Dutch', 'Western'),
  ca: lang('Catalan', 'Western'),
  gl: lang('Galician', 'Western'),
  eu: lang('Basque', 'Western'),
  ga: lang('Irish', 'Western'),
  da: lang('Danish', 'Western'),
  sv: lang('Swedish', 'Western'),
  nb: lang('Norwegian Bokmål', 'Western'),
  nn: lang('Norwegian Nynorsk', 'Western'),
  fi: lang('Finnish', 'Western'),
  is: lang('Icelandic', 'Western'),
  ja: lang('Japanese', 'Japanese', ['Han', 'Hiragana', 'Katakana', 'Latin']),
  'zh-Hans': lang('Chinese (Simplified)', 'Simplified Chinese', ['Han', 'Latin']),
  'zh-Hant': lang('Chinese (Traditional)', 'Traditional Chinese', ['Han', 'Bopomofo', 'Latin']),
  ko: lang('Korean', 'Korean', ['Hangul', 'Han', 'Latin']),
};

const HANS = ['cn', 'sg', 'hans'];
const HANT = ['tw', 'hk', 'mo', 'hant'];
const ALIASES = { c: 'en', no: 'nb', iw: 'he' };

// The language of a locale or directory code (`pt_BR`, `zh-tw`, `sr@ijekavian`, `C`), or null
// for one not gathered, including Serbian and Belarusian in Latin script.
export function languageOf(code) {
  const [base, variant] = code.toLowerCase().replace(/-/g, '_').split('@');
  if (variant === 'latin' || variant === 'latn') return null;
  const [ll, ...rest] = base.split('_');
  if (rest.includes('latn')) return null;
  if (ll === 'zh') {
    if (rest.some((r) => HANS.includes(r))) return 'zh-Hans';
    if (rest.some((r) => HANT.includes(r))) return 'zh-Hant';
    return null;
  }
  const id = ALIASES[ll] ?? ll;
  return Object.hasOwn(LANGUAGES, id) ? id : null;
}
