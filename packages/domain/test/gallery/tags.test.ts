import { describe, expect, it } from 'vitest';
import {
  MAX_TAGS_PER_IMAGE,
  TAG_MAX_LENGTH,
  normaliseTag,
  promptTags,
  systemTagName,
} from '../../src/index.ts';

describe('normaliseTag', () => {
  it.each([
    ['lighthouse', 'lighthouse'],
    ['  Lighthouse  ', 'lighthouse'],
    ['(red scarf:1.2)', 'red scarf'],
    ['((rain))', 'rain'],
    ['[fog]', 'fog'],
    ['{snow}', 'snow'],
    ['(soft light: 0.8)', 'soft light'],
    ['blue_sky', 'blue sky'],
    ['golden   hour', 'golden hour'],
    ['<lora:watercolor_v2:0.7> watercolor', 'watercolor'],
    ['masterpiece.', 'masterpiece'],
    ['- wide shot', 'wide shot'],
    ['Ｆｕｌｌｗｉｄｔｈ', 'fullwidth'],
    ['château', 'château'],
    ['灯台', '灯台'],
    ['8k', '8k'],
    ['\\(detail\\)', 'detail'],
  ])('%j -> %j', (raw, tag) => {
    expect(normaliseTag(raw)).toBe(tag);
  });

  it.each(['', '   ', '()', '<lora:x:1>', '...', ':1.2', '!!!'])('%j has no tag', (raw) => {
    expect(normaliseTag(raw)).toBeNull();
  });

  it('drops items longer than a tag may be', () => {
    expect(normaliseTag('a'.repeat(TAG_MAX_LENGTH))).toBe('a'.repeat(TAG_MAX_LENGTH));
    expect(normaliseTag('a'.repeat(TAG_MAX_LENGTH + 1))).toBeNull();
  });
});

describe('promptTags', () => {
  it('splits on commas and new lines, keeps prompt order and drops duplicates', () => {
    expect(promptTags('a lighthouse at dusk, (Rain:1.3), rain,\nblue_sky, , fog')).toEqual([
      'a lighthouse at dusk',
      'rain',
      'blue sky',
      'fog',
    ]);
  });

  it('keeps at most the first MAX_TAGS_PER_IMAGE tags', () => {
    const prompt = Array.from({ length: MAX_TAGS_PER_IMAGE + 10 }, (_, i) => `tag${i}`).join(', ');
    const tags = promptTags(prompt);
    expect(tags).toHaveLength(MAX_TAGS_PER_IMAGE);
    expect(tags[0]).toBe('tag0');
    expect(tags.at(-1)).toBe(`tag${MAX_TAGS_PER_IMAGE - 1}`);
  });

  it('gives nothing for an empty prompt', () => {
    expect(promptTags('')).toEqual([]);
    expect(promptTags(' , ,, ')).toEqual([]);
  });
});

describe('systemTagName', () => {
  it('lower-cases option values', () => {
    expect(systemTagName('Portrait')).toBe('portrait');
    expect(systemTagName('anime_modern')).toBe('anime_modern');
  });
});
