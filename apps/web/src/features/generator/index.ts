/**
 * The generator: what other features use of it (the viewer's "use these settings", image files' URLs,
 * the user's plan). Its page is routed by pages/CreatePage.tsx.
 */
export { imageUrls } from './api.ts';
export { planOf } from './createFlow.ts';
export {
  browserStorage,
  loadPromptData,
  PROMPT_DATA_REPLACED,
  replacePromptData,
  type PromptData,
} from './persistence.ts';
