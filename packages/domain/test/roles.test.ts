import { describe, expect, it } from 'vitest';
import { ROLES, holdsAnyRole, isRole } from '../src/index.ts';

describe('staff roles', () => {
  it.each([
    { held: [], accepted: ['moderator'], may: false },
    { held: ['moderator'], accepted: ['moderator'], may: true },
    { held: ['moderator'], accepted: ['admin'], may: false },
    { held: ['admin'], accepted: ['moderator', 'admin'], may: true },
    { held: ['moderator', 'admin'], accepted: ['admin'], may: true },
    { held: ['admin'], accepted: [], may: false },
  ] as const)('$held may use a route for $accepted: $may', ({ held, accepted, may }) => {
    expect(holdsAnyRole(held, accepted)).toBe(may);
  });

  it('knows its roles and nothing else', () => {
    for (const role of ROLES) expect(isRole(role)).toBe(true);
    for (const value of ['Moderator', 'operator', 'user', '', null, 1, ['admin']])
      expect(isRole(value)).toBe(false);
  });
});
