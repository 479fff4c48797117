/**
 * The saved prompts' request schemas (zod) over the plain rules of prompt.ts. Apart from prompt.ts so that
 * code that needs only the limits and checks (the web's gallery) does not build schemas or load zod.
 */
import { z } from 'zod';
import { idValue, safeText } from '../input.ts';
import {
  PROMPT_LIB_MAX,
  PROMPT_MAX_PAGE_SIZE,
  PROMPT_MAX_STYLES,
  PROMPT_MAX_TAGS,
  PROMPT_PAGE_SIZE,
  PROMPT_SEARCH_MAX,
  PROMPT_SORTS,
  PROMPT_TARGETS,
  distinctIds,
} from './prompt.ts';

const tagIds = z.array(idValue('bigint')).max(PROMPT_MAX_TAGS).default([]).transform(distinctIds);

/** POST /api/prompt/save. At least one tag in total (checked by savedPromptProblem). */
export const savePromptBody = z.object({
  lib: safeText().trim().min(1).max(PROMPT_LIB_MAX),
  pos_tags: tagIds,
  opt_tags: tagIds,
  neg_tags: tagIds,
  styles: z.array(idValue('integer')).max(PROMPT_MAX_STYLES).default([]).transform(distinctIds),
  /** Decision: a prompt is private until its owner publishes it. */
  public: z.boolean().default(false),
});
export type SavePromptBody = z.output<typeof savePromptBody>;

/** `?page&size` of the prompt lists: page from 0, size 1..100 (default 5). */
export const promptPageQuery = z.object({
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
  size: z.coerce.number().int().min(1).max(PROMPT_MAX_PAGE_SIZE).default(PROMPT_PAGE_SIZE),
});
export type PromptPageQuery = z.output<typeof promptPageQuery>;

/**
 * Body of POST /api/prompt/{target}. `search` matches names (case-insensitive); newest first by default.
 * `and_subscribed` adds the prompts the user subscribed to to "mine". The spec's body also names the
 * target; the path decides, so a target in the body is accepted and ignored.
 */
export const promptListBody = z.object({
  search: safeText().trim().max(PROMPT_SEARCH_MAX).default(''),
  target: z.enum(PROMPT_TARGETS).optional(),
  sort: z.enum(PROMPT_SORTS).default('created_at'),
  sort_desc: z.boolean().default(true),
  and_subscribed: z.boolean().default(false),
});
export type PromptListBody = z.output<typeof promptListBody>;

/** POST /api/prompt/{id}/publish: true publishes (the default), false makes the prompt private again. */
export const publishPromptBody = z.object({ public: z.boolean().default(true) });
/** POST /api/prompt/{id}/subscribe: true subscribes (the default), false unsubscribes. */
export const subscribePromptBody = z.object({ subscribe: z.boolean().default(true) });
