import { describe, expect, it } from 'vitest';
import { mayActOn, mayUseArea, staffAreasOf, STAFF_AREAS } from '../src/staff.ts';

describe('console areas by role', () => {
  it('gives moderators content and conduct, admins also balances, users nothing', () => {
    expect(staffAreasOf(['moderator'])).toEqual([
      'reports',
      'reviews',
      'users',
      'restrictions',
      'audit',
      'rules',
    ]);
    expect(mayUseArea(['moderator'], 'rule_changes')).toBe(false);
    expect(staffAreasOf(['admin'])).toEqual(Object.keys(STAFF_AREAS));
    expect(staffAreasOf([])).toEqual([]);
    expect(mayUseArea(['moderator'], 'balances')).toBe(false);
    expect(mayUseArea(['admin'], 'balances')).toBe(true);
  });
});

describe('mayActOn', () => {
  const user = { id: 1, roles: [] };
  const moderator = { id: 2, roles: ['moderator'] as const };
  const otherModerator = { id: 3, roles: ['moderator'] as const };
  const admin = { id: 4, roles: ['admin'] as const };
  const otherAdmin = { id: 5, roles: ['admin'] as const };

  it('lets staff restrict ordinary accounts', () => {
    expect(mayActOn(moderator, user)).toBe(true);
    expect(mayActOn(admin, user)).toBe(true);
  });

  it('never lets anyone act on themselves', () => {
    expect(mayActOn(moderator, moderator)).toBe(false);
    expect(mayActOn(admin, admin)).toBe(false);
  });

  it('protects admins from everyone and moderators from moderators', () => {
    expect(mayActOn(moderator, admin)).toBe(false);
    expect(mayActOn(otherAdmin, admin)).toBe(false);
    expect(mayActOn(moderator, otherModerator)).toBe(false);
    expect(mayActOn(admin, moderator)).toBe(true);
  });

  it('gives a user without a role no power at all', () => {
    expect(mayActOn(user, { id: 9, roles: [] })).toBe(false);
  });
});
