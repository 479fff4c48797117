import { randomUUID } from 'node:crypto';
import {
  capabilitiesFor,
  effectivePlan,
  generationCost,
  jobPixels,
  laneFor,
  promptTags,
  randomSeed,
  settingsFromTxt2img,
  taskSignature,
  validateSettings,
  TASK_STATE,
  type GeneratorSettings,
  type GraphicStyleRule,
  type ModifierRule,
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
import { imageKeys } from '../../image/index.ts';
import { imageTags } from '../../tag/index.ts';
import { buildTxt2imgJob } from '../job-builder.ts';
import { findAccount } from '../../user/index.ts';
import { recentFailureTimes, unfinishedTasks } from '../user-task-repository.ts';
import type { CreationContext, JobKind } from './kind.ts';
import { leasedJob } from './worker-job.ts';

/** Failures in this window count toward the cooldown (max_failed_task, data.remaining_time). */
export const FAILURE_WINDOW_MS = 60_000;
export const FAILURES_BEFORE_COOLDOWN = 3;

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
  const now = context.now().getTime();
  const failures = await recentFailureTimes(context.db, userId, new Date(now - FAILURE_WINDOW_MS));
  if (failures.length >= FAILURES_BEFORE_COOLDOWN) {
    const oldest = failures[FAILURES_BEFORE_COOLDOWN - 1]!.finished_at!;
    const remaining = Math.max(0, oldest.getTime() + FAILURE_WINDOW_MS - now) / 1000;
    throw new AppError('max_failed_task', { remaining_time: Math.round(remaining * 100) / 100 });
  }
}

/** Text to image from the generator's settings (POST /api/tasks/txt2img). */
export const txt2imgKind: JobKind<'txt2img', Txt2imgRequest, CheckedTxt2img, ReturnType<typeof answerOf>> = {
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
    const styles = new Map<number, GraphicStyleRule>(style ? [[style.id, style]] : []);
    const modifiers = new Map<number, ModifierRule>(
      boosters.map((b) => [b.id, { id: b.id, render: b.render, enabled: b.enabled }]),
    );
    const ruleError = validateSettings(settings, { user, now: context.now(), styles, modifiers });
    if (ruleError) throw new AppError(ruleError.code, ruleError.data);
    if (!style) throw new AppError('style_disabled');
    const incompatible = boosters.filter((b) => b.incompatible_style_libs.includes(style.lib));
    if (incompatible.length > 0) {
      throw new AppError('unauthorized_modifier', {
        reason: 'incompatible',
        modifiers: incompatible.map((b) => b.id),
      });
    }
    const signature = taskSignature(userId, settings);
    await assertNotRepeated(context, userId, signature);
    return { settings, style, boosters, plan: effectivePlan(user, context.now()), signature };
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

  answer: answerOf,

  toWorkerJob: (task) => leasedJob(task),

  /** A new image with the task's settings, its tags, in one statement (the done unit). */
  async complete(context, task, worker, png, metadata) {
    const uuid = randomUUID();
    const processed = await context.processResult(task, worker, png, { uuid, watermark: task.job.watermark });
    // The task's settings and job never change after enqueue, so the row loaded by the caller is enough.
    const settings = task.settings;
    const stored = await context.completion.doneWithNewImage(task, worker, {
      image: {
        uuid,
        user_id: task.user_id,
        style_id: typeof settings.style_id === 'number' ? settings.style_id : null,
        gen_type: task.type,
        render: typeof settings.render === 'string' ? settings.render : null,
        format: typeof settings.format === 'string' ? settings.format : '',
        quality: typeof settings.quality === 'string' ? settings.quality : '',
        seed: metadata.seed ?? task.job.seed,
        width: processed.width,
        height: processed.height,
        prompt: task.job.prompt,
        neg_prompt: task.job.negative_prompt,
        gen_data: JSON.stringify({ ...settings, seed: task.job.seed, model: metadata.model ?? null }),
        signature: task.signature,
        is_private: settings.private === true,
        watermarked: task.job.watermark,
        upscaled: task.job.upscale !== null,
        blurhash: processed.blurhash,
        tags: promptTags(task.job.prompt).join(', '),
      },
      tags: imageTags(task.job.prompt, settings, task.type),
    });
    if (stored) return { image_uuid: stored.uuid, duplicate: false };
    // Lost a race (reaped or completed meanwhile): drop our files, answer like the winner.
    await Promise.all(Object.values(imageKeys(uuid)).map((key) => context.store.delete(key)));
    return context.answerAfterLostRace(task.id, worker);
  },
};

function answerOf(task: { id: string; cost: number; paid_with: string | null; job: { seed: number } }) {
  return {
    task_id: task.id,
    seed: task.job.seed,
    cost: task.cost,
    paid_with_daily: task.paid_with === 'daily_token',
  };
}
