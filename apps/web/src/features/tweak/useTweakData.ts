/**
 * The studio's state (persistence.ts): restored from local storage (tweakData), kept within the plan's
 * rules by the generator's normaliseSettings after every change (docs/product/generation.md#plan-forcing:
 * Free users keep to free styles, a restored watermark removal is undone), and saved back on every change.
 */
import {
  normaliseSettings,
  type Plan,
  type Render,
  type SettingsSource,
  type TweakMode,
} from '@mirage/domain';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { GraphicStyle } from '../catalogue/index.ts';
import { browserStorage } from '../generator/index.ts';
import type { MaskDocument } from './mask/strokes.ts';
import { loadTweakData, saveTweakData, withMask, type TweakData } from './persistence.ts';
import { asGeneratorSettings, clampStrength, pickShared, type TweakSettings } from './settings.ts';

function normalised(data: TweakData, plan: Plan, styles: readonly GraphicStyle[], source: SettingsSource) {
  // Without the catalogue the style rules are skipped (an empty list would clear the chosen style).
  const catalogue = styles.length > 0 ? styles : undefined;
  const { settings } = normaliseSettings(asGeneratorSettings(data.settings, plan), {
    plan,
    styles: catalogue,
    render: data.render,
    source,
  });
  return {
    ...data,
    settings: { ...data.settings, ...pickShared(settings), strength: clampStrength(data.settings.strength) },
  };
}

export interface TweakDataState {
  data: TweakData;
  update: (patch: Partial<TweakSettings>) => void;
  setMode: (mode: TweakMode) => void;
  setRender: (render: Render) => void;
  /** A new source: its uuid and what the settings start with for it (prompts, style, filter). */
  adoptSource: (uuid: string, start: Partial<TweakSettings>, render: Render) => void;
  setTaskId: (taskId: string | null) => void;
  setMask: (source: string, document: MaskDocument | null) => void;
}

/**
 * `styles` are the inpaint styles (txt2img); `ready` is true once the plan and the styles are known. Until
 * then the stored data is shown as it is; then it is restored once under the plan's rules, and again
 * whenever the plan changes.
 */
export function useTweakData(plan: Plan, styles: readonly GraphicStyle[], ready: boolean): TweakDataState {
  const [data, setData] = useState<TweakData>(() => loadTweakData(browserStorage(), plan));
  const [appliedPlan, setAppliedPlan] = useState<Plan | null>(null);

  // Derived during render (no effect round trip): the rules of a new plan apply at once.
  if (ready && appliedPlan !== plan) {
    setAppliedPlan(plan);
    setData((current) => normalised(current, plan, styles, appliedPlan === null ? 'restore' : 'edit'));
  }

  useEffect(() => {
    saveTweakData(browserStorage(), data);
  }, [data]);

  const update = useCallback(
    (patch: Partial<TweakSettings>) =>
      setData((current) =>
        normalised({ ...current, settings: { ...current.settings, ...patch } }, plan, styles, 'edit'),
      ),
    [plan, styles],
  );
  const setRender = useCallback(
    (render: Render) => setData((current) => normalised({ ...current, render }, plan, styles, 'edit')),
    [plan, styles],
  );
  const adoptSource = useCallback(
    (uuid: string, start: Partial<TweakSettings>, render: Render) =>
      setData((current) =>
        normalised(
          {
            ...current,
            source: uuid,
            render,
            taskId: null,
            // A new picture: its own prompts and style, no boosters, no conversion target yet; the
            // options (strength, switches, fast lane) stay as the user left them.
            settings: { ...current.settings, modifiers: [], targetStyleId: null, seed: null, ...start },
          },
          plan,
          styles,
          'edit',
        ),
      ),
    [plan, styles],
  );
  const setMode = useCallback((mode: TweakMode) => setData((current) => ({ ...current, mode })), []);
  const setTaskId = useCallback(
    (taskId: string | null) => setData((current) => ({ ...current, taskId })),
    [],
  );
  const setMask = useCallback(
    (source: string, document: MaskDocument | null) =>
      setData((current) => withMask(current, source, document)),
    [],
  );

  return useMemo(
    () => ({ data, update, setMode, setRender, adoptSource, setTaskId, setMask }),
    [data, update, setMode, setRender, adoptSource, setTaskId, setMask],
  );
}
