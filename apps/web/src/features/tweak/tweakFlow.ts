/**
 * The tweak button (spec §4 Tweak, docs/product/generation.md#tweak): what a press does, decided from the
 * studio's state, the price and the balance that pays, and the request bodies. Pure, so the order of the
 * rules is tested without a browser.
 */
import type { Body, UserSettings } from '@mirage/contract';
import {
  capabilitiesFor,
  chooseBalance,
  effectivePlan,
  inpaintDenoise,
  isTerminal,
  TASK_STATE,
  tweakCostBreakdown,
  tweakSourceProblem,
  type BalanceField,
  type CostBreakdown,
  type GraphicStyleRule,
  type Plan,
  type TaskView,
  type TweakMode,
} from '@mirage/domain';
import type { TweakSettings } from './settings.ts';
import type { SourceImage } from './source.ts';

export type InpaintRequest = Body<'createInpaint'>;
export type ConvertRequest = Body<'createStyleConvert'>;

/** Why the button is off; the bar says it under the button. */
export type TweakBlock =
  /** No source chosen (spec: "tweak disabled with no image"). */
  | 'no-image'
  /** The source, its generation data or the user are loading. */
  | 'loading'
  /** A guest sample or a legacy image: nothing to tweak from (image_no_gen_data). */
  | 'no-gen-data'
  /** The source is being upscaled (spec: "a task still updating"). */
  | 'updating'
  /** One tweak at a time, on every plan (docs/product/decisions.md#prices-and-plans). */
  | 'running'
  /** The "many failures" cooldown (docs/product/generation.md#failure-cooldown). */
  | 'cooldown'
  /** Style to Style is Pro only; the switch offers the upgrade. */
  | 'pro-required'
  /** A realistic render cannot be converted (convert_realistic_source). */
  | 'realistic-source'
  /** Style to Style without a target style chosen (or one that is no longer offered). */
  | 'no-target'
  /** The target is the source's own style (convert_same_style). */
  | 'same-style';

export type TweakAction =
  | { kind: 'blocked'; reason: TweakBlock }
  /** Inpaint without a style: the NoStyleSelected modal, as on /create. */
  | { kind: 'no-style' }
  /** Not enough tickets or energy: the button reads "Buy tickets" and opens /tickets. */
  | { kind: 'buy' }
  /** Nothing painted: a press says so (notification empty_tweak_mask) and sends nothing. */
  | { kind: 'empty-mask' }
  | { kind: 'tweak' };

const TWEAK_TYPES = new Set(['inpaint', 'style_convert']);

/** Whether a task is a tweak (inpaint or style conversion) that has not ended. */
export const isRunningTweak = (task: TaskView) => TWEAK_TYPES.has(task.genType) && !isTerminal(task.state);

/** Whether an unfinished task is changing the source (an upscale of it: spec "a task still updating"). */
export function sourceUpdating(tasks: readonly TaskView[], uuid: string): boolean {
  return tasks.some((task) => !isTerminal(task.state) && task.settings.image_uuid === uuid);
}

/** The mode a user may be in: Style to Style needs Pro (docs/product/decisions.md#prices-and-plans). */
export function effectiveMode(mode: TweakMode, plan: Plan): TweakMode {
  return mode === 'style_convert' && !capabilitiesFor(plan).canStyleConvert ? 'inpaint' : mode;
}

/** What a tweak of this source costs, from the domain's price (decisions.md#tweak). */
export function tweakPrice(settings: TweakSettings, source: SourceImage | null, plan: Plan): CostBreakdown {
  return tweakCostBreakdown(
    { fastLane: settings.fastLane, watermark: settings.watermark, quality: source?.quality ?? 'Standard' },
    plan,
  );
}

/** The balance that pays a tweak, or null when neither suffices (energy first for premium). */
export function tweakBalance(user: UserSettings, cost: number, now: Date = new Date()): BalanceField | null {
  return chooseBalance(user, cost, now).balance;
}

