import { sql, type Kysely } from 'kysely';

/**
 * The general ledger: one balance row per (user, currency) instead of one app_user column per balance,
 * and entries that say which currency moved, why (a reason the domain types) and what caused it
 * (ref_type, ref_id). A posting's legs share its idempotency key and are told apart by `leg`.
 *
 * Existing data moves over unchanged in meaning:
 * - entries: `balance` (the app_user column name) becomes `currency`; the reference is read back from
 *   the idempotency keys the ledger has always written (debit:<task>, refund:<task>, welcome:<user>,
 *   energy:<user>:<day>); `balance_after` goes (it is the running sum of deltas, which the invariant
 *   below makes derivable);
 * - a user whose cached column differs from the sum of their entries (a balance set outside the ledger)
 *   gets one `opening_balance` entry for the difference, so that from here on balance = sum of entries;
 * - accounts: tickets and energy for every user from the app_user columns, and any other currency that
 *   has entries from their sum.
 *
 * app_user.generation_token and daily_token stay, as a cache of the tickets and energy accounts that the
 * ledger updates in the same statement: the user view (and its API shape) reads them with the user row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table ledger_account (
      user_id bigint not null references app_user (id) on delete cascade,
      currency text not null,
      balance integer not null,
      constraint ledger_account_pk primary key (user_id, currency),
      constraint ledger_account_no_overdraft check (balance >= 0)
    )`.execute(db);

  await sql`
    alter table ledger_entry
      add column currency text,
      add column ref_type text,
      add column ref_id text,
      add column leg smallint not null default 0`.execute(db);
  await sql`
    update ledger_entry set
      currency = case balance
        when 'generation_token' then 'tickets'
        when 'daily_token' then 'energy'
        else balance end,
      ref_type = case
        when idempotency_key like 'debit:%' or idempotency_key like 'refund:%' then 'task'
        when idempotency_key like 'energy:%' then 'day'
        else 'user' end,
      ref_id = case
        when idempotency_key like 'debit:%' then substr(idempotency_key, 7)
        when idempotency_key like 'refund:%' then substr(idempotency_key, 8)
        when idempotency_key like 'energy:%' then split_part(idempotency_key, ':', 3)
        else user_id::text end`.execute(db);

  await sql`
    alter table ledger_entry
      alter column currency set not null,
      alter column ref_type set not null,
      alter column ref_id set not null,
      drop constraint ledger_entry_idempotency_key_key,
      add constraint ledger_entry_key_leg unique (idempotency_key, leg),
      drop column balance,
      drop column balance_after`.execute(db);

  // Balances set outside the ledger (fixtures, hand edits): one entry for the difference per account.
  await sql`
    insert into ledger_entry (user_id, currency, delta, reason, ref_type, ref_id, idempotency_key)
    select cached.user_id, cached.currency, cached.balance - coalesce(sums.total, 0), 'opening_balance',
           'user', cached.user_id::text, 'opening:' || cached.user_id || ':' || cached.currency
    from (
      select id as user_id, 'tickets' as currency, generation_token as balance from app_user
      union all
      select id, 'energy', daily_token from app_user
    ) cached
    left join (
      select user_id, currency, sum(delta) as total from ledger_entry group by user_id, currency
    ) sums on sums.user_id = cached.user_id and sums.currency = cached.currency
    where cached.balance <> coalesce(sums.total, 0)
    order by cached.user_id, cached.currency`.execute(db);

  await sql`
    insert into ledger_account (user_id, currency, balance)
    select id, 'tickets', generation_token from app_user
    union all
    select id, 'energy', daily_token from app_user`.execute(db);
  await sql`
    insert into ledger_account (user_id, currency, balance)
    select user_id, currency, sum(delta) from ledger_entry
    where currency not in ('tickets', 'energy')
    group by user_id, currency`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table ledger_entry
      add column balance text,
      add column balance_after integer`.execute(db);
  await sql`
    update ledger_entry e set
      idempotency_key = case when e.leg = 0 then e.idempotency_key else e.idempotency_key || ':' || e.leg end,
      balance = case e.currency when 'tickets' then 'generation_token' when 'energy' then 'daily_token'
        else e.currency end,
      balance_after = running.after
    from (
      select id, sum(delta) over (partition by user_id, currency order by id) as after from ledger_entry
    ) running
    where running.id = e.id`.execute(db);
  await sql`
    alter table ledger_entry
      alter column balance set not null,
      alter column balance_after set not null,
      drop constraint ledger_entry_key_leg,
      add constraint ledger_entry_idempotency_key_key unique (idempotency_key),
      drop column currency,
      drop column ref_type,
      drop column ref_id,
      drop column leg`.execute(db);
  await sql`drop table ledger_account`.execute(db);
}
