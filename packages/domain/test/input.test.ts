import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  createUserBody,
  isUuid,
  loginBody,
  oauthLoginBody,
  promptListBody,
  resetPasswordBody,
  savePromptBody,
  searchBodySchema,
  sendResetPasswordBody,
  txt2imgBody,
  updateUserBody,
} from '../src/index.ts';
import { BIGINT_ID_MAX, INT4_MAX, idValue, isStorableText, safeText } from '../src/input.ts';

/** The first issue as the API reports it: its code and the field it concerns. */
function firstIssue(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  if (result.success) return undefined;
  const issue = result.error.issues[0]!;
  return { code: issue.message, field: issue.path.join('.') };
}

const NUL = '\u0000';
const LONE_HIGH = '\ud800';
const LONE_LOW = '\udc00';

describe('storable text', () => {
  it.each([
    ['a lighthouse at dusk', true],
    ['', true],
    ['emoji 😀, RTL \u05e9\u05dc\u05d5\u05dd, zero-width \u200b', true],
    [`a${NUL}b`, false],
    [NUL, false],
    [`x${LONE_HIGH}`, false],
    [`${LONE_HIGH}x`, false],
    [`${LONE_LOW}x`, false],
    [`😀${LONE_LOW}`, false],
    [`${LONE_HIGH}${LONE_HIGH}\udc00`, false],
  ])('%j -> %s', (value, storable) => {
    expect(isStorableText(value)).toBe(storable);
  });

  it('refuses NUL and lone surrogates before the schema’s own checks, with validation_error', () => {
    const username = safeText({ error: 'required_username' }).min(3, 'bad_length_username');
    expect(firstIssue(username, NUL)).toEqual({ code: 'validation_error', field: '' });
    expect(firstIssue(username, LONE_HIGH)).toEqual({ code: 'validation_error', field: '' });
    expect(firstIssue(username, 'ab')).toEqual({ code: 'bad_length_username', field: '' });
    expect(firstIssue(username, 42)).toEqual({ code: 'required_username', field: '' });
    expect(username.parse('abc')).toBe('abc');
  });
});

describe('id column values', () => {
  it.each([
    ['integer', INT4_MAX, true],
    ['integer', INT4_MAX + 1, false],
    ['integer', 2 ** 63, false],
    ['bigint', INT4_MAX + 1, true],
    ['bigint', BIGINT_ID_MAX, true],
    ['bigint', BIGINT_ID_MAX + 1, false],
    ['bigint', 2 ** 63, false],
    ['bigint', 1e308, false],
    ['integer', 1, true],
    ['integer', 0, false],
    ['integer', -1, false],
    ['integer', 1.5, false],
    ['integer', '1', false],
    ['integer', null, false],
  ] as const)('%s %s -> %s', (column, value, ok) => {
    expect(idValue(column).safeParse(value).success).toBe(ok);
  });

  it('may name a well-formed id above the column as unknown', () => {
    const presetId = idValue('integer', { coerce: true, beyondColumn: 'preset_not_found' });
    expect(firstIssue(presetId, String(INT4_MAX + 1))?.code).toBe('preset_not_found');
    expect(firstIssue(presetId, '0')?.code).toBe('validation_error');
    expect(firstIssue(presetId, 'abc')?.code).toBe('validation_error');
  });

  it('takes 0 as none where asked', () => {
    expect(idValue('bigint', { coerce: true, zeroMeansNone: true }).parse('0')).toBe(0);
    expect(idValue('bigint', { zeroMeansNone: true }).safeParse(-1).success).toBe(false);
    expect(idValue('bigint').safeParse(0).success).toBe(false);
  });

  it('reads path and query ids from text with their own code', () => {
    const pathId = idValue('bigint', { coerce: true, error: 'not_found' });
    expect(pathId.parse('42')).toBe(42);
    for (const text of ['0', '-1', '1e400', '9223372036854775808', 'abc', '1.5']) {
      expect(firstIssue(pathId, text)?.code).toBe('not_found');
    }
  });
});

/**
 * Every string field of the domain's request schemas, with a body that is valid apart from it: a NUL
 * or a lone surrogate there answers validation_error on that field (PostgreSQL would answer a 500).
 */
