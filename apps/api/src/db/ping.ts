import { sql } from 'kysely';
import type { DB } from './database.ts';

/**
 * A trivial query (`select 1`), for the readiness probe (http/health.ts). Rejects when the database
 * refuses or when it has not answered within `timeoutMs`: a probe that hangs would hold the load
 * balancer's check instead of telling it to send the traffic elsewhere.
 */
export async function pingDatabase(db: DB, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error(`the database did not answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
  });
  try {
    await Promise.race([sql`select 1`.execute(db), late]);
  } finally {
    clearTimeout(timer);
  }
}
