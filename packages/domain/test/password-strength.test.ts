import { describe, expect, it } from 'vitest';
import { isWeakPassword, passwordUserInputs } from '../src/password-strength.ts';

describe('weak passwords (weak_pwd)', () => {
  it.each([
    'password',
    '12345678',
    'aaaaaaaa',
    'qwertyui',
    'password1',
    'iloveyou',
    'P@ssw0rd',
    '1q2w3e4r',
    '$unsh1ne',
    'm0nk3y12',
  ])('refuses the common password %j', (password) => {
    expect(isWeakPassword(password)).toBe(true);
  });

  it('refuses a long run of one character at the maximum length', () => {
    expect(isWeakPassword('p'.repeat(32))).toBe(true);
  });

  it("refuses the user's own username or email as the password", () => {
    const inputs = passwordUserInputs({ username: 'marlowe88', email: 'marlowe88@example.com' });
    expect(isWeakPassword('marlowe88')).toBe(false);
    expect(isWeakPassword('marlowe88', inputs)).toBe(true);
    expect(isWeakPassword('Marlowe88!', inputs)).toBe(true);
    expect(isWeakPassword('marlowe88@example.com', inputs)).toBe(true);
  });

  it('refuses the site name with a year', () => {
    expect(isWeakPassword('mirage2024')).toBe(true);
  });

  it.each([
    'correct-horse-1',
    'lighthouse-dusk-1',
    'harbour-fog-lantern-3',
    'shipwreck-coral-7',
    'new-lighthouse-2',
    'reset-lighthouse-3',
    'long-enough-1',
    'brand-new-pass',
    'whatever-123',
  ])('accepts the ordinary passphrase %j', (password) => {
    expect(
      isWeakPassword(password, passwordUserInputs({ username: 'keeper1', email: 'keeper1@example.com' })),
    ).toBe(false);
  });
});

describe('passwordUserInputs', () => {
  it("holds the username, the email and the email's local part, lower-cased", () => {
    expect(passwordUserInputs({ username: 'Keeper_1', email: 'Sea.Keeper@Example.com' })).toEqual([
      'keeper_1',
      'sea.keeper@example.com',
      'sea.keeper',
    ]);
    expect(passwordUserInputs({ username: 'keeper' })).toEqual(['keeper']);
  });
});
