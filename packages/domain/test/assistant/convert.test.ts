import { describe, expect, it } from 'vitest';
import { createTagIndex, knownTagsIn, naturalLanguageToTags } from '../../src/index.ts';
import { DATA, INDEX } from './fixtures.ts';

describe('natural language to tags (built-in converter)', () => {
  it('matches dictionary tags through plurals and drops stop words', () => {
    expect(
      naturalLanguageToTags('A lighthouse on a cliff above the crashing waves at sunset', INDEX),
    ).toEqual(['lighthouse', 'cliff', 'crashing waves', 'sunset']);
    expect(naturalLanguageToTags('two dogs walking down a rainy street', INDEX)).toEqual([
      'dog',
      'walking',
      'rainy',
      'street',
    ]);
  });

  it('matches the longest phrase first, stop words inside it included', () => {
    expect(naturalLanguageToTags('a cup of coffee and red roses', INDEX)).toEqual([
      'cup of coffee',
      'red rose',
    ]);
    expect(naturalLanguageToTags('a photo in black and white', INDEX)).toEqual(['photo', 'black and white']);
  });

  it('keeps unknown meaningful words as written, once each', () => {
    expect(naturalLanguageToTags('A cobblestone alley, cobblestone walls', INDEX)).toEqual([
      'cobblestone',
      'alley',
      'walls',
    ]);
  });

  it('gives a modifier the noun of the next tag ("long blonde hair")', () => {
    expect(naturalLanguageToTags('a woman with long blonde hair', INDEX)).toEqual([
      'woman',
      'long hair',
      'blonde hair',
    ]);
  });

  it('prefers the words as written to their matching key ("fishing" is not "fish")', () => {
    const index = createTagIndex({
      categories: ['pose', 'animal'],
      exclusive: [],
      tags: [
        ['fish', 1, 90],
        ['fishing', 0, 50],
      ],
      groups: [],
    });
    expect(naturalLanguageToTags('fishing for fish, fished', index)).toEqual(['fishing', 'fish']);
  });

  it('never joins words across punctuation', () => {
    expect(naturalLanguageToTags('cup. of coffee', INDEX)).toEqual(['cup', 'coffee']);
  });

  it('is bounded, and returns nothing for stop words only', () => {
    const many = Array.from(
      { length: 60 },
      (_, i) => `word${'x'.repeat(i % 10)}${String.fromCharCode(97 + (i % 26))}`,
    ).join(' ');
    expect(naturalLanguageToTags(many, INDEX).length).toBeLessThanOrEqual(40);
    expect(naturalLanguageToTags(many, INDEX, 5)).toHaveLength(5);
    expect(naturalLanguageToTags('it is the one that we had', INDEX)).toEqual([]);
  });

  it('finds the dictionary tags inside a free-text tag', () => {
    expect(knownTagsIn('a lighthouse at dusk', INDEX)).toEqual(['lighthouse', 'dusk']);
  });

  it('indexes the dictionary: normalised names, first of duplicates, dangling group members dropped', () => {
    const index = createTagIndex({
      ...DATA,
      tags: [...DATA.tags, ['Lighthouse', 0, 99], ['  ', 0, 10]],
      groups: [...DATA.groups, [0, 999]],
    });
    expect(index.size).toBe(DATA.tags.length);
    expect(index.byName.get('lighthouse')?.popularity).toBe(60);
    expect(index.groups).toHaveLength(DATA.groups.length);
    expect(index.maxWords).toBe(3);
  });
});
