import { describe, expect, it } from 'vitest';
import { parseProfileSlug, profileHref, tabFromHash } from './slug.ts';

describe('parseProfileSlug', () => {
  it('takes the id after the last dash', () => {
    expect(parseProfileSlug('keeper_1-42')).toEqual({ username: 'keeper_1', id: 42 });
    expect(parseProfileSlug('night-owl-7')).toEqual({ username: 'night-owl', id: 7 });
  });

  it('decodes a percent-encoded username, and keeps one that is not', () => {
    expect(parseProfileSlug('a%20b-7')).toEqual({ username: 'a b', id: 7 });
    expect(parseProfileSlug('100%-9')).toEqual({ username: '100%', id: 9 });
  });

  it('refuses what has no username or no valid id', () => {
    for (const slug of [
      undefined,
      '',
      '42',
      '-42',
      'alice',
      'alice-',
      'alice-0',
      'alice-07',
      'alice-4x',
      'alice-1e3',
    ]) {
      expect(parseProfileSlug(slug), String(slug)).toBeNull();
    }
    expect(parseProfileSlug('alice-99999999999999999')).toBeNull();
    expect(parseProfileSlug('%20-5')).toBeNull();
  });

  it('reads back what profileHref writes', () => {
    const href = profileHref('a b-c', 12, 'rewards');
    expect(href).toBe('/profile/a%20b-c-12#rewards');
    expect(parseProfileSlug(href.slice('/profile/'.length).split('#')[0])).toEqual({
      username: 'a b-c',
      id: 12,
    });
  });
});

describe('tabFromHash', () => {
  it('selects the tab the hash names, achievements otherwise', () => {
    expect(tabFromHash('#rewards')).toBe('rewards');
    expect(tabFromHash('#achievements')).toBe('achievements');
    expect(tabFromHash('')).toBe('achievements');
    expect(tabFromHash('#other')).toBe('achievements');
  });
});
