import { describe, expect, it } from 'vitest';
import { buildCooccurrence, completeTags, createTagIndex, tagsOfPrompt } from '../../src/index.ts';
import { INDEX } from './fixtures.ts';

describe('tag completion', () => {
  it('adds the tags that share a group with the prompt, and keeps the prompt as written', () => {
    const { output, added } = completeTags('Lighthouse, (crashing waves:1.2),  ', INDEX);
    expect(output.startsWith('Lighthouse, (crashing waves:1.2), ')).toBe(true);
    // Both prompt tags are in the coast group: its members score 2 each, then popularity orders them.
    expect(added.slice(0, 3)).toEqual(['sunset', 'ocean', 'cliff']);
    expect(added).not.toContain('lighthouse');
    expect(added).not.toContain('crashing waves');
    expect(output).toBe(`Lighthouse, (crashing waves:1.2), ${added.join(', ')}`);
  });

  it('never adds a second tag of an exclusive category, nor one the prompt already says', () => {
    const { added } = completeTags('lighthouse, dusk', INDEX);
    expect(added).not.toContain('sunset');
    expect(added).not.toContain('sunrise');
    const hair = completeTags('blonde hair, ponytail', INDEX).added;
    expect(hair).toContain('long hair');
    expect(hair).not.toContain('black hair');
    // "ocean" is said inside a free-text tag: not added again.
    expect(completeTags('the ocean at night, lighthouse', INDEX).added).not.toContain('ocean');
  });

  it('does not add a phrase whose every word is already a one-word tag of the prompt', () => {
    const index = createTagIndex({
      categories: ['sky'],
      exclusive: [],
      tags: [
        ['dramatic', 0, 90],
        ['sky', 0, 80],
        ['dramatic sky', 0, 70],
        ['starry sky', 0, 60],
      ],
      groups: [[0, 1, 2, 3]],
    });
    const { added } = completeTags('dramatic, sky', index);
    expect(added).not.toContain('dramatic sky');
    expect(added).toContain('starry sky');
    // Said as one phrase, its words alone are not added either.
    expect(completeTags('dramatic sky', index).added).toEqual(['starry sky']);
  });

  it('relates a free-text tag through the dictionary tags inside it', () => {
    const { added } = completeTags('a lighthouse at dusk', INDEX);
    expect(added).toEqual(expect.arrayContaining(['ocean', 'crashing waves', 'cliff']));
    expect(added).not.toContain('sunset');
  });

  it('adds at most 8 tags, fills with general tags, and caps each category at 3', () => {
    const { added } = completeTags('lighthouse', INDEX);
    expect(added.length).toBeLessThanOrEqual(8);
    expect(added.filter((tag) => ['ocean', 'crashing waves', 'cliff', 'seagull'].includes(tag))).toHaveLength(
      3,
    );
    expect(added).toEqual(expect.arrayContaining(['masterpiece', 'highly detailed', 'soft light']));
    expect(completeTags('lighthouse', INDEX, { max: 2 }).added).toHaveLength(2);
  });

  it('fills with general tags when nothing relates to the prompt', () => {
    expect(completeTags('((( )))', INDEX).added).toEqual([
      'masterpiece',
      'highly detailed',
      'soft light',
      'black and white',
    ]);
    expect(completeTags('((( )))', INDEX).output).toBe(
      '((( ))), masterpiece, highly detailed, soft light, black and white',
    );
  });

  it('stays within the length limit and asks `accept` about each tag in context', () => {
    const long = `lighthouse, ${'x'.repeat(1980)}`;
    const { output } = completeTags(long, INDEX);
    expect(output.length).toBeLessThanOrEqual(2000);
    const seen: string[] = [];
    const { added } = completeTags('lighthouse', INDEX, {
      accept: (tag, next) => {
        seen.push(next);
        return tag !== 'ocean';
      },
    });
    expect(added).not.toContain('ocean');
    expect(seen[0]).toMatch(/^lighthouse, /);
  });

  it('adds live co-occurrence to the curated groups', () => {
    const live = buildCooccurrence([
      ['lighthouse', 'storm clouds'],
      ['lighthouse', 'storm clouds', 'ocean'],
      ['lighthouse', 'ocean'],
    ]).lookup;
    const { added } = completeTags('lighthouse', INDEX, { cooccurrence: live });
    expect(added[0]).toBe('ocean');
    expect(added).toContain('storm clouds');
  });

  it('reads every tag of a prompt, past the 40 an image keeps', () => {
    const prompt = Array.from({ length: 50 }, (_, i) => `tag${i}`).join(', ');
    expect(tagsOfPrompt(prompt)).toHaveLength(50);
  });
});

describe('live co-occurrence', () => {
  it('ignores pairs seen once and ranks by strength', () => {
    const { lookup, tags } = buildCooccurrence([
      ['rain', 'street', 'umbrella'],
      ['rain', 'street'],
      ['rain', 'umbrella'],
      ['rain', 'street', 'rain'],
      ['snow'],
    ]);
    expect([...(lookup('rain') ?? [])].map(([tag]) => tag)).toEqual(['street', 'umbrella']);
    expect(lookup('street')?.get('rain')).toBeCloseTo(3 / Math.sqrt(3 * 4));
    expect(lookup('snow')).toBeUndefined();
    expect(tags).toBe(3);
    expect(
      buildCooccurrence([['a', 'b']], { minPairs: 1 })
        .lookup('a')
        ?.get('b'),
    ).toBe(1);
  });
});
