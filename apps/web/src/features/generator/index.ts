/**
 * The generator: what other features use of it (the viewer's "use these settings", image files' URLs,
 * the user's plan) and the panels the tweak studio shows with a GeneratorContext of its own (style,
 * prompts, boosters, seed, options, cost, task card, plan modals). Its page is routed by
 * pages/CreatePage.tsx.
 */
export { imageUrls, type TaskView } from './api.ts';
export { indexModifiers, styleRefusal, type IndexedModifier } from './boosters.ts';
export { BoosterPanel } from './BoosterPanel.tsx';
export { CatalogueGate } from './CatalogueGate.tsx';
export { CostView } from './CostSummary.tsx';
export { cooldownSeconds, payingBalance, planOf } from './createFlow.ts';
export { GeneratorContext, type GeneratorContextValue, type GeneratorModal } from './GeneratorContext.ts';
export { GeneratorModals } from './GeneratorModals.tsx';
export {
  browserStorage,
  loadPromptData,
  PROMPT_DATA_REPLACED,
  replacePromptData,
  type PromptData,
} from './persistence.ts';
export { PromptPanel } from './PromptPanel.tsx';
export { useFailureCooldown, useTaskRequestErrors } from './requestErrors.ts';
export { Section } from './Section.tsx';
export { SeedField } from './SeedField.tsx';
export { StyleGrid } from './StyleGrid.tsx';
export { StylePicker } from './StylePicker.tsx';
export { TaskCard } from './TaskCard.tsx';
export { FAILED_TASK_CLEANUP_MS, GENERATION_ERROR_NOTICE_MS, GENERATOR_NOTICE_MS } from './timing.ts';
export { ToggleRow } from './ToggleRow.tsx';
