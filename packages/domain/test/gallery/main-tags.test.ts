import { describe, expect, it } from 'vitest';
import { MAIN_TAG_COUNT, mainTags, promptTags } from '../../src/index.ts';

describe('mainTags', () => {
  it('takes the first three tags in prompt order', () => {
    expect(MAIN_TAG_COUNT).toBe(3);
    expect(mainTags('lighthouse, harbour, dusk, fog, boats')).toEqual(['lighthouse', 'harbour', 'dusk']);
  });

  it('reads the stored list of a prompt (promptTags joined with ", ")', () => {
    const stored = promptTags('(A Lighthouse:1.2), blue_sky, [fog], dusk').join(', ');
    expect(mainTags(stored)).toEqual(['a lighthouse', 'blue sky', 'fog']);
  });

  it('skips blanks and repeats, and keeps fewer when there are fewer', () => {
    expect(mainTags(' fog ,, fog, dusk ')).toEqual(['fog', 'dusk']);
    expect(mainTags('灯台')).toEqual(['灯台']);
  });

  it('is empty for an image without prompt tags', () => {
    expect(mainTags('')).toEqual([]);
    expect(mainTags(' , ')).toEqual([]);
  });
});
