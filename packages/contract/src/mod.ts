import {
  REPORT_OUTCOMES,
  ROLES,
  STAFF_ACTIONS,
  STAFF_ADJUSTMENT_MAX,
  STAFF_AREAS,
  STAFF_NOTE_MAX,
  STAFF_NOTE_MIN,
  idValue,
  safeText,
} from '@mirage/domain';
import { z } from 'zod';
import { okAnswer, operation } from './define.ts';
import type { OperationId } from './operations.ts';

/**
 * The moderation console's calls (`/api/mod/*`, docs/product/moderation-console.md): signed-in staff only
 * (a moderator or admin role; everyone else gets `unauthorized_resource`). Each change is written to the
 * append-only audit log with the written reason it carries.
 */

const idParams = (what: string) =>
  z.object({ id: idValue('bigint', { coerce: true, error: 'not_found' }).describe(what) });
const page = {
  limit: z.coerce.number().int().min(1).max(100).default(25).describe('Items in the page'),
  offset: z.coerce.number().int().min(0).max(100_000).default(0).describe('Items skipped'),
};
/** The reason a moderator writes for a restriction or an adjustment: shown in the audit log. */
const staffNote = safeText()
  .trim()
  .min(STAFF_NOTE_MIN)
  .max(STAFF_NOTE_MAX)
  .describe('Why (kept in the audit log)');
const noteBody = z.object({ note: staffNote });
const iso = z.iso.datetime();

export const staffArea = z.enum(Object.keys(STAFF_AREAS) as [keyof typeof STAFF_AREAS]);

export const getStaffMe = operation('getStaffMe', {
  tag: 'moderation',
  summary: "The console user's roles",
  description: 'The roles of the signed-in staff member and the console areas they may use.',
  responses: {
    200: z
      .object({
        id: z.number().int(),
        username: z.string(),
        roles: z.array(z.enum(ROLES)),
        areas: z.array(staffArea).describe('The console areas these roles open, in tab order'),
      })
      .describe('The staff member'),
  },
  errors: [],
});

export const staffReport = z
  .object({
    id: z.number().int(),
    reason: z.string().describe('@mirage/domain REPORT_REASONS'),
    state: z.enum(['open', 'approved', 'rejected']),
    created_at: iso,
    resolved_at: iso.nullable(),
    resolved_by: z.string().nullable().describe("The deciding moderator's name"),
    image: z.object({
      uuid: z.string(),
      prompt: z.string(),
      is_private: z.boolean(),
      hidden: z.boolean().describe('A moderator hid it'),
    }),
    reporter: z.object({
      id: z.number().int(),
      username: z.string(),
      approved: z.number().int().describe("The reporter's upheld reports"),
      rejected: z.number().int().describe("The reporter's rejected reports"),
    }),
    owner: z.object({
      id: z.number().int(),
      username: z.string(),
      upheld: z.number().int().describe("Reports upheld against the owner's images before"),
    }),
    open_on_image: z.number().int().describe('Open reports of the same image (approving decides them all)'),
  })
  .describe('A report in the queue')
  .meta({ id: 'StaffReport' });

export const listStaffReports = operation('listStaffReports', {
  tag: 'moderation',
  summary: 'List reports',
  description: 'Open reports oldest first, or decided ones newest first.',
  querystring: z.object({
    state: z.enum(['open', 'approved', 'rejected']).default('open').describe('Which reports'),
    ...page,
  }),
  responses: { 200: z.object({ items: z.array(staffReport) }).describe('One page of reports') },
  errors: [],
});

export const approveReport = operation('approveReport', {
  tag: 'moderation',
  summary: 'Uphold a report',
  description:
    'Upholds the report and every other open report of the image: the image is hidden (private for good) ' +
    'or removed, and each reporter is credited once (approved reports, XP).',
  params: idParams("The report's id"),
  body: z.object({
    outcome: z.enum(REPORT_OUTCOMES).describe('hide: private for good; remove: deleted with its files'),
    note: staffNote.optional(),
  }),
  responses: {
    200: z
      .object({ reports: z.number().int().describe('Reports upheld'), outcome: z.enum(REPORT_OUTCOMES) })
      .describe('The report is upheld'),
  },
  errors: ['not_found', 'report_not_open'],
});

export const rejectReport = operation('rejectReport', {
  tag: 'moderation',
  summary: 'Reject a report',
  description: 'Closes the report with no effect on the image.',
  params: idParams("The report's id"),
  body: z.object({ note: staffNote.optional() }).default({}),
  responses: { 200: okAnswer.describe('The report is rejected') },
  errors: ['not_found', 'report_not_open'],
});

const userSummary = z
  .object({
    id: z.number().int(),
    username: z.string(),
    email: z.string(),
    plan: z.number().int(),
    pro_expire: iso.nullable(),
    is_active: z.boolean(),
    muted_at: iso.nullable(),
    banned_at: iso.nullable(),
    email_verified_at: iso.nullable(),
    created_at: iso,
  })
  .meta({ id: 'StaffUserSummary' });

