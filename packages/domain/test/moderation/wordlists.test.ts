import { describe, expect, it } from 'vitest';
import {
  ADULT_NEGATION_TERMS,
  AGE_BOUND_AFTER,
  AGE_BOUND_BEFORE,
  AGE_PREFIXES,
  AGE_UNITS,
  AGED_THINGS,
  AMBIGUOUS_MINOR_TERMS,
  BIRTH_MARKERS,
  DURATION_WORDS,
  INNOCENT_PHRASES,
  INNOCENT_WORDS_WITH_STEMS,
  LINKING_WORDS,
  MINOR_STEMS_IN_WORDS,
  NEGATIVE_AGE_MARKERS,
  NEGATIVE_MARKER_THINGS,
  ORDINAL_WORDS,
  PERSON_NOUNS,
  LANGUAGES,
  MINOR_TERMS,
  MINOR_TERMS_BY_LANGUAGE,
  NUMBER_WORDS,
  SEXUAL_CONTEXT_TERMS,
  YOUNG_PERSON_PAIRS,
} from '../../src/index.ts';

const lists = {
  MINOR_TERMS,
  AMBIGUOUS_MINOR_TERMS,
  SEXUAL_CONTEXT_TERMS,
  ADULT_NEGATION_TERMS,
  AGE_PREFIXES,
  ...AGE_UNITS,
  MINOR_STEMS_IN_WORDS,
  INNOCENT_WORDS_WITH_STEMS,
  INNOCENT_PHRASES,
  ...NEGATIVE_AGE_MARKERS,
  NEGATIVE_MARKER_THINGS,
  AGED_THINGS,
  PERSON_NOUNS,
  LINKING_WORDS,
  DURATION_WORDS,
  AGE_BOUND_BEFORE,
  AGE_BOUND_AFTER,
  BIRTH_MARKERS,
  ORDINAL_WORDS,
};

describe('word lists', () => {
  it('cover the 8 product languages for minor terms', () => {
    expect(Object.keys(MINOR_TERMS_BY_LANGUAGE).sort()).toEqual([...LANGUAGES, 'other'].sort());
    for (const terms of Object.values(MINOR_TERMS_BY_LANGUAGE)) expect(terms.length).toBeGreaterThan(0);
    expect(MINOR_TERMS[0]).toBe('child');
  });

  it.each(Object.entries(lists))('%s is lower case, trimmed and without duplicates', (_name, list) => {
    expect(list.length).toBeGreaterThan(0);
    expect(new Set(list).size).toBe(list.length);
    for (const term of list) expect(term).toBe(term.toLowerCase().trim());
  });

  it('keeps sexual-context terms to single words', () => {
    for (const term of SEXUAL_CONTEXT_TERMS) expect(term).toMatch(/^[^\s]+$/);
  });

  it('keeps terms to at most three words (no phrases)', () => {
    const all = [...MINOR_TERMS, ...AMBIGUOUS_MINOR_TERMS, ...ADULT_NEGATION_TERMS];
    for (const term of all) expect(term.split(' ').length).toBeLessThanOrEqual(3);
    for (const pair of YOUNG_PERSON_PAIRS) {
      for (const word of [...pair.qualifiers, ...pair.nouns]) expect(word).toMatch(/^[^\s]+$/);
    }
  });

  it('lists, for every stem found inside words, only innocent words that contain a stem', () => {
    // Letters may repeat inside a match ("loli" is found in "lolli"), so compare with repeats allowed.
    const repeats = (stem: string) => new RegExp([...stem].map((char) => `${char}+`).join(''));
    for (const word of INNOCENT_WORDS_WITH_STEMS) {
      const stems = MINOR_STEMS_IN_WORDS.filter((stem) => repeats(stem).test(word));
      expect(stems, word).not.toEqual([]);
    }
  });

  it('lists every number word once, with values 0 to 30', () => {
    const values = NUMBER_WORDS.map(([value]) => value);
    expect(values).toEqual(Array.from({ length: 31 }, (_, i) => i));
    const words = NUMBER_WORDS.flatMap(([, list]) => list);
    expect(new Set(words).size).toBe(words.length);
  });
});
