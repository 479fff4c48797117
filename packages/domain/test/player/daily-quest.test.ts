import { describe, expect, it } from 'vitest';
import { compactCount, DAILY_QUEST, dailyQuestSecondsLeft, dailyQuestState } from '../../src/index.ts';

const at = (iso: string) => new Date(iso);

describe('DAILY_QUEST', () => {
  it('gives 10 tickets and 15 XP after a 60 s wait, remembered 30 days', () => {
    expect(DAILY_QUEST).toEqual({ tickets: 10, waitSeconds: 60, cookieDays: 30, xp: 15 });
  });
});

describe('dailyQuestState', () => {
  it.each([
    ['never opened', null, null, '2025-06-15T12:00:00Z', 'open'],
    ['done yesterday, not opened today', null, '2025-06-14', '2025-06-15T12:00:00Z', 'open'],
    ['opened just now', '2025-06-15T12:00:00Z', null, '2025-06-15T12:00:00Z', 'waiting'],
    ['opened 59.999 s ago', '2025-06-15T12:00:00Z', null, '2025-06-15T12:00:59.999Z', 'waiting'],
    ['opened 60 s ago', '2025-06-15T12:00:00Z', null, '2025-06-15T12:01:00.000Z', 'ready'],
    ['opened hours ago', '2025-06-15T01:00:00Z', '2025-06-14', '2025-06-15T23:59:59.999Z', 'ready'],
    ['done today', '2025-06-15T12:00:00Z', '2025-06-15', '2025-06-15T12:05:00Z', 'done'],
    [
      'done today, even if opened yesterday',
      '2025-06-14T23:59:00Z',
      '2025-06-15',
      '2025-06-15T00:01:00Z',
      'done',
    ],
    ['opened before UTC midnight', '2025-06-15T23:59:30Z', null, '2025-06-16T00:00:29.999Z', 'open'],
    ['opened long before midnight', '2025-06-15T08:00:00Z', null, '2025-06-16T00:00:00.000Z', 'open'],
    ['done yesterday, at midnight', '2025-06-15T08:00:00Z', '2025-06-15', '2025-06-16T00:00:00.000Z', 'open'],
    ['done a millisecond before midnight', null, '2025-06-15', '2025-06-15T23:59:59.999Z', 'done'],
    ['opened in the future (clock skew)', '2025-06-15T12:00:10Z', null, '2025-06-15T12:00:00Z', 'waiting'],
    ['across a year end', '2025-12-31T23:59:00Z', '2025-12-31', '2026-01-01T00:00:00Z', 'open'],
  ])('%s', (_name, openedAt, completedDay, now, state) => {
    expect(dailyQuestState({ openedAt: openedAt ? at(openedAt) : null, completedDay, now: at(now) })).toBe(
      state,
    );
  });

  it('reads UTC days whatever the offset the time was written with', () => {
    const openedAt = at('2025-06-15T20:00:00-05:00'); // 01:00 UTC on the 16th
    expect(dailyQuestState({ openedAt, completedDay: null, now: at('2025-06-16T01:01:00Z') })).toBe('ready');
  });
});

describe('dailyQuestSecondsLeft', () => {
  it.each([
    [0, 60],
    [1, 60],
    [999, 60],
    [1000, 59],
    [59_001, 1],
    [59_999, 1],
    [60_000, 0],
    [3_600_000, 0],
  ])('%i ms after opening: %i s left', (elapsed, seconds) => {
    const openedAt = at('2025-06-15T12:00:00Z');
    expect(dailyQuestSecondsLeft(openedAt, new Date(openedAt.getTime() + elapsed))).toBe(seconds);
  });
});

describe('compactCount', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [9999, '9999'],
    [10_000, '10000'],
    [10_001, '10k'],
    [10_099, '10k'],
    [10_100, '10.1k'],
    [10_500, '10.5k'],
    [10_599, '10.5k'],
    [99_999, '99.9k'],
    [100_000, '100k'],
    [999_999, '999.9k'],
    [1_000_000, '1M'],
    [1_200_000, '1.2M'],
    [1_250_000, '1.2M'],
    [999_999_999, '999.9M'],
    [1e9, '1B'],
    [1_050_000_000, '1B'],
    [3e9, '3B'],
    [1_234_000_000_000, '1234B'],
    [10_000.9, '10000'],
    [-15_000, '-15k'],
    [-3, '-3'],
  ])('%d → %s', (n, text) => {
    expect(compactCount(n)).toBe(text);
  });
});
