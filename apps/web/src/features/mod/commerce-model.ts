/**
 * The flagged payments' and game events' rules that need no React: an amount in its currency, and the
 * scheduling form read into the server's body with the same limits (the server checks them again).
 */
import { GAME_EVENT_LIMITS, LANGUAGES, type Language, type LocalizedText } from '@mirage/domain';

/** An amount in cents as money in the reader's language ("$8.99", "8,99 €"); a dash when unknown. */
export function formatAmount(cents: number | null, currency: string | null, locale: string): string {
  if (cents === null) return '—';
  if (!currency) return (cents / 100).toFixed(2);
  return new Intl.NumberFormat(locale, { style: 'currency', currency: currency.toUpperCase() }).format(
    cents / 100,
  );
}

/** The languages the form's "Translations" section offers: every one but English, which is required. */
export const TRANSLATION_LANGUAGES = LANGUAGES.filter(
  (language): language is Exclude<Language, 'en'> => language !== 'en',
);
export type TranslationLanguage = (typeof TRANSLATION_LANGUAGES)[number];
export type EventText = 'title' | 'description';

/** The title and description typed for other languages; one left empty falls back to English. */
export type EventTranslations = Partial<Record<TranslationLanguage, Partial<Record<EventText, string>>>>;

/** The scheduling form as typed: dates from `datetime-local` inputs (the browser's time zone). */
export interface EventForm {
  title: string;
  description: string;
  translations: EventTranslations;
  startsAt: string;
  endsAt: string;
  rewardTokens: string;
  /** Image uuids, one per line (or separated by spaces or commas). */
  images: string;
}

export type EventFormField = 'title' | 'description' | 'startsAt' | 'endsAt' | 'rewardTokens' | 'images';
/** A translation's field, e.g. `fr.title`. */
export type TranslationField = `${TranslationLanguage}.${EventText}`;
export type EventFormProblem =
  | 'required'
  | 'too_long'
  | 'bad_date'
  | 'ends_before_start'
  | 'too_long_span'
  | 'ends_in_past'
  | 'bad_reward'
  | 'bad_images';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY_MS = 24 * 60 * 60_000;

/** The image uuids typed in the form, lower-case, each once. */
export function imageList(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .filter(Boolean)
        .map((uuid) => uuid.toLowerCase()),
    ),
  ];
}

/** A `datetime-local` value (local time) as an instant, or null when it is not one. */
function localInstant(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A translation as sent: trimmed, and undefined when empty (the language falls back to English). */
export function translationOf(
  translations: EventTranslations,
  language: TranslationLanguage,
  text: EventText,
): string | undefined {
  return translations[language]?.[text]?.trim() || undefined;
}

/** What is wrong with each field (only the first problem of each), checked like the server does. */
export function eventFormProblems(
  form: EventForm,
  now: Date,
): Partial<Record<EventFormField | TranslationField, EventFormProblem>> {
  const problems: Partial<Record<EventFormField | TranslationField, EventFormProblem>> = {};
  for (const language of TRANSLATION_LANGUAGES) {
    for (const text of ['title', 'description'] as const) {
      const value = translationOf(form.translations, language, text);
      if (value && value.length > GAME_EVENT_LIMITS[text].max) problems[`${language}.${text}`] = 'too_long';
    }
  }
  const title = form.title.trim();
  if (title === '') problems.title = 'required';
  else if (title.length > GAME_EVENT_LIMITS.title.max) problems.title = 'too_long';
  const description = form.description.trim();
  if (description === '') problems.description = 'required';
  else if (description.length > GAME_EVENT_LIMITS.description.max) problems.description = 'too_long';
  const starts = localInstant(form.startsAt);
  const ends = localInstant(form.endsAt);
  if (!starts) problems.startsAt = 'bad_date';
  if (!ends) problems.endsAt = 'bad_date';
  else if (starts && ends <= starts) problems.endsAt = 'ends_before_start';
  else if (starts && ends.getTime() - starts.getTime() > GAME_EVENT_LIMITS.maxDays * DAY_MS) {
    problems.endsAt = 'too_long_span';
  } else if (ends <= now) problems.endsAt = 'ends_in_past';
  const reward = form.rewardTokens.trim();
  const { min, max } = GAME_EVENT_LIMITS.rewardTokens;
  if (!/^\d{1,4}$/.test(reward) || Number(reward) < min || Number(reward) > max) {
    problems.rewardTokens = 'bad_reward';
  }
  const images = imageList(form.images);
  if (
    images.length < GAME_EVENT_LIMITS.images.min ||
    images.length > GAME_EVENT_LIMITS.images.max ||
    !images.every((uuid) => UUID.test(uuid))
  ) {
    problems.images = 'bad_images';
  }
  return problems;
}

/** A text in English and in each language it was translated into. */
function localizedText(form: EventForm, text: EventText): LocalizedText {
  const value: LocalizedText = { en: form[text].trim() };
  for (const language of TRANSLATION_LANGUAGES) {
    const translated = translationOf(form.translations, language, text);
    if (translated) value[language] = translated;
  }
  return value;
}

/** The server's body for a form without problems: English, and the languages translated. */
export function eventBody(form: EventForm) {
  return {
    title: localizedText(form, 'title'),
    description: localizedText(form, 'description'),
    starts_at: new Date(form.startsAt).toISOString(),
    ends_at: new Date(form.endsAt).toISOString(),
    reward_tokens: Number(form.rewardTokens.trim()),
    images: imageList(form.images),
  };
}
