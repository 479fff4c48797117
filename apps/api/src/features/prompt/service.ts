import {
  SAVED_PROMPT_LIMIT,
  SAVED_PROMPT_TAG_LISTS,
  allTagIds,
  canSaveAnotherPrompt,
  checkChildSafety,
  isSubscribable,
  ownershipProblem,
  pageCount,
  savedPromptProblem,
  subscriptionProblem,
  type PromptListBody,
  type PromptPageQuery,
  type PromptTarget,
  type SavePromptBody,
} from '@mirage/domain';
import { AppError } from '../../errors.ts';
import type { PromptListRow, PromptRepository } from './repository.ts';

/**
 * A tag of a saved prompt as the client shows it (docs/product/collections-and-prompts.md#saved-prompts: "tag
 * name mapped to id").
 */
export interface PromptTagView {
  id: number;
  name: string;
}

/**
 * One saved prompt of a list (docs/product/collections-and-prompts.md#saved-prompts, plus the author's name
 * and the counts).
 */
export function toPromptView(row: PromptListRow, viewerId: number, names: Map<number, string>) {
  const tags = (ids: number[]): PromptTagView[] =>
    ids.flatMap((id) => {
      const name = names.get(id);
      return name === undefined ? [] : [{ id, name }];
    });
  return {
    id: row.id,
    lib: row.lib,
    pos_tags: tags(row.pos_tags),
    opt_tags: tags(row.opt_tags),
    neg_tags: tags(row.neg_tags),
    styles: row.styles,
    public: row.is_public,
    user_id: row.user_id,
    username: row.username,
    is_subscribed: Boolean(row.is_subscribed),
    // docs/product/pricing-and-plans.md#plan-capabilities: only other users' public prompts.
    is_subscribable: isSubscribable(viewerId, row),
    subscriber_count: row.subscriber_count,
    created_at: row.created_at.toISOString(),
  };
}
export type PromptView = ReturnType<typeof toPromptView>;

/**
 * `/api/prompt` use cases (docs/product/collections-and-prompts.md#saved-prompts); every one acts for a
 * signed-in user.
 */
export function createPromptService(prompts: PromptRepository, now: () => Date) {
  /** Throws validation_error naming the first list that holds ids that are not known. */
  async function checkReferences(body: SavePromptBody) {
    const known = await prompts.existingTagIds(allTagIds(body));
    for (const list of SAVED_PROMPT_TAG_LISTS) {
      const unknown = body[list].filter((id) => !known.has(id));
      if (unknown.length > 0) throw new AppError('validation_error', { field: list, unknown });
    }
    const styles = await prompts.existingStyleIds(body.styles);
    const unknownStyles = body.styles.filter((id) => !styles.has(id));
    if (unknownStyles.length > 0) {
      throw new AppError('validation_error', { field: 'styles', unknown: unknownStyles });
    }
  }

  return {
    /** Saves a prompt: at least one known tag, known styles, at most SAVED_PROMPT_LIMIT per user. */
    async save(userId: number, body: SavePromptBody): Promise<{ id: number }> {
      const problem = savedPromptProblem(body);
      if (problem) throw new AppError('validation_error', { field: problem });
      // The name is free text other users may read (community list): it passes the child-safety layer
      // like any prompt and is refused with the same code, without a strike (saving starts no generation,
      // and the saved tags themselves take none either). Nothing of the match goes back to the user.
      if (checkChildSafety({ prompt: body.lib }, now().getUTCFullYear()).blocked) {
        throw new AppError('forbidden_prompt');
      }
      await checkReferences(body);
      const id = await prompts.insertWithin(
        {
          user_id: userId,
          lib: body.lib,
          pos_tags: body.pos_tags,
          opt_tags: body.opt_tags,
          neg_tags: body.neg_tags,
          styles: body.styles,
          is_public: body.public,
        },
        canSaveAnotherPrompt,
      );
      if (id === null) throw new AppError('saved_prompts_limit_exceeded', { max: SAVED_PROMPT_LIMIT });
      return { id };
    },

    /**
     * A page of a list: mine (own prompts, plus public subscribed ones with and_subscribed), community
     * (every public prompt, the viewer's included) or subscribed (subscribed prompts still public).
     */
    async list(viewerId: number, target: PromptTarget, query: PromptPageQuery, body: PromptListBody) {
      const scope = {
        viewerId,
        target,
        andSubscribed: target === 'mine' && body.and_subscribed,
        search: body.search,
        sort: body.sort,
        descending: body.sort_desc,
      };
      const [total, rows] = await Promise.all([
        prompts.count(scope),
        prompts.page(scope, query.page * query.size, query.size),
      ]);
      const names = await prompts.tagNames([
        ...new Set(rows.flatMap((row) => [...row.pos_tags, ...row.opt_tags, ...row.neg_tags])),
      ]);
      return {
        items: rows.map((row) => toPromptView(row, viewerId, names)),
        page: query.page,
        pages: pageCount(total, query.size),
        total,
      };
    },

    /** Deletes one's own prompt; its subscriptions go with it. */
    async remove(userId: number, promptId: number): Promise<void> {
      const problem = ownershipProblem(userId, await prompts.findAccess(promptId));
      if (problem) throw new AppError(problem);
      if (!(await prompts.delete(promptId, userId))) throw new AppError('not_found');
    },

    /** Publishes (or unpublishes) one's own prompt. Unpublishing keeps subscriptions but hides it. */
    async publish(userId: number, promptId: number, isPublic: boolean): Promise<{ public: boolean }> {
      const problem = ownershipProblem(userId, await prompts.findAccess(promptId));
      if (problem) throw new AppError(problem);
      if (!(await prompts.setPublic(promptId, userId, isPublic))) throw new AppError('not_found');
      return { public: isPublic };
    },

    /** Subscribes to (or unsubscribes from) another user's public prompt; repeating a call changes nothing. */
    async subscribe(userId: number, promptId: number, subscribe: boolean) {
      const result = await prompts.setSubscription(userId, promptId, subscribe, (prompt) =>
        subscriptionProblem(userId, prompt, subscribe),
      );
      if (result.problem !== null) throw new AppError(result.problem);
      return { subscribed: result.subscribed, subscriber_count: result.subscriber_count };
    },
  };
}
export type PromptService = ReturnType<typeof createPromptService>;
