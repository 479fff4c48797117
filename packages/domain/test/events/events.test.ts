import { describe, expect, it } from 'vitest';
import { DOMAIN_EVENT_TYPES, EVENT_DEDUPE_KEY, parseDomainEvent, utcDay } from '../../src/index.ts';

describe('domain events', () => {
  it('parses a stored event into its typed form', () => {
    const event = parseDomainEvent('image.favorited', { imageId: 7, userId: 3, ownerId: 5 });
    expect(event).toEqual({ type: 'image.favorited', payload: { imageId: 7, userId: 3, ownerId: 5 } });
  });

  it('refuses an unknown type and a payload that does not fit its schema', () => {
    expect(() => parseDomainEvent('image.liked', { imageId: 7 })).toThrow('unknown domain event type');
    expect(() => parseDomainEvent('toString', {})).toThrow('unknown domain event type');
    expect(() => parseDomainEvent('image.favorited', { imageId: 7, userId: 3 })).toThrow();
    expect(() => parseDomainEvent('user.signed_in_day', { userId: 3, day: '26/11/2026' })).toThrow();
  });

  it('lists the types the outbox may carry', () => {
    expect(DOMAIN_EVENT_TYPES).toEqual(
      expect.arrayContaining(['task.done', 'task.failed', 'task.expired', 'password_reset.requested']),
    );
  });

  it('keys a signed-in day by the UTC calendar day, not the local one', () => {
    expect(utcDay(new Date('2026-11-26T23:59:59.999Z'))).toBe('2026-11-26');
    expect(utcDay(new Date('2026-11-27T00:00:00+09:00'))).toBe('2026-11-26');
    expect(EVENT_DEDUPE_KEY.signedInDay(3, '2026-11-26')).toBe('user.signed_in_day:3:2026-11-26');
  });
});
