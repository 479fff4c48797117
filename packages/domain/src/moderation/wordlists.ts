/**
 * The ONLY word lists of prompt moderation (invariant 7 in docs/architecture.md#invariants). Kept to the
 * minimum that the checks need; every entry is a single clinical or common word (or a short compound), never
 * an example prompt.
 * The matcher (terms.ts) adds the tolerance, so no spelling variants belong here.
 *
 * Term syntax: letters are matched case-, accent-, leetspeak-, repeat- and separator-tolerantly; a space
 * inside a term also matches nothing or a hyphen ("pre teen" matches "preteen", "pre-teen"); English
 * plurals (s, es, y -> ies) are added automatically; a trailing `*` marks a stem (no plural, no end
 * boundary), used for inflected languages. Chinese and Japanese terms match as substrings (katakana terms
 * only on katakana boundaries).
 *
 * What each list is for (child-safety.ts reads them; nothing can loosen them at run time):
 * - MINOR_TERMS_BY_LANGUAGE: words that denote a minor or childhood by themselves; refused anywhere in the
 *   positive prompt. Deliberately absent: "girl"/"boy" (anime tags such as 1girl describe adults),
 *   "minor" (minor key), Japanese 少女 (as "girl"), Spanish names that fold onto niña/niño (ñ is kept).
 * - MINOR_STEMS_IN_WORDS: stems that still denote a minor glued inside a longer word ("<x>con", "one<x>",
 *   "<x>like"); INNOCENT_WORDS_WITH_STEMS lists the ordinary words that contain one (kidney, canteen), found
 *   by scanning an English dictionary for every stem.
 * - YOUNG_PERSON_PAIRS / SCHOOL_STAGE_PAIRS / BODY_PAIRS: a qualifier that makes an ordinary noun denote a
 *   child ("young" + "girl", "middle school" + "student", "underdeveloped" + "body").
 * - SCHOOL_ABBREVIATIONS: Japanese school-stage shorthands used as tags (JK: high-school girl, JC: middle-
 *   school girl, JS: elementary-school girl; DK/DC/DS the boys'); refused as a whole tag or beside a noun.
 * - AMBIGUOUS_MINOR_TERMS: words that often denote a child but also innocent things (baby elephant, lion
 *   cub); refused only together with a SEXUAL_CONTEXT_TERMS word, which exist for that purpose only.
 * - ADULT_NEGATION_TERMS: adulthood words; in the negative prompt (and de-emphasised in the positive) they
 *   steer an image towards minors (docs/product/moderation.md#rules negative rule).
 * - NEGATIVE_AGE_MARKERS: signs of age an evader puts in the negative prompt to push the person younger.
 *   Decision: "mature", "grown", "elderly", "milf", "gilf", "middle aged", "aging" are refused outright;
 *   "old", "older", "aged" and the wrinkle words too, unless the next word is a thing they describe, because
 *   "old photo, wrinkled clothes" in a negative prompt is an ordinary wish about the picture
 *   (NEGATIVE_MARKER_THINGS lists those things). "woman"/"man" are NOT markers: "1boy" with a negative
 *   "woman" only keeps one subject.
 * - AGE_UNITS, AGE_PREFIXES, NUMBER_WORDS, ORDINAL_WORDS: the pieces of written ages and grades.
 * - AGE_BOUND_BEFORE / AGE_BOUND_AFTER: words that bound an age ("under 16", "18歳未満", "u15").
 * - BIRTH_MARKERS: words before a birth year ("born in 2012"); the year decides.
 * - AGED_THINGS: nouns an age may describe instead of a person ("a 12 year old whisky").
 * - SUGGESTION_GROUPS: the suggestion rules of docs/product/moderation.md#rules (words -> suggested tags).
 */

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/** Every term of a per-language table once, frozen. A function so bundlers can drop it when unused. */
function allTerms(byLanguage: Readonly<Record<string, readonly string[]>>): readonly string[] {
  return deepFreeze([...new Set(Object.values(byLanguage).flat())]);
}

