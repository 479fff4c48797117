import type { ColumnType, Generated } from 'kysely';

/** Kysely table types of reseller serial keys; they mirror migration 0014. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, Date | undefined, never>;

export interface SerialKeyBatchTable {
  id: Generated<number>;
  reseller: string;
  tickets: number;
  pro_days: number;
  key_count: number;
  note: string | null;
  created_at: CreatedAt;
  revoked_at: Timestamp | null;
}

export interface SerialKeyTable {
  id: ColumnType<number, never, never>;
  batch_id: number;
  /** SHA-256 (hex) of the key's canonical 16 characters. */
  key_hash: string;
  /** The key's last four characters, for support. */
  suffix: string;
  redeemed_by: number | null;
  redeemed_at: Timestamp | null;
  revoked_at: Timestamp | null;
}

export interface SerialKeyTables {
  serial_key_batch: SerialKeyBatchTable;
  serial_key: SerialKeyTable;
}
