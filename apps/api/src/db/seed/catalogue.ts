import { DEFAULT_RULES } from '@mirage/domain';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import type { CatalogueTables } from '../schema/catalogue.ts';
import { BOOSTER_CATEGORIES, BOOSTERS, STYLES, boosterLora } from './catalogue-data.ts';
import { PRESETS } from './preset-data.ts';
import { systemTagNames } from '../../features/tag/system-tags.ts';

type Row = Record<string, unknown>;

/**
 * `insert ... on conflict (key) do update` that rewrites a row only when one of its columns differs, so a
 * second run changes nothing (not even the rows' versions). Returns how many rows were inserted or changed.
 */
async function upsert(
  db: Kysely<Database>,
  table: keyof CatalogueTables,
  key: string[],
  rows: Row[],
): Promise<number> {
  const first = rows[0];
  if (!first) return 0;
  const columns = Object.keys(first);
  const updated = columns.filter((column) => column !== 'id' && !key.includes(column));
  const refs = (prefix: string) => sql.join(updated.map((column) => sql.ref(`${prefix}.${column}`)));
  const result = await sql`
    insert into ${sql.table(table)} (${sql.join(columns.map((column) => sql.ref(column)))})
    values ${sql.join(rows.map((row) => sql`(${sql.join(columns.map((column) => row[column]))})`))}
    on conflict (${sql.join(key.map((column) => sql.ref(column)))}) do update
    set ${sql.join(updated.map((column) => sql`${sql.ref(column)} = ${sql.ref(`excluded.${column}`)}`))}
    where row(${refs(table)}) is distinct from row(${refs('excluded')})`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/**
 * Upserts the shipped catalogue (db/seed/*-data.ts, and the moderation rules of packages/domain): styles,
 * booster categories, boosters and moderation rules by `lib`, presets by `path` + `lib`. Idempotent, and safe when several instances boot at once
 * (one transaction behind an advisory lock). Run after the migrations, at every boot; nothing is deleted.
 */
export async function seedCatalogue(db: Kysely<Database>): Promise<{ changed: number }> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('mirage.seed_catalogue'))`.execute(trx);
    let changed = 0;
    changed += await upsert(
      trx,
      'graphic_style',
      ['lib'],
      STYLES.map((style, index) => ({ ...style, sort_order: (index + 1) * 10 })),
    );
    changed += await upsert(
      trx,
      'booster_category',
      ['lib'],
      BOOSTER_CATEGORIES.map((category, index) => ({ ...category, sort_order: (index + 1) * 10 })),
    );
    changed += await upsert(
      trx,
      'booster',
      ['lib'],
      BOOSTERS.map((booster, index) => ({
        ...booster,
        lora: boosterLora(booster.lib),
        sort_order: (index + 1) * 10,
      })),
    );
    changed += await upsert(
      trx,
      'preset',
      ['path', 'lib'],
      PRESETS.map((preset, index) => ({ ...preset, sort_order: (index + 1) * 10 })),
    );
    changed += await upsert(
      trx,
      'moderation_rule',
      ['lib'],
      // The built-in rules of docs/product/moderation.md#rules (packages/domain); their stable ids are the
      // rows' `lib`.
      DEFAULT_RULES.map(({ id, words, suggestions, type, applies_to }) => ({
        lib: String(id),
        words,
        suggestions,
        type,
        applies_to,
      })),
    );
    // System tags (style, render, format, generation type) exist before any image needs them.
    const systemTags = systemTagNames(STYLES.map((style) => style.lib));
    const added = await trx
      .insertInto('tag')
      .values(systemTags)
      .onConflict((oc) => oc.columns(['kind', 'name']).doNothing())
      .returning('id')
      .execute();
    changed += added.length;
    return { changed };
  });
}
