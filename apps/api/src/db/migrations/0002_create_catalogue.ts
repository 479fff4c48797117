import type { Kysely } from 'kysely';

/** The generation catalogue: styles, boosters, presets, moderation rules (filled by the catalogue work). */
export async function up(_db: Kysely<unknown>): Promise<void> {}

export async function down(_db: Kysely<unknown>): Promise<void> {}
