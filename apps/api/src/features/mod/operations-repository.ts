import type { ModerationRuleType, ModerationScope } from '@mirage/domain';
import type { DB } from '../../db/database.ts';

export interface RuleValues {
  words: string[];
  suggestions: string[];
  type: ModerationRuleType;
  applies_to: ModerationScope;
}

const RULE_COLUMNS = ['id', 'lib', 'words', 'suggestions', 'type', 'applies_to'] as const;

/**
 * The console's reads and writes for its operations areas (docs/product/moderation-console.md): the
 * `moderation_rule` table, and the workers with the job each holds. Writes take the transaction that
 * appends the audit entry.
 */
export function createModOperationsRepository(db: DB) {
  return {
    async listRules() {
      return db.selectFrom('moderation_rule').select(RULE_COLUMNS).orderBy('id').execute();
    },

    async lockRule(trx: DB, id: number) {
      return trx
        .selectFrom('moderation_rule')
        .select(RULE_COLUMNS)
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
    },

    async insertRule(trx: DB, lib: string, values: RuleValues) {
      return trx
        .insertInto('moderation_rule')
        .values({ lib, ...values })
        .returning(RULE_COLUMNS)
        .executeTakeFirstOrThrow();
    },

    async updateRule(trx: DB, id: number, values: RuleValues) {
      return trx
        .updateTable('moderation_rule')
        .set(values)
        .where('id', '=', id)
        .returning(RULE_COLUMNS)
        .executeTakeFirstOrThrow();
    },

    async deleteRule(trx: DB, id: number): Promise<void> {
      await trx.deleteFrom('moderation_rule').where('id', '=', id).execute();
    },

    async listWorkers() {
      return db
        .selectFrom('worker')
        .select([
          'id',
          'name',
          'engine',
          'capabilities',
          'disabled',
          'jobs_done',
          'jobs_failed',
          'last_seen_at',
          'created_at',
        ])
        .orderBy('name')
        .execute();
    },

    /** The tasks a worker holds a lease on now (the lease's worker and expiry are cleared when it ends). */
    async leasedJobs() {
      return db
        .selectFrom('task')
        .select(['id', 'worker_id', 'type', 'progress_step', 'progress_max', 'lease_expires_at'])
        .where('worker_id', 'is not', null)
        .where('lease_expires_at', 'is not', null)
        .orderBy('lease_expires_at', 'desc')
        .execute();
    },

    async lockWorker(trx: DB, id: number) {
      return trx
        .selectFrom('worker')
        .select(['id', 'name', 'disabled'])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
    },

    async workerNamed(trx: DB, name: string) {
      return trx.selectFrom('worker').select(['id']).where('name', '=', name).executeTakeFirst();
    },
  };
}
export type ModOperationsRepository = ReturnType<typeof createModOperationsRepository>;
