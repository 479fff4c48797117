import {
  capabilitiesFor,
  effectivePlan,
  generationCost,
  jobPixels,
  laneFor,
  randomSeed,
  settingsFromTxt2img,
  taskSignature,
  TASK_STATE,
  type GeneratorSettings,
  type Plan,
  type Txt2imgBody,
} from '@mirage/domain';
import { AppError } from '../../../errors.ts';
import {
  findBoosters,
  findStyle,
  type GenerationBooster,
  type GenerationStyle,
} from '../../catalogue/index.ts';
import { buildTxt2imgJob } from '../job-builder.ts';
import { findAccount } from '../../user/index.ts';
import { unfinishedTasks } from '../user-task-repository.ts';
import { assertNoFailureCooldown } from './cooldown.ts';
import { checkStyleAndBoosters } from './settings-check.ts';
import type { CreationContext, JobKind } from './kind.ts';
import { newImageTaskAnswer, storeNewImage } from './new-image.ts';
import { leasedJob } from './worker-job.ts';

export interface Txt2imgRequest {
  body: Txt2imgBody;
  fastLane: boolean;
}

interface CheckedTxt2img {
  settings: GeneratorSettings & { seed: number };
  style: GenerationStyle;
  boosters: GenerationBooster[];
  plan: Plan;
  signature: string;
}

/** Outside the transaction: an identical finished image, and the failure cooldown. */
async function assertNotRepeated(context: CreationContext, userId: number, signature: string) {
  const existing = await context.images.findBySignature(userId, signature);
  if (existing) throw new AppError('duplicate_task_signature', { uuid: existing.uuid });
  await assertNoFailureCooldown(context, userId);
}

/** Text to image from the generator's settings (POST /api/tasks/txt2img). */
export const txt2imgKind: JobKind<
  'txt2img',
  Txt2imgRequest,
  CheckedTxt2img,
  ReturnType<typeof newImageTaskAnswer>
> = {
  type: 'txt2img',
  leasedState: TASK_STATE.Generate,

  /** Moderation, the catalogue (style, boosters), the plan's rules, then repeats and the cooldown. */
  async validate(context, userId, { body, fastLane }) {
    const requested = settingsFromTxt2img(body, fastLane);
    const settings = { ...requested, seed: requested.seed ?? randomSeed() };
    await context.moderatePrompt(userId, settings.prompt, settings.neg_prompt);

    const style = settings.style_id === null ? undefined : await findStyle(context.db, settings.style_id);
    const boosters = await findBoosters(
      context.db,
      settings.modifiers.map((slot) => slot.id),
    );
    const user = await findAccount(context.db, userId);
    if (!user) throw new AppError('user_not_found');
    const checkedStyle = checkStyleAndBoosters(settings, { user, now: context.now(), style, boosters });
    const signature = taskSignature(userId, settings);
    await assertNotRepeated(context, userId, signature);
    return {
      settings,
      style: checkedStyle,
      boosters,
      plan: effectivePlan(user, context.now()),
      signature,
    };
  },

  price: ({ settings, plan }) => generationCost(settings, plan),

  /** The user's running copies of the same settings, and the plan's cap on running tasks. */
  async checkLocked(_context, trx, userId, { plan, signature }) {
    const running = await unfinishedTasks(trx, userId);
    if (running.some((task) => task.signature === signature)) throw new AppError('duplicate_task_signature');
    const maxRunning = capabilitiesFor(plan).maxConcurrentTasks;
    if (running.length >= maxRunning) throw new AppError('max_running_tasks', { max: maxRunning });
  },

  build(context, taskId, userId, { settings, style, boosters, plan, signature }, cost) {
    const job = buildTxt2imgJob(taskId, settings, style, boosters, {
      upscaleModel: context.upscaleModel,
      watermark: settings.watermark,
    });
    return {
      id: taskId,
      user_id: userId,
      type: 'txt2img',
      lane: laneFor(settings, plan),
      settings: { ...settings, render: style.render, style_lib: style.lib },
      job,
      checkpoint: job.checkpoint,
      pixels: jobPixels(job),
      signature,
      cost,
    };
  },

  answer: newImageTaskAnswer,

  toWorkerJob: (task) => leasedJob(task),

  /** A new image with the task's settings and its tags (new-image.ts). */
  complete: storeNewImage,
};
