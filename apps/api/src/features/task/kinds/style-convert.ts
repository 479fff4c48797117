import {
  convertDenoise,
  creativityOf,
  effectivePlan,
  jobPixels,
  laneForFastLane,
  qualityOf,
  randomSeed,
  tweakCfg,
  tweakCost,
  TASK_STATE,
  type ConvertBody,
  type Plan,
} from '@mirage/domain';
import type { ImageRow } from '../../../db/schema/generation.ts';
import { AppError } from '../../../errors.ts';
import { findStyle, type GenerationStyle } from '../../catalogue/index.ts';
import { buildTweakJob } from '../job-builder.ts';
import { assertNoFailureCooldown } from './cooldown.ts';
import type { JobKind } from './kind.ts';
import { newImageTaskAnswer, storeNewImage } from './new-image.ts';
import { checkTweakLocked, checkTweakSource, readableSource, tweakIsPrivate } from './tweak-source.ts';
import { leasedJob, sourceImageUrl } from './worker-job.ts';

export interface StyleConvertRequest {
  body: ConvertBody;
  fastLane: boolean;
}

interface CheckedConvert {
  source: ImageRow;
  target: GenerationStyle;
  seed: number;
  watermark: boolean;
  fastLane: boolean;
  plan: Plan;
}

/**
 * Redraw a whole image in another style (POST /api/tasks/img2img/convert, docs/product/generation.md#tweak),
 * Pro only. The source's prompts describe what to keep; the target style's checkpoint draws it, at a
 * strength set by the source's creativity (docs/product/decisions.md#tweak). No boosters: the source's
 * LoRAs belong to its own style.
 */
export const styleConvertKind: JobKind<
  'style_convert',
  StyleConvertRequest,
  CheckedConvert,
  ReturnType<typeof newImageTaskAnswer>
> = {
  type: 'style_convert',
  leasedState: TASK_STATE.Tweak,

  async validate(context, userId, { body, fastLane }) {
    const source = await readableSource(context, userId, body.source_img);
    // The prompts were moderated when the source was made; the rules (and the child-safety layer's
    // terms) may have changed since, and every prompt a task runs is checked.
    await context.moderatePrompt(userId, source.prompt, source.neg_prompt);
    const target = await findStyle(context.db, body.target_style);
    const user = await checkTweakSource(context, userId, 'style_convert', source, {
      rule: target,
      id: body.target_style,
    });
    if (!target) throw new AppError('style_disabled');
    await assertNoFailureCooldown(context, userId);
    return {
      source,
      target,
      seed: body.seed ?? randomSeed(),
      watermark: body.watermark,
      fastLane,
      plan: effectivePlan(user, context.now()),
    };
  },

  price: ({ source, watermark, fastLane, plan }) =>
    tweakCost({ fastLane, watermark, quality: qualityOf(source.quality) }, plan),

  checkLocked: (_context, trx, userId, { source }) => checkTweakLocked(trx, userId, source),

  build(_context, taskId, userId, { source, target, seed, watermark, fastLane }, cost) {
    const creativity = creativityOf(source.gen_data.creativity);
    const job = buildTweakJob(taskId, {
      type: 'style_convert',
      seed,
      prompt: source.prompt,
      negativePrompt: source.neg_prompt,
      style: target,
      boosters: [],
      weights: new Map(),
      width: source.width,
      height: source.height,
      cfg: tweakCfg(creativity),
      denoise: convertDenoise(creativity),
      faceRestore: false,
      watermark,
    });
    return {
      id: taskId,
      user_id: userId,
      type: 'style_convert',
      lane: laneForFastLane(fastLane),
      settings: {
        img2img_type: 'style_convert',
        source_img: source.uuid,
        prompt: source.prompt,
        neg_prompt: source.neg_prompt,
        style_id: target.id,
        style_lib: target.lib,
        render: target.render,
        format: source.format,
        quality: source.quality,
        creativity,
        target_style: target.id,
        watermark,
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

  answer: newImageTaskAnswer,

  toWorkerJob: (task) => leasedJob(task, { source: sourceImageUrl(task.id), mask: null }),

  complete: storeNewImage,
};
