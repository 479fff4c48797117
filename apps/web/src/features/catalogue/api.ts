/**
 * Calls of the catalogue: styles, boosters, presets and the prompt rules, shared by the generator, the
 * gallery's filters, the viewer and the settings. Shapes come from the API's contract (@mirage/contract).
 */
import type { Answer } from '@mirage/contract';
import { call, firstScreenAnswer } from '../api/index.ts';

/** A graphic style (GET /api/config/styles; `preview` is the URL of a WebP preview). */
export type GraphicStyle = Answer<'listStyles'>[number];

/** A booster category with its boosters (GET /api/settings/modifiers). */
export type ModifierCategory = Answer<'listModifiers'>[number];

/** A booster: proposed weight in %, a 256x352 WebP preview, the ids of the styles it cannot be used with. */
export type Modifier = ModifierCategory['modifiers'][number];

/** Presets by category path ("Scenery/Mountains/Summer"). */
export type PresetMap = Answer<'getPresets'>['presets'];

/** A preset: `lib` is its English title, `value` the positive prompt. */
export type Preset = PresetMap[string][number];

export const fetchStyles = (signal?: AbortSignal) => call('listStyles', {}, signal);

export const fetchModifiers = (signal?: AbortSignal) => call('listModifiers', {}, signal);

// What the server put in the page for these calls, if anything (features/api/client.ts: firstScreenAnswer).
export const embeddedStyles = () => firstScreenAnswer('listStyles', {});
export const embeddedModifiers = () => firstScreenAnswer('listModifiers', {});
export const embeddedModerationRules = () => firstScreenAnswer('listModerationRules', {})?.rules;

export const fetchPresets = (signal?: AbortSignal) =>
  call('getPresets', {}, signal).then((answer) => answer.presets);

export const fetchRandomPreset = () => call('getRandomPreset', {});

export const setPresetFavorite = (id: number, favorite: boolean) =>
  call('setPresetFavorite', { params: { id }, body: { favorite } });

/** The rules the server enforces, as the domain's moderatePrompt reads them (ModerationRule). */
export const fetchModerationRules = (signal?: AbortSignal) =>
  call('listModerationRules', {}, signal).then((answer) => answer.rules);
