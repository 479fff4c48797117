import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Kysely table types of accounts; they mirror migration 0001. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, never, never>;

export interface AppUserTable {
  id: Generated<number>;
  username: string;
  email: string;
  /** argon2id hash; null for accounts created through OAuth that never set a password. */
  pwd_hash: string | null;
  keep_updated: Generated<boolean>;
  /** Cache of the tickets ledger account (migration 0009), written only by the ledger's post. */
  generation_token: Generated<number>;
  /** Cache of the energy ledger account, written only by the ledger's post. */
  daily_token: Generated<number>;
  tag_setting_ack: Generated<boolean>;
  lang: Generated<string>;
  referral_code: string;
  referrer_id: number | null;
  /** When the account named its referrer (sign-up or the settings), or null (migration 0016). */
  referred_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  pro_expire: Date | null;
  /** Unused since migration 0011: `daily_quest_day` says whether today's quest is done. */
  daily_quest_completed: Generated<boolean>;
  /** The UTC day the daily quest was last completed (migration 0011). */
  daily_quest_day: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the daily quest was last opened: it pays 60 s later (migration 0011). */
  daily_quest_opened_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  plan: Generated<number>;
  is_active: Generated<boolean>;
  /** Start of the UTC day the daily energy was last reset (migration 0004). */
  energy_reset_at: Timestamp | null;
  /** Set while the account is muted after child-safety strikes (migration 0007). */
  muted_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** When a moderator last lifted a mute: strikes before it no longer count (migration 0007). */
  strikes_lifted_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Why a person should look at this account (a chargeback; migration 0013), or null. */
  review_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the address was verified (a mailed link, or an OAuth provider), or null (migration 0015). */
  email_verified_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Set while a moderator's ban stands (migration 0019); the account is also deactivated. */
  banned_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Set when the user deleted the account (migration 0021): the row stays, anonymised. */
  deleted_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface SessionTable {
  token_hash: Buffer;
  user_id: number;
  created_at: CreatedAt;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  user_agent: string | null;
  ip: string | null;
}

export interface PasswordResetTable {
  token_hash: Buffer;
  user_id: number;
  created_at: CreatedAt;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

/** A mailed verification link (migration 0015): only the token's hash, for the address it was sent to. */
export interface EmailVerificationTable {
  token_hash: Buffer;
  user_id: number;
  email: string;
  created_at: CreatedAt;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface OAuthIdentityTable {
  provider: string;
  subject: string;
  user_id: number;
  email: string | null;
  created_at: CreatedAt;
}

export interface RateLimitTable {
  key: string;
  window_start: Timestamp;
  hits: number;
}

/** One balance per (user, currency): the ledger's projection, kept in the posting's statement. */
export interface LedgerAccountTable {
  user_id: number;
  /** A domain `Currency` (tickets, energy, reward_tokens). */
  currency: string;
  /** Never below zero (CHECK ledger_account_no_overdraft). */
  balance: number;
}

export interface LedgerEntryTable {
  id: Generated<number>;
  user_id: number;
  /** A domain `Currency`. */
  currency: string;
  delta: number;
  /** A domain `LedgerReason`, checked before the entry is written. */
  reason: string;
  /** What caused the entry: a domain `LedgerRefType` and the id of that thing. */
  ref_type: string;
  ref_id: string;
  /** One posting per key, its legs numbered from 0: a retried grant or refund is stored once. */
  idempotency_key: string;
  leg: Generated<number>;
  created_at: CreatedAt;
}

export interface AccountTables {
  app_user: AppUserTable;
  session: SessionTable;
  password_reset: PasswordResetTable;
  email_verification: EmailVerificationTable;
  oauth_identity: OAuthIdentityTable;
  rate_limit: RateLimitTable;
  ledger_account: LedgerAccountTable;
  ledger_entry: LedgerEntryTable;
}

export type UserRow = Selectable<AppUserTable>;
export type NewUserRow = Insertable<AppUserTable>;
export type UserUpdate = Updateable<AppUserTable>;
