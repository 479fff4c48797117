import { describe, expect, it } from 'vitest';
import { keepPresent, MAX_SELECTION, toggleSelected } from './selection.ts';

describe('collection selection', () => {
  it('adds an image, and removes it when toggled again', () => {
    const one = toggleSelected(new Set(), 'a');
    expect([...one]).toEqual(['a']);
    expect([...toggleSelected(one, 'b')].sort()).toEqual(['a', 'b']);
    expect([...toggleSelected(one, 'a')]).toEqual([]);
  });

  it('stops adding at the API limit, but still removes', () => {
    const full = new Set(Array.from({ length: MAX_SELECTION }, (_, n) => `image-${n}`));
    expect(toggleSelected(full, 'one-more')).toBe(full);
    expect(toggleSelected(full, 'image-0').size).toBe(MAX_SELECTION - 1);
  });

  it('keeps only the selected images still on the board', () => {
    expect(keepPresent(new Set(['a', 'b', 'gone']), [{ uuid: 'b' }, { uuid: 'a' }, { uuid: 'c' }])).toEqual([
      'a',
      'b',
    ]);
  });
});
