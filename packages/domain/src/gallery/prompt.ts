import type { SavePromptBody } from './prompt-schema.ts';

/**
 * Saved prompts (docs/product/collections-and-prompts.md#saved-prompts and "Prompt tag kinds",
 * docs/product/pricing-and-plans.md#plan-capabilities, /api/prompt,
 * docs/product/limits.md#gallery-and-prompts): a named gallery search (positive, optional and negative tag
 * ids plus styles) that its owner can publish and other users can subscribe to.
 */

/**
 * docs/product/collections-and-prompts.md#saved-prompts. A saved prompt keeps the first three; `blacklist` is
 * the user's tag ban list.
 */
export const PROMPT_TAG_KINDS = ['pos', 'neg', 'opt', 'blacklist'] as const;
export type PromptTagKind = (typeof PROMPT_TAG_KINDS)[number];
/** The tag lists of a saved prompt, in the order the API shows them. */
export const SAVED_PROMPT_TAG_LISTS = ['pos_tags', 'opt_tags', 'neg_tags'] as const;
export type SavedPromptTagList = (typeof SAVED_PROMPT_TAG_LISTS)[number];

/**
 * Decision: a user keeps at most this many saved prompts, the size of the quick-saved prompt list
 * (docs/product/collections-and-prompts.md#saved-prompts), so that the list always shows all of them. The
 * 101st is refused (saved_prompts_limit_exceeded).
 */
export const SAVED_PROMPT_LIMIT = 100;
/**
 * docs/product/collections-and-prompts.md#saved-prompts: the prompt browser (MyPrompts, Community) shows 5
 * prompts a page by default.
 */
export const PROMPT_PAGE_SIZE = 5;
/** The most a client may ask for in one page: the quick-saved list loads all of a user's prompts. */
export const PROMPT_MAX_PAGE_SIZE = SAVED_PROMPT_LIMIT;
/** Longest name of a saved prompt. */
export const PROMPT_LIB_MAX = 60;
/** Tag ids per list, and style ids, in one saved prompt (the gallery search takes as many). */
export const PROMPT_MAX_TAGS = 20;
export const PROMPT_MAX_STYLES = 20;
/** Longest text searched in prompt names. */
export const PROMPT_SEARCH_MAX = 100;

/**
 * docs/product/collections-and-prompts.md#saved-prompts, POST /api/prompt/{target}: whose prompts a page
 * lists.
 */
export const PROMPT_TARGETS = ['mine', 'community', 'subscribed'] as const;
export type PromptTarget = (typeof PROMPT_TARGETS)[number];
export const PROMPT_SORTS = ['created_at', 'subscribers', 'lib'] as const;
export type PromptSort = (typeof PROMPT_SORTS)[number];

/** Ids in first-seen order without repeats: a tag twice in one list means nothing more. */
export function distinctIds(ids: readonly number[]): number[] {
  return [...new Set(ids)];
}

/** Every tag id of a saved prompt, each once. */
export function allTagIds(prompt: Pick<SavePromptBody, SavedPromptTagList>): number[] {
  return distinctIds([...prompt.pos_tags, ...prompt.opt_tags, ...prompt.neg_tags]);
}

/**
 * What makes a well-formed save body unacceptable, as the `field` of a validation_error, or null:
 * a prompt with no tag at all searches for nothing.
 */
export function savedPromptProblem(prompt: Pick<SavePromptBody, SavedPromptTagList>): 'tags' | null {
  return allTagIds(prompt).length === 0 ? 'tags' : null;
}

/** Whether a user who already keeps `count` prompts may save one more. */
export function canSaveAnotherPrompt(count: number): boolean {
  return count < SAVED_PROMPT_LIMIT;
}

/** Number of pages of `size` items that hold `total` items (0 when there is nothing). */
export function pageCount(total: number, size: number): number {
  return size > 0 ? Math.ceil(total / size) : 0;
}

/** What the subscription rules need of a saved prompt. */
export interface SubscribablePrompt {
  user_id: number;
  is_public: boolean;
}

/**
 * docs/product/collections-and-prompts.md#saved-prompts, "Users can only subscribe to prompts of other
 * users", and only to published ones: a private prompt is invisible to anyone but its owner, so it answers as
 * if it did not exist.
 */
export function subscriptionProblem(
  viewerId: number,
  prompt: SubscribablePrompt | undefined,
  subscribe = true,
): 'not_found' | 'unauthorized_resource' | null {
  if (!prompt) return 'not_found';
  if (prompt.user_id === viewerId) return 'unauthorized_resource';
  // Leaving is always possible, also once the author has unpublished the prompt.
  if (!prompt.is_public && subscribe) return 'not_found';
  return null;
}

/** Whether the viewer may subscribe to a prompt shown to them: only to other users' prompts. */
export function isSubscribable(viewerId: number, prompt: SubscribablePrompt): boolean {
  return subscriptionProblem(viewerId, prompt) === null;
}

/** Owner-only changes (delete, publish): unknown -> not_found, someone else's -> unauthorized_resource. */
export function ownershipProblem(
  viewerId: number,
  prompt: Pick<SubscribablePrompt, 'user_id'> | undefined,
): 'not_found' | 'unauthorized_resource' | null {
  if (!prompt) return 'not_found';
  return prompt.user_id === viewerId ? null : 'unauthorized_resource';
}
