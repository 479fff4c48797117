import type { StaffAction } from '@mirage/domain';
import type { StaffAuditRow } from '../../db/schema/staff.ts';
import type { ModReportRepository } from './report-repository.ts';
import type { ModUserService } from './user-service.ts';
import type { ModerationService } from '../moderation/index.ts';

/** Dates travel as ISO 8601 text; these shape the console's answers for their contract schemas. */
const iso = (date: Date) => date.toISOString();
const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

type ReportRow = Awaited<ReturnType<ModReportRepository['list']>>[number];

export function reportView(row: ReportRow) {
  return {
    id: row.id,
    reason: row.reason,
    state: row.state,
    created_at: iso(row.created_at),
    resolved_at: isoOrNull(row.resolved_at),
    resolved_by: row.resolved_by,
    image: {
      uuid: row.image_uuid,
      prompt: row.image_prompt,
      is_private: row.image_private,
      hidden: row.image_hidden_at !== null,
    },
    reporter: {
      id: row.reporter_id,
      username: row.reporter_name,
      approved: row.reporter_approved,
      rejected: row.reporter_rejected,
    },
    owner: { id: row.owner_id, username: row.owner_name, upheld: row.owner_upheld },
    open_on_image: row.open_on_image,
  };
}

type Review = Awaited<ReturnType<ModerationService['reviews']>>[number];

export function reviewView(review: Review) {
  return {
    ...review,
    muted_at: isoOrNull(review.muted_at),
    created_at: iso(review.created_at),
    resolved_at: isoOrNull(review.resolved_at),
    recent_strikes: review.recent_strikes.map((strike) => ({
      ...strike,
      created_at: iso(strike.created_at),
    })),
  };
}

interface UserSummaryRow {
  id: number;
  username: string;
  email: string;
  plan: number;
  pro_expire: Date | null;
  is_active: boolean;
  muted_at: Date | null;
  banned_at: Date | null;
  email_verified_at: Date | null;
  created_at: Date;
}

export function userSummaryView(row: UserSummaryRow) {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    plan: row.plan,
    pro_expire: isoOrNull(row.pro_expire),
    is_active: row.is_active,
    muted_at: isoOrNull(row.muted_at),
    banned_at: isoOrNull(row.banned_at),
    email_verified_at: isoOrNull(row.email_verified_at),
    created_at: iso(row.created_at),
  };
}

export function auditView(row: StaffAuditRow) {
  return {
    id: row.id,
    actor: row.actor_name,
    // Written only by appendAudit, from STAFF_ACTIONS.
    action: row.action as StaffAction,
    target_type: row.target_type,
    target_id: row.target_id,
    note: row.note,
    detail: row.detail,
    created_at: iso(row.created_at),
  };
}

export function staffUserView(user: Awaited<ReturnType<ModUserService['detail']>>) {
  return {
    ...userSummaryView(user),
    roles: [...user.roles],
    balances: user.balances.map(({ currency, balance }) => ({ currency, balance })),
    ledger: user.ledger.map((entry) => ({ ...entry, created_at: iso(entry.created_at) })),
    sessions: user.sessions,
    strikes: user.strikes,
    audit: user.audit.map(auditView),
  };
}
