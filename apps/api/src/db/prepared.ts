import { createHash } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import pg from 'pg';

/**
 * Server-side prepared statements for the few hot statements (a worker's lease and completion run
 * hundreds of times a second under load). A statement marked with `prepared('name')` at its end is sent
 * by node-postgres as a named statement: PostgreSQL parses and analyses it once per connection instead
 * of on every call (bench:queue). Everything else stays an unnamed statement: preparing every query
 * would keep one server-side statement per distinct text (IN lists of every length) on every connection.
 *
 * PGlite ignores the mark (it is an SQL comment); the statements behave the same there.
 */
const MARK = /\/\* prepared:([a-z_]+) \*\/$/;

/** The end-of-statement mark for `.modifyEnd(…)`. */
export function prepared(name: string): RawBuilder<unknown> {
  if (!/^[a-z_]+$/.test(name)) throw new Error(`invalid prepared statement name: ${name}`);
  return sql.raw(`/* prepared:${name} */`);
}

/** Statement names by text: the hash tells apart two texts under one mark, which must not share a name. */
const names = new Map<string, string>();
function statementName(text: string, mark: string): string {
  let name = names.get(text);
  if (!name) {
    name = `${mark}_${createHash('sha1').update(text).digest('hex').slice(0, 12)}`;
    if (names.size < 1000) names.set(text, name);
  }
  return name;
}

/** A node-postgres client that sends marked statements as named (prepared) ones. */
export class PreparingClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    // The server can end a connection while the pool has lent it out but no query is running on it (a
    // transaction between two statements, PostgreSQL restarting: 57P01). node-postgres then emits
    // 'error' on the client, which the pool listens for only while the client is idle: unheard, it
    // crashed the whole process (e2e/faults.system.ts). Heard here, the client is simply broken: its next
    // query fails (an answer of 503, http/errors.ts) and the pool drops it on release (it is no longer
    // queryable).
    this.on('error', () => undefined);
  }

  // node-postgres's query() has many overloads; Kysely calls query(text, values) and query(cursor).
  override query(config: unknown, values?: unknown, callback?: unknown): never {
    if (typeof config === 'string') {
      const mark = MARK.exec(config);
      if (mark && Array.isArray(values)) {
        const named = { name: statementName(config, mark[1]!), text: config, values };
        return (super.query as (...args: unknown[]) => never)(named, callback);
      }
    }
    return (super.query as (...args: unknown[]) => never)(config, values, callback);
  }
}
