/**
 * The ONLY word lists of prompt moderation (DESIGN.md invariant 7). Kept to the minimum that the checks
 * need; every entry is a single clinical or common word (or a two-word compound), never a phrase or an
 * example prompt. The matcher (normalise.ts) adds the tolerance, so no spelling variants belong here.
 *
 * Term syntax (for the term lists): letters are matched case-, accent-, leetspeak-, repeat- and
 * separator-tolerantly; a space inside a term also matches nothing or a hyphen ("pre teen" matches
 * "preteen", "pre-teen"); English-style plurals (s, es, y -> ies) are added automatically; a trailing `*`
 * marks a stem (no plural, no end boundary), used for inflected languages. Chinese and Japanese terms
 * match as substrings (katakana terms only on katakana boundaries).
 *
 * What each list is for:
 * - MINOR_TERMS_BY_LANGUAGE / MINOR_TERMS: words that denote a minor or childhood by themselves; any of
 *   them in the positive prompt is refused (child-safety.ts, reason `minor_term`). Deliberately absent:
 *   "girl"/"boy" (anime tags such as 1girl describe adults), "minor" (minor key), German "Kind" (clashes
 *   with English "kind"), Japanese 少女 (as "girl"), Spanish names that fold onto niña/niño (ñ is kept).
 * - YOUNG_PERSON_PAIRS: a qualifier that makes an ordinary person noun denote a child ("young" + "girl").
 *   Refused when the qualifier stands right before the noun (up to two words between) or alone as a tag.
 * - AMBIGUOUS_MINOR_TERMS: words that often denote a child but also innocent things (baby elephant, lion
 *   cub); refused only together with a term of SEXUAL_CONTEXT_TERMS in the same prompt.
 * - SEXUAL_CONTEXT_TERMS: single clinical/common words that make a prompt sexual; used ONLY to detect the
 *   ambiguous combination above. Never used to allow anything.
 * - ADULT_NEGATION_TERMS: adulthood words; in the negative prompt they steer an image towards minors, so
 *   they are forbidden there (spec §5 rule, and the child-safety layer's `adult_negated`).
 * - AGE_UNITS, AGE_PREFIXES, NUMBER_WORDS: the pieces of written ages ("12 years old", "age twelve",
 *   "12歳"), read by ages.ts. Number words cover 0-17 in the 8 languages (0-30 in English, for the
 *   negative-prompt rule); digits and Chinese numerals are parsed, not listed.
 * - SUGGESTION_GROUPS: the suggestion rules of spec §5 (words -> suggested tags).
 */

