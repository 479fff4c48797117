import type { ColumnType } from 'kysely';

/** Kysely table types of payments; they mirror migration 0013. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, Date | undefined, never>;

export interface PaymentOrderTable {
  id: string;
  user_id: number;
  /** features/payment ProviderId. */
  provider: string;
  /** @mirage/domain ProductId. */
  product: string;
  currency: string;
  amount_cents: number;
  /** @mirage/domain OrderStatus. */
  status: ColumnType<string, string | undefined, string>;
  provider_ref: string | null;
  review: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
  paid_at: Timestamp | null;
  /** Migration 0022: when, by whom and why an admin marked the flagged order reviewed. */
  review_resolved_at: Timestamp | null;
  review_resolved_by: number | null;
  review_note: string | null;
}

export interface PaymentNotificationTable {
  id: ColumnType<number, never, never>;
  provider: string;
  event_id: string;
  order_id: string | null;
  /** @mirage/domain PaymentEventKind. */
  kind: string;
  /** applied, ignored, flagged, unmatched. */
  outcome: string;
  received_at: CreatedAt;
  /** Migration 0022: when, by whom and why an admin marked an unmatched notification reviewed. */
  review_resolved_at: Timestamp | null;
  review_resolved_by: number | null;
  review_note: string | null;
}

export interface PaymentTables {
  payment_order: PaymentOrderTable;
  payment_notification: PaymentNotificationTable;
}
