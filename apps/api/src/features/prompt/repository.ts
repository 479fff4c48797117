import type { PromptSort, PromptTarget } from '@mirage/domain';
import { sql, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely';
import type { DB } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { publicTag } from '../tag/index.ts';

/** A new saved prompt, its tag and style lists already checked. */
export interface NewSavedPrompt {
  user_id: number;
  lib: string;
  pos_tags: number[];
  opt_tags: number[];
  neg_tags: number[];
  styles: number[];
  is_public: boolean;
}

/**
 * Which prompts a list shows and in what order (docs/product/collections-and-prompts.md#saved-prompts, POST
 * /api/prompt/{target}).
 */
export interface PromptListScope {
  viewerId: number;
  target: PromptTarget;
  /** "mine" only: also the public prompts the viewer subscribed to. */
  andSubscribed: boolean;
  /** Text contained in the name, any case; empty: every prompt. */
  search: string;
  sort: PromptSort;
  descending: boolean;
}

/** What the subscription and ownership rules see of a prompt. */
export interface PromptAccess {
  id: number;
  user_id: number;
  is_public: boolean;
  subscriber_count: number;
}

type PromptQuery = SelectQueryBuilder<Database, 'saved_prompt' | 'app_user', object>;
type PromptExpressions = ExpressionBuilder<Database, 'saved_prompt'>;

const bigintArray = (ids: readonly number[]) => sql<number[]>`${[...ids]}::bigint[]`;
const integerArray = (ids: readonly number[]) => sql<number[]>`${[...ids]}::integer[]`;

/** Escapes LIKE wildcards so that a typed "%" or "_" matches itself. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The viewer's subscription row for the prompt of the outer query. */
function subscribedBy(eb: PromptExpressions, viewerId: number) {
  return eb.exists(
    eb
      .selectFrom('prompt_subscription')
      .select(sql`1`.as('one'))
      .whereRef('prompt_subscription.prompt_id', '=', 'saved_prompt.id')
      .where('prompt_subscription.user_id', '=', viewerId),
  );
}

/**
 * Saved prompts and subscriptions (migration 0005). A private prompt is only ever listed to its owner;
 * subscriber_count changes in the same transaction as the subscription row it counts, and only when a
 * row was really inserted or deleted, so that it stays exact under concurrent calls.
 */
export function createPromptRepository(db: DB) {
  function scoped(scope: PromptListScope): PromptQuery {
    let query = db
      .selectFrom('saved_prompt')
      .innerJoin('app_user', 'app_user.id', 'saved_prompt.user_id') as PromptQuery;
    query = query.where((eb) => {
      const own = eb('saved_prompt.user_id', '=', scope.viewerId);
      const publicSubscribed = eb.and([
        eb('saved_prompt.is_public', '=', true),
        subscribedBy(eb as unknown as PromptExpressions, scope.viewerId),
      ]);
      if (scope.target === 'community') return eb('saved_prompt.is_public', '=', true);
      if (scope.target === 'subscribed') return publicSubscribed;
      return scope.andSubscribed ? eb.or([own, publicSubscribed]) : own;
    });
    if (scope.search !== '') query = query.where('saved_prompt.lib', 'ilike', containing(scope.search));
    return query;
  }

  return {
    /**
     * Tag ids among `ids` that exist and may be shown: a prompt tag that only private images carry is
     * unknown here, or saving it and listing the prompt would name a private word (tag/usage-repository.ts).
     */
    async existingTagIds(ids: readonly number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .selectFrom('tag')
        .select('id')
        .where('id', 'in', [...ids])
        .where(publicTag)
        .execute();
      return new Set(rows.map((row) => row.id));
    },

    /** Style ids among `ids` that exist. */
    async existingStyleIds(ids: readonly number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .selectFrom('graphic_style')
        .select('id')
        .where('id', 'in', [...ids])
        .execute();
      return new Set(rows.map((row) => row.id));
    },

    /**
     * Inserts the prompt unless `allowed(count of the user's prompts)` says no (then null). The user's
     * row is locked first, so that two concurrent saves cannot both pass the count.
     */
    async insertWithin(prompt: NewSavedPrompt, allowed: (count: number) => boolean): Promise<number | null> {
      return db.transaction().execute(async (trx) => {
        await trx.selectFrom('app_user').select('id').where('id', '=', prompt.user_id).forUpdate().execute();
        const { count } = await trx
          .selectFrom('saved_prompt')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('user_id', '=', prompt.user_id)
          .executeTakeFirstOrThrow();
        if (!allowed(Number(count))) return null;
        const row = await trx
          .insertInto('saved_prompt')
          .values({
            user_id: prompt.user_id,
            lib: prompt.lib,
            pos_tags: bigintArray(prompt.pos_tags),
            opt_tags: bigintArray(prompt.opt_tags),
            neg_tags: bigintArray(prompt.neg_tags),
            styles: integerArray(prompt.styles),
            is_public: prompt.is_public,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      });
    },

    async findAccess(id: number): Promise<PromptAccess | undefined> {
      return db
        .selectFrom('saved_prompt')
        .select(['id', 'user_id', 'is_public', 'subscriber_count'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** Deletes the owner's prompt (its subscriptions go with it); false when there was none. */
    async delete(id: number, ownerId: number): Promise<boolean> {
      const rows = await db
        .deleteFrom('saved_prompt')
        .where('id', '=', id)
        .where('user_id', '=', ownerId)
        .returning('id')
        .execute();
      return rows.length > 0;
    },

    /** Publishes or unpublishes the owner's prompt; subscriptions stay. False when there was none. */
    async setPublic(id: number, ownerId: number, isPublic: boolean): Promise<boolean> {
      const rows = await db
        .updateTable('saved_prompt')
        .set({ is_public: isPublic })
        .where('id', '=', id)
        .where('user_id', '=', ownerId)
        .returning('id')
        .execute();
      return rows.length > 0;
    },

    /**
     * Subscribes or unsubscribes the user, in one transaction that locks the prompt: `check` sees the
     * locked row and may refuse (its answer is returned as `problem`, nothing changes). The count moves
     * only when a subscription row was really inserted or deleted.
     */
    async setSubscription<P extends string>(
      userId: number,
      promptId: number,
      subscribe: boolean,
      check: (prompt: PromptAccess | undefined) => P | null,
    ): Promise<{ problem: P } | { problem: null; subscribed: boolean; subscriber_count: number }> {
      return db.transaction().execute(async (trx) => {
        const prompt = await trx
          .selectFrom('saved_prompt')
          .select(['id', 'user_id', 'is_public', 'subscriber_count'])
          .where('id', '=', promptId)
          .forUpdate()
          .executeTakeFirst();
        const problem = check(prompt);
        if (problem !== null || !prompt) return { problem: problem ?? ('not_found' as P) };
        const changed = subscribe
          ? await trx
              .insertInto('prompt_subscription')
              .values({ user_id: userId, prompt_id: promptId })
              .onConflict((oc) => oc.columns(['user_id', 'prompt_id']).doNothing())
              .returning('prompt_id')
              .execute()
          : await trx
              .deleteFrom('prompt_subscription')
              .where('user_id', '=', userId)
              .where('prompt_id', '=', promptId)
              .returning('prompt_id')
              .execute();
        let count = prompt.subscriber_count;
        if (changed.length > 0) {
          const updated = await trx
            .updateTable('saved_prompt')
            .set((eb) => ({ subscriber_count: eb('subscriber_count', '+', subscribe ? 1 : -1) }))
            .where('id', '=', promptId)
            .returning('subscriber_count')
            .executeTakeFirstOrThrow();
          count = updated.subscriber_count;
        }
        return { problem: null, subscribed: subscribe, subscriber_count: count };
      });
    },

    /** How many prompts the list holds. */
    async count(scope: PromptListScope): Promise<number> {
      const row = await scoped(scope)
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /**
     * One page of the list. Every order ends with the id in the same direction, so that the order is
     * total and pages neither repeat nor skip a prompt.
     */
    async page(scope: PromptListScope, skip: number, size: number) {
      const direction = scope.descending ? 'desc' : 'asc';
      let query = scoped(scope).select((eb) => [
        'saved_prompt.id',
        'saved_prompt.lib',
        'saved_prompt.pos_tags',
        'saved_prompt.opt_tags',
        'saved_prompt.neg_tags',
        'saved_prompt.styles',
        'saved_prompt.is_public',
        'saved_prompt.user_id',
        'app_user.username',
        'saved_prompt.subscriber_count',
        'saved_prompt.created_at',
        subscribedBy(eb as unknown as PromptExpressions, scope.viewerId).as('is_subscribed'),
      ]);
      if (scope.sort === 'subscribers') query = query.orderBy('saved_prompt.subscriber_count', direction);
      else if (scope.sort === 'lib') query = query.orderBy(sql`lower(saved_prompt.lib)`, direction);
      else query = query.orderBy('saved_prompt.created_at', direction);
      return query.orderBy('saved_prompt.id', direction).offset(skip).limit(size).execute();
    },

    /** Names of the given tags (unknown ids are left out). */
    async tagNames(ids: readonly number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectFrom('tag')
        .select(['id', 'name'])
        .where('id', 'in', [...ids])
        .execute();
      return new Map(rows.map((row) => [row.id, row.name]));
    },
  };
}
export type PromptRepository = ReturnType<typeof createPromptRepository>;
export type PromptListRow = Awaited<ReturnType<PromptRepository['page']>>[number];
