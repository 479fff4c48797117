/**
 * The AI prompt assistant (docs/product/generation.md#ai-prompt-assistant): its state, shared by the
 * generator's prompt panel and create button, its calls, and the toggle and panel the prompt panel shows.
 */
export { requestSuggestion } from './api.ts';
export {
  createAssistantStore,
  type AssistantAction,
  type AssistantSnapshot,
  type AssistantStore,
} from './assistantStore.ts';
export {
  ASSISTANT_SIGNIN_PATH,
  AssistantPanel,
  AssistantToggle,
  useSuggestionBlocksCreate,
} from './PromptAssistant.tsx';
