import { assistantBody, TEXT_LIMIT_POS } from '@mirage/domain';
import { z } from 'zod';
import { operation } from './define.ts';

/**
 * The AI prompt assistant (docs/product/assistant.md): tag completion and natural language to tags,
 * for signed-in users (guests are sent to sign in). Both answer a prompt that the generator previews and
 * may put in place of its own; both answers went through the moderation rules and the child-safety
 * layer, like a prompt sent to txt2img.
 */

const assistantAnswer = (what: string) =>
  z
    .object({
      output: z
        .string()
        .max(TEXT_LIMIT_POS)
        .describe('The new prompt: lowercase tags separated by commas, at most the prompt limit'),
    })
    .describe(what);

/** The refusals both calls share: the prompt itself, a muted account, too many calls. */
const ASSISTANT_ERRORS = ['forbidden_prompt', 'user_muted', 'spam_protection'] as const;

export const completePromptTags = operation('completePromptTags', {
  tag: 'generation',
  summary: 'Complete a prompt with related tags',
  description:
    'Adds up to 8 tags related to the tags already in `input` (by how often they go together, then by ' +
    'popularity), never one that is there already; the prompt is kept as it was, the new tags follow it. ' +
    'For signed-in users; limited per user.',
  body: assistantBody,
  responses: { 200: assistantAnswer('The prompt with the added tags') },
  errors: ASSISTANT_ERRORS,
});

export const convertPromptToTags = operation('convertPromptToTags', {
  tag: 'generation',
  summary: 'Turn a sentence into tags',
  description:
    'Rewrites a natural-language description as a comma-separated list of tags: through the configured ' +
    'language model when there is one (ASSISTANT_URL), otherwise (or when it fails) through the built-in ' +
    'converter. For signed-in users; limited per user.',
  body: assistantBody,
  responses: { 200: assistantAnswer('The description as tags') },
  errors: ASSISTANT_ERRORS,
});

export const assistantOperations = { completePromptTags, convertPromptToTags };
