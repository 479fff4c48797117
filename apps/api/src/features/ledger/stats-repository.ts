import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface LedgerWindowRow {
  reason: string;
  currency: string;
  /** Committed entries (legs) in the window. */
  movements: number;
  /** Their signed sum. */
  amount: number;
}

/**
 * The ledger's committed entries created since `since`, by reason and currency (the /metrics ledger
 * gauges, http/metrics-registry.ts). There is no index on created_at: the window's lower bound is the id
 * of the newest entry older than `since`, found by walking the primary key backwards from the newest
 * entry, so the cost is the window's rows, whatever the table's size. Entries are identities in insert
 * order, and created_at (the transaction's start) follows that order closely enough for a rate.
 */
export async function ledgerWindow(db: Kysely<Database>, since: Date): Promise<LedgerWindowRow[]> {
  const { rows } = await sql<{ reason: string; currency: string; movements: number; amount: number }>`
    select reason, currency, count(*)::int as movements, coalesce(sum(delta), 0)::bigint as amount
    from ledger_entry
    where id > coalesce(
        (select id from ledger_entry where created_at < ${since} order by id desc limit 1), 0)
      and created_at >= ${since}
    group by reason, currency
    order by reason, currency`.execute(db);
  return rows.map((row) => ({ ...row, movements: Number(row.movements), amount: Number(row.amount) }));
}
