import { describe, expect, it } from 'vitest';
import {
  acceptedLanguages,
  canonicalJson,
  firstScreenKey,
  firstScreenScriptText,
  pickLanguage,
} from '../src/index.ts';

describe('firstScreenKey (the web and the server name a request alike)', () => {
  it('ignores the order of query parameters', () => {
    expect(firstScreenKey('get', '/api/x?b=2&a=1')).toBe(firstScreenKey('GET', '/api/x?a=1&b=2'));
    expect(firstScreenKey('GET', '/api/x?a=1&b=2')).toBe('GET /api/x?a=1&b=2');
  });

  it('ignores the order of keys in the body, at every level', () => {
    const one = firstScreenKey('POST', '/api/s?page=0', { b: [1, { y: 1, x: 2 }], a: null });
    const two = firstScreenKey('POST', '/api/s?page=0', { a: null, b: [1, { x: 2, y: 1 }] });
    expect(one).toBe(two);
    expect(one).toBe('POST /api/s?page=0 {"a":null,"b":[1,{"x":2,"y":1}]}');
  });

  it('tells apart method, path, query, body and a missing body', () => {
    const keys = new Set([
      firstScreenKey('GET', '/api/x'),
      firstScreenKey('POST', '/api/x'),
      firstScreenKey('GET', '/api/y'),
      firstScreenKey('GET', '/api/x?a=1'),
      firstScreenKey('POST', '/api/x', {}),
      firstScreenKey('POST', '/api/x', { a: 1 }),
      firstScreenKey('POST', '/api/x', [1]),
    ]);
    expect(keys.size).toBe(7);
  });

  it('reads query strings the way URLSearchParams writes them', () => {
    expect(firstScreenKey('GET', '/api/x?q=a b')).toBe(firstScreenKey('GET', '/api/x?q=a+b'));
    expect(firstScreenKey('GET', '/api/x?')).toBe('GET /api/x');
  });
});

describe('canonicalJson', () => {
  it('leaves out undefined members as JSON.stringify does', () => {
    expect(canonicalJson({ a: undefined, b: 1 })).toBe('{"b":1}');
    expect(canonicalJson('x"y')).toBe('"x\\"y"');
    expect(canonicalJson(undefined)).toBe('null');
  });
});

describe('firstScreenScriptText (JSON inside a script element)', () => {
  it('cannot close the element, open a comment or end a line in JavaScript', () => {
    const text = firstScreenScriptText({
      answers: { k: { prompt: '</script><script>alert(1)</script><!-- & \u2028\u2029' } },
    });
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual({
      answers: { k: { prompt: '</script><script>alert(1)</script><!-- & \u2028\u2029' } },
    });
  });
});

describe('acceptedLanguages (Accept-Language, most wanted first)', () => {
  it('orders by weight, then by position', () => {
    expect(acceptedLanguages('fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5')).toEqual([
      'fr-CH',
      'fr',
      'en',
      'de',
    ]);
    expect(acceptedLanguages('de;q=0.2, ja, ru;q=0.9')).toEqual(['ja', 'ru', 'de']);
  });

  it('drops q=0 and blank parts, and reads a broken weight as 1', () => {
    expect(acceptedLanguages('en;q=0, ,ja;q=abc')).toEqual(['ja']);
    expect(acceptedLanguages(undefined)).toEqual([]);
  });

  it('feeds pickLanguage as navigator.languages does', () => {
    expect(pickLanguage(undefined, acceptedLanguages('xx, ja-JP;q=0.8, fr;q=0.9'))).toBe('fr');
    expect(pickLanguage('de', acceptedLanguages('fr'))).toBe('de');
    expect(pickLanguage(undefined, acceptedLanguages(''))).toBe('en');
  });
});
