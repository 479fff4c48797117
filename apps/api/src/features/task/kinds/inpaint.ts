import {
  creativityOf,
  DEFAULT_FORMAT,
  DEFAULT_TWEAK_STYLE_LIB,
  effectivePlan,
  inpaintDenoise,
  jobPixels,
  laneForFastLane,
  qualityOf,
  randomSeed,
  tweakCfg,
  tweakCost,
  TASK_STATE,
  type GeneratorSettings,
  type InpaintBody,
  type Plan,
} from '@mirage/domain';
import type { ImageRow } from '../../../db/schema/generation.ts';
import {
  findBoosters,
  findStyle,
  findStyleByLib,
  type GenerationBooster,
  type GenerationStyle,
} from '../../catalogue/index.ts';
import { buildTweakJob } from '../job-builder.ts';
import { normaliseMask } from '../mask.ts';
import { saveTaskMask } from '../mask-repository.ts';
import { assertNoFailureCooldown } from './cooldown.ts';
import { checkStyleAndBoosters } from './settings-check.ts';
import type { CreationContext, JobKind } from './kind.ts';
import { newImageTaskAnswer, storeNewImage } from './new-image.ts';
import { checkTweakLocked, checkTweakSource, readableSource, tweakIsPrivate } from './tweak-source.ts';
import { leasedJob, maskImageUrl, sourceImageUrl } from './worker-job.ts';

export interface InpaintRequest {
  body: InpaintBody;
  fastLane: boolean;
}

interface CheckedInpaint {
  source: ImageRow;
  style: GenerationStyle;
  boosters: GenerationBooster[];
  body: InpaintBody & { seed: number; prompt: string; neg_prompt: string };
  fastLane: boolean;
  plan: Plan;
  /** The mask, normalised to the source's size (mask.ts). */
  mask: Buffer;
}

/** The style to redraw with: the one asked for, else the source's, else the default tweak style. */
async function inpaintStyle(context: CreationContext, body: InpaintBody, source: ImageRow) {
  const id = body.style_id ?? source.style_id;
  if (id !== null) return { id, style: await findStyle(context.db, id) };
  const fallback = await findStyleByLib(context.db, DEFAULT_TWEAK_STYLE_LIB);
  return { id: fallback?.id ?? 0, style: fallback };
}

/**
 * Redraw the painted part of an image (POST /api/tasks/img2img/inpaint, docs/product/generation.md#tweak).
 * The result is a new image of the user's, linked to its source.
 */
export const inpaintKind: JobKind<
  'inpaint',
  InpaintRequest,
  CheckedInpaint,
  ReturnType<typeof newImageTaskAnswer>
> = {
  type: 'inpaint',
  leasedState: TASK_STATE.Tweak,

  /**
   * The source, moderation, the source's rules, the style and boosters under the plan's rules (as on
   * txt2img), the cooldown, and last the mask (decoding it is the costliest check).
   */
  async validate(context, userId, { body, fastLane }) {
    const source = await readableSource(context, userId, body.source_img);
    // Decision: an empty prompt redraws the painted part from the source's own prompts.
    const prompts = body.prompt
      ? { prompt: body.prompt, neg_prompt: body.neg_prompt }
      : { prompt: source.prompt, neg_prompt: body.neg_prompt || source.neg_prompt };
    await context.moderatePrompt(userId, prompts.prompt, prompts.neg_prompt);
    const user = await checkTweakSource(context, userId, 'inpaint', source);

    const { id: styleId, style } = await inpaintStyle(context, body, source);
    const boosters = await findBoosters(
      context.db,
      body.modifiers.map((slot) => slot.id),
    );
    const seed = body.seed ?? randomSeed();
    const settings: GeneratorSettings = {
      ...prompts,
      seed,
      seedLock: body.seed !== null,
      // Quality and format are the source's; validateSettings is asked only about style, boosters and
      // options, so it gets the plan-neutral values.
      quality: 'Standard',
      format: DEFAULT_FORMAT,
      creativity: creativityOf(source.gen_data.creativity),
      upscale: false,
      fastLane,
      slow_mode: false,
      watermark: body.watermark,
      private: false,
      style_id: styleId,
      modifiers: body.modifiers,
      less_nsfw: body.less_nsfw,
      automatic_face_restore: body.automatic_face_restore,
      multiGeneration: 1,
    };
    const checkedStyle = checkStyleAndBoosters(settings, { user, now: context.now(), style, boosters });
    await assertNoFailureCooldown(context, userId);
    const mask = await normaliseMask(body.mask, source);
    return {
      source,
      style: checkedStyle,
      boosters,
      body: { ...body, ...prompts, seed },
      fastLane,
      plan: effectivePlan(user, context.now()),
      mask,
    };
  },

  price: ({ source, body, fastLane, plan }) =>
    tweakCost({ fastLane, watermark: body.watermark, quality: qualityOf(source.quality) }, plan),

  checkLocked: (_context, trx, userId, { source }) => checkTweakLocked(trx, userId, source),

  build(_context, taskId, userId, { source, style, boosters, body, fastLane }, cost) {
    const creativity = creativityOf(source.gen_data.creativity);
    const job = buildTweakJob(taskId, {
      type: 'inpaint',
      seed: body.seed,
      prompt: body.prompt,
      negativePrompt: body.neg_prompt,
      style,
      boosters,
      weights: new Map(body.modifiers.map((slot) => [slot.id, slot.weight])),
      width: source.width,
      height: source.height,
      cfg: tweakCfg(creativity),
      denoise: inpaintDenoise(body.inpaint_type),
      faceRestore: body.automatic_face_restore,
      watermark: body.watermark,
    });
    return {
      id: taskId,
      user_id: userId,
      type: 'inpaint',
      lane: laneForFastLane(fastLane),
      settings: {
        img2img_type: 'inpaint',
        source_img: source.uuid,
        prompt: body.prompt,
        neg_prompt: body.neg_prompt,
        style_id: style.id,
        style_lib: style.lib,
        render: style.render,
        format: source.format,
        quality: source.quality,
        creativity,
        inpaint_type: body.inpaint_type,
        modifiers: body.modifiers,
        less_nsfw: body.less_nsfw,
        automatic_face_restore: body.automatic_face_restore,
        watermark: body.watermark,
        private: tweakIsPrivate(source, userId),
        fastLane,
      },
      job,
      checkpoint: job.checkpoint,
      pixels: jobPixels(job),
      signature: null,
      cost,
      source_image_id: source.id,
    };
  },

  /** The mask is stored with the task, in its transaction (mask-repository.ts). */
  afterEnqueue: (trx, task, { mask }) => saveTaskMask(trx, task.id, mask),

  answer: newImageTaskAnswer,

  toWorkerJob: (task) => leasedJob(task, { source: sourceImageUrl(task.id), mask: maskImageUrl(task.id) }),

  /** A new image of the user's, linked to its source (new-image.ts); the done unit drops the mask. */
  complete: storeNewImage,
};