/** Every list is frozen, deeply: no code path (configuration, a plugin, a test) can loosen them at run time. */
/** Every term of a per-language table once, frozen. A function so bundlers can drop it when unused. */
function allTerms(byLanguage: Readonly<Record<string, readonly string[]>>): readonly string[] {
  return deepFreeze([...new Set(Object.values(byLanguage).flat())]);
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

// prettier-ignore
export const MINOR_TERMS_BY_LANGUAGE = /* @__PURE__ */ deepFreeze({
  en: ['child', 'children', 'kid', 'kiddo', 'kiddie', 'toddler', 'infant', 'newborn', 'youngster',
    'pre teen', 'tween', 'teen', 'teenager', 'teenage', 'adolescent*', 'pre pubescent', 'pubescent',
    'under age', 'under 18', 'under eighteen', 'minors', 'school girl', 'school boy', 'school child',
    'school children', 'pre schooler', 'grade schooler', 'middle schooler', 'elementary schooler',
    'kindergartener', 'aged down', 'loli', 'lolicon', 'lolita', 'shota', 'shotacon', 'jailbait', 'nymphet',
    'pedo', 'paedo', 'pedophil*', 'paedophil*'],
  fr: ['enfant', 'gamin', 'gamine', 'fillette', 'bambin', 'écolier', 'écolière', 'collégienne', 'lycéenne'],
  de: ['kinder', 'kindern', 'kleinkind', 'säugling', 'schulmädchen', 'schuljunge', 'schülerin',
    'minderjährig*', 'jugendlich*'],
  es: ['niño', 'niña', 'chiquilla', 'chiquillo', 'colegiala', 'infantil', 'menor de edad',
    'menores de edad'],
  it: ['bambin*', 'ragazzin*', 'minorenn*', 'scolarett*'],
  ru: ['ребен*', 'дети', 'детей', 'детям', 'детьми', 'детск*', 'девочк*', 'мальчик*', 'мальчишк*',
    'школьниц*', 'школьник*', 'подрост*', 'несовершеннолетн*', 'малолет*', 'младен*', 'лоли', 'лоликон'],
  zh: ['儿童', '兒童', '小孩', '孩童', '幼女', '幼童', '幼儿', '幼兒', '女童', '男童', '萝莉', '蘿莉',
    '正太', '未成年', '小学生', '小學生', '初中生', '中学生', '婴儿', '嬰兒', '小女孩', '小男孩'],
  ja: ['子供', '子ども', 'こども', '児童', '幼児', '園児', '乳児', '女子高生', '女子校生', 'ロリ',
    'ロリコン', 'ロリータ', 'ショタ', 'ショタコン', '小さな女の子', '小さな男の子'],
} as const satisfies Record<string, readonly string[]>);

/** Every minor term, all languages, without duplicates. MINOR_TERMS[0] is 'child'. */
export const MINOR_TERMS: readonly string[] = /* @__PURE__ */ allTerms(MINOR_TERMS_BY_LANGUAGE);

export interface YoungPersonPair {
  readonly language: string;
  readonly qualifiers: readonly string[];
  readonly nouns: readonly string[];
}

/** Qualifier + person noun that together denote a child. Paired only within one language. */
export const YOUNG_PERSON_PAIRS: readonly YoungPersonPair[] = /* @__PURE__ */ deepFreeze([
  {
    language: 'en',
    qualifiers: ['young', 'little', 'small', 'minor'],
    nouns: ['girl', 'boy', 'daughter', 'son'],
  },
  { language: 'fr', qualifiers: ['petite', 'petit'], nouns: ['fille', 'garçon'] },
  {
    language: 'de',
    qualifiers: ['klein*', 'jung*'],
    nouns: ['mädchen', 'junge', 'jungen', 'tochter', 'sohn'],
  },
  {
    language: 'es',
    qualifiers: ['pequeña', 'pequena', 'pequeño', 'pequeno'],
    nouns: ['chica', 'chico', 'hija', 'hijo'],
  },
  {
    language: 'it',
    qualifiers: ['piccola', 'piccolo', 'piccole', 'piccoli'],
    nouns: ['ragazza', 'ragazzo', 'ragazze', 'ragazzi', 'figlia', 'figlio'],
  },
]);

/** Child-or-innocent words: refused only with a SEXUAL_CONTEXT_TERMS word in the same prompt. */
// prettier-ignore
export const AMBIGUOUS_MINOR_TERMS: readonly string[] = /* @__PURE__ */ deepFreeze([
  'baby', 'cub', 'juvenile', 'bébé', 'малыш*', '赤ちゃん', '宝宝',
]);

/** Single words marking a sexual context; only used with AMBIGUOUS_MINOR_TERMS (see above). */
// prettier-ignore
export const SEXUAL_CONTEXT_TERMS: readonly string[] = /* @__PURE__ */ deepFreeze([
  'nude', 'naked', 'nudity', 'sex', 'sexual', 'sexy', 'erotic', 'porn', 'nsfw', 'lewd', 'hentai',
  'explicit', 'topless', 'lingerie', 'seductive', 'nu', 'nue', 'sexe', 'érotique', 'nackt', 'erotisch',
  'desnuda', 'desnudo', 'sexo', 'erótica', 'nuda', 'nudo', 'sesso', 'голая', 'голый', 'обнаженн*', 'секс*',
  'эротик*', '裸', '色情', '性感', 'エロ', 'ヌード',
]);

/** Adulthood words; forbidden in the negative prompt (spec §5; child-safety `adult_negated`). */
// prettier-ignore
export const ADULT_NEGATION_TERMS: readonly string[] = /* @__PURE__ */ deepFreeze([
  'mature', 'adult', 'grown up', 'adulte', 'adulto', 'adulta', 'adulti', 'erwachsen*', 'взросл*', '成人',
  '大人', '熟女',
]);

/** Ages are minors below this (child safety). */
export const MINOR_AGE_LIMIT = 18;
/** Ages forbidden in the negative prompt (spec §5: 18 to 30, inclusive). */
export const ADULT_AGE_RANGE = /* @__PURE__ */ deepFreeze({ min: 18, max: 30 } as const);

/**
 * Words written after a number to make it an age, by the unit they count. Matched with separators
 * tolerated between letters ("y.o.", "y/o", "year-old"); a trailing `*` marks a stem ("12-летняя").
 * Years: en, fr, de, es, it, ru, zh, ja. Bare "years" counts too ("12 years"), as "ans"/"Jahre" do.
 */
// prettier-ignore
export const AGE_UNITS = /* @__PURE__ */ deepFreeze({
  year: ['years old', 'year old', 'yrs old', 'yr old', 'years of age', 'years young', 'years', 'yrs', 'yo',
    'ans', 'an', 'jahre alt', 'jahre', 'jahren', 'jahr', 'jährig*', 'años de edad', 'años', 'año', 'anos',
    'anni', 'anno', 'enne', 'enni', 'лет', 'года', 'год', 'летн*', '周岁', '岁', '歲', '歳', '才', 'さい'],
  month: ['months old', 'month old', 'mois', 'monate', 'meses', 'mesi', 'месяц*', '个月', 'ヶ月', 'か月'],
  week: ['weeks old', 'week old'],
  day: ['days old', 'day old'],
} as const satisfies Record<string, readonly string[]>);

/** Words written before a number to make it an age ("age 12", "aged twelve", "Alter 12", "年龄12"). */
// prettier-ignore
export const AGE_PREFIXES: readonly string[] = /* @__PURE__ */ deepFreeze([
  'aged', 'age of', 'age', 'alter', 'edad', 'возраст', '年龄', '年齢',
]);

/** Number words by value: 0-30 in English (negative-prompt rule), 1-17 in fr, de, es, it, ru. */
export const NUMBER_WORDS: readonly (readonly [value: number, words: readonly string[]])[] =
  /* @__PURE__ */ deepFreeze([
    [0, ['zero']],
    [1, ['one', 'un', 'une', 'ein', 'eins', 'uno', 'una', 'один', 'одна']],
    [2, ['two', 'deux', 'zwei', 'dos', 'due', 'два', 'две']],
    [3, ['three', 'trois', 'drei', 'tres', 'tre', 'три']],
    [4, ['four', 'quatre', 'vier', 'cuatro', 'quattro', 'четыре']],
    [5, ['five', 'cinq', 'fünf', 'cinco', 'cinque', 'пять']],
    [6, ['six', 'sechs', 'seis', 'sei', 'шесть']],
    [7, ['seven', 'sept', 'sieben', 'siete', 'sette', 'семь']],
    [8, ['eight', 'huit', 'acht', 'ocho', 'otto', 'восемь']],
    [9, ['nine', 'neuf', 'neun', 'nueve', 'nove', 'девять']],
    [10, ['ten', 'dix', 'zehn', 'diez', 'dieci', 'десять']],
    [11, ['eleven', 'onze', 'elf', 'once', 'undici', 'одиннадцать']],
    [12, ['twelve', 'douze', 'zwölf', 'doce', 'dodici', 'двенадцать']],
    [13, ['thirteen', 'treize', 'dreizehn', 'trece', 'tredici', 'тринадцать']],
    [14, ['fourteen', 'quatorze', 'vierzehn', 'catorce', 'quattordici', 'четырнадцать']],
    [15, ['fifteen', 'quinze', 'fünfzehn', 'quince', 'quindici', 'пятнадцать']],
    [16, ['sixteen', 'seize', 'sechzehn', 'dieciséis', 'sedici', 'шестнадцать']],
    [17, ['seventeen', 'dix sept', 'siebzehn', 'diecisiete', 'diciassette', 'семнадцать']],
    [18, ['eighteen']],
    [19, ['nineteen']],
    [20, ['twenty']],
    [21, ['twenty one']],
    [22, ['twenty two']],
    [23, ['twenty three']],
    [24, ['twenty four']],
    [25, ['twenty five']],
    [26, ['twenty six']],
    [27, ['twenty seven']],
    [28, ['twenty eight']],
    [29, ['twenty nine']],
    [30, ['thirty']],
  ]);

/** Spec §5 suggestion rules: when a word is present, suggest the tags (unless one is already there). */
export const SUGGESTION_GROUPS = /* @__PURE__ */ deepFreeze([
  { id: 'suggest_yaoi', words: ['gay', 'homo', 'homosexual'], suggestions: ['yaoi', 'bara'] },
  { id: 'suggest_yuri', words: ['lesbian', 'lesb'], suggestions: ['yuri'] },
  { id: 'suggest_furry', words: ['animal'], suggestions: ['furry', 'anthro'] },
] as const);