export interface TweakInput {
  mode: TweakMode;
  source: SourceImage | null;
  /** The source's info or generation data, or the user, still loading. */
  loading: boolean;
  user: UserSettings | undefined;
  settings: TweakSettings;
  /** The styles offered, to check the conversion's target. */
  styles: readonly GraphicStyleRule[];
  maskEmpty: boolean;
  tasks: readonly TaskView[];
  cooling: boolean;
  now?: Date;
}

const BLOCK_OF_CODE: Record<string, TweakBlock> = {
  image_no_gen_data: 'no-gen-data',
  unauthorized_style: 'pro-required',
  user_pro_expired: 'pro-required',
  convert_realistic_source: 'realistic-source',
  style_disabled: 'no-target',
  convert_same_style: 'same-style',
};

/** What the tweak button does now, in the order of spec §4. */
export function tweakAction(input: TweakInput): TweakAction {
  const { source, user, settings } = input;
  const blocked = (reason: TweakBlock): TweakAction => ({ kind: 'blocked', reason });
  if (!source) return blocked(input.loading ? 'loading' : 'no-image');
  if (input.loading || !user) return blocked('loading');
  const now = input.now ?? new Date();
  const target = input.styles.find((style) => style.id === settings.targetStyleId);
  const problem = tweakSourceProblem(input.mode, source.rule, {
    user,
    now,
    target,
    targetId: settings.targetStyleId ?? undefined,
  });
  // The source's own rule first: an image without generation data can be tweaked in no mode.
  if (problem?.code === 'image_no_gen_data') return blocked('no-gen-data');
  if (sourceUpdating(input.tasks, source.uuid)) return blocked('updating');
  if (input.tasks.some(isRunningTweak)) return blocked('running');
  if (input.cooling) return blocked('cooldown');
  if (problem) return blocked(BLOCK_OF_CODE[problem.code] ?? 'no-target');
  if (input.mode === 'inpaint' && settings.style_id === null) return { kind: 'no-style' };
  const plan = effectivePlan(user, now);
  if (tweakBalance(user, tweakPrice(settings, source, plan).total, now) === null) return { kind: 'buy' };
  if (input.mode === 'inpaint' && input.maskEmpty) return { kind: 'empty-mask' };
  return { kind: 'tweak' };
}

/**
 * The inpaint body (docs/product/generation.md#tweak): prompts trimmed, the seed only while it is locked
 * (unlocked, the server draws one), the strength inside its range, the mask as base64 PNG.
 */
export function inpaintRequest(
  settings: TweakSettings,
  source: string,
  maskBase64: string,
): InpaintRequest & { style_id: number | null } {
  return {
    source_img: source,
    mask: maskBase64,
    prompt: settings.prompt.trim(),
    neg_prompt: settings.neg_prompt.trim(),
    seed: settings.seedLock ? settings.seed : null,
    style_id: settings.style_id,
    modifiers: settings.modifiers.map(({ id, weight }) => ({ id, weight })),
    less_nsfw: settings.less_nsfw,
    automatic_face_restore: settings.automatic_face_restore,
    inpaint_type: inpaintDenoise(settings.strength),
    watermark: settings.watermark,
  };
}

/** The style conversion body: the source, its target, the seed while locked, the watermark. */
export function convertRequest(
  settings: TweakSettings & { targetStyleId: number },
  source: string,
): ConvertRequest {
  return {
    source_img: source,
    target_style: settings.targetStyleId,
    seed: settings.seedLock ? settings.seed : null,
    watermark: settings.watermark,
  };
}

/** Base64 of bytes (the mask PNG), in slices: String.fromCharCode takes a bounded number of arguments. */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  const slice = 0x8000;
  for (let offset = 0; offset < bytes.length; offset += slice) {
    binary += String.fromCharCode(...bytes.subarray(offset, offset + slice));
  }
  return btoa(binary);
}

/** The tweak the studio follows: the task it sent, as the live stream reports it. */
export function followedTask(tasks: readonly TaskView[], taskId: string | null): TaskView | null {
  return taskId === null ? null : (tasks.find((task) => task.task_id === taskId) ?? null);
}

/** The image of a finished tweak, or null: the studio then shows the result instead of the editor. */
export function resultOf(task: TaskView | null): string | null {
  return task?.state === TASK_STATE.Done ? task.image_uuid : null;
}
