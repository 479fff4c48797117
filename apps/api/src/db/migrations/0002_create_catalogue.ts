import type { Kysely } from 'kysely';

/** The generation catalogue: styles, boosters, presets, moderation rules (filled by the catalogue work). */
// eslint-disable-next-line @typescript-eslint/require-await
export async function up(_db: Kysely<unknown>): Promise<void> {}

// eslint-disable-next-line @typescript-eslint/require-await
export async function down(_db: Kysely<unknown>): Promise<void> {}