// prettier-ignore
export const MINOR_TERMS_BY_LANGUAGE = /* @__PURE__ */ deepFreeze({
  en: ['child', 'children', 'kid', 'kiddo', 'kiddie', 'toddler', 'infant', 'newborn', 'youngster',
    'pre teen', 'tween', 'teen', 'teenager', 'teenage', 'adolescent*', 'pre pubescent', 'pubescent',
    'under age', 'minors', 'school girl', 'school boy', 'school child', 'school children', 'pre schooler',
    'grade schooler', 'middle schooler', 'elementary schooler', 'high schooler', 'primary schooler',
    'kindergartener', 'kindergartner', 'aged down', 'loli', 'lolicon', 'lolita', 'shota', 'shotacon',
    'jailbait', 'nymphet', 'pedo', 'paedo', 'pedophil*', 'paedophil*', 'sweet sixteen', 'quinceañera',
    'puberty', 'adolescence', 'gen alpha', 'generation alpha', 'shouta'],
  fr: ['enfant', 'gamin', 'gamine', 'fillette', 'bambin', 'écolier', 'écolière', 'collégien', 'collégienne',
    'lycéen', 'lycéenne', 'adolescente'],
  de: ['kinder', 'kindern', 'kleinkind', 'säugling', 'schulmädchen', 'schuljunge', 'schülerin',
    'grundschüler*', 'schulkind*', 'minderjährig*', 'jugendlich*'],
  es: ['niño', 'niña', 'chiquilla', 'chiquillo', 'colegiala', 'colegial', 'infantil', 'menor de edad',
    'menores de edad', 'adolescente'],
  it: ['bambin*', 'ragazzin*', 'minorenn*', 'scolarett*', 'adolescente'],
  ru: ['ребен*', 'дети', 'детей', 'детям', 'детьми', 'детск*', 'девочк*', 'мальчик*', 'мальчишк*',
    'школьниц*', 'школьник*', 'первоклассн*', 'подрост*', 'несовершеннолетн*', 'малолет*', 'младен*',
    'лоли', 'лоликон'],
  zh: ['儿童', '兒童', '小孩', '孩童', '幼女', '幼童', '幼儿', '幼兒', '女童', '男童', '萝莉', '蘿莉',
    '正太', '未成年', '小学生', '小學生', '初中生', '中学生', '高中生', '婴儿', '嬰兒', '小女孩', '小男孩',
    'luoli', 'zhengtai', 'ertong', 'xiaoxuesheng', 'chuzhongsheng'],
  ja: ['子供', '子ども', 'こども', '児童', '幼児', '園児', '乳児', '女子高生', '女子校生', '高校生', 'ロリ',
    'ロリコン', 'ロリータ', 'ショタ', 'ショタコン', '小さな女の子', '小さな男の子', 'ランドセル', 'randoseru',
    'joshikousei', 'joshikosei', 'jyoshikousei', 'joshi kousei', 'joshi kosei', 'joshichuugakusei',
    'joshichugakusei', 'shougakusei', 'shogakusei', 'chuugakusei', 'chugakusei', 'koukousei', 'youjo',
    'youji', 'jidou'],
  // Not a product language, but the words an evader reaches for in other scripts and languages.
  other: ['로리', '어린이', '아동', '초등학생', '중학생', '여중생', '여고생', 'criança', 'crianças', 'dziecko',
    'dzieci', 'çocuk', 'طفل', 'طفلة'],
} as const satisfies Record<string, readonly string[]>);

/** Every minor term, all languages, without duplicates. MINOR_TERMS[0] is 'child'. */
export const MINOR_TERMS: readonly string[] = /* @__PURE__ */ allTerms(MINOR_TERMS_BY_LANGUAGE);

/** Stems that denote a minor even glued inside a longer word ("<x>con", "one<x>", "<x>like"). */
// prettier-ignore
export const MINOR_STEMS_IN_WORDS: readonly string[] = /* @__PURE__ */ deepFreeze([
  'child', 'kid', 'kiddo', 'teen', 'tween', 'loli', 'shota', 'toddler', 'infant', 'newborn', 'youngster',
  'pubescen', 'underage', 'schoolgirl', 'schoolboy', 'schoolchild', 'schooler', 'kindergart', 'lolita',
  'pedo', 'paedo', 'pedophil', 'nymphet', 'jailbait', 'klassler', 'enfant', 'fillette', 'adolescen', 'pubert',
]);

