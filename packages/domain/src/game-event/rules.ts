/**
 * Game events (docs/product/player.md#events): a limited-time image hunt. An operator marks a few public
 * gallery images; during the event, a signed-in player who opens one of them in the image viewer finds it
 * and is paid the event's reward tokens, once per image. The event is announced with an `app_event`
 * notification that stays 3 minutes and is consumed (never shown again) once the player closes it.
 *
 * Events are written by an operator (a JSON file loaded at start or with `npm run event`), never by users:
 * these rules check a definition before it is stored, and say which event is current.
 */
import type { Language } from '../languages.ts';

export const GAME_EVENT_LIMITS = {
  /** Reward tokens per image found. */
  rewardTokens: { min: 1, max: 1000 },
  /** Marked images per event. */
  images: { min: 1, max: 100 },
  title: { max: 80 },
  description: { max: 400 },
  /** The longest an event may run. */
  maxDays: 60,
} as const;

/** How far ahead an upcoming event is announced (its "starts on" banner). */
export const GAME_EVENT_ANNOUNCE_AHEAD_MS = 3 * 24 * 60 * 60_000;

/** Wrong guesses (an image that is not marked) allowed per player in a window: a hunt is browsed, not scripted. */
export const GAME_EVENT_MISS_LIMIT = { max: 300, windowMs: 10 * 60_000 } as const;

/** A text in every language it was written in; English is required, the others fall back to it. */
export type LocalizedText = Partial<Record<Language, string>> & { en: string };

/** The time span of an event. */
export interface GameEventSpan {
  uuid: string;
  starts_at: Date;
  ends_at: Date;
}

export type GameEventState = 'upcoming' | 'running' | 'ended';

/** Running from `starts_at` (included) to `ends_at` (excluded). */
export function gameEventState(event: GameEventSpan, now: Date): GameEventState {
  if (now < event.starts_at) return 'upcoming';
  return now < event.ends_at ? 'running' : 'ended';
}

/**
 * The events whose spans overlap another's: one event runs at a time, so the app never has to choose which
 * hunt a found image belongs to or which announcement to show. Returns the pairs, for the operator's error.
 */
export function overlappingEvents(events: readonly GameEventSpan[]): [string, string][] {
  const sorted = [...events].sort((a, b) => a.starts_at.getTime() - b.starts_at.getTime());
  const pairs: [string, string][] = [];
  for (let i = 0; i < sorted.length; i++) {
    for (let j = i + 1; j < sorted.length && sorted[j]!.starts_at < sorted[i]!.ends_at; j++) {
      pairs.push([sorted[i]!.uuid, sorted[j]!.uuid]);
    }
  }
  return pairs;
}

/**
 * The event the app shows now: the running one, else the next one starting within
 * GAME_EVENT_ANNOUNCE_AHEAD_MS (announced ahead), else none. Ended events are never current.
 */
export function currentGameEvent<T extends GameEventSpan>(events: readonly T[], now: Date): T | null {
  const running = events.find((event) => gameEventState(event, now) === 'running');
  if (running) return running;
  const upcoming = events
    .filter(
      (event) =>
        gameEventState(event, now) === 'upcoming' &&
        event.starts_at.getTime() - now.getTime() <= GAME_EVENT_ANNOUNCE_AHEAD_MS,
    )
    .sort((a, b) => a.starts_at.getTime() - b.starts_at.getTime());
  return upcoming[0] ?? null;
}

/** A localized text in the reader's language, else English. */
export function localized(text: LocalizedText, language: Language): string {
  return text[language] ?? text.en;
}

/**
 * Why the console refuses to schedule an event (docs/product/moderation-console.md#game-events), beyond the
 * definition's own rules: one that is already over when it is stored would never run. The operator's file
 * may still hold past events (its history); a scheduling form has no reason to.
 */
export function gameEventScheduleProblem(span: GameEventSpan, now: Date): 'ends_in_past' | null {
  return span.ends_at <= now ? 'ends_in_past' : null;
}

/**
 * What ending an event from the console means now: an upcoming one is cancelled (it never runs), a running
 * one ends at once, an ended one cannot be ended again.
 */
export function gameEventEnding(span: GameEventSpan, now: Date): 'cancel' | 'end' | 'over' {
  const state = gameEventState(span, now);
  if (state === 'upcoming') return 'cancel';
  return state === 'running' ? 'end' : 'over';
}
