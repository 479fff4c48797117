/**
 * The console's rules that need no React: which tabs a staff member sees, the written reason's length,
 * the adjustment's amount, an account's status and whether a reported image can be previewed.
 */
import { STAFF_ADJUSTMENT_MAX, STAFF_NOTE_MAX, STAFF_NOTE_MIN, type StaffArea } from '@mirage/domain';

/** The console's tabs, in order; `restrictions` and `balances` are actions inside the users tab. */
export const CONSOLE_TABS = [
  'reports',
  'images',
  'reviews',
  'users',
  'rules',
  'keys',
  'workers',
  'payments',
  'events',
  'audit',
] as const;
export type ConsoleTab = (typeof CONSOLE_TABS)[number];

/** The area each tab belongs to: the held images are reviews, like the child-safety queue. */
const TAB_AREA: Record<ConsoleTab, StaffArea> = {
  reports: 'reports',
  images: 'reviews',
  reviews: 'reviews',
  users: 'users',
  rules: 'rules',
  keys: 'keys',
  workers: 'workers',
  payments: 'payments',
  events: 'events',
  audit: 'audit',
};

/** The tabs the server's `areas` open (GET /api/mod/me), in the console's order. */
export function tabsOf(areas: readonly StaffArea[]): ConsoleTab[] {
  return CONSOLE_TABS.filter((tab) => areas.includes(TAB_AREA[tab]));
}

/** The tab a `?tab=` value names when the user may use it; else the first they may. */
export function pickTab(requested: string | null, tabs: readonly ConsoleTab[]): ConsoleTab | null {
  const found = tabs.find((tab) => tab === requested);
  return found ?? tabs[0] ?? null;
}

export type NoteProblem = 'too_short' | 'too_long';

/** What is wrong with a written reason (trimmed, as the server trims it), or null; empty is fine when optional. */
export function noteProblem(text: string, required: boolean): NoteProblem | null {
  const length = text.trim().length;
  if (length === 0 && !required) return null;
  if (length < STAFF_NOTE_MIN) return 'too_short';
  if (length > STAFF_NOTE_MAX) return 'too_long';
  return null;
}

/** The optional note as the server wants it: left out when empty. */
export function optionalNote(text: string): string | undefined {
  const trimmed = text.trim();
  return trimmed === '' ? undefined : trimmed;
}

/** A balance change typed as "+5", "-20" or "7": a whole number, not 0, within the server's limit; else null. */
export function parseDelta(text: string): number | null {
  const trimmed = text.trim();
  if (!/^[+-]?\d{1,6}$/.test(trimmed)) return null;
  const value = Number(trimmed);
  if (value === 0 || Math.abs(value) > STAFF_ADJUSTMENT_MAX) return null;
  return value;
}

export type AccountStatus = 'banned' | 'muted' | 'inactive' | 'active';

/** The one word that sums an account up: a ban outweighs a mute, which outweighs a deactivation. */
export function accountStatus(user: {
  banned_at: string | null;
  muted_at: string | null;
  is_active: boolean;
}): AccountStatus {
  if (user.banned_at) return 'banned';
  if (user.muted_at) return 'muted';
  return user.is_active ? 'active' : 'inactive';
}

/**
 * The thumbnail of a reported or held image: the console's own preview route, which serves staff the
 * images under review only (a private image stays its owner's otherwise).
 */
export function previewOf(uuid: string): string {
  return `/api/mod/previews/${encodeURIComponent(uuid)}`;
}

/** The `before` of the audit log's next page: the oldest id shown, or undefined when none is left. */
export function nextBefore(page: readonly { id: number }[], pageSize: number): number | undefined {
  if (page.length < pageSize) return undefined;
  return page.at(-1)?.id;
}
