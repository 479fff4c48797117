/**
 * The flagged payments' and game events' rules that need no React: an amount in its currency, and the
 * scheduling form read into the server's body with the same limits (the server checks them again).
 */
import { GAME_EVENT_LIMITS } from '@mirage/domain';

/** An amount in cents as money in the reader's language ("$8.99", "8,99 €"); a dash when unknown. */
export function formatAmount(cents: number | null, currency: string | null, locale: string): string {
  if (cents === null) return '—';
  if (!currency) return (cents / 100).toFixed(2);
  return new Intl.NumberFormat(locale, { style: 'currency', currency: currency.toUpperCase() }).format(
    cents / 100,
  );
}

/** The scheduling form as typed: dates from `datetime-local` inputs (the browser's time zone). */
export interface EventForm {
  title: string;
  description: string;
  startsAt: string;
  endsAt: string;
  rewardTokens: string;
  /** Image uuids, one per line (or separated by spaces or commas). */
  images: string;
}

export type EventFormField = 'title' | 'description' | 'startsAt' | 'endsAt' | 'rewardTokens' | 'images';
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

/** What is wrong with each field (only the first problem of each), checked like the server does. */
export function eventFormProblems(
  form: EventForm,
  now: Date,
): Partial<Record<EventFormField, EventFormProblem>> {
  const problems: Partial<Record<EventFormField, EventFormProblem>> = {};
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

/** The server's body for a form without problems (English texts: the console writes in English). */
export function eventBody(form: EventForm) {
  return {
    title: { en: form.title.trim() },
    description: { en: form.description.trim() },
    starts_at: new Date(form.startsAt).toISOString(),
    ends_at: new Date(form.endsAt).toISOString(),
    reward_tokens: Number(form.rewardTokens.trim()),
    images: imageList(form.images),
  };
}