export const searchStaffUsers = operation('searchStaffUsers', {
  tag: 'moderation',
  summary: 'Find accounts',
  description: 'By id, or by the start of the username or email (case-insensitive); newest first.',
  querystring: z.object({
    q: safeText().trim().min(1).max(100).describe('An id, or the start of a username or email'),
    limit: page.limit,
  }),
  responses: { 200: z.object({ items: z.array(userSummary) }).describe('Matching accounts') },
  errors: [],
});

export const staffAuditEntry = z
  .object({
    id: z.number().int(),
    actor: z.string().describe("The staff member's name"),
    action: z.enum(STAFF_ACTIONS),
    target_type: z.string(),
    target_id: z.string(),
    note: z.string().nullable(),
    detail: z.record(z.string(), z.unknown()),
    created_at: iso,
  })
  .meta({ id: 'StaffAuditEntry' });

const balance = z.object({ currency: z.string(), balance: z.number().int() });

export const getStaffUser = operation('getStaffUser', {
  tag: 'moderation',
  summary: "An account's file",
  description: 'The account, its roles, balances with their latest ledger entries, sessions and history.',
  params: idParams("The account's id"),
  responses: {
    200: userSummary
      .extend({
        roles: z.array(z.enum(ROLES)),
        balances: z.array(balance),
        ledger: z.array(
          z.object({
            id: z.number().int(),
            currency: z.string(),
            delta: z.number().int(),
            reason: z.string(),
            ref_type: z.string(),
            ref_id: z.string(),
            created_at: iso,
          }),
        ),
        sessions: z.number().int().describe('Sessions signed in now'),
        strikes: z.number().int().describe('Child-safety refusals ever recorded'),
        audit: z.array(staffAuditEntry).describe('The latest console actions on the account'),
      })
      .describe('The account'),
  },
  errors: ['not_found'],
});

/** A restriction: an account id, a written reason, and the same refusals. */
function restriction<const Id extends OperationId>(id: Id, summary: string, description: string) {
  return operation(id, {
    tag: 'moderation',
    summary,
    description,
    params: idParams("The account's id"),
    body: noteBody,
    responses: { 200: okAnswer.describe('Done') },
    errors: ['not_found', 'staff_target_protected'],
  });
}

export const muteUser = restriction(
  'muteUser',
  'Mute an account',
  'Generation, tweak and upscale are refused until the mute is lifted.',
);
export const banUser = restriction(
  'banUser',
  'Ban an account',
  'Deactivates the account and signs it out everywhere.',
);
export const unbanUser = restriction(
  'unbanUser',
  'Lift a ban',
  'Reactivates the account: it can sign in again.',
);
export const revokeUserSessions = restriction(
  'revokeUserSessions',
  'Sign an account out',
  'Revokes every session of the account; its live streams end.',
);

export const adjustUserBalance = operation('adjustUserBalance', {
  tag: 'moderation',
  summary: 'Adjust a balance',
  description:
    'Credits or debits tickets or energy through the ledger (admins only). Idempotent by request_id: a ' +
    'retried request posts once. A debit below zero is refused.',
  params: idParams("The account's id"),
  body: z.object({
    currency: z.enum(['tickets', 'energy']),
    delta: z
      .number()
      .int()
      .min(-STAFF_ADJUSTMENT_MAX)
      .max(STAFF_ADJUSTMENT_MAX)
      .refine((value) => value !== 0, 'not zero')
      .describe('Positive credits, negative debits'),
    note: staffNote,
    request_id: z.uuid().describe('Chosen by the console once per adjustment'),
  }),
  responses: {
    200: z
      .object({
        replayed: z.boolean().describe('This request_id was posted before: nothing moved this time'),
        balances: z.array(balance),
      })
      .describe('The balances after the adjustment'),
  },
  errors: ['not_found', 'staff_target_protected', 'user_insufficient_funds', 'insufficient_token_count'],
});

export const listStaffAudit = operation('listStaffAudit', {
  tag: 'moderation',
  summary: 'The audit log',
  description: 'Every console action, newest first, keyset-paged by id.',
  querystring: z.object({
    before: idValue('bigint', { coerce: true }).optional().describe('Entries older than this id'),
    limit: page.limit,
  }),
  responses: { 200: z.object({ items: z.array(staffAuditEntry) }).describe('One page of the log') },
  errors: [],
});

export const modOperations = {
  getStaffMe,
  listStaffReports,
  approveReport,
  rejectReport,
  searchStaffUsers,
  getStaffUser,
  muteUser,
  banUser,
  unbanUser,
  revokeUserSessions,
  adjustUserBalance,
  listStaffAudit,
};
