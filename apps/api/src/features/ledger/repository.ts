import {
  CACHED_CURRENCIES,
  debitedCurrencies,
  overdraftCode,
  postingProblem,
  type Currency,
  type LedgerMovement,
} from '@mirage/domain';
import { sql, type Kysely, type Transaction } from 'kysely';
import { prepared } from '../../db/prepared.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { CHANNEL } from '../../events/notifier.ts';

export interface AccountBalance {
  userId: number;
  currency: Currency;
  balance: number;
}

export interface PostResult {
  /** The key had been posted before: nothing moved this time (the first posting stands). */
  replayed: boolean;
  /** The new balance of every account that moved (none on a replay). */
  balances: AccountBalance[];
}

interface PostRow {
  users: number;
  claimed: number;
  /** Selected so that the planner cannot drop the notifications as an unused output. */
  signalled: number;
  user_id: number | null;
  currency: Currency | null;
  balance: number | null;
}

const OVERDRAFT_CONSTRAINT = 'ledger_account_no_overdraft';

function isOverdraft(error: unknown): boolean {
  const detail = error as { code?: string; constraint?: string; message?: string };
  return (
    detail.code === '23514' &&
    (detail.constraint === OVERDRAFT_CONSTRAINT || (detail.message ?? '').includes(OVERDRAFT_CONSTRAINT))
  );
}

/** The debited currencies, the one the refused row names (its "Failing row contains" detail) first. */
function overdrawnFirst(error: unknown, movements: readonly LedgerMovement[]): Currency[] {
  const { detail } = error as { detail?: unknown };
  if (typeof detail !== 'string') return debitedCurrencies(movements);
  const debited = debitedCurrencies(movements);
  const named = debited.find((currency) => detail.includes(`, ${currency}, `));
  return named ? [named, ...debited.filter((currency) => currency !== named)] : debited;
}

/**
 * The user-row cache's part of the statement, for the cached currencies this posting moves:
 * `cached as (update app_user u set generation_token = coalesce(<the account's new balance>, …) …),`.
 */
function cacheUpdate(movements: readonly LedgerMovement[]) {
  const touched = CACHED_CURRENCIES.filter(({ currency }) => movements.some((m) => m.currency === currency));
  if (touched.length === 0) return sql``;
  const assignments = sql.join(
    touched.map(
      ({ currency, balanceField }) =>
        sql`${sql.ref(balanceField)} = coalesce((select m.balance from moved m
          where m.user_id = u.id and m.currency = ${currency}), u.${sql.ref(balanceField)})`,
    ),
  );
  const currencies = sql.join(touched.map(({ currency }) => sql`${currency}`));
  return sql`cached as (
    update app_user u set ${assignments}
    where u.id in (select user_id from moved where currency in (${currencies}))
    returning u.id
  ),`;
}

/**
 * The accounts' part: credits upsert (a first credit opens the account), debits update (the CHECK refuses
 * an overdraft; a missing account moves nothing). Only the parts this posting needs, so that the debit
 * of every generation is a plain UPDATE: `credited as (…), debited as (…), moved as (…),`.
 */
function accountMoves(movements: readonly LedgerMovement[]) {
  const credits = movements.some((m) => m.delta > 0);
  const debits = movements.some((m) => m.delta < 0);
  const credited = sql`credited as (
    insert into ledger_account (user_id, currency, balance)
    select user_id, currency, delta from claimed where delta > 0
    on conflict (user_id, currency) do update set balance = ledger_account.balance + excluded.balance
    returning user_id, currency, balance
  ),`;
  const debited = sql`debited as (
    update ledger_account a set balance = a.balance + c.delta
    from claimed c
    where c.delta < 0 and a.user_id = c.user_id and a.currency = c.currency
    returning a.user_id, a.currency, a.balance
  ),`;
  const sources = [
    ...(credits ? [sql`select * from credited`] : []),
    ...(debits ? [sql`select * from debited`] : []),
  ];
  return sql`${credits ? credited : sql``} ${debits ? debited : sql``}
    moved as (${sql.join(sources, sql` union all `)}),`;
}

/**
 * Posts a set of movements (the legs of one business event) under one idempotency key, inside the
 * caller's transaction, as ONE statement (the debit runs on every generation):
 * 1. locks the users' rows in id order (FOR NO KEY UPDATE; a no-op where the caller already holds FOR
 *    UPDATE), so that every posting takes its locks user row first, account rows second: two postings
 *    for one user queue behind each other instead of deadlocking against the task service's lock;
 * 2. claims the key by inserting the entries (ON CONFLICT DO NOTHING on (key, leg)): a replay, even one
 *    racing the first posting, inserts nothing and so moves nothing;
 * 3. moves the accounts by the claimed entries (credits create a missing account; debits update, and the
 *    CHECK balance >= 0 refuses an overdraft, failing the whole statement);
 * 4. copies tickets and energy onto the app_user cache columns the user view reads;
 * 5. signals `balanceChanged` (delivered on commit, never for a rolled-back posting).
 *
 * An overdraft is an AppError with the product's insufficient-funds code. Any error leaves the
 * transaction to be rolled back by the caller (PostgreSQL has already aborted it).
 */
