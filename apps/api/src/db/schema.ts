import type { AccountTables } from './schema/account.ts';
import type { CatalogueTables } from './schema/catalogue.ts';
import type { GalleryTables } from './schema/gallery.ts';
import type { GameEventTables } from './schema/game-event.ts';
import type { PaymentTables } from './schema/payment.ts';
import type { GenerationTables } from './schema/generation.ts';
import type { GuestTables } from './schema/guest.ts';
import type { ImageSafetyTables } from './schema/image-safety.ts';
import type { OutboxTables } from './schema/outbox.ts';
import type { PlayerTables } from './schema/player.ts';
import type { SerialKeyTables } from './schema/serial-key.ts';
import type { StaffTables } from './schema/staff.ts';

/** The whole database as Kysely sees it: one interface per area, mirroring the migrations. */
export interface Database
  extends
    AccountTables,
    CatalogueTables,
    GenerationTables,
    GalleryTables,
    OutboxTables,
    PlayerTables,
    GameEventTables,
    PaymentTables,
    SerialKeyTables,
    StaffTables,
    ImageSafetyTables,
    GuestTables {}

export type { UserRow, NewUserRow, UserUpdate } from './schema/account.ts';
