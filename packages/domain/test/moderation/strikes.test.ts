import { describe, expect, it } from 'vitest';
import {
  STRIKE_MUTE_AT,
  STRIKE_REVIEW_AT,
  STRIKE_WARNING_AT,
  STRIKE_WINDOW_DAYS,
  strikeEscalation,
  strikesCountFrom,
} from '../../src/index.ts';

describe('strike escalation', () => {
  it('warns at 3, reviews at 5 and mutes at 8 strikes', () => {
    expect([STRIKE_WARNING_AT, STRIKE_REVIEW_AT, STRIKE_MUTE_AT]).toEqual([3, 5, 8]);
    expect(STRIKE_WINDOW_DAYS).toBe(30);
  });

  it.each([
    [1, false, false, false],
    [2, false, false, false],
    [3, true, false, false],
    [4, true, false, false],
    [5, true, true, false],
    [7, true, true, false],
    [8, true, true, true],
    [12, true, true, true],
  ])('%i strikes: warning %s, review %s, mute %s', (strikes, warning, review, mute) => {
    expect(strikeEscalation(strikes)).toEqual({ warning, review, mute });
  });

  it('counts strikes over the last 30 days, or since a mute was lifted', () => {
    const now = new Date('2026-11-30T12:00:00Z');
    expect(strikesCountFrom(now, null)).toEqual(new Date('2026-10-31T12:00:00Z'));
    const lifted = new Date('2026-11-20T08:00:00Z');
    expect(strikesCountFrom(now, lifted)).toEqual(lifted);
    expect(strikesCountFrom(now, new Date('2026-09-01T00:00:00Z'))).toEqual(new Date('2026-10-31T12:00:00Z'));
  });
});
