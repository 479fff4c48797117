import { sql, type Kysely } from 'kysely';

/**
 * The queue's next free task for a worker, as a function so that its plan can be pinned.
 *
 * The lease must walk the partial index `task_queue` in queue order and stop at the first row it can
 * lock. Left to itself, the planner often prefers a bitmap scan of every queued row plus a sort: its
 * estimate of queued rows comes from statistics taken when the queue was short, so a backlog (exactly
 * when speed matters) made every lease read and sort the whole queue, and bitmap scans never mark the
 * index entries of already-leased rows as dead, so each lease also re-read all of those (bench:queue:
 * 1.9 ms per lease with 2,500 queued, against 0.05 ms for the index walk). The SET clauses apply while
 * the function's query is planned; the rest of the database keeps its bitmap scans (the gallery needs
 * them for tag search).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function lease_candidate(job_types text[], max_pixels bigint, checkpoints text[])
    returns uuid
    language sql
    volatile
    set enable_bitmapscan to off
    set enable_sort to off
    as $$
      select id from task
      where state = 0
        and type = any(job_types)
        and pixels <= max_pixels
        and (cardinality(checkpoints) = 0 or checkpoint = '' or checkpoint = any(checkpoints))
      order by queue_key
      limit 1
      for update skip locked
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function if exists lease_candidate(text[], bigint, text[])`.execute(db);
}
