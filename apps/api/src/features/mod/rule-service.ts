import { randomUUID } from 'node:crypto';
import {
  isBuiltInRuleName,
  distinctRuleWords,
  type ModerationRuleType,
  type ModerationScope,
} from '@mirage/domain';
import type { DB } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { StaffActor } from './actor.ts';
import { appendAudit } from './audit-repository.ts';
import type { ModOperationsRepository, RuleValues } from './operations-repository.ts';

export interface RuleInput {
  words: string[];
  suggestions: string[];
  type: ModerationRuleType;
  applies_to: ModerationScope;
  note?: string | undefined;
}

type RuleRow = Awaited<ReturnType<ModOperationsRepository['listRules']>>[number];

export function ruleView(row: RuleRow) {
  return {
    id: row.id,
    name: row.lib,
    words: row.words,
    suggestions: row.suggestions,
    // Written through the contract's schema (or the seed), which allows 0 and 1 only; the table checks it.
    type: row.type as ModerationRuleType,
    applies_to: row.applies_to,
    built_in: isBuiltInRuleName(row.lib),
  };
}

const valuesOf = (input: RuleInput): RuleValues => ({
  words: distinctRuleWords(input.words),
  suggestions: distinctRuleWords(input.suggestions),
  type: input.type,
  applies_to: input.applies_to,
});

/**
 * The console's moderation rules (docs/product/moderation-console.md#moderation-rules). Built-in rules are
 * the code's (the seed rewrites them at every boot), so they are read-only here; the child-safety layer is
 * no rule at all. After each change `rulesChanged` runs in the transaction (a notification every instance
 * hears on commit) and `afterChange` once it committed (this instance's cache), so the next prompt check
 * reads the new rules.
 */
export function createModRuleService(deps: {
  db: DB;
  repository: ModOperationsRepository;
  rulesChanged: (trx: DB) => Promise<void>;
  afterChange: () => void;
  now: () => Date;
}) {
  const { db, repository, now } = deps;

  async function change<T>(work: (trx: DB, at: Date) => Promise<T>): Promise<T> {
    const result = await db.transaction().execute(async (trx) => {
      const value = await work(trx, now());
      await deps.rulesChanged(trx);
      return value;
    });
    deps.afterChange();
    return result;
  }

  async function lockEditable(trx: DB, id: number) {
    const row = await repository.lockRule(trx, id);
    if (!row) throw new AppError('not_found');
    if (isBuiltInRuleName(row.lib)) throw new AppError('moderation_rule_built_in');
    return row;
  }

  const detailOf = (row: RuleRow) => ({
    name: row.lib,
    words: row.words,
    suggestions: row.suggestions,
    type: row.type,
    applies_to: row.applies_to,
  });

  return {
    async list() {
      const rows = await repository.listRules();
      const builtIn = rows.filter((row) => isBuiltInRuleName(row.lib));
      return [...builtIn, ...rows.filter((row) => !isBuiltInRuleName(row.lib))].map(ruleView);
    },

    async create(actor: StaffActor, input: RuleInput) {
      const row = await change(async (trx, at) => {
        const created = await repository.insertRule(trx, `staff_${randomUUID()}`, valuesOf(input));
        await appendAudit(trx, {
          actor,
          action: 'rule_created',
          target: { type: 'moderation_rule', id: created.id },
          note: input.note ?? null,
          detail: detailOf(created),
          at,
        });
        return created;
      });
      return ruleView(row);
    },

    async update(actor: StaffActor, id: number, input: RuleInput) {
      const row = await change(async (trx, at) => {
        const before = await lockEditable(trx, id);
        const after = await repository.updateRule(trx, id, valuesOf(input));
        await appendAudit(trx, {
          actor,
          action: 'rule_updated',
          target: { type: 'moderation_rule', id },
          note: input.note ?? null,
          detail: { before: detailOf(before), after: detailOf(after) },
          at,
        });
        return after;
      });
      return ruleView(row);
    },

    async remove(actor: StaffActor, id: number, note: string | undefined): Promise<void> {
      await change(async (trx, at) => {
        const before = await lockEditable(trx, id);
        await repository.deleteRule(trx, id);
        await appendAudit(trx, {
          actor,
          action: 'rule_deleted',
          target: { type: 'moderation_rule', id },
          note: note ?? null,
          detail: detailOf(before),
          at,
        });
      });
    },
  };
}
export type ModRuleService = ReturnType<typeof createModRuleService>;
