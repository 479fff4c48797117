import { describe, expect, it } from 'vitest';
import { advanceStreak, utcDayNumber, type StreakState } from '../../src/index.ts';

const state = (lastDay: string | null, streak: number, best: number): StreakState => ({
  lastDay,
  streak,
  best,
});

describe('advanceStreak', () => {
  it.each([
    ['the first day ever', state(null, 0, 0), '2025-06-15', state('2025-06-15', 1, 1), true, 0],
    ['the same day again', state('2025-06-15', 4, 9), '2025-06-15', state('2025-06-15', 4, 9), false, 0],
    ['the next day', state('2025-06-15', 4, 9), '2025-06-16', state('2025-06-16', 5, 9), true, 0],
    ['a new best', state('2025-06-15', 9, 9), '2025-06-16', state('2025-06-16', 10, 10), true, 0],
    ['across a month', state('2025-01-31', 2, 2), '2025-02-01', state('2025-02-01', 3, 3), true, 0],
    ['across a year', state('2024-12-31', 6, 8), '2025-01-01', state('2025-01-01', 7, 8), true, 0],
    ['onto a leap day', state('2024-02-28', 1, 1), '2024-02-29', state('2024-02-29', 2, 2), true, 0],
    ['off a leap day', state('2024-02-29', 2, 2), '2024-03-01', state('2024-03-01', 3, 3), true, 0],
    [
      'Feb 28 to Mar 1 of a common year',
      state('2025-02-28', 3, 3),
      '2025-03-01',
      state('2025-03-01', 4, 4),
      true,
      0,
    ],
    ['one missed day', state('2025-06-15', 5, 5), '2025-06-17', state('2025-06-17', 1, 5), true, 5],
    ['a missed leap day', state('2024-02-28', 3, 4), '2024-03-01', state('2024-03-01', 1, 4), true, 3],
    ['a missed year end', state('2024-12-30', 12, 12), '2025-01-01', state('2025-01-01', 1, 12), true, 12],
    ['a month away', state('2025-05-01', 2, 7), '2025-06-01', state('2025-06-01', 1, 7), true, 2],
    [
      'a one-day streak broken is no loss',
      state('2025-06-15', 1, 3),
      '2025-06-20',
      state('2025-06-20', 1, 3),
      true,
      0,
    ],
    [
      'a day before the last one',
      state('2025-06-15', 4, 9),
      '2025-06-14',
      state('2025-06-15', 4, 9),
      false,
      0,
    ],
  ])('%s', (_name, before, day, after, counted, lost) => {
    expect(advanceStreak(before, day)).toEqual({ state: after, counted, lost });
  });

  it('counts a month of daily visits once each, whatever the repeats', () => {
    let current = state(null, 0, 0);
    for (let date = 1; date <= 31; date += 1) {
      const day = `2025-07-${String(date).padStart(2, '0')}`;
      current = advanceStreak(current, day).state;
      current = advanceStreak(current, day).state;
    }
    expect(current).toEqual(state('2025-07-31', 31, 31));
  });

  it.each(['2025-02-30', '2025-13-01', '2025-6-15', '2025-06-15T00:00:00Z', ''])(
    'refuses the day %j',
    (day) => {
      expect(() => advanceStreak(state(null, 0, 0), day)).toThrow(RangeError);
    },
  );
});

describe('utcDayNumber', () => {
  it.each([
    ['1970-01-01', 0],
    ['1970-01-02', 1],
    ['2000-03-01', 11017],
  ])('%s is day %i', (day, n) => {
    expect(utcDayNumber(day)).toBe(n);
  });
});
