import type { Kysely } from 'kysely';

/**
 * `image.perceptual_hash` (issue 18 §2; @mirage/domain provenance/perceptual-hash.ts): the 64-bit DCT hash
 * of each image's picture, as a signed bigint, for the provenance check's lookup by Hamming distance
 * (`bit_count((perceptual_hash # $1)::bit(64))`, PostgreSQL 14+). Null until computed: new images get it
 * from post-processing; older ones from the background backfill (features/provenance/backfill.ts).
 * No index: a Hamming-distance search reads every hash, ~8 bytes a row (BENCHMARKS.md "Provenance check").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('image').addColumn('perceptual_hash', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('image').dropColumn('perceptual_hash').execute();
}
