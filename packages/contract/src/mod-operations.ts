import {
  MODERATION_RULE_TYPE,
  MODERATION_SCOPES,
  STAFF_NOTE_MAX,
  STAFF_NOTE_MIN,
  WORKER_NAME,
  idValue,
  safeText,
} from '@mirage/domain';
// Not in the domain's index: its zod schemas are built when loaded, which no web page but the console needs.
import { moderationRuleFields, ruleHasSuggestionsIfNeeded } from '@mirage/domain/rule-input';
import { z } from 'zod';
import { operation } from './define.ts';

/**
 * The console's operations areas (docs/product/moderation-console.md): prompt moderation rules (admins
 * change them, moderators read them), reseller serial-key batches and worker tokens with the workers' live
 * status (admins only). Every change is written to the audit log in its own transaction. The child-safety
 * layer is code, not a rule: nothing here lists or changes it.
 */

const iso = z.iso.datetime();
const idParams = (what: string) =>
  z.object({ id: idValue('integer', { coerce: true, error: 'not_found' }).describe(what) });
const requiredNote = safeText()
  .trim()
  .min(STAFF_NOTE_MIN)
  .max(STAFF_NOTE_MAX)
  .describe('Why (kept in the audit log)');
const changed = z
  .object({ changed: z.boolean().describe('False when there was nothing left to change') })
  .describe('Done');

export const staffRule = z
  .object({
    id: z.number().int(),
    name: z.string().describe("The rule's stable name (a built-in rule's is the seed's)"),
    words: z.array(z.string()),
    suggestions: z.array(z.string()),
    type: z.union([z.literal(MODERATION_RULE_TYPE.forbidden), z.literal(MODERATION_RULE_TYPE.suggestion)]),
    applies_to: z.enum(MODERATION_SCOPES),
    built_in: z.boolean().describe('Shipped with the code and rewritten at every boot: read-only here'),
  })
  .describe('A prompt moderation rule')
  .meta({ id: 'StaffModerationRule' });

const ruleBody = z
  .object({
    ...moderationRuleFields,
    note: requiredNote.optional(),
  })
  .refine(ruleHasSuggestionsIfNeeded, {
    message: 'a suggestion rule needs suggestions',
    path: ['suggestions'],
  });

export const listStaffRules = operation('listStaffRules', {
  tag: 'moderation',
  summary: 'List moderation rules',
  description: 'Every prompt moderation rule, built-in ones first (moderators may read, admins change).',
  responses: { 200: z.object({ items: z.array(staffRule) }).describe('The rules') },
  errors: [],
});

export const createStaffRule = operation('createStaffRule', {
  tag: 'moderation',
  summary: 'Add a moderation rule',
  description: 'Adds a rule; the next prompt check on every instance applies it (admins only).',
  body: ruleBody,
  responses: { 200: staffRule },
  errors: ['validation_error'],
});

export const updateStaffRule = operation('updateStaffRule', {
  tag: 'moderation',
  summary: 'Change a moderation rule',
  description: 'Replaces the rule’s words, suggestions, type and scope. Built-in rules are changed in code.',
  params: idParams("The rule's id"),
  body: ruleBody,
  responses: { 200: staffRule },
  errors: ['not_found', 'validation_error', 'moderation_rule_built_in'],
});

export const deleteStaffRule = operation('deleteStaffRule', {
  tag: 'moderation',
  summary: 'Delete a moderation rule',
  description: 'Deletes a rule added here. Built-in rules are changed in code.',
  params: idParams("The rule's id"),
  body: z.object({ note: requiredNote.optional() }).default({}),
  responses: { 200: changed },
  errors: ['not_found', 'moderation_rule_built_in'],
});

export const staffKeyBatch = z
  .object({
    id: z.number().int(),
    reseller: z.string(),
    tickets: z.number().int().describe('Tickets each key is worth'),
    pro_days: z.number().int().describe('Pro days each key is worth'),
    minted: z.number().int(),
    redeemed: z.number().int(),
    revoked: z.number().int().describe('Keys that can no longer be redeemed (the batch’s or one by one)'),
    note: z.string().nullable(),
    created_at: iso,
    revoked_at: iso.nullable(),
  })
  .describe('A batch of serial keys minted for a reseller')
  .meta({ id: 'StaffKeyBatch' });

export const listKeyBatches = operation('listKeyBatches', {
  tag: 'moderation',
  summary: 'List serial-key batches',
  description: 'Every batch, newest first, with its keys minted, redeemed and revoked (admins only).',
  responses: { 200: z.object({ items: z.array(staffKeyBatch) }).describe('The batches') },
  errors: [],
});

export const revokeKeyBatch = operation('revokeKeyBatch', {
  tag: 'moderation',
  summary: 'Revoke a serial-key batch',
  description: 'Its unredeemed keys stop working; keys already redeemed keep what they gave.',
  params: idParams("The batch's id"),
  body: z.object({ note: requiredNote }),
  responses: { 200: changed },
  errors: ['not_found'],
});

export const staffWorker = z
  .object({
    id: z.number().int(),
    name: z.string(),
    engine: z.string().nullable().describe('As the worker last declared it'),
    capabilities: z.record(z.string(), z.unknown()).nullable().describe('As the worker last declared them'),
    presence: z.enum(['online', 'offline', 'revoked']).describe('@mirage/domain workerPresence'),
    last_seen_at: iso.nullable(),
    jobs_done: z.number().int(),
    jobs_failed: z.number().int(),
    created_at: iso,
    job: z
      .object({
        task_id: z.string(),
        type: z.string(),
        progress_step: z.number().int(),
        progress_max: z.number().int(),
        lease_expires_at: iso,
      })
      .nullable()
      .describe('The job it holds now'),
  })
  .describe('A worker')
  .meta({ id: 'StaffWorker' });

export const listStaffWorkers = operation('listStaffWorkers', {
  tag: 'moderation',
  summary: 'List workers',
  description: 'Every worker with its live status and current job (admins only).',
  responses: { 200: z.object({ items: z.array(staffWorker) }).describe('The workers') },
  errors: [],
});

export const issueWorkerToken = operation('issueWorkerToken', {
  tag: 'moderation',
  summary: 'Issue a worker token',
  description:
    'Creates the worker, or gives an existing one a new token (its old token stops working, a revoked ' +
    'worker works again). The token is answered once and stored only hashed.',
  body: z.object({
    name: safeText().trim().regex(WORKER_NAME).describe('2–40 letters, digits, _ or -'),
    note: requiredNote.optional(),
  }),
  responses: {
    200: z
      .object({ id: z.number().int(), name: z.string(), token: z.string(), replaced: z.boolean() })
      .describe('The token, shown once'),
  },
  errors: ['validation_error'],
});

export const revokeWorker = operation('revokeWorker', {
  tag: 'moderation',
  summary: 'Revoke a worker',
  description: 'Its token stops working (within 10 s on every instance, at once on this one).',
  params: idParams("The worker's id"),
  body: z.object({ note: requiredNote }),
  responses: { 200: changed },
  errors: ['not_found'],
});

export const modOperationOperations = {
  listStaffRules,
  createStaffRule,
  updateStaffRule,
  deleteStaffRule,
  listKeyBatches,
  revokeKeyBatch,
  listStaffWorkers,
  issueWorkerToken,
  revokeWorker,
};
