/** The moderation console's calls (`/api/mod/*`, docs/product/moderation-console.md). */
import type { Answer } from '@mirage/contract';
import type { ReportOutcome } from '@mirage/domain';
import { call } from '../api/index.ts';

export type StaffMe = Answer<'getStaffMe'>;
export type StaffReport = Answer<'listStaffReports'>['items'][number];
export type ReportState = StaffReport['state'];
export type Review = Answer<'listModerationReviews'>['items'][number];
export type ReviewState = Review['state'];
export type UserSummary = Answer<'searchStaffUsers'>['items'][number];
export type UserFile = Answer<'getStaffUser'>;
export type AuditEntry = Answer<'listStaffAudit'>['items'][number];
export type HeldImage = Answer<'listHeldImages'>['items'][number];
export type HeldImageState = HeldImage['state'];

/** The restrictions that take an account id and a written reason. */
export type Restriction = 'mute' | 'unmute' | 'ban' | 'unban' | 'revoke';

export const PAGE_SIZE = 25;

export const fetchStaffMe = (signal?: AbortSignal) => call('getStaffMe', {}, signal);

export const fetchReports = (state: ReportState, offset: number, signal?: AbortSignal) =>
  call('listStaffReports', { query: { state, limit: PAGE_SIZE, offset } }, signal);

export const approveReport = (id: number, outcome: ReportOutcome, note: string | undefined) =>
  call('approveReport', { params: { id }, body: { outcome, ...(note ? { note } : {}) } });

export const rejectReport = (id: number, note: string | undefined) =>
  call('rejectReport', { params: { id }, body: note ? { note } : {} });

export const fetchReviews = (state: ReviewState, offset: number, signal?: AbortSignal) =>
  call('listModerationReviews', { query: { state, limit: PAGE_SIZE, offset } }, signal);

export const resolveReview = (id: number, resolution: string) =>
  call('resolveModerationReview', { params: { id }, body: { resolution } });

export const searchUsers = (q: string, signal?: AbortSignal) =>
  call('searchStaffUsers', { query: { q, limit: PAGE_SIZE } }, signal);

export const fetchUser = (id: number, signal?: AbortSignal) =>
  call('getStaffUser', { params: { id } }, signal);

const RESTRICTION_CALLS = {
  mute: 'muteUser',
  unmute: 'unmuteUser',
  ban: 'banUser',
  unban: 'unbanUser',
  revoke: 'revokeUserSessions',
} as const satisfies Record<Restriction, string>;

export const restrictUser = (action: Restriction, id: number, note: string) =>
  call(RESTRICTION_CALLS[action], { params: { id }, body: { note } });

export const adjustBalance = (
  id: number,
  body: { currency: 'tickets' | 'energy'; delta: number; note: string; request_id: string },
) => call('adjustUserBalance', { params: { id }, body });

export const fetchAudit = (before: number | undefined, signal?: AbortSignal) =>
  call(
    'listStaffAudit',
    { query: { limit: PAGE_SIZE, ...(before === undefined ? {} : { before }) } },
    signal,
  );

export const fetchHeldImages = (state: HeldImageState, after: number | undefined, signal?: AbortSignal) =>
  call(
    'listHeldImages',
    { query: { state, limit: PAGE_SIZE, ...(after === undefined ? {} : { after }) } },
    signal,
  );

export const resolveHeldImage = (id: number, decision: 'release' | 'remove', note: string | undefined) =>
  call('resolveHeldImage', { params: { id }, body: { decision, ...(note ? { note } : {}) } });
