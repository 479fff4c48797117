/**
 * An operator's game events as written in their JSON file (README "Game events"), checked before anything is
 * stored. Its own module: the zod schemas stay out of the web app, which needs only ./rules.ts.
 */
import { z } from 'zod';
import { LANGUAGES } from '../languages.ts';
import { isStorableText } from '../storable.ts';
import { GAME_EVENT_LIMITS, type LocalizedText } from './rules.ts';

/** Stored lower-case: image and event uuids are compared as text. */
const uuid = z.uuid().toLowerCase();

function localizedText(max: number) {
  const text = z
    .string()
    .refine(isStorableText, 'holds a NUL or a broken character')
    .transform((value) => value.trim())
    .pipe(z.string().min(1).max(max));
  return z
    .object(Object.fromEntries(LANGUAGES.map((language) => [language, text.optional()])))
    .strict()
    .refine((value) => typeof value.en === 'string', 'needs an English text ("en")')
    .transform((value) => value as LocalizedText);
}

const timestamp = z.iso.datetime({ offset: true }).transform((value) => new Date(value));

function spanDays(event: { starts_at: unknown; ends_at: unknown }): number {
  if (!(event.starts_at instanceof Date) || !(event.ends_at instanceof Date)) return Number.NaN;
  return (event.ends_at.getTime() - event.starts_at.getTime()) / (24 * 60 * 60_000);
}

/** One event as an operator writes it (the JSON file's `events` items). */
export const gameEventDefinition = z
  .object({
    uuid,
    title: localizedText(GAME_EVENT_LIMITS.title.max),
    description: localizedText(GAME_EVENT_LIMITS.description.max),
    starts_at: timestamp,
    ends_at: timestamp,
    reward_tokens: z
      .number()
      .int()
      .min(GAME_EVENT_LIMITS.rewardTokens.min)
      .max(GAME_EVENT_LIMITS.rewardTokens.max),
    images: z
      .array(uuid)
      .min(GAME_EVENT_LIMITS.images.min)
      .max(GAME_EVENT_LIMITS.images.max)
      .refine((uuids) => new Set(uuids).size === uuids.length, 'lists an image twice'),
  })
  .strict()
  // zod runs these even when a field failed: `spanDays` is NaN then, and the field's own error stands.
  .refine((event) => !(spanDays(event) <= 0), { message: 'ends before it starts', path: ['ends_at'] })
  .refine((event) => !(spanDays(event) > GAME_EVENT_LIMITS.maxDays), {
    message: `runs longer than ${GAME_EVENT_LIMITS.maxDays} days`,
    path: ['ends_at'],
  });
export type GameEventDefinition = z.output<typeof gameEventDefinition>;

/** The operator's file: `{ "events": [...] }`. */
export const gameEventFile = z.object({ events: z.array(gameEventDefinition).max(1000) }).strict();
