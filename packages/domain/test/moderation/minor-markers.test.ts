import { describe, expect, it } from 'vitest';
import { findMinorMarkers, prepareText } from '../../src/index.ts';

const YEAR = 2026;
const reasons = (text: string, year = YEAR) =>
  findMinorMarkers(prepareText(text).folded, year).map((marker) => marker.reason);

describe('minor markers: school grades', () => {
  it.each([
    '5th grader',
    'fifth-grader',
    'grade 5 student',
    'in grade 6',
    'year 7 pupil',
    'sixth former',
    '五年级',
  ])('reads %j as a school stage', (text) => expect(reasons(`a person, ${text}`)).toContain('school_stage'));
  it.each([
    'grade 5 titanium',
    'food grade steel',
    '13th grade',
    'a grade A exam',
    'year 2024 student',
    '大学3年生',
  ])('leaves %j alone', (text) => expect(reasons(text)).toEqual([]));
});

describe('minor markers: birth years are judged against the current year', () => {
  it.each([
    ['born in 2012', 2026, true],
    ['born in 2008', 2026, true], // still 17 until the birthday
    ['born in 2007', 2026, false],
    ['born in 2012', 2040, false],
    ["born in '15", 2026, true],
    ["born in '95", 2026, false],
    ['2014-born', 2026, true],
    ['born in 1990', 2026, false],
    ['born 10 years ago', 2026, true],
    ['born 30 years ago', 2026, false],
    ['2012年生まれ', 2026, true],
  ])('%j in %i: minor %s', (text, year, minor) => {
    expect(reasons(text, year).includes('birth_year')).toBe(minor);
  });
  it.each(['the year 2012', 'a 2012 wedding', 'born to run, 2012 tour', 'reborn in fire'])(
    'does not read %j as a birth year',
    (text) => expect(reasons(text)).toEqual([]),
  );
});

describe('minor markers: bounded ages', () => {
  it.each([
    'u15',
    'U-15',
    'u18',
    'under 16',
    'under-15',
    'almost 18',
    'not yet 18',
    '<16',
    '16 and under',
    '18歳未満',
  ])('reads %j as a minor age', (text) => expect(reasons(`a person, ${text}`)).toContain('minor_age'));
  it.each([
    'u2 concert',
    'u-571 submarine',
    'under 15 minutes',
    'less than 10 kg',
    'under 21',
    'almost 30',
    'u19',
  ])('leaves %j alone', (text) => expect(reasons(text)).toEqual([]));
});
