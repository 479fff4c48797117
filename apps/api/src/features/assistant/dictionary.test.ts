import {
  AMBIGUOUS_MINOR_TERMS,
  checkChildSafety,
  DEFAULT_RULES,
  findTerms,
  moderatePrompt,
  normaliseTag,
  SEXUAL_CONTEXT_TERMS,
  type TagDictionaryData,
} from '@mirage/domain';
import { describe, expect, it } from 'vitest';
import { buildTagDictionary } from '../../../../../scripts/tag-dictionary/build.ts';
import { loadTagIndex } from './dictionary.ts';
import committed from './tag-dictionary.json' with { type: 'json' };

/**
 * The shipped tag dictionary (docs/product/assistant.md#dictionary): large enough to be useful, in step
 * with its generator, and clean: every tag passes the moderation rules and the child-safety layer, alone
 * and beside the others, and none is a sexual word or a word that may denote a child.
 */
const data = committed as unknown as TagDictionaryData;
const names = data.tags.map(([name]) => name);

describe('the tag dictionary', () => {
  it('holds at least 5,000 tags, each with a category and a popularity', () => {
    expect(names.length).toBeGreaterThanOrEqual(5000);
    expect(new Set(names).size).toBe(names.length);
    for (const [name, category, popularity] of data.tags) {
      expect(normaliseTag(name), name).toBe(name);
      expect(data.categories[category], name).toBeDefined();
      expect(popularity, name).toBeGreaterThanOrEqual(1);
      expect(popularity, name).toBeLessThanOrEqual(100);
    }
    for (const category of data.exclusive) expect(data.categories).toContain(category);
    for (const group of data.groups) {
      expect(group.length).toBeGreaterThanOrEqual(2);
      for (const at of group) expect(data.tags[at]).toBeDefined();
    }
    expect(data.groups.length).toBeGreaterThan(150);
  });

  it('is what scripts/build-tag-dictionary.ts builds (run it after changing the vocabulary)', () => {
    const built = buildTagDictionary();
    expect(built.refused).toEqual([]);
    expect(data).toEqual(built.data);
  });

  it('passes the moderation rules and the child-safety layer, every tag', () => {
    const failing = names.filter(
      (name) =>
        checkChildSafety({ prompt: name }).blocked ||
        moderatePrompt({ prompt: name }, DEFAULT_RULES).forbidden.length > 0,
    );
    expect(failing).toEqual([]);
  });

  it('passes the child-safety layer with its tags side by side (as completion puts them)', () => {
    const failing: string[] = [];
    for (let at = 0; at < names.length; at += 50) {
      const prompt = names.slice(at, at + 50).join(', ');
      const result = checkChildSafety({ prompt });
      if (result.blocked) failing.push(...result.findings.map((finding) => finding.match));
    }
    expect(failing).toEqual([]);
  });

  it('holds no sexual word and no word that may denote a child', () => {
    const text = names.join(', ');
    expect(
      findTerms(text, [...SEXUAL_CONTEXT_TERMS, ...AMBIGUOUS_MINOR_TERMS]).map((hit) => hit.match),
    ).toEqual([]);
    for (const word of [
      'young',
      'little',
      'small',
      'tiny',
      'petite',
      'minor',
      'lil',
      'smol',
      'school',
      'student',
    ]) {
      expect(
        names.filter((name) => name.split(' ').includes(word)),
        word,
      ).toEqual([]);
    }
  });

  it('loads into the index the assistant reads', async () => {
    const index = await loadTagIndex();
    expect(index.size).toBe(names.length);
    expect(index.byName.get('blonde hair')?.category).toBe('hair_colour');
    expect(index.exclusive.has('hair_colour')).toBe(true);
  });
});
