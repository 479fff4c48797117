import { describe, expect, it } from 'vitest';
import {
  errorsFromCode,
  fieldForCode,
  hasErrors,
  validateEmail,
  validatePassword,
  validateSignin,
  validateSignup,
} from './fieldErrors.ts';

describe('fieldForCode', () => {
  it.each([
    ['required_username', 'username'],
    ['bad_length_username', 'username'],
    ['bad_format_username', 'username'],
    ['duplicate_username', 'username'],
    ['required_email', 'email'],
    ['bad_format_email', 'email'],
    ['duplicate_email', 'email'],
    ['subscription_error', 'email'],
    ['temp_mail_detected', 'email'],
    ['required_pwd', 'password'],
    ['bad_length_pwd', 'password'],
    ['weak_pwd', 'password'],
  ] as const)('puts %s under the %s field', (code, field) => {
    expect(fieldForCode(code)).toBe(field);
  });

  it.each([
    'incorrect_password',
    'user_not_found',
    'spam_protection',
    'oauth_failed',
    'network',
    'unknown_error',
  ])('leaves %s to the form-level alert', (code) => {
    expect(fieldForCode(code)).toBeNull();
    expect(errorsFromCode(code)).toEqual({ form: code });
  });

  it('maps a field code to exactly that field', () => {
    expect(errorsFromCode('duplicate_email')).toEqual({ email: 'duplicate_email' });
    expect(errorsFromCode('bad_length_pwd')).toEqual({ password: 'bad_length_pwd' });
  });
});

describe('validateSignup', () => {
  it('accepts valid values with no errors', () => {
    const errors = validateSignup({ username: 'keeper_1', email: 'keeper@example.com', pwd: 'lighthouse' });
    expect(errors).toEqual({});
    expect(hasErrors(errors)).toBe(false);
  });

  it('returns the spec codes, one per field, most basic problem first', () => {
    expect(validateSignup({ username: '', email: '', pwd: '' })).toEqual({
      username: 'required_username',
      email: 'required_email',
      password: 'required_pwd',
    });
    expect(validateSignup({ username: 'ab', email: 'not-an-email', pwd: 'short' })).toEqual({
      username: 'bad_length_username',
      email: 'bad_format_email',
      password: 'bad_length_pwd',
    });
  });

  it('checks the username length bounds 3..12 and its characters', () => {
    expect(validateSignup({ username: 'abc', email: 'a@example.com', pwd: 'long-enough' })).toEqual({});
    expect(validateSignup({ username: 'a'.repeat(12), email: 'a@example.com', pwd: 'long-enough' })).toEqual(
      {},
    );
    expect(
      validateSignup({ username: 'a'.repeat(13), email: 'a@example.com', pwd: 'long-enough' }).username,
    ).toBe('bad_length_username');
    expect(
      validateSignup({ username: 'bad name', email: 'a@example.com', pwd: 'long-enough' }).username,
    ).toBe('bad_format_username');
  });

  it('checks the password length bounds 8..32', () => {
    expect(validatePassword('a'.repeat(7))).toBe('bad_length_pwd');
    expect(validatePassword('a'.repeat(8))).toBeUndefined();
    expect(validatePassword('a'.repeat(32))).toBeUndefined();
    expect(validatePassword('a'.repeat(33))).toBe('bad_length_pwd');
    expect(validatePassword('')).toBe('required_pwd');
  });

  it('checks emails: required, format, under 100 characters', () => {
    expect(validateEmail('')).toBe('required_email');
    expect(validateEmail('someone@')).toBe('bad_format_email');
    expect(validateEmail('Someone@Example.com')).toBeUndefined();
    expect(validateEmail(`${'a'.repeat(88)}@example.com`)).toBe('bad_length_email');
  });
});

describe('validateSignin', () => {
  it('only requires both fields (the server judges the rest)', () => {
    expect(validateSignin({ username: '  ', pwd: '' })).toEqual({
      username: 'required_username',
      password: 'required_pwd',
    });
    expect(validateSignin({ username: 'x', pwd: 'y' })).toEqual({});
    expect(hasErrors(validateSignin({ username: 'x', pwd: '' }))).toBe(true);
  });
});
