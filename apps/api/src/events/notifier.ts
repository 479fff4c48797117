import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import pg from 'pg';
import type { DB } from '../db/database.ts';

/**
 * Cross-instance signals through PostgreSQL LISTEN/NOTIFY (docs/architecture.md: payloads are ids only, never
 * data). `notify` can run inside a transaction: PostgreSQL delivers the message on commit, so listeners never
 * see a change that was rolled back.
 */
export const CHANNEL = {
  /** A task was queued: long-polling workers look for work. Payload: task id. */
  taskQueued: 'mirage_task_queued',
  /** A task changed (state, progress, result). Payload: "<userId>:<taskId>". */
  taskChanged: 'mirage_task_changed',
  /** Sessions of a user were revoked (logout, password change or reset): open streams re-check
   * theirs and end. Payload: user id. */
  sessionRevoked: 'mirage_session_revoked',
  /** A user's balances changed (the ledger's post): their live streams say so. Payload: user id. */
  balanceChanged: 'mirage_balance_changed',
  /** A notification was created for a user: their live streams say so. Payload: "<userId>:<notificationId>". */
  notificationCreated: 'mirage_notification_created',
  /** A user's player changed (XP, level, streak, counters): their live streams say so. Payload: user id. */
  playerChanged: 'mirage_player_changed',
  /** Domain events were appended (features/outbox): dispatchers look for work. A wake-up only, the
   * outbox table is the truth. Payload: empty. */
  outbox: 'mirage_outbox',
  /** Staff changed a prompt moderation rule: every instance drops its cached rules. Payload: empty. */
  moderationRulesChanged: 'mirage_moderation_rules_changed',
} as const;
export type Channel = (typeof CHANNEL)[keyof typeof CHANNEL];

export type Listener = (payload: string) => void;

export interface Notifier {
  notify(db: DB, channel: Channel, payload: string): Promise<void>;
  subscribe(channel: Channel, listener: Listener): () => void;
  /**
   * Calls `listener` each time this instance listens again after its LISTEN connection was lost: the
   * signals sent meanwhile are lost, so what depends on them catches up (the live streams reconnect).
   * Only PostgreSQL's notifier loses its connection.
   */
  onRelisten?(listener: () => void): () => void;
  close(): Promise<void>;
}

function createRegistry() {
  const listeners = new Map<string, Set<Listener>>();
  return {
    add(channel: string, listener: Listener) {
      const set = listeners.get(channel) ?? new Set();
      set.add(listener);
      listeners.set(channel, set);
      return () => set.delete(listener);
    },
    emit(channel: string, payload: string) {
      for (const listener of listeners.get(channel) ?? []) listener(payload);
    },
  };
}

/** The SQL expression that sends a notification; usable inside a larger statement. */
export function notifyExpression(channel: Channel, payload: string) {
  return sql<string>`pg_notify(${channel}, ${payload})`;
}

async function sendNotify(db: DB, channel: Channel, payload: string): Promise<void> {
  await sql`select ${notifyExpression(channel, payload)}`.execute(db);
}

/** How long the LISTEN connection waits before its first reconnection attempt, and at most between two. */
const RELISTEN_FIRST_MS = 100;
const RELISTEN_MAX_MS = 2000;

/**
 * PostgreSQL: one dedicated connection LISTENs on every channel for this instance. When the server drops
 * it (a restart, a failover, an admin's kill), it is opened again with backoff until it succeeds, and
 * LISTENs again: without that, the instance's live streams and waiting leases would stop hearing any
 * signal until the process restarts (e2e/faults.system.ts restarts PostgreSQL under load). Signals sent
 * while it was down are lost, as with any NOTIFY: they are wake-ups, and the data stays in the tables.
 */
export async function createPostgresNotifier(connectionString: string): Promise<Notifier> {
  const registry = createRegistry();
  let current: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let retryMs = RELISTEN_FIRST_MS;
  let lost = false;
  const relistened = new Set<() => void>();

  async function listen(): Promise<void> {
    const client = new pg.Client({ connectionString });
    client.on('notification', (message) => registry.emit(message.channel, message.payload ?? ''));
    client.on('error', () => undefined);
    client.once('end', () => {
      if (current !== client) return;
      current = undefined;
      lost = true;
      scheduleRelisten();
    });
    try {
      await client.connect();
      for (const channel of Object.values(CHANNEL)) await client.query(`listen ${channel}`);
    } catch (error) {
      // Not awaited: ending a client whose connection never opened may never settle.
      client.end().catch(() => undefined);
      throw error;
    }
    if (closed) return void (await client.end());
    current = client;
    retryMs = RELISTEN_FIRST_MS;
    if (lost) {
      lost = false;
      for (const listener of relistened) listener();
    }
  }

  function scheduleRelisten(): void {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      listen().catch(() => {
        retryMs = Math.min(retryMs * 2, RELISTEN_MAX_MS);
        scheduleRelisten();
      });
    }, retryMs);
    retry.unref();
  }

  // The first connection must succeed: a start without a database is refused, as the pool's would be.
  await listen();
  return {
    notify: sendNotify,
    subscribe: (channel, listener) => registry.add(channel, listener),
    onRelisten(listener) {
      relistened.add(listener);
      return () => relistened.delete(listener);
    },
    close: async () => {
      closed = true;
      clearTimeout(retry);
      const client = current;
      current = undefined;
      await client?.end();
    },
  };
}

/** PGlite: the embedded database delivers its own notifications in process. */
export async function createPGliteNotifier(pglite: PGlite): Promise<Notifier> {
  const registry = createRegistry();
  const unlisten: (() => Promise<void>)[] = [];
  for (const channel of Object.values(CHANNEL)) {
    unlisten.push(await pglite.listen(channel, (payload) => registry.emit(channel, payload)));
  }
  return {
    notify: sendNotify,
    subscribe: (channel, listener) => registry.add(channel, listener),
    close: async () => {
      if (pglite.closed) return;
      for (const stop of unlisten) await stop();
    },
  };
}

/** The notifier that fits the database: LISTEN on PostgreSQL, in-process delivery on PGlite. */
export function createNotifierFor(handle: {
  kind: 'pglite' | 'postgres';
  pglite?: PGlite;
  url?: string;
}): Promise<Notifier> {
  if (handle.kind === 'pglite' && handle.pglite) return createPGliteNotifier(handle.pglite);
  if (handle.url) return createPostgresNotifier(handle.url);
  throw new Error('cannot create a notifier for this database');
}
