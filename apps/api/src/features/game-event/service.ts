import {
  currentGameEvent,
  GAME_EVENT_ANNOUNCE_AHEAD_MS,
  GAME_EVENT_MISS_LIMIT,
  gameEventState,
} from '@mirage/domain';
import { AppError } from '../../errors.ts';
import type { RateLimiter } from '../rate-limit/index.ts';
import type { GameEventRepository, StoredGameEvent } from './repository.ts';

/**
 * How long the current event is kept in memory: every page load asks for it, events change a few times a
 * year, and the operator's loader runs in another process (a new event shows within this delay).
 */
const CURRENT_EVENT_TTL_MS = 30_000;

function publicView(event: StoredGameEvent, now: Date) {
  return {
    uuid: event.uuid,
    title: event.title,
    description: event.description,
    starts_at: event.starts_at.toISOString(),
    ends_at: event.ends_at.toISOString(),
    // currentGameEvent never returns an ended event.
    state: gameEventState(event, now) === 'running' ? ('running' as const) : ('upcoming' as const),
    reward_tokens: event.reward_tokens,
    images_total: event.images_total,
  };
}

/** The game events (docs/product/player.md#events): the current event, its announcement, the hunt. */
export function createGameEventService(deps: {
  events: GameEventRepository;
  limiter: RateLimiter;
  now: () => Date;
}) {
  const { events } = deps;
  let cached: { at: number; list: StoredGameEvent[] } | undefined;

  async function current(): Promise<StoredGameEvent | null> {
    const now = deps.now();
    if (!cached || Math.abs(now.getTime() - cached.at) > CURRENT_EVENT_TTL_MS) {
      const horizon = new Date(now.getTime() + GAME_EVENT_ANNOUNCE_AHEAD_MS + CURRENT_EVENT_TTL_MS);
      cached = { at: now.getTime(), list: await events.upcomingOrRunning(now, horizon) };
    }
    return currentGameEvent(cached.list, now);
  }

  /** The event a claim or a consume names: unknown is `event_not_found`. */
  async function named(uuid: string): Promise<StoredGameEvent> {
    const event = await events.byUuid(uuid.toLowerCase());
    if (!event) throw new AppError('event_not_found');
    return event;
  }

  return {
    /** The current event for anyone (a signed-out visitor's banner): no player state. */
    async forVisitor() {
      const event = await current();
      return { event: event ? publicView(event, deps.now()) : null };
    },

    /** The current event with the player's side: whether the announcement was closed, and what was found. */
    async forPlayer(userId: number) {
      const event = await current();
      if (!event) return { event: null };
      const visitor = await events.visitor(event.uuid, userId);
      return { event: { ...publicView(event, deps.now()), ...visitor } };
    },

    /** The player closed the announcement: it is not shown again. Any event not over may be consumed. */
    async consume(userId: number, eventUuid: string) {
      const event = await named(eventUuid);
      if (gameEventState(event, deps.now()) === 'ended') throw new AppError('event_ended');
      await events.consume(event.uuid, userId);
      return { ok: true as const };
    },

    /**
     * The player opened an image during the event: a marked one pays the event's reward tokens, once. An
     * event not started yet is `wait_for_event`, one over `event_ended`. Images that are not marked count
     * against GAME_EVENT_MISS_LIMIT, so the hunt is browsed rather than scripted through every uuid.
     */
    async claim(userId: number, eventUuid: string, imageUuid: string) {
      const event = await named(eventUuid);
      const state = gameEventState(event, deps.now());
      if (state === 'upcoming') {
        throw new AppError('wait_for_event', { starts_at: event.starts_at.toISOString() });
      }
      if (state === 'ended') throw new AppError('event_ended');
      const attempt = await deps.limiter.attempt([`event_miss:${userId}`, GAME_EVENT_MISS_LIMIT]);
      const outcome = await events.claim(event, imageUuid.toLowerCase(), userId);
      if (outcome.found) await attempt.refund();
      return {
        found: outcome.found,
        new: outcome.found && outcome.new,
        reward_tokens: outcome.found && outcome.new ? event.reward_tokens : 0,
        found_count: await events.foundCount(event.uuid, userId),
        images_total: event.images_total,
        balance: outcome.found && outcome.new ? outcome.balance : null,
      };
    },
  };
}
export type GameEventService = ReturnType<typeof createGameEventService>;