/** Ordinary words that contain a stem of MINOR_STEMS_IN_WORDS (from a dictionary scan): not a minor. */
// prettier-ignore
export const INNOCENT_WORDS_WITH_STEMS: readonly string[] = /* @__PURE__ */ deepFreeze([
  'childhood', 'childbirth', 'childbearing', 'childbed', 'childless', 'childproof', 'brainchild',
  'kidney', 'kidnap', 'skid', 'aikido', 'hapkido', 'kidding', 'kidded', 'kidder', 'kidskin', 'kiddush',
  'chokidar', 'chowkidar', 'enokidake', 'kidman', 'skiddoo',
  'canteen', 'lateen', 'mangosteen', 'poteen', 'potteen', 'posteen', 'poshteen', 'sateen', 'rateen',
  'ratteen', 'steen', 'velveteen', 'umpteen', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen',
  'eighteen', 'nineteen', 'between', 'atween',
  'kiloliter', 'kilolitre', 'loligo', 'lolium', 'sialolith', 'stylolit', 'cyclolith', 'halolike',
  'ololiuqui', 'lollipop', 'lollies', 'lolling', 'shotaro',
  'infantry', 'infanta', 'infante', 'plunderage', 'underagent', 'homeschooler', 'deschooler',
  'torpedo', 'pedometer', 'pedolog', 'speedo', 'stampedo', 'impedor', 'popedom', 'paedolog',
  'paedobaptis', 'paedogen', 'paedomorph', 'paedotrib', 'paedotroph', 'paedodont',
]);

export interface QualifiedNounPairs {
  readonly language: string;
  readonly qualifiers: readonly string[];
  readonly nouns: readonly string[];
}

