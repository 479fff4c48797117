import { describe, expect, it } from 'vitest';
import { findAges, parseCjkNumber } from '../../src/index.ts';

const read = (text: string) => findAges(text).map(({ value, unit, match }) => ({ value, unit, match }));

describe('findAges', () => {
  it.each([
    ['12 years old', 12],
    ['12yo', 12],
    ['12 y.o.', 12],
    ['12 y/o', 12],
    ['12-year-old', 12],
    ['twelve-year-old', 12],
    ['twenty five years old', 25],
    ['aged twelve', 12],
    ['age: 12', 12],
    ['age of 12', 12],
    ['12 ans', 12],
    ['douze ans', 12],
    ['12 Jahre alt', 12],
    ['zwölfjährig', 12],
    ['12 años', 12],
    ['doce años', 12],
    ['12 anni', 12],
    ['12enne', 12],
    ['12 лет', 12],
    ['двенадцать лет', 12],
    ['12-летняя', 12],
    ['12岁', 12],
    ['十二歳', 12],
    ['二十八岁', 28],
    ['12周岁', 12],
    ['１２ years', 12],
  ])('reads %j as %i years', (text, value) => {
    expect(read(`portrait of a knight, ${text}`)).toEqual([expect.objectContaining({ value, unit: 'year' })]);
  });

  it('reads months, weeks and days as fractions of a year', () => {
    const [months, weeks] = findAges('18 months old, 3 weeks old');
    expect(months).toMatchObject({ value: 18, unit: 'month', years: 1.5 });
    expect(weeks).toMatchObject({ value: 3, unit: 'week' });
  });

  it.each([
    '117 years old lighthouse',
    '1.5 years',
    'ten yo-yos',
    'you are 12 you',
    '5 another',
    'page 12 of a book',
    '12th century castle',
    'the ice age',
    'a tenant farmer',
    'a unanimous vote',
  ])('reads no minor age in %j', (text) => {
    expect(findAges(text).filter((age) => age.years < 18)).toEqual([]);
  });

  it('reports offsets in the original text', () => {
    expect(findAges('a knight, 25 years old')).toEqual([
      { value: 25, unit: 'year', years: 25, match: '25 years old', index: 10, length: 12 },
    ]);
  });

  it.each([
    ['七', 7],
    ['十', 10],
    ['十二', 12],
    ['二十八', 28],
    ['两', 2],
    ['一二', 12],
    ['一百零五', 105],
  ])('parses the numeral %j as %i', (text, value) => {
    expect(parseCjkNumber(text)).toBe(value);
  });
});
