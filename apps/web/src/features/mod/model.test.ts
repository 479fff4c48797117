import { describe, expect, it } from 'vitest';
import {
  accountStatus,
  nextBefore,
  noteProblem,
  optionalNote,
  parseDelta,
  pickTab,
  tabsOf,
  previewOf,
} from './model.ts';

describe('the console tabs', () => {
  it("shows the areas a moderator's roles open, in the console's order", () => {
    expect(tabsOf(['reports', 'reviews', 'users', 'restrictions', 'audit'])).toEqual([
      'reports',
      'images',
      'reviews',
      'users',
      'audit',
    ]);
    expect(tabsOf(['audit', 'users'])).toEqual(['users', 'audit']);
    expect(tabsOf([])).toEqual([]);
  });

  it('opens the requested tab only when it is one of them', () => {
    expect(pickTab('audit', ['reports', 'audit'])).toBe('audit');
    expect(pickTab('users', ['reports', 'audit'])).toBe('reports');
    expect(pickTab(null, ['users'])).toBe('users');
    expect(pickTab('users', [])).toBeNull();
  });
});

describe('the written reason', () => {
  it('needs 3 to 500 characters once trimmed when required', () => {
    expect(noteProblem('', true)).toBe('too_short');
    expect(noteProblem('  ab  ', true)).toBe('too_short');
    expect(noteProblem('abc', true)).toBeNull();
    expect(noteProblem('x'.repeat(500), true)).toBeNull();
    expect(noteProblem('x'.repeat(501), true)).toBe('too_long');
  });

  it('may be left empty when optional, but not too short', () => {
    expect(noteProblem('   ', false)).toBeNull();
    expect(noteProblem('ab', false)).toBe('too_short');
    expect(optionalNote('   ')).toBeUndefined();
    expect(optionalNote(' spam ring ')).toBe('spam ring');
  });
});

describe('the balance change', () => {
  it('reads signed whole numbers other than 0 within the limit', () => {
    expect(parseDelta('+5')).toBe(5);
    expect(parseDelta(' -20 ')).toBe(-20);
    expect(parseDelta('100000')).toBe(100000);
    expect(parseDelta('-100000')).toBe(-100000);
  });

  it('refuses anything else', () => {
    for (const text of ['', '0', '-0', '1.5', '1e3', 'ten', '100001', '--1', '5-'])
      expect(parseDelta(text), text).toBeNull();
  });
});

describe('an account', () => {
  const base = { banned_at: null, muted_at: null, is_active: true };
  it('reads banned over muted over inactive', () => {
    expect(accountStatus(base)).toBe('active');
    expect(accountStatus({ ...base, is_active: false })).toBe('inactive');
    expect(accountStatus({ ...base, muted_at: '2026-01-01T00:00:00.000Z' })).toBe('muted');
    expect(
      accountStatus({
        banned_at: '2026-01-02T00:00:00.000Z',
        muted_at: '2026-01-01T00:00:00.000Z',
        is_active: false,
      }),
    ).toBe('banned');
  });
});

describe('a reported or held image', () => {
  it("is previewed through the console's own route, its uuid encoded", () => {
    expect(previewOf('0b6f4d1e-6a43-4c1b-9a55-2f1d1c7a9e01')).toBe(
      '/api/mod/previews/0b6f4d1e-6a43-4c1b-9a55-2f1d1c7a9e01',
    );
    expect(previewOf('a/b?c')).toBe('/api/mod/previews/a%2Fb%3Fc');
  });
});

describe('the audit log pages', () => {
  it('asks for entries older than the last shown while pages are full', () => {
    expect(nextBefore([{ id: 9 }, { id: 7 }], 2)).toBe(7);
    expect(nextBefore([{ id: 9 }], 2)).toBeUndefined();
  });
});
