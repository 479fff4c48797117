/**
 * Calls of the catalogue: styles, boosters, presets and the prompt rules, shared by the generator, the
 * gallery's filters, the viewer and the settings. Shapes follow the API.
 */
import type { ModerationRule, Render } from '@mirage/domain';
import { api } from '../api/index.ts';

export interface GraphicStyle {
  id: number;
  lib: string;
  /** URL of a WebP preview. */
  preview: string;
  render: Render;
  is_free: boolean;
  is_new: boolean;
  pipeline: string;
  txt2img: boolean;
}

export interface Modifier {
  id: number;
  lib: string;
  /** Proposed weight in %. */
  weight: number;
  render: Render | 'both';
  /** URL of a WebP preview (256x352). */
  preview: string;
  tags: string[];
  is_new: boolean;
  /** Ids of the styles this booster cannot be used with. */
  incompatible_styles: number[];
}

export interface ModifierCategory {
  id: number;
  lib: string;
  modifiers: Modifier[];
}

export interface Preset {
  id: number;
  /** English title. */
  lib: string;
  /** The positive prompt. */
  value: string;
  neg_prompt: string;
  favorite: boolean;
}

/** Presets by category path ("Scenery/Mountains/Summer"). */
export type PresetMap = Record<string, Preset[]>;

export const fetchStyles = (signal?: AbortSignal) => api.get<GraphicStyle[]>('/api/config/styles', signal);

export const fetchModifiers = (signal?: AbortSignal) =>
  api.get<ModifierCategory[]>('/api/settings/modifiers', signal);

export const fetchPresets = (signal?: AbortSignal) =>
  api.get<{ presets: PresetMap }>('/api/preset', signal).then((answer) => answer.presets);

export const fetchRandomPreset = () =>
  api.get<{ id: number; prompt: string; neg_prompt: string }>('/api/preset/random');

export const setPresetFavorite = (id: number, favorite: boolean) =>
  api.put<{ favorite: boolean }>(`/api/preset/${id}/favorite`, { favorite });

export const fetchModerationRules = (signal?: AbortSignal) =>
  api.get<{ rules: ModerationRule[] }>('/api/config/moderation_rules', signal).then((answer) => answer.rules);
