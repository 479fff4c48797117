import { describe, expect, it } from 'vitest';
import { isCompressibleType, negotiateEncoding } from './compression.ts';
import { matchesEtag } from './conditional.ts';

describe('negotiateEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['gzip, br;q=0', 'gzip'],
    ['br;q=0, gzip;q=0', null],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['br;q=0.5, gzip;q=0.5', 'br'],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['identity', null],
    ['deflate', null],
    ['', null],
    [undefined, null],
    ['GZIP , BR', 'br'],
  ] as const)('%s → %s', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });
});

describe('isCompressibleType', () => {
  it.each([
    ['application/json; charset=utf-8', true],
    ['text/html; charset=utf-8', true],
    ['text/javascript; charset=utf-8', true],
    ['image/svg+xml', true],
    ['application/problem+json', true],
    ['text/event-stream; charset=utf-8', false],
    ['image/webp', false],
    ['image/png', false],
    ['font/woff2', false],
    ['application/octet-stream', false],
    [undefined, false],
  ] as const)('%s → %s', (type, expected) => {
    expect(isCompressibleType(type)).toBe(expected);
  });
});

describe('matchesEtag', () => {
  it('compares weakly, in lists, and takes *', () => {
    expect(matchesEtag('W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('*', 'W/"abc"')).toBe(true);
    expect(matchesEtag('W/"abd"', 'W/"abc"')).toBe(false);
    expect(matchesEtag(undefined, 'W/"abc"')).toBe(false);
  });
});
