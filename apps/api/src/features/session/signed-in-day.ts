import { EVENT_DEDUPE_KEY } from '@mirage/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../db/database.ts';
import { appendEvent } from '../outbox/index.ts';

/**
 * The session service's `onSignedInDay`: appends `user.signed_in_day` once per user and UTC day (the
 * dedupe key drops the appends of other instances and restarts). A failed append is logged, never
 * refused to the user: the sign-in itself does not depend on it.
 */
export function appendSignedInDay(db: DB, log: Pick<FastifyBaseLogger, 'warn'>) {
  return async (userId: number, day: string): Promise<void> => {
    await appendEvent(
      db,
      { type: 'user.signed_in_day', payload: { userId, day } },
      { dedupeKey: EVENT_DEDUPE_KEY.signedInDay(userId, day) },
    ).catch((error: unknown) => log.warn({ err: error, userId }, 'signed-in-day event not recorded'));
  };
}
