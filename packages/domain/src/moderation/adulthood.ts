/**
 * Adulthood in a prompt: the words of ADULT_NEGATION_TERMS and ages 18-30 (docs/product/moderation.md's
 * negative rule), plus, in the negative prompt, the signs of age of NEGATIVE_AGE_MARKERS ("elderly",
 * "wrinkles", "old" unless it describes a thing: "old photo"). Asking the model to avoid adulthood, or
 * weighting it down in the positive prompt, steers the image towards a minor (child-safety.ts). The same
 * reading backs the `{adulthood}` word of the moderation rules, so the generator deletes these words before
 * it sends.
 */
import { locateAges, type LocatedAge } from './ages.ts';
import { compileTermLists, locateLists, withoutOverlaps, type LocatedMatch } from './terms.ts';
import {
  escapeRegex,
  nextWord,
  originalSpan,
  prepareText,
  wordKeys,
  type PreparedText,
  type Span,
} from './text.ts';
import {
  ADULT_AGE_PHRASES,
  ADULT_AGE_RANGE,
  ADULT_NEGATION_TERMS,
  NEGATIVE_AGE_MARKERS,
  NEGATIVE_MARKER_THINGS,
} from './wordlists.ts';

export interface AdulthoodMatch extends Span {
  from: number;
  to: number;
}

let thingKeys: Set<string> | undefined;
let lists: Record<string, readonly string[]> | undefined;

/** The adulthood lists, by name (the child-safety layer looks them up in its own combined index). */
export type AdulthoodLists = (list: 'adult' | 'signsAlways' | 'signsOfPeople') => readonly LocatedMatch[];

function adulthoodLists(text: PreparedText): AdulthoodLists {
  lists ??= {
    adult: ADULT_NEGATION_TERMS,
    signsAlways: NEGATIVE_AGE_MARKERS.always,
    signsOfPeople: NEGATIVE_AGE_MARKERS.describingPeople,
  };
  return locateLists(text, compileTermLists(lists));
}

/** ADULT_AGE_PHRASES as one pattern on the folded text ("18+", "over 18", "legal age"). */
let agePhrases: RegExp | undefined;
function adultAgePhrases(text: PreparedText): AdulthoodMatch[] {
  agePhrases ??= new RegExp(
    `(?<![\\p{L}\\d])(?:${ADULT_AGE_PHRASES.map((phrase) =>
      escapeRegex(phrase).replace(/ /g, '[\\s\\-_]+'),
    ).join('|')})(?![\\p{L}\\d])`,
    'gu',
  );
  if (!/18|legal|majority/.test(text.folded)) return [];
  return [...text.folded.matchAll(agePhrases)].map((hit) => {
    const to = hit.index + hit[0].length;
    return { ...originalSpan(text, hit.index, to), from: hit.index, to };
  });
}

const isAdultAge = (age: LocatedAge) =>
  age.unit === 'year' && age.value >= ADULT_AGE_RANGE.min && age.value <= ADULT_AGE_RANGE.max;

/**
 * Adulthood words and ages 18-30 in a text; with `signsOfAge`, also the negative prompt's signs of age.
 * `ages` and `lists` are the text's written ages and list matches when the caller has them already;
 * a sign of age inside an `ignore` span is none ("aged down" is a minor term, not a sign of age).
 */
export function locateAdulthood(
  text: PreparedText,
  options: {
    signsOfAge: boolean;
    ages?: LocatedAge[];
    lists?: AdulthoodLists;
    ignore?: readonly LocatedMatch[];
  },
): AdulthoodMatch[] {
  const ages = options.ages ?? locateAges(text);
  const lists = options.lists ?? adulthoodLists(text);
  const found: AdulthoodMatch[] = [...lists('adult'), ...ages.filter(isAdultAge), ...adultAgePhrases(text)];
  if (options.signsOfAge) {
    found.push(...lists('signsAlways'));
    thingKeys ??= wordKeys(NEGATIVE_MARKER_THINGS);
    const things = thingKeys;
    const ignore = options.ignore ?? [];
    for (const marker of lists('signsOfPeople')) {
      // "old" inside a written age ("12 years old") is the age, not a sign of age.
      const inside = (span: { from: number; to: number }) => span.from < marker.to && span.to > marker.from;
      if (ages.some(inside) || ignore.some(inside)) continue;
      const next = nextWord(text, marker.to);
      if (next && things.has(next.key)) continue;
      found.push(marker);
    }
  }
  return withoutOverlaps(found).map(({ from, to }) => ({ ...originalSpan(text, from, to), from, to }));
}

/** Adulthood in a text (signs of age included), as spans of the original text. */
export function findAdulthood(text: string): Span[] {
  if (!text) return [];
  return locateAdulthood(prepareText(text), { signsOfAge: true }).map(({ match, index, length }) => ({
    match,
    index,
    length,
  }));
}
