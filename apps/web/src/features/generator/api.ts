/** Calls of the generator (spec §7: config, settings/modifiers, preset, tasks). Shapes follow the API. */
import type { Creativity, Format, ModerationRule, Quality, Render } from '@mirage/domain';
import { api } from '../api/client.ts';

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

/** The body of POST /api/tasks/txt2img: the generator prompt without fastLane and seedLock. */
export interface Txt2imgBody {
  prompt: string;
  neg_prompt: string;
  upscale: boolean;
  /** Omitted: the server draws one. */
  seed?: number;
  quality: Quality;
  format: Format;
  watermark: boolean;
  private: boolean;
  style_id: number;
  creativity: Creativity;
  modifiers: { id: number; weight: number }[];
  slow_mode: boolean;
  less_nsfw: boolean;
  automatic_face_restore: boolean;
}

export interface Txt2imgAccepted {
  task_id: string;
  seed: number;
  cost: number;
  paid_with_daily: boolean;
}

/** A task as GET /api/tasks/monitor reports it (the contract lives in the domain). */
export type { TaskView } from '@mirage/domain';

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

export const createTxt2img = (body: Txt2imgBody, fastLane: boolean) =>
  api.post<Txt2imgAccepted>(`/api/tasks/txt2img?fastlane=${fastLane ? 'true' : 'false'}`, body);

/** Image files (spec §7 assets). */
export const imageUrls = (uuid: string) => ({
  thumbnail: `/images/${uuid}-min.webp`,
  full: `/images/${uuid}.webp`,
  png: `/images/${uuid}.png`,
});
