import type { ColumnType, Generated } from 'kysely';

/** Kysely table types of the guest trial; they mirror migration 0024. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** One browser's guest trial: its cookie token's hash and the owner account of its task and image. */
export interface GuestSessionTable {
  token_hash: Buffer;
  user_id: number;
  /** The address key (domain guestAddressKey) it was created from. */
  address: string;
  created_at: Timestamp;
  expires_at: Timestamp;
}

/** One trial image: unique per (session, UTC day) and per (address, UTC day). */
export interface GuestTrialUseTable {
  task_id: string;
  session_hash: Buffer;
  address: string;
  /** YYYY-MM-DD, UTC (domain guestTrialDay). */
  day: string;
  created_at: Timestamp;
}

/** A child-safety refusal of a guest, by address key. */
export interface GuestAddressStrikeTable {
  id: Generated<number>;
  address: string;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export interface GuestTables {
  guest_session: GuestSessionTable;
  guest_trial_use: GuestTrialUseTable;
  guest_address_strike: GuestAddressStrikeTable;
}
