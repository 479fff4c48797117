/**
 * The generator's settings state: restored from local storage (promptData), kept within the plan and
 * the interlocks by normaliseSettings after every change (docs/product/generation.md#plan-forcing), and saved
 * back on every change.
 */
import {
  normaliseSettings,
  type GeneratorSettings,
  type Plan,
  type Render,
  type SettingsSource,
} from '@mirage/domain';
import { useCallback, useEffect, useState } from 'react';
import type { GraphicStyle } from '../catalogue/index.ts';
import {
  browserStorage,
  loadPromptData,
  PROMPT_DATA_REPLACED,
  savePromptData,
  type PromptData,
} from './persistence.ts';

export interface SettingsState {
  settings: GeneratorSettings;
  render: Render;
  /** Applies a change, then the plan rules and interlocks. */
  update: (patch: Partial<GeneratorSettings>) => void;
  setRender: (render: Render) => void;
}

function normalised(data: PromptData, plan: Plan, styles: readonly GraphicStyle[], source: SettingsSource) {
  // Without the catalogue the style rules are skipped (an empty list would clear the chosen style).
  const catalogue = styles.length > 0 ? styles : undefined;
  const { settings } = normaliseSettings(data.settings, {
    plan,
    styles: catalogue,
    render: data.render,
    source,
  });
  return { ...data, settings };
}

/**
 * `ready` is true once the plan is known (the user loaded, or a guest) and the styles are in. Until then
 * the stored settings are shown as they are; then they are restored once under the plan's rules
 * (source 'restore'), and again whenever the plan changes (e.g. a Pro period ended).
 */
export function useGeneratorSettings(
  plan: Plan,
  styles: readonly GraphicStyle[],
  ready: boolean,
): SettingsState {
  const [data, setData] = useState<PromptData>(() => loadPromptData(browserStorage(), plan));
  const [appliedPlan, setAppliedPlan] = useState<Plan | null>(null);

  // Derived state, adjusted during render (no effect round trip): the rules of a new plan apply at once.
  if (ready && appliedPlan !== plan) {
    setAppliedPlan(plan);
    setData((current) => normalised(current, plan, styles, appliedPlan === null ? 'restore' : 'edit'));
  }

  useEffect(() => {
    savePromptData(browserStorage(), data);
  }, [data]);

  // A clone from the image viewer replaced the saved settings while this page was kept alive.
  useEffect(() => {
    const reload = () => setData(normalised(loadPromptData(browserStorage(), plan), plan, styles, 'restore'));
    window.addEventListener(PROMPT_DATA_REPLACED, reload);
    return () => window.removeEventListener(PROMPT_DATA_REPLACED, reload);
  }, [plan, styles]);

  const update = useCallback(
    (patch: Partial<GeneratorSettings>) =>
      setData((current) =>
        normalised({ ...current, settings: { ...current.settings, ...patch } }, plan, styles, 'edit'),
      ),
    [plan, styles],
  );

  const setRender = useCallback(
    (render: Render) => setData((current) => normalised({ ...current, render }, plan, styles, 'edit')),
    [plan, styles],
  );

  return { settings: data.settings, render: data.render, update, setRender };
}
