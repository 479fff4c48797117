import type { TaskView } from './generation/task-view.ts';

/**
 * The signed-in user's live stream, GET /api/events (server-sent events): what changed for this user,
 * as it happens (docs/architecture/stream.md). The API writes these events and the web's one app-level
 * stream reads them, so both share the names and shapes below. GET /api/tasks/monitor is the same
 * stream limited to `tasks` (and `unauthorized`).
 */
export const LIVE_STREAM_URL = '/api/events';

export const LIVE_EVENT = {
  /** The user's tasks: first a snapshot of recent tasks, then only the tasks that changed. */
  tasks: 'tasks',
  /** The user's balances changed (a debit, a refund, a grant): read them again (GET /api/user/me). */
  balance: 'balance',
  /** A notification was created for the user (the notification feature reads it by id). */
  notification: 'notification',
  /** The user's player changed (XP, level, streak, statistics): read it again (GET /api/player/me). */
  player: 'player',
  /** The session is no longer valid; the server ends the stream right after this event. */
  unauthorized: 'unauthorized',
} as const;
export type LiveEventName = (typeof LIVE_EVENT)[keyof typeof LIVE_EVENT];

/** The `data` of each event, as JSON. */
export interface LiveEventData {
  tasks: TaskView[];
  /** Carries nothing: balances are read from their one source, not copied into the stream. */
  balance: Record<string, never>;
  notification: { id: string };
  /** Carries nothing, like `balance`: the player is read from its one source. */
  player: Record<string, never>;
  unauthorized: { code: 'token_invalid' };
}
