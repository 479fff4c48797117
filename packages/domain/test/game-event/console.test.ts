import { describe, expect, it } from 'vitest';
import {
  gameEventEnding,
  gameEventScheduleProblem,
  PAYMENT_REVIEW_KINDS,
  STAFF_AREAS,
} from '../../src/index.ts';

const at = (iso: string) => new Date(iso);
const span = { uuid: 'e', starts_at: at('2026-12-01T00:00:00Z'), ends_at: at('2026-12-08T00:00:00Z') };

describe('scheduling an event from the console', () => {
  it('refuses one that is already over', () => {
    expect(gameEventScheduleProblem(span, at('2026-12-08T00:00:00Z'))).toBe('ends_in_past');
    expect(gameEventScheduleProblem(span, at('2027-01-01T00:00:00Z'))).toBe('ends_in_past');
  });

  it('accepts one still to come or running', () => {
    expect(gameEventScheduleProblem(span, at('2026-11-01T00:00:00Z'))).toBeNull();
    expect(gameEventScheduleProblem(span, at('2026-12-07T23:59:59Z'))).toBeNull();
  });
});

describe('ending an event from the console', () => {
  it('cancels an upcoming one, ends a running one, and refuses an ended one', () => {
    expect(gameEventEnding(span, at('2026-11-30T23:59:59Z'))).toBe('cancel');
    expect(gameEventEnding(span, at('2026-12-01T00:00:00Z'))).toBe('end');
    expect(gameEventEnding(span, at('2026-12-08T00:00:00Z'))).toBe('over');
  });
});

describe('the console areas for money and events', () => {
  it('are an admin’s only', () => {
    expect(STAFF_AREAS.payments).toEqual(['admin']);
    expect(STAFF_AREAS.events).toEqual(['admin']);
  });

  it('names the three kinds of flagged payment', () => {
    expect(PAYMENT_REVIEW_KINDS).toEqual(['order', 'notification', 'account']);
  });
});
