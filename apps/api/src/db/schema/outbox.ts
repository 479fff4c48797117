import type { ColumnType, Generated } from 'kysely';

/** Kysely table types of the transactional outbox; they mirror migration 0010. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, Date | undefined, never>;

export interface OutboxTable {
  id: Generated<number>;
  /** @mirage/domain DomainEventType. */
  type: string;
  /** The event's payload, checked against its schema when read (parseDomainEvent). */
  payload: ColumnType<unknown, string, never>;
  dedupe_key: string | null;
  fanned_out: Generated<boolean>;
  created_at: CreatedAt;
  available_at: Timestamp;
}

export type DeliveryState = 'pending' | 'done' | 'dead';

export interface OutboxDeliveryTable {
  event_id: number;
  /** The handler's stable name (never rename one that has run: its markers are keyed by it). */
  handler: string;
  state: ColumnType<DeliveryState, DeliveryState | undefined, DeliveryState>;
  attempts: Generated<number>;
  last_error: string | null;
  next_attempt_at: Timestamp;
  done_at: Timestamp | null;
}

export interface OutboxTables {
  outbox: OutboxTable;
  outbox_delivery: OutboxDeliveryTable;
}
