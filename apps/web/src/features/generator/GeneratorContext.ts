/** What every panel of the generator shares: the user and plan, the catalogue, the settings, the tasks. */
import type { UserSettings } from '@mirage/contract';
import type { GeneratorSettings, ModerationRule, Plan, PlanCapabilities, Render } from '@mirage/domain';
import { createContext, useContext } from 'react';
import type { AssistantStore } from '../assistant/index.ts';
import type { GraphicStyle, Modifier, ModifierCategory } from '../catalogue/index.ts';
import type { IndexedModifier } from './boosters.ts';
import type { TaskStore } from '../task/index.ts';

export type GeneratorModal =
  | { type: 'no-style'; kind: 'generate' | 'modifier' }
  | {
      type: 'pro-required';
      reason: 'style' | 'option';
      /** The lowest plan that has the option, when known: a Basic user locked out of a Pro option is told Pro. */
      plan?: Plan;
    }
  | { type: 'pro-expired' }
  | { type: 'duplicate'; uuid: string }
  | { type: 'incompatible'; style: GraphicStyle; boosters: Modifier[] };

export interface GeneratorContextValue {
  signedIn: boolean;
  user: UserSettings | undefined;
  plan: Plan;
  capabilities: Readonly<PlanCapabilities>;
  /** Styles offered for generation (txt2img only, docs/product/generation.md#catalogue). */
  styles: readonly GraphicStyle[];
  categories: readonly ModifierCategory[];
  modifiers: ReadonlyMap<number, IndexedModifier>;
  rules: readonly ModerationRule[];
  settings: GeneratorSettings;
  render: Render;
  update: (patch: Partial<GeneratorSettings>) => void;
  setRender: (render: Render) => void;
  /** Picks a style, unless the plan or the chosen boosters refuse it (then a modal says why). */
  chooseStyle: (style: GraphicStyle) => void;
  tasks: TaskStore;
  modal: GeneratorModal | null;
  openModal: (modal: GeneratorModal) => void;
  closeModal: () => void;
  /** Refetches GET /api/user/me, so that the ticket count in the top menu follows at once. */
  refreshUser: () => void;
  /** Scrolls to the style picker and focuses it. */
  focusStyles: () => void;
  /**
   * The AI prompt assistant under the prompt (the generator's only; the tweak studio has none): its
   * suggestion, while pending or shown, holds the create button back.
   */
  assistant?: AssistantStore;
}

export const GeneratorContext = createContext<GeneratorContextValue | null>(null);

export function useGenerator(): GeneratorContextValue {
  const value = useContext(GeneratorContext);
  if (!value) throw new Error('useGenerator must be used inside <GeneratorProvider>');
  return value;
}

/** The style chosen in the settings, if it is in the catalogue. */
export function useChosenStyle(): GraphicStyle | undefined {
  const { styles, settings } = useGenerator();
  return styles.find((style) => style.id === settings.style_id);
}
