import { describe, expect, it } from 'vitest';
import { isReservedUsername, RESERVED_USERNAMES, usernameSkeleton } from '../src/index.ts';

describe('reserved usernames', () => {
  it.each([
    'admin',
    'support',
    'moderator',
    'root',
    'mirage',
    'staff',
    'system',
    'official',
    'help',
    'security',
    'administrator',
    'mod',
    'owner',
    'api',
    'www',
    'null',
    'undefined',
  ])('refuses %j', (name) => {
    expect(isReservedUsername(name)).toBe(true);
  });

  it.each(['Admin', 'ADMIN', 'Support', 'MODERATOR', 'Root'])('refuses %j whatever the case', (name) => {
    expect(isReservedUsername(name)).toBe(true);
  });

  it.each(['adm1n', '4dmin', 'ADMlN', 'adrnin', 'r00t', '5upport', 'sys7em', 'm0d', 'he1p'])(
    'refuses the look-alike %j',
    (name) => {
      expect(isReservedUsername(name)).toBe(true);
    },
  );

  it.each(['ad-min', '_admin_', 'admin1', 'admin2024', 'support_24', 'root-0'])(
    'refuses %j (separators and trailing digits do not make a new name)',
    (name) => {
      expect(isReservedUsername(name)).toBe(true);
    },
  );

  it.each(['mirage_team', 'MirageHelp', 'officialmirage', 'the-mirage', 'mirage42'])(
    'refuses %j, which wears the site name',
    (name) => {
      expect(isReservedUsername(name)).toBe(true);
    },
  );

  it.each([
    'badminton',
    'modern',
    'rooted',
    'helper',
    'apiary',
    'keeper_1',
    'user12345',
    'lighthouse',
    'supporter',
  ])('accepts the ordinary name %j', (name) => {
    expect(isReservedUsername(name)).toBe(false);
  });

  it('lists every reserved name in its own skeleton form (no entry can be unreachable)', () => {
    for (const name of RESERVED_USERNAMES) expect(isReservedUsername(name), name).toBe(true);
    expect(usernameSkeleton('ADM1N')).toBe(usernameSkeleton('admin'));
  });
});
