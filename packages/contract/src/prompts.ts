import {
  PROMPT_TARGETS,
  idValue,
  promptListBody,
  promptPageQuery,
  publishPromptBody,
  savePromptBody,
  subscribePromptBody,
} from '@mirage/domain';
import { z } from 'zod';
import { okAnswer, operation } from './define.ts';

/**
 * Saved prompts (docs/product/collections-and-prompts.md#saved-prompts): named gallery searches a user
 * keeps, publishes and subscribes to. The list and the delete share one path template, so that the
 * document has no two equivalent paths: its `target` is a list name for the one and a prompt's id for
 * the other.
 */

const TARGET_MEANING =
  'For the list (POST) the target is a list name (mine, community or subscribed); for DELETE it is the ' +
  "saved prompt's id.";

/** A saved prompt's id in the path; anything that is not one is a prompt that does not exist. */
const promptId = () =>
  idValue('bigint', { coerce: true, error: 'not_found' }).describe("The saved prompt's id");

const listTarget = z.object({ target: z.enum(PROMPT_TARGETS).describe(TARGET_MEANING) });
const deleteTarget = z.object({ target: promptId().describe(TARGET_MEANING) });
const promptIdParams = z.object({ id: promptId() });

export const savedPromptTag = z
  .object({ id: z.number().int(), name: z.string() })
  .describe('A tag of a saved prompt: its id and name (a tag that is no longer shown is left out)')
  .meta({ id: 'SavedPromptTag' });

export const savedPrompt = z
  .object({
    id: z.number().int(),
    lib: z.string().describe("The prompt's name"),
    pos_tags: z.array(savedPromptTag).describe('Tags an image must have'),
    opt_tags: z.array(savedPromptTag).describe('Tags an image may have (ranked higher)'),
    neg_tags: z.array(savedPromptTag).describe('Tags an image must not have'),
    styles: z.array(z.number().int()).describe('Style ids; empty: every style'),
    public: z.boolean().describe('Published: listed in the community list'),
    user_id: z.number().int().describe("The author's id"),
    username: z.string().describe("The author's name"),
    is_subscribed: z.boolean().describe('Whether the caller subscribes to it'),
    is_subscribable: z
      .boolean()
      .describe("Whether the caller may subscribe: another user's published prompt"),
    subscriber_count: z.number().int(),
    created_at: z.iso.datetime(),
  })
  .describe('One saved prompt of a list')
  .meta({ id: 'SavedPrompt' });

export const savedPromptPage = z
  .object({
    items: z.array(savedPrompt),
    page: z.number().int().describe('The page, from 0'),
    pages: z.number().int().describe('How many pages the list has (0 when it is empty)'),
    total: z.number().int().describe('How many prompts the list holds'),
  })
  .meta({ id: 'SavedPromptPage', description: 'One page of a list of saved prompts' });

export const savePrompt = operation('savePrompt', {
  tag: 'prompts',
  summary: 'Save a gallery search as a prompt',
  description:
    'Saves a named gallery search (positive, optional and negative tags, styles) for the signed-in ' +
    'user, private unless `public` is true; a user keeps at most 100 saved prompts. A name the ' +
    'child-safety layer refuses answers `forbidden_prompt`.',
  body: savePromptBody,
  responses: { 200: z.object({ id: z.number().int() }).describe('The prompt is saved under this id') },
  errors: ['saved_prompts_limit_exceeded', 'forbidden_prompt'],
});

export const listPrompts = operation('listPrompts', {
  tag: 'prompts',
  summary: 'List saved prompts',
  description:
    "A page of the signed-in user's own prompts (`mine`, with `and_subscribed` also the ones they " +
    'subscribe to), of every published prompt (`community`) or of the published prompts they subscribe ' +
    'to (`subscribed`), searched by name and sorted.',
  params: listTarget,
  querystring: promptPageQuery,
  body: promptListBody.nullish(),
  // Words of its own: a copy with the component's description would be a bare $ref (zod drops the
  // keys it shares with the schema it refers to), and the answer would read "Default Response".
  responses: { 200: savedPromptPage.describe('One page of the list, in the order asked for') },
  errors: [],
});

export const deletePrompt = operation('deletePrompt', {
  tag: 'prompts',
  summary: 'Delete one of your saved prompts',
  description: "Deletes a saved prompt of the signed-in user's; its subscriptions go with it.",
  params: deleteTarget,
  responses: { 200: okAnswer.describe('The prompt is deleted') },
  errors: ['not_found', 'unauthorized_resource'],
});

export const publishPrompt = operation('publishPrompt', {
  tag: 'prompts',
  summary: 'Publish or unpublish one of your saved prompts',
  description:
    "Publishes (`public`, the default) or unpublishes a saved prompt of the signed-in user's. " +
    'Unpublishing keeps its subscriptions but hides it from every list but its author’s.',
  params: promptIdParams,
  body: publishPromptBody.nullish(),
  responses: {
    200: z.object({ public: z.boolean() }).describe('Whether the prompt is published now'),
  },
  errors: ['not_found', 'unauthorized_resource'],
});

export const subscribePrompt = operation('subscribePrompt', {
  tag: 'prompts',
  summary: "Subscribe to another user's prompt",
  description:
    "Subscribes the signed-in user to another user's published prompt (`subscribe`, the default) or " +
    'unsubscribes (also from a prompt its author has unpublished); repeating a call changes nothing.',
  params: promptIdParams,
  body: subscribePromptBody.nullish(),
  responses: {
    200: z
      .object({ subscribed: z.boolean(), subscriber_count: z.number().int() })
      .describe('Whether the caller subscribes now, and how many users do'),
  },
  errors: ['not_found', 'unauthorized_resource'],
});

export const promptsOperations = {
  savePrompt,
  listPrompts,
  deletePrompt,
  publishPrompt,
  subscribePrompt,
};
