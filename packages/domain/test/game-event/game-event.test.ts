import { describe, expect, it } from 'vitest';
import {
  currentGameEvent,
  GAME_EVENT_ANNOUNCE_AHEAD_MS,
  gameEventDefinition,
  gameEventFile,
  gameEventState,
  localized,
  overlappingEvents,
} from '../../src/index.ts';

const EVENT_UUID = '0b7f4c52-5a4e-4d7b-9f64-0d1c2e3f4a5b';
const IMAGE_A = '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const IMAGE_B = '2d3e4f5a-6b7c-4d8e-9fa0-1b2c3d4e5f60';

function definition(overrides: Record<string, unknown> = {}) {
  return {
    uuid: EVENT_UUID,
    title: { en: 'Winter hunt', fr: 'Chasse d’hiver' },
    description: { en: 'Find the lanterns hidden in the gallery.' },
    starts_at: '2026-12-01T00:00:00Z',
    ends_at: '2026-12-08T00:00:00Z',
    reward_tokens: 25,
    images: [IMAGE_A, IMAGE_B],
    ...overrides,
  };
}

const at = (iso: string) => new Date(iso);

describe('an event definition', () => {
  it('is read with dates, lower-case uuids and trimmed texts', () => {
    const parsed = gameEventDefinition.parse(
      definition({ uuid: EVENT_UUID.toUpperCase(), title: { en: '  Winter hunt ' } }),
    );
    expect(parsed.uuid).toBe(EVENT_UUID);
    expect(parsed.title).toEqual({ en: 'Winter hunt' });
    expect(parsed.starts_at).toEqual(at('2026-12-01T00:00:00Z'));
    expect(parsed.images).toEqual([IMAGE_A, IMAGE_B]);
  });

  it.each([
    ['no English title', { title: { fr: 'Chasse' } }],
    ['an unknown language', { title: { en: 'Hunt', pt: 'Caça' } }],
    ['an empty title', { title: { en: '   ' } }],
    ['a title of 81 characters', { title: { en: 'x'.repeat(81) } }],
    ['a NUL in the description', { description: { en: 'a\u0000b' } }],
    ['an end before the start', { ends_at: '2026-11-30T00:00:00Z' }],
    ['an end equal to the start', { ends_at: '2026-12-01T00:00:00Z' }],
    ['61 days', { ends_at: '2027-01-31T00:00:01Z' }],
    ['a date without a zone', { starts_at: '2026-12-01T00:00:00' }],
    ['no reward', { reward_tokens: 0 }],
    ['a fractional reward', { reward_tokens: 2.5 }],
    ['a reward above 1000', { reward_tokens: 1001 }],
    ['no image', { images: [] }],
    ['an image twice', { images: [IMAGE_A, IMAGE_A.toUpperCase()] }],
    ['an image that is not a uuid', { images: ['lighthouse.png'] }],
    ['101 images', { images: Array.from({ length: 101 }, () => crypto.randomUUID()) }],
    ['an unknown field', { bonus: 5 }],
  ])('is refused with %s', (_, overrides) => {
    expect(gameEventDefinition.safeParse(definition(overrides)).success).toBe(false);
  });

  it('accepts exactly 60 days, 100 images and 1000 tokens', () => {
    const images = Array.from({ length: 100 }, () => crypto.randomUUID());
    const parsed = gameEventDefinition.safeParse(
      definition({ ends_at: '2027-01-30T00:00:00Z', images, reward_tokens: 1000 }),
    );
    expect(parsed.success).toBe(true);
  });

  it('comes in a file of events', () => {
    expect(gameEventFile.parse({ events: [definition()] }).events).toHaveLength(1);
    expect(gameEventFile.safeParse({ event: [definition()] }).success).toBe(false);
  });
});

describe('an event over time', () => {
  const event = {
    uuid: EVENT_UUID,
    starts_at: at('2026-12-01T00:00:00Z'),
    ends_at: at('2026-12-08T00:00:00Z'),
  };

  it('is upcoming, then running from its start, then ended at its end', () => {
    expect(gameEventState(event, at('2026-11-30T23:59:59.999Z'))).toBe('upcoming');
    expect(gameEventState(event, at('2026-12-01T00:00:00Z'))).toBe('running');
    expect(gameEventState(event, at('2026-12-07T23:59:59.999Z'))).toBe('running');
    expect(gameEventState(event, at('2026-12-08T00:00:00Z'))).toBe('ended');
  });

  it('is current while running, announced 3 days ahead, never once ended', () => {
    expect(currentGameEvent([event], at('2026-12-03T12:00:00Z'))).toBe(event);
    const announced = new Date(event.starts_at.getTime() - GAME_EVENT_ANNOUNCE_AHEAD_MS);
    expect(currentGameEvent([event], announced)).toBe(event);
    expect(currentGameEvent([event], new Date(announced.getTime() - 1))).toBeNull();
    expect(currentGameEvent([event], at('2026-12-08T00:00:00Z'))).toBeNull();
    expect(currentGameEvent([], at('2026-12-03T12:00:00Z'))).toBeNull();
  });

  it('prefers the running event to an announced one, and the sooner of two announced', () => {
    const next = { uuid: 'next', starts_at: at('2026-12-08T00:00:00Z'), ends_at: at('2026-12-10T00:00:00Z') };
    const later = {
      uuid: 'later',
      starts_at: at('2026-12-09T00:00:00Z'),
      ends_at: at('2026-12-11T00:00:00Z'),
    };
    expect(currentGameEvent([next, event], at('2026-12-07T00:00:00Z'))).toBe(event);
    expect(currentGameEvent([later, next], at('2026-12-08T00:00:00Z'))?.uuid).toBe('next');
    expect(currentGameEvent([later, next], at('2026-12-07T00:00:00Z'))?.uuid).toBe('next');
  });
});

describe('overlapping events', () => {
  const span = (uuid: string, from: string, to: string) => ({ uuid, starts_at: at(from), ends_at: at(to) });

  it('are found in pairs; one ending as the next starts does not overlap', () => {
    const a = span('a', '2026-12-01T00:00:00Z', '2026-12-08T00:00:00Z');
    const b = span('b', '2026-12-08T00:00:00Z', '2026-12-10T00:00:00Z');
    const c = span('c', '2026-12-07T00:00:00Z', '2026-12-09T00:00:00Z');
    expect(overlappingEvents([a, b])).toEqual([]);
    expect(overlappingEvents([b, c, a])).toEqual([
      ['a', 'c'],
      ['c', 'b'],
    ]);
  });
});

describe('an event text', () => {
  it('is read in the reader’s language, else in English', () => {
    const title = { en: 'Winter hunt', fr: 'Chasse d’hiver' };
    expect(localized(title, 'fr')).toBe('Chasse d’hiver');
    expect(localized(title, 'ja')).toBe('Winter hunt');
  });
});
