/**
 * The words of the built-in natural-language converter (convert.ts): a stop-word list and a light English
 * lemmatiser. The lemmatiser makes a MATCHING KEY, not a dictionary form: "roses" and "rose" both become
 * "ros", "smiling", "smiled" and "smile" all "smil". Because the dictionary's tags and the user's words go
 * through the same function, such keys meet even where they are not words; what the user sees is always
 * a dictionary tag or the word as they wrote it, never a key.
 */

// prettier-ignore
const STOP_WORDS_LIST = [
  // articles, determiners, quantifiers
  'a', 'an', 'the', 'this', 'that', 'these', 'those', 'some', 'any', 'each', 'every', 'all', 'both',
  'either', 'neither', 'another', 'other', 'such', 'own', 'same', 'much', 'many', 'more', 'most', 'few',
  'several', 'lots', 'lot', 'plenty', 'bit', 'kind', 'sort', 'type',
  // pronouns and possessives
  'i', 'me', 'my', 'mine', 'myself', 'we', 'us', 'our', 'ours', 'you', 'your', 'yours', 'he', 'him', 'his',
  'she', 'her', 'hers', 'it', 'its', 'they', 'them', 'their', 'theirs', 'one', 'ones', 'someone',
  'something', 'somebody', 'anyone', 'anything', 'everyone', 'everything', 'who', 'whom', 'whose', 'which',
  'what', 'whatever', 'where', 'when', 'while', 'how', 'why', 'there', 'here', 'themselves', 'itself',
  'herself', 'himself', 'yourself',
  // prepositions and conjunctions
  'of', 'in', 'on', 'at', 'to', 'for', 'from', 'by', 'with', 'without', 'into', 'onto', 'over', 'under',
  'about', 'above', 'below', 'across', 'along', 'around', 'behind', 'beside', 'besides', 'between',
  'beyond', 'near', 'through', 'throughout', 'toward', 'towards', 'upon', 'within', 'against', 'among',
  'amid', 'during', 'after', 'before', 'since', 'until', 'via', 'as', 'like', 'than', 'then', 'and', 'or',
  'but', 'nor', 'so', 'yet', 'if', 'because', 'though', 'although', 'whereas', 'plus', 'also', 'too',
  'off', 'out', 'up', 'down', 'inside', 'outside', 'next', 'beneath', 'underneath', 'per',
  // auxiliaries and filler verbs
  'is', 'are', 'was', 'were', 'be', 'been', 'being', 'am', 'has', 'have', 'had', 'having', 'do', 'does',
  'did', 'doing', 'will', 'would', 'shall', 'should', 'can', 'could', 'may', 'might', 'must', 'get', 'gets',
  'got', 'getting', 'let', 'lets', 'make', 'makes', 'made', 'want', 'wants', 'need', 'needs', 'please',
  'show', 'shows', 'showing', 'depict', 'depicts', 'depicting', 'draw', 'drawn', 'create', 'generate',
  'render', 'imagine', 'feature', 'features', 'featuring', 'wearing', 'wears', 'wear', 'dressed', 'seen',
  'looks', 'look', 'seems', 'appears', 'give', 'put', 'place', 'set', 'include', 'includes', 'including',
  // adverbs and intensifiers
  'very', 'really', 'quite', 'rather', 'just', 'only', 'even', 'still', 'almost', 'maybe', 'perhaps',
  'somewhat', 'extremely', 'slightly', 'truly', 'totally', 'fully', 'not', 'no', 'never', 'always', 'often',
  'again', 'now', 'already', 'away', 'together', 'somewhere', 'anywhere', 'everywhere',
  // counts ("two cats" is the tag "cat")
  'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'dozen', 'pair',
  // words about the request itself
  'image', 'images', 'picture', 'pictures', 'illustration', 'drawing', 'scene', 'shot', 'view', 'visible',
  'background', 'foreground',
];

/** Words that carry no tag of their own (convert.ts drops them unless a dictionary phrase holds them). */
export const STOP_WORDS: ReadonlySet<string> = /* @__PURE__ */ new Set(STOP_WORDS_LIST);

/** Plurals and forms the suffix rules below would get wrong (all neutral nouns). */
const IRREGULAR: Readonly<Record<string, string>> = {
  people: 'person',
  men: 'man',
  women: 'woman',
  feet: 'foot',
  teeth: 'tooth',
  mice: 'mouse',
  geese: 'goose',
  oxen: 'ox',
  leaves: 'leaf',
  wolves: 'wolf',
  knives: 'knife',
  shelves: 'shelf',
  scarves: 'scarf',
  loaves: 'loaf',
  halves: 'half',
  elves: 'elf',
  dwarves: 'dwarf',
  thieves: 'thief',
  wives: 'wife',
  cacti: 'cactus',
  fungi: 'fungus',
  octopi: 'octopus',
  clothes: 'clothes',
  glasses: 'glasses',
  sunglasses: 'sunglasses',
  jeans: 'jeans',
  pants: 'pants',
  shorts: 'shorts',
  boots: 'boot',
};

const VOWEL = /[aeiouy]/;

/** Undoubles a final consonant left by a suffix ("runn" → "run", "stopp" → "stop"); keeps ll, ss, zz. */
function undouble(stem: string): string {
  const last = stem.at(-1) ?? '';
  return stem.length > 2 && last === stem.at(-2) && !'lsz'.includes(last) && !VOWEL.test(last)
    ? stem.slice(0, -1)
    : stem;
}

/**
 * Which endings a key removes: `all` (plurals, -ing, -ed) to match what a user wrote; `plural` only, to
 * tell tags apart ("bowing" and "bow", "fishing" and "fish" are different tags of the dictionary).
 */
export type KeyForms = 'all' | 'plural';

/**
 * The matching key of one lower-case word: irregular plurals, then -'s, -ies, -es after a sibilant, -s,
 * -ing, -ed, and a final silent -e (so that "rose"/"roses" and "smile"/"smiling" meet). Short words and
 * words that would lose their only vowel are kept as they are ("red", "string", "wing").
 */
export function lemmaKey(word: string, forms: KeyForms = 'all'): string {
  let w = word.replace(/['’]s$/, '');
  const irregular = IRREGULAR[w];
  if (irregular) return irregular.endsWith('e') && irregular.length > 3 ? irregular.slice(0, -1) : irregular;
  if (w.length > 4 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.length > 4 && /(?:ss|x|z|ch|sh)es$/.test(w)) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('s') && !/(?:ss|us|is)$/.test(w)) w = w.slice(0, -1);
  else if (forms === 'plural') {
    // Verb endings stay: "fishing" is not "fish".
  } else if (w.length > 5 && w.endsWith('ing') && VOWEL.test(w.slice(0, -3))) w = undouble(w.slice(0, -3));
  else if (w.length > 4 && w.endsWith('ed') && !w.endsWith('eed') && VOWEL.test(w.slice(0, -2)))
    w = undouble(w.slice(0, -2));
  if (w.length > 3 && w.endsWith('e') && !w.endsWith('ee')) w = w.slice(0, -1);
  return w;
}

/** The words of a text, lower case: letters and digits of any script, with inner hyphens and apostrophes. */
export function wordsOf(text: string): string[] {
  return (
    text
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu) ?? []
  );
}

/** The matching key of a phrase: the keys of its words, space-separated ("red roses" → "red ros"). */
export function phraseKey(text: string, forms: KeyForms = 'all'): string {
  return wordsOf(text)
    .map((word) => lemmaKey(word, forms))
    .join(' ');
}
