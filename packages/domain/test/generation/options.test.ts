import { describe, expect, it } from 'vitest';
import {
  BOOSTER_WEIGHT_MAX,
  CFG_BY_CREATIVITY,
  CREATIVITIES,
  FORMATS,
  MAX_BOOSTERS,
  MULTI_GENERATION_MAX,
  PROMPT_WARNING_CHARS,
  QUALITIES,
  RENDERS,
  SEED_MAX,
  SEED_MIN,
  TEXT_LIMIT_NEG,
  TEXT_LIMIT_POS,
  clampBoosterWeight,
  isValidSeed,
  randomSeed,
} from '../../src/index.ts';

describe('option enumerations and constants', () => {
  it('lists the spec values in plan-ladder order', () => {
    expect(QUALITIES).toEqual(['Standard', 'High', 'Ultra']);
    expect(FORMATS).toEqual(['Portrait', 'Wide', 'Square']);
    expect(CREATIVITIES).toEqual(['Creative', 'Balanced', 'Precise']);
    expect(RENDERS).toEqual(['hentai', 'realistic']);
  });

  it('fixes the numeric limits', () => {
    expect([SEED_MIN, SEED_MAX]).toEqual([1, 4_294_967_295]);
    expect(PROMPT_WARNING_CHARS).toBe(800);
    expect([TEXT_LIMIT_POS, TEXT_LIMIT_NEG]).toEqual([2000, 1000]);
    expect(TEXT_LIMIT_POS).toBeGreaterThan(PROMPT_WARNING_CHARS);
    expect(MULTI_GENERATION_MAX).toBe(4);
    expect(MAX_BOOSTERS).toBe(5);
    expect(BOOSTER_WEIGHT_MAX).toBe(100);
  });

  it.each([
    ['Creative', 3],
    ['Balanced', 5],
    ['Precise', 7],
  ] as const)('creativity %s -> cfg %d', (creativity, cfg) => {
    expect(CFG_BY_CREATIVITY[creativity]).toBe(cfg);
  });
});

describe('clampBoosterWeight (integer 0-100, invalid or negative 0, above 100 100)', () => {
  it.each([
    [50, 50],
    [0, 0],
    [100, 100],
    [Number.NaN, 0],
    ['50', 50],
    [' 75 ', 75],
    [-3, 0],
    [-0.4, 0],
    [100.4, 100],
    [101, 100],
    [3.7, 4],
    [3.2, 3],
    [99.5, 100],
    [Infinity, 0],
    [-Infinity, 0],
    ['', 0],
    ['50abc', 0],
    ['abc', 0],
    [null, 0],
    [undefined, 0],
    [true, 0],
    [{}, 0],
    ['1e3', 100],
  ] as const)('%j -> %d', (input, expected) => {
    const result = clampBoosterWeight(input);
    expect(result).toBe(expected);
    expect(Object.is(result, -0)).toBe(false);
    expect(Number.isInteger(result)).toBe(true);
  });
});

describe('seed range', () => {
  it.each([
    [1, true],
    [4_294_967_295, true],
    [123_456, true],
    [0, false],
    [-1, false],
    [4_294_967_296, false],
    [1.5, false],
    [Number.NaN, false],
    ['5', false],
    [null, false],
  ] as const)('isValidSeed(%j) = %s', (value, valid) => {
    expect(isValidSeed(value)).toBe(valid);
  });

  it.each([
    [0, SEED_MIN],
    [0.5, 2_147_483_648],
    [0.999_999_999_999, SEED_MAX],
    [1, SEED_MAX],
    [-0.2, SEED_MIN],
    [Number.NaN, SEED_MIN],
  ])('randomSeed with random() = %d gives %d', (random, seed) => {
    expect(randomSeed(() => random)).toBe(seed);
  });

  it('draws valid, varied seeds from Math.random by default', () => {
    const seeds = Array.from({ length: 200 }, () => randomSeed());
    expect(seeds.every(isValidSeed)).toBe(true);
    expect(new Set(seeds).size).toBeGreaterThan(190);
  });
});
