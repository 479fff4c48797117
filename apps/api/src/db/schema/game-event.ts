import type { ColumnType } from 'kysely';

/** Kysely table types of the game events; they mirror migration 0012. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, Date | undefined, never>;
/** A text by language (@mirage/domain LocalizedText), written as JSON text. */
type LocalizedJson = ColumnType<Record<string, string>, string, string>;

export interface GameEventTable {
  uuid: string;
  title: LocalizedJson;
  description: LocalizedJson;
  starts_at: Timestamp;
  ends_at: Timestamp;
  reward_tokens: number;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface GameEventImageTable {
  event_uuid: string;
  image_id: number;
}

export interface GameEventFindTable {
  event_uuid: string;
  user_id: number;
  image_id: number;
  reward_tokens: number;
  found_at: CreatedAt;
}

export interface GameEventVisitorTable {
  event_uuid: string;
  user_id: number;
  consumed_at: CreatedAt;
}

export interface GameEventTables {
  game_event: GameEventTable;
  game_event_image: GameEventImageTable;
  game_event_find: GameEventFindTable;
  game_event_visitor: GameEventVisitorTable;
}