/** Qualifier + person noun that together denote a child. Paired only within one language. */
export const YOUNG_PERSON_PAIRS: readonly QualifiedNounPairs[] = /* @__PURE__ */ deepFreeze([
  {
    language: 'en',
    qualifiers: ['young', 'younger', 'little', 'small', 'minor', 'lil', 'smol'],
    nouns: ['girl', 'boy', 'daughter', 'son'],
  },
  { language: 'fr', qualifiers: ['petite', 'petit', 'jeune'], nouns: ['fille', 'garçon'] },
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

/** A school stage + a person noun: a schoolchild ("middle school student", "high school girl"). */
export const SCHOOL_STAGE_PAIRS: readonly QualifiedNounPairs[] = /* @__PURE__ */ deepFreeze([
  {
    language: 'en',
    // prettier-ignore
    qualifiers: ['elementary school', 'elementary', 'primary school', 'middle school', 'junior high',
      'junior high school', 'jr high', 'jr high school', 'high school', 'grade school', 'prep school',
      'kindergarten', 'preschool', 'nursery school', 'school'],
    // prettier-ignore
    nouns: ['girl', 'boy', 'student', 'pupil', 'kid', 'child', 'children', 'freshman', 'sophomore',
      'junior', 'senior', 'schoolgirl', 'schoolboy'],
  },
  { language: 'es', qualifiers: ['primaria', 'secundaria'], nouns: ['alumna', 'alumno', 'estudiante'] },
  { language: 'it', qualifiers: ['elementari', 'medie'], nouns: ['alunna', 'alunno', 'studentessa'] },
]);

/** A body described as not yet grown ("underdeveloped body"); "childlike" is caught as a stem. */
export const BODY_PAIRS: readonly QualifiedNounPairs[] = /* @__PURE__ */ deepFreeze([
  {
    language: 'en',
    qualifiers: ['underdeveloped', 'undeveloped', 'immature', 'developing', 'prepubescent'],
    nouns: ['body', 'figure', 'physique', 'frame', 'chest', 'breasts', 'hips', 'form'],
  },
]);

/** Japanese school-stage shorthands (see the top comment) and the nouns that make them one. */
export const SCHOOL_ABBREVIATIONS = /* @__PURE__ */ deepFreeze({
  abbreviations: ['jk', 'jc', 'js', 'dk', 'dc', 'ds'],
  nouns: ['girl', 'boy', 'student', 'uniform', 'seifuku'],
} as const);

/** Phrases in which a minor term means something else ("kid gloves", "a goat kid", "a newborn star"). */
// prettier-ignore
export const INNOCENT_PHRASES: readonly string[] = /* @__PURE__ */ deepFreeze([
  'kid gloves', 'kid glove', 'kid leather', 'goat kid', 'kid goat', 'tween deck', 'newborn star', 'newborn galaxy',
  'newborn planet', 'infant star',
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

/** Adulthood words; forbidden in the negative prompt and when de-emphasised in the positive one. */
// prettier-ignore
export const ADULT_NEGATION_TERMS: readonly string[] = /* @__PURE__ */ deepFreeze([
  'mature', 'adult', 'grown up', 'grown', 'adulte', 'adulto', 'adulta', 'adulti', 'erwachsen*', 'взросл*',
  '成人', '大人', '熟女',
]);

/** Phrases that say "an adult" with the age of majority; treated as adulthood words. */
// prettier-ignore
export const ADULT_AGE_PHRASES: readonly string[] = /* @__PURE__ */ deepFreeze([
  '18+', 'over 18', 'above 18', '18 or older', '18 and over', '18 and up', 'legal age', 'of legal age',
  'age of majority',
]);

/** Signs of age in the negative prompt (see the decision in the top comment). */
export const NEGATIVE_AGE_MARKERS = /* @__PURE__ */ deepFreeze({
  // prettier-ignore
  always: ['elderly', 'milf', 'gilf', 'middle aged', 'aging', 'ageing', 'senior citizen', 'anciano',
    'anciana', 'viejo', 'vieja', 'vieux', 'vieille', 'vecchio', 'vecchia', 'anzian*', 'пожил*', 'старик*',
    'старух*', '老人', '年配', '老女', '中年'],
  // prettier-ignore
  describingPeople: ['old', 'older', 'aged', 'wrinkle', 'wrinkled', 'wrinkly', 'crow feet', 'falten',
    'arrugas', 'rughe', 'морщин*', 'старый', 'старая', '皱纹', '皺', 'しわ', 'シワ'],
} as const);

/** What "old" or "wrinkled" may describe in a negative prompt instead of a person. */
// prettier-ignore
export const NEGATIVE_MARKER_THINGS: readonly string[] = /* @__PURE__ */ deepFreeze([
  'photo', 'photograph', 'picture', 'image', 'film', 'movie', 'camera', 'paper', 'book', 'map', 'building',
  'house', 'car', 'style', 'fashioned', 'school', 'times', 'town', 'city', 'world', 'money', 'tv',
  'television', 'painting', 'texture', 'wood', 'furniture', 'clothes', 'clothing', 'fabric', 'shirt', 'sheet',
  'cloth', 'dress', 'suit', 'skirt', 'bed', 'sofa', 'version', 'technology', 'graphics', 'game', 'cartoon',
  'anime', 'art', 'artstyle', 'print', 'poster', 'wall', 'leather', 'curtain', 'bedsheet',
]);

/** Nouns a written age may describe instead of a person ("a 12 year old whisky"). */
// prettier-ignore
export const AGED_THINGS: readonly string[] = /* @__PURE__ */ deepFreeze([
  'whisky', 'whiskey', 'scotch', 'bourbon', 'malt', 'wine', 'brandy', 'cognac', 'rum', 'port', 'cheese',
  'tree', 'oak', 'vine', 'building', 'house', 'car', 'bottle', 'cask', 'barrel', 'guitar', 'violin', 'dog', 'tortoise',
  'cat', 'horse', 'puppy', 'kitten', 'parrot', 'turtle', 'company', 'brand', 'tradition',
  'photo', 'painting', 'book', 'map', 'bridge', 'castle', 'church', 'temple', 'ruin', 'forest', 'garden',
  'boat', 'ship', 'bike', 'motorcycle', 'computer', 'phone', 'record', 'album', 'game', 'shop', 'bakery',
]);

/** Words that may stand between an age and the thing it describes ("a 15 year old single malt"). */
// prettier-ignore
export const LINKING_WORDS: readonly string[] = /* @__PURE__ */ deepFreeze([
  'with', 'and', 'holding', 'near', 'beside', 'next', 'of', 'in', 'on', 'at', 'for', 'plus', 'her', 'his',
  'their', 'a', 'an', 'the', 'to', 'by', 'feeding', 'walking', 'hugging', 'riding',
]);

/**
 * Words after a bare "N years" ("ans", "Jahre", "años", ...) that make it a duration, not an age: "10 years
 * of service", "5 years later", "20 ans de mariage". "N years old" and "N yo" stay ages whatever follows.
 */
// prettier-ignore
export const DURATION_WORDS: readonly string[] = /* @__PURE__ */ deepFreeze([
  'of', 'later', 'ago', 'after', 'before', 'since', 'from', 'in', 'on', 'at', 'to', 'until', 'till', 'for',
  'warranty', 'guarantee', 'anniversary', 'experience', 'service', 'marriage', 'war', 'history', 'running',
  'straight', 'apart', 'together', 'plus', 'more', 'less', 'back', 'earlier', 'prison', 'de', 'später', 'lang',
  'nach', 'vor', 'seit', 'después', 'despues', 'más', 'mas', 'di', 'dopo', 'fa', 'назад', 'спустя',
]);

/** Words that make the noun after an age or bound a person ("under 16 girl"); used to end exemptions. */
// prettier-ignore
export const PERSON_NOUNS: readonly string[] = /* @__PURE__ */ deepFreeze([
  'girl', 'boy', 'woman', 'man', 'lady', 'person', 'people', 'human', 'character', 'female', 'male',
  'model', 'student', 'daughter', 'son', 'sister', 'brother', 'wife', 'husband', 'princess', 'prince',
  'maid', 'owner', 'lover', 'drinker', 'rider', 'catgirl', 'doggirl', 'foxgirl', 'elf',
]);

/** Ages are minors below this (child safety). */
export const MINOR_AGE_LIMIT = 18;
/** Ages forbidden in the negative prompt (docs/product/moderation.md#rules: 18 to 30, inclusive). */
export const ADULT_AGE_RANGE = /* @__PURE__ */ deepFreeze({ min: 18, max: 30 } as const);

/**
 * Words written after a number to make it an age, by the unit they count. Matched with separators
 * tolerated between letters ("y.o.", "y/o", "year-old"); a trailing `*` marks a stem ("12-летняя").
 */
// prettier-ignore
export const AGE_UNITS = /* @__PURE__ */ deepFreeze({
  year: ['years old', 'year old', 'yrs old', 'yr old', 'years of age', 'years young', 'years', 'yrs', 'yo',
    'ans', 'an', 'jahre alt', 'jahre', 'jahren', 'jahr', 'jährig*', 'años de edad', 'años', 'año', 'anos',
    'anni', 'anno', 'enne', 'enni', 'лет', 'года', 'год', 'летн*', '周岁', '岁', '歲', '歳', '才', 'さい'],
  month: ['months old', 'month old', 'mois', 'monate', 'meses', 'mesi', 'месяц*', '个月', 'ヶ月', 'か月'],
  week: ['weeks old', 'week old'],
  day: ['days old', 'day old'],
  decade: ['decades old', 'decade old'],
} as const satisfies Record<string, readonly string[]>);

/** Words written before a number to make it an age ("age 12", "aged twelve", "Alter 12", "年龄12"). */
// prettier-ignore
export const AGE_PREFIXES: readonly string[] = /* @__PURE__ */ deepFreeze([
  'aged', 'age of', 'age', 'alter', 'edad', 'возраст', '年龄', '年齢',
]);

/** Words before a number that bound an age from above ("under 16", "unter 16", "未满16"). */
// prettier-ignore
export const AGE_BOUND_BEFORE: readonly string[] = /* @__PURE__ */ deepFreeze([
  'under', 'below', 'younger than', 'less than', 'not yet', 'almost', 'nearly', 'just under', 'sub',
  'under the age of', 'below the age of', 'moins de', 'unter', 'jünger als', 'menor de', 'menos de',
  'sotto i', 'minore di', 'meno di', 'младше', 'моложе', 'меньше', 'до', '未满', '未滿', '不满', '不到',
]);

/** Words after a number that bound an age from above ("16 and under", "18歳未満", "18岁以下"). */
// prettier-ignore
export const AGE_BOUND_AFTER: readonly string[] = /* @__PURE__ */ deepFreeze([
  'and under', 'or under', 'and younger', 'or younger', 'minus', '未満', '以下', '未满',
]);

/** Words before a birth year ("born in 2012", "né en 2012", "geboren 2012"). */
// prettier-ignore
export const BIRTH_MARKERS: readonly string[] = /* @__PURE__ */ deepFreeze([
  'born', 'birth year', 'year of birth', 'date of birth', 'birthdate', 'dob', 'née', 'geboren', 'nacido en',
  'nacida en', 'nato nel', 'nata nel', 'родился', 'родилась', 'рождения',
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

/** English ordinals 1-17, for school grades ("fifth grader") and birthdays ("sixteenth birthday"). */
// prettier-ignore
export const ORDINAL_WORDS: readonly string[] = /* @__PURE__ */ deepFreeze([
  'first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth', 'eleventh',
  'twelfth', 'thirteenth', 'fourteenth', 'fifteenth', 'sixteenth', 'seventeenth',
]);

/**
 * docs/product/moderation.md#rules, suggestion rules: when a word is present, suggest the tags (unless one is
 * already there).
 */
export const SUGGESTION_GROUPS = /* @__PURE__ */ deepFreeze([
  { id: 'suggest_yaoi', words: ['gay', 'homo', 'homosexual'], suggestions: ['yaoi', 'bara'] },
  { id: 'suggest_yuri', words: ['lesbian', 'lesb'], suggestions: ['yuri'] },
  { id: 'suggest_furry', words: ['animal'], suggestions: ['furry', 'anthro'] },
] as const);
