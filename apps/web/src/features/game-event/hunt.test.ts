import { describe, expect, it } from 'vitest';
import type { GameEventView } from './api.ts';
import {
  announcementWanted,
  askedKey,
  closeForVisitor,
  shouldLookFor,
  visitorClosed,
  withFound,
} from './hunt.ts';

const IMAGE = '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';

function event(overrides: Partial<GameEventView> = {}): GameEventView {
  return {
    uuid: '0b7f4c52-5a4e-4d7b-9f64-0d1c2e3f4a5b',
    title: { en: 'Lantern hunt' },
    description: { en: 'Lanterns are hidden in the gallery.' },
    starts_at: '2026-12-01T00:00:00.000Z',
    ends_at: '2026-12-08T00:00:00.000Z',
    state: 'running',
    reward_tokens: 25,
    images_total: 3,
    consumed: false,
    found: [],
    ...overrides,
  };
}

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

describe('looking for a hidden image', () => {
  it('asks for a running event’s image not found and not asked about yet', () => {
    expect(shouldLookFor(event(), IMAGE, new Set())).toBe(true);
  });

  it('does not ask without an event, before it runs, for a visitor, or twice', () => {
    expect(shouldLookFor(null, IMAGE, new Set())).toBe(false);
    expect(shouldLookFor(event({ state: 'upcoming' }), IMAGE, new Set())).toBe(false);
    expect(shouldLookFor(event({ found: undefined, consumed: undefined }), IMAGE, new Set())).toBe(false);
    expect(shouldLookFor(event(), IMAGE, new Set([askedKey(event().uuid, IMAGE.toUpperCase())]))).toBe(false);
  });

  it('does not ask about an image already found, whatever its case', () => {
    expect(shouldLookFor(event({ found: [IMAGE] }), IMAGE.toUpperCase(), new Set())).toBe(false);
  });

  it('adds a find to the event once', () => {
    const found = withFound(event(), IMAGE.toUpperCase());
    expect(found.found).toEqual([IMAGE]);
    expect(withFound(found, IMAGE)).toBe(found);
  });
});

describe('the announcement', () => {
  it('shows for a player until consumed, for a visitor until closed in this browser', () => {
    expect(announcementWanted(event(), false)).toBe(true);
    expect(announcementWanted(event({ consumed: true }), false)).toBe(false);
    // A player's closing is the server's: the browser's list does not matter.
    expect(announcementWanted(event(), true)).toBe(true);
    const visitor = event({ consumed: undefined, found: undefined });
    expect(announcementWanted(visitor, false)).toBe(true);
    expect(announcementWanted(visitor, true)).toBe(false);
    expect(announcementWanted(null, false)).toBe(false);
  });

  it('is remembered closed for a visitor, keeping the last ten events', () => {
    const storage = memoryStorage();
    expect(visitorClosed(storage, 'a')).toBe(false);
    closeForVisitor(storage, 'a');
    closeForVisitor(storage, 'a');
    expect(visitorClosed(storage, 'a')).toBe(true);
    for (let i = 0; i < 10; i++) closeForVisitor(storage, `e${i}`);
    expect(visitorClosed(storage, 'a')).toBe(false);
    expect(visitorClosed(storage, 'e9')).toBe(true);
    expect(JSON.parse(storage.getItem('mirage.closedEvents')!)).toHaveLength(10);
  });

  it('survives a broken or refused storage', () => {
    expect(visitorClosed(memoryStorage({ 'mirage.closedEvents': '{oops' }), 'a')).toBe(false);
    expect(visitorClosed(undefined, 'a')).toBe(false);
    const refusing = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() => closeForVisitor(refusing, 'a')).not.toThrow();
  });
});
