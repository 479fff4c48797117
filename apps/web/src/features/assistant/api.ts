/**
 * The assistant's two calls (docs/product/api.md): POST /api/tasks/tags completes a prompt with tags,
 * POST /api/tasks/nl_convert turns a sentence into tags; both take {input} and answer {output}.
 */
import { call } from '../api/index.ts';
import type { AssistantAction, SuggestionRequest } from './assistantStore.ts';

const OPERATION = {
  complete: 'completePromptTags',
  convert: 'convertPromptToTags',
} as const satisfies Record<AssistantAction, string>;

export const requestSuggestion: SuggestionRequest = async (action, input, signal) => {
  const answer = await call(OPERATION[action], { body: { input } }, signal);
  return answer.output;
};