export async function post(
  trx: Transaction<Database>,
  movements: readonly LedgerMovement[],
  idempotencyKey: string,
): Promise<PostResult> {
  const problem = postingProblem(movements, idempotencyKey);
  if (problem) throw new Error(`ledger: refused posting ${idempotencyKey}: ${problem}`);
  const users = new Set(movements.map((movement) => movement.userId)).size;
  const values = sql.join(
    movements.map(
      (m, leg) =>
        sql`(${leg}::smallint, ${m.userId}::bigint, ${m.currency}::text, ${m.delta}::integer,
          ${m.reason}::text, ${m.ref.type}::text, ${m.ref.id}::text)`,
    ),
  );
  // The users' rows are locked by a statement of their own first. Locked only inside the posting's
  // statement, a row that another posting updated meanwhile is locked in its newest version but updated
  // from the statement's older snapshot, which queues for the old version's tuple lock: with three
  // postings for one user at once, PostgreSQL found that queue deadlocked (CI, 50 parallel debits). Once
  // held here, the statement below starts after the lock, with a snapshot that sees the newest rows.
  const userIds = [...new Set(movements.map((movement) => movement.userId))].sort((a, b) => a - b);
  await sql`select id from app_user where id in (${sql.join(userIds)}) order by id for no key update`.execute(
    trx,
  );
  let rows: PostRow[];
  try {
    ({ rows } = await sql<PostRow>`
      with movement (leg, user_id, currency, delta, reason, ref_type, ref_id) as (values ${values}),
      locked as materialized (
        select id from app_user where id in (select user_id from movement) order by id for no key update
      ),
      claimed as (
        insert into ledger_entry (user_id, currency, delta, reason, ref_type, ref_id, idempotency_key, leg)
        select user_id, currency, delta, reason, ref_type, ref_id, ${idempotencyKey}::text, leg from movement
        where (select count(*) from locked) = ${users}
        on conflict (idempotency_key, leg) do nothing
        returning user_id, currency, delta
      ),
      ${accountMoves(movements)}
      ${cacheUpdate(movements)}
      signalled as (
        select pg_notify(${CHANNEL.balanceChanged}, d.user_id::text) from (select distinct user_id from moved) d
      )
      select s.users, s.claimed, s.signalled, m.user_id, m.currency, m.balance
      from (
        select (select count(*) from locked)::int as users, (select count(*) from claimed)::int as claimed,
          (select count(*) from signalled)::int as signalled
      ) s
      left join moved m on true
      ${prepared('ledger_post')}`.execute(trx));
  } catch (error) {
    if (isOverdraft(error)) throw new AppError(overdraftCode(overdrawnFirst(error, movements)));
    throw error;
  }
  const head = rows[0]!;
  if (head.users !== users) throw new Error(`ledger: posting ${idempotencyKey} names an unknown user`);
  if (head.claimed === 0) return { replayed: true, balances: [] };
  if (head.claimed !== movements.length) {
    throw new Error(`ledger: posting ${idempotencyKey} replayed with different legs`);
  }
  const balances = rows
    .filter((row) => row.user_id !== null)
    .map((row) => ({ userId: Number(row.user_id), currency: row.currency!, balance: Number(row.balance) }));
  // A debit of an account that never existed moves no row: it is an overdraft of a zero balance.
  if (balances.length !== movements.length) throw new AppError(overdraftCode(debitedCurrencies(movements)));
  return { replayed: false, balances };
}

/** A user's balances by currency (accounts that never moved are absent: their balance is 0). */
export async function accountBalances(db: Kysely<Database>, userId: number): Promise<AccountBalance[]> {
  const rows = await db
    .selectFrom('ledger_account')
    .select(['user_id', 'currency', 'balance'])
    .where('user_id', '=', userId)
    .orderBy('currency')
    .execute();
  return rows.map((row) => ({
    userId: row.user_id,
    currency: row.currency as Currency,
    balance: row.balance,
  }));
}

export interface LedgerDiscrepancy {
  userId: number;
  currency: string;
  balance: number;
  entries: number;
  /** The app_user cache column's value, where the currency has one. */
  cached: number | null;
}

/**
 * Accounts that break the ledger's invariants: balance ≠ sum of entries, entries without an account, or
 * a cache column ≠ its account. Empty when the ledger is sound (tests assert it; an operator can run it).
 * With `userIds`, only those users.
 */
export async function ledgerDiscrepancies(
  db: Kysely<Database>,
  userIds?: readonly number[],
): Promise<LedgerDiscrepancy[]> {
  if (userIds?.length === 0) return [];
  const only = userIds ? sql`where user_id in (${sql.join(userIds)})` : sql``;
  const cachedValue = sql.join(
    CACHED_CURRENCIES.map(
      ({ currency, balanceField }) => sql`when ${currency} then u.${sql.ref(balanceField)}`,
    ),
    sql` `,
  );
  const { rows } = await sql<LedgerDiscrepancy>`
    with account as (select user_id, currency, balance from ledger_account ${only}),
    entry as (select user_id, currency, sum(delta)::int as total from ledger_entry ${only} group by 1, 2),
    joined as (
      select coalesce(a.user_id, e.user_id) as user_id, coalesce(a.currency, e.currency) as currency,
        coalesce(a.balance, 0) as balance, coalesce(e.total, 0) as entries
      from account a full join entry e on e.user_id = a.user_id and e.currency = a.currency
    )
    select j.user_id as "userId", j.currency, j.balance, j.entries,
      case j.currency ${cachedValue} else null end as cached
    from joined j join app_user u on u.id = j.user_id
    where j.balance <> j.entries or j.balance <> coalesce(case j.currency ${cachedValue} else null end, j.balance)
    order by 1, 2`.execute(db);
  return rows;
}