const STRING_FIELDS: [string, z.ZodType, Record<string, unknown>, string[]][] = [
  [
    'sign-up',
    createUserBody,
    { username: 'lighthouse', email: 'keeper@example.com', pwd: 'dusk-at-sea', referral_code: 'AB12' },
    ['username', 'email', 'pwd', 'referral_code'],
  ],
  ['login', loginBody, { username: 'lighthouse', pwd: 'dusk-at-sea' }, ['username', 'pwd']],
  [
    'update',
    updateUserBody,
    { user: { username: 'lighthouse' }, pwd: 'dusk-at-sea', current_pwd: 'harbour-fog' },
    ['user.username', 'pwd', 'current_pwd'],
  ],
  ['reset request', sendResetPasswordBody, { email: 'keeper@example.com' }, ['email']],
  ['reset', resetPasswordBody, { token: 'a'.repeat(43), pwd: 'dusk-at-sea' }, ['token', 'pwd']],
  [
    'oauth',
    oauthLoginBody,
    { auth_code: 'code', redirect_uri: 'http://localhost/oauth', provider: 'google', state: 'abc' },
    ['auth_code', 'redirect_uri', 'state'],
  ],
  [
    'txt2img',
    txt2imgBody,
    { prompt: 'a lighthouse at dusk', neg_prompt: 'blurry', style_id: 1 },
    ['prompt', 'neg_prompt'],
  ],
  ['saved prompt', savePromptBody, { lib: 'Dusk', pos_tags: [1] }, ['lib']],
  ['prompt list', promptListBody, { search: 'dusk' }, ['search']],
];

function withField(body: Record<string, unknown>, field: string, value: string) {
  const copy = structuredClone(body);
  const path = field.split('.');
  let target = copy;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string, unknown>;
  target[path.at(-1)!] = value;
  return copy;
}

describe('request schemas refuse unstorable text in every string field', () => {
  for (const [name, schema, body, fields] of STRING_FIELDS) {
    it(`${name}: the valid body passes`, () => {
      expect(schema.safeParse(body).success).toBe(true);
    });
    for (const field of fields) {
      it.each([`a${NUL}b`, NUL, `a${LONE_HIGH}`, `${LONE_LOW}b`])(`${name}.${field} = %j`, (value) => {
        expect(firstIssue(schema, withField(body, field, value))).toEqual({
          code: 'validation_error',
          field,
        });
      });
    }
  }
});

describe('request schemas bound their ids to the column', () => {
  it.each([
    ['saved prompt styles (integer)', savePromptBody, { lib: 'x', pos_tags: [1], styles: [INT4_MAX + 1] }],
    ['saved prompt tags (bigint)', savePromptBody, { lib: 'x', pos_tags: [2 ** 63] }],
    ['search styles (integer)', searchBodySchema, { styles: [INT4_MAX + 1] }],
    ['search tags (bigint)', searchBodySchema, { pos_search: [BIGINT_ID_MAX + 1] }],
    ['txt2img style (integer)', txt2imgBody, { style_id: INT4_MAX + 1 }],
    ['txt2img booster (integer)', txt2imgBody, { style_id: 1, modifiers: [{ id: 2 ** 31, weight: 50 }] }],
    ['saved prompt style 0', savePromptBody, { lib: 'x', pos_tags: [1], styles: [0] }],
  ])('%s', (_name, schema, body) => {
    expect(firstIssue(schema, body)?.code).toBe('validation_error');
  });
});

describe('isUuid', () => {
  it('takes a UUID in either case, and nothing else', () => {
    expect(isUuid('3f0c2a61-8d5e-4b7a-9c1d-2e4f6a8b0c1d')).toBe(true);
    expect(isUuid('3F0C2A61-8D5E-4B7A-9C1D-2E4F6A8B0C1D')).toBe(true);
    for (const other of [
      '3f0c2a61-8d5e-4b7a-9c1d-2e4f6a8b0c1',
      ' 3f0c2a61-8d5e-4b7a-9c1d-2e4f6a8b0c1d',
      'x',
      '',
      undefined,
      7,
    ]) {
      expect(isUuid(other)).toBe(false);
    }
  });
});
