import { describe, expect, it } from 'vitest';
import {
  eventBody,
  eventFormProblems,
  formatAmount,
  imageList,
  TRANSLATION_LANGUAGES,
  type EventForm,
} from './commerce-model.ts';

const IMAGE = '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const NOW = new Date('2026-11-27T12:00:00');

function form(overrides: Partial<EventForm> = {}): EventForm {
  return {
    title: 'Lighthouse hunt',
    description: 'Lighthouses are hidden in the gallery.',
    translations: {},
    startsAt: '2026-12-01T10:00',
    endsAt: '2026-12-08T10:00',
    rewardTokens: '25',
    images: IMAGE,
    ...overrides,
  };
}

describe('the scheduling form', () => {
  it('accepts a complete event and sends it as the server wants it', () => {
    expect(eventFormProblems(form(), NOW)).toEqual({});
    const body = eventBody(form({ images: `${IMAGE.toUpperCase()}\n${IMAGE}, ` }));
    expect(body).toMatchObject({ title: { en: 'Lighthouse hunt' }, reward_tokens: 25, images: [IMAGE] });
    expect(body.starts_at).toBe(new Date('2026-12-01T10:00').toISOString());
  });

  it('names what is wrong with each field', () => {
    expect(
      eventFormProblems(
        form({ title: ' ', description: 'x'.repeat(401), startsAt: '', rewardTokens: '1e3', images: 'abc' }),
        NOW,
      ),
    ).toEqual({
      title: 'required',
      description: 'too_long',
      startsAt: 'bad_date',
      rewardTokens: 'bad_reward',
      images: 'bad_images',
    });
    expect(eventFormProblems(form({ endsAt: '2026-12-01T09:00' }), NOW).endsAt).toBe('ends_before_start');
    expect(eventFormProblems(form({ endsAt: '2027-03-01T10:00' }), NOW).endsAt).toBe('too_long_span');
    expect(
      eventFormProblems(form({ startsAt: '2026-11-01T10:00', endsAt: '2026-11-02T10:00' }), NOW).endsAt,
    ).toBe('ends_in_past');
    expect(eventFormProblems(form({ rewardTokens: '1001' }), NOW).rewardTokens).toBe('bad_reward');
    expect(eventFormProblems(form({ rewardTokens: '0' }), NOW).rewardTokens).toBe('bad_reward');
  });

  it('sends the languages translated, trimmed, and leaves out the empty ones (they fall back to English)', () => {
    const body = eventBody(
      form({
        translations: {
          fr: { title: ' Chasse aux phares ', description: 'Des phares se cachent.' },
          de: { title: '   ', description: '' },
          ja: { description: '灯台が隠れています。' },
        },
      }),
    );
    expect(body.title).toEqual({ en: 'Lighthouse hunt', fr: 'Chasse aux phares' });
    expect(body.description).toEqual({
      en: 'Lighthouses are hidden in the gallery.',
      fr: 'Des phares se cachent.',
      ja: '灯台が隠れています。',
    });
    expect(TRANSLATION_LANGUAGES).toEqual(['fr', 'de', 'es', 'it', 'ru', 'zh', 'ja']);
  });

  it('names a translation that is too long, by its language and field', () => {
    const problems = eventFormProblems(
      form({ translations: { ru: { title: 'x'.repeat(81), description: 'y'.repeat(400) } } }),
      NOW,
    );
    expect(problems).toEqual({ 'ru.title': 'too_long' });
    expect(eventFormProblems(form({ translations: { it: { title: ' '.repeat(90) } } }), NOW)).toEqual({});
  });

  it('reads the image list once each, in any separator', () => {
    expect(imageList(` ${IMAGE}\n\n${IMAGE.toUpperCase()};x `)).toEqual([IMAGE, 'x']);
  });
});

describe('amounts', () => {
  it('shows cents in their currency, or a dash when there is none', () => {
    expect(formatAmount(899, 'usd', 'en')).toBe('$8.99');
    expect(formatAmount(null, null, 'en')).toBe('—');
    expect(formatAmount(1250, null, 'en')).toBe('12.50');
  });
});
