import { randomUUID } from 'node:crypto';
import {
  capabilitiesFor,
  checkChildSafety,
  chooseBalance,
  effectivePlan,
  generationCost,
  moderatePrompt,
  randomSeed,
  SAFETY_WARNING,
  settingsFromTxt2img,
  standaloneUpscaleCost,
  taskSignature,
  validateSettings,
  type GraphicStyleRule,
  type ModerationRule,
  type ModifierRule,
  type Txt2imgBody,
} from '@mirage/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../db/database.ts';
import { CHANNEL, type Notifier } from '../../events/notifier.ts';
import { AppError } from '../../errors.ts';
import { findBoosters, findStyle } from '../catalogue/repository.ts';
import { lockImage, type ImageRepository } from '../image/repository.ts';
import { applyMovement } from '../ledger/repository.ts';
import type { ModerationService } from '../moderation/service.ts';
import { applyEnergyRollover } from './energy.ts';
import { buildTxt2imgJob } from './job-builder.ts';
import type { NewTask, QueueRepository } from './queue-repository.ts';
import {
  findAccount,
  lockAccount,
  pendingUpscale,
  recentFailureTimes,
  recentTasks,
  unfinishedTasks,
} from './user-task-repository.ts';
import type { Transaction } from 'kysely';
import type { Database, UserRow } from '../../db/schema.ts';

export interface TaskServiceDeps {
  db: DB;
  queue: QueueRepository;
  images: ImageRepository;
  notifier: Notifier;
  now: () => Date;
  log: FastifyBaseLogger;
  upscaleModel: string;
  maxAttempts: number;
  loadModerationRules: () => Promise<readonly ModerationRule[]>;
  moderation: ModerationService;
}

/** Failures in this window count toward the cooldown (spec §8 max_failed_task, data.remaining_time). */
export const FAILURE_WINDOW_MS = 60_000;
export const FAILURES_BEFORE_COOLDOWN = 3;

export function createTaskService(deps: TaskServiceDeps) {
  const { db, now } = deps;

  /**
   * Child safety first (cannot be configured away): a refusal is a strike, which may warn, queue the
   * account for review or mute it (moderation/service.ts); the refused prompt is kept for moderators
   * only, never as a task. Then the rules table, whose refusal lists the words as the user wrote them.
   */
  async function moderate(userId: number, prompt: string, negPrompt: string) {
    const safety = checkChildSafety({ prompt, neg_prompt: negPrompt }, now().getUTCFullYear());
    if (safety.blocked) {
      const strike = await deps.moderation.recordChildSafetyStrike(userId, { safety, prompt, negPrompt });
      if (strike.mute) throw new AppError('user_muted');
      throw new AppError('forbidden_prompt', strike.warning ? { warning: SAFETY_WARNING } : undefined);
    }
    const result = moderatePrompt({ prompt, neg_prompt: negPrompt }, await deps.loadModerationRules());
    if (result.forbidden.length > 0) {
      throw new AppError('forbidden_prompt', {
        words: [...new Set(result.forbidden.map((hit) => hit.match))],
      });
    }
  }

  /** Outside the transaction: an identical finished image, and the failure cooldown. */
  async function assertNotRepeated(userId: number, signature: string) {
    const existing = await deps.images.findBySignature(userId, signature);
    if (existing) throw new AppError('duplicate_task_signature', { uuid: existing.uuid });
    const since = new Date(now().getTime() - FAILURE_WINDOW_MS);
    const failures = await recentFailureTimes(db, userId, since);
    if (failures.length >= FAILURES_BEFORE_COOLDOWN) {
      const oldest = failures[FAILURES_BEFORE_COOLDOWN - 1]!.finished_at!;
      const remaining = Math.max(0, oldest.getTime() + FAILURE_WINDOW_MS - now().getTime()) / 1000;
      throw new AppError('max_failed_task', { remaining_time: Math.round(remaining * 100) / 100 });
    }
  }

  /** Inside the transaction, with the account row locked: running copies and the plan's cap. */
  async function assertCanRun(trx: DB, userId: number, maxRunning: number, signature: string) {
    const running = await unfinishedTasks(trx, userId);
    if (running.some((task) => task.signature === signature)) throw new AppError('duplicate_task_signature');
    if (running.length >= maxRunning) throw new AppError('max_running_tasks', { max: maxRunning });
  }

  /**
   * The money part of every task, inside the caller's transaction with the account row locked: apply the
   * day's energy rollover, pick the balance (energy first for premium, §4), debit it through the ledger,
   * queue the task and wake the workers. Nothing is charged if any step fails.
   */
  async function debitAndEnqueue(
    trx: Transaction<Database>,
    account: UserRow,
    task: Omit<NewTask, 'paid_with'>,
  ) {
    const current = await applyEnergyRollover(trx, account, now());
    const choice = chooseBalance(current, task.cost, now());
    if (choice.balance === null && task.cost > 0) throw new AppError(choice.code);
    const paidWith = task.cost > 0 ? choice.balance : null;
    if (paidWith) {
      await applyMovement(trx, {
        userId: account.id,
        balance: paidWith,
        delta: -task.cost,
        reason: 'task_debit',
        idempotencyKey: `debit:${task.id}`,
      });
    }
    const queued = await deps.queue.enqueue(
      trx,
      { ...task, paid_with: paidWith, max_attempts: deps.maxAttempts },
      now(),
    );
    await deps.notifier.notify(trx, CHANNEL.taskQueued, queued.id);
    await deps.notifier.notify(trx, CHANNEL.taskChanged, `${account.id}:${queued.id}`);
    return queued;
  }

  return {
    /** POST /api/tasks/txt2img: validate, moderate, price, then debit and queue in one transaction. */
    async createTxt2img(userId: number, body: Txt2imgBody, fastLane: boolean) {
      const settings = { ...settingsFromTxt2img(body, fastLane) };
      const seed = settings.seed ?? randomSeed();
      const resolved = { ...settings, seed };
      await deps.moderation.assertNotMuted(userId);
      await moderate(userId, resolved.prompt, resolved.neg_prompt);

      const style = resolved.style_id === null ? undefined : await findStyle(db, resolved.style_id);
      const boosters = await findBoosters(
        db,
        resolved.modifiers.map((slot) => slot.id),
      );
      const user = await findAccount(db, userId);
      const styles = new Map<number, GraphicStyleRule>(style ? [[style.id, style]] : []);
      const modifiers = new Map<number, ModifierRule>(
        boosters.map((b) => [b.id, { id: b.id, render: b.render, enabled: b.enabled }]),
      );
      const ruleError = validateSettings(resolved, { user, now: now(), styles, modifiers });
      if (ruleError) throw new AppError(ruleError.code, ruleError.data);
      if (!style) throw new AppError('style_disabled');
      const incompatible = boosters.filter((b) => b.incompatible_style_libs.includes(style.lib));
      if (incompatible.length > 0)
        throw new AppError('unauthorized_modifier', {
          reason: 'incompatible',
          modifiers: incompatible.map((b) => b.id),
        });

      const plan = effectivePlan(user, now());
      const signature = taskSignature(userId, resolved);
      await assertNotRepeated(userId, signature);
      const cost = generationCost(resolved, plan);
      const id = randomUUID();
      const job = buildTxt2imgJob(id, resolved, style, boosters, {
        upscaleModel: deps.upscaleModel,
        watermark: resolved.watermark,
      });
      const lane = resolved.slow_mode && plan === 2 ? 'eco' : resolved.fastLane ? 'fast' : 'normal';

      const task = await db.transaction().execute(async (trx) => {
        // Lock the account row: concurrent creates are serialised per user, so balance checks hold.
        const locked = await lockAccount(trx, userId);
        await assertCanRun(trx, userId, capabilitiesFor(plan).maxConcurrentTasks, signature);
        return debitAndEnqueue(trx, locked, {
          id,
          user_id: userId,
          type: 'txt2img',
          lane,
          settings: { ...resolved, render: style.render, style_lib: style.lib },
          job,
          checkpoint: job.checkpoint,
          pixels: (job.hires?.width ?? job.width) * (job.hires?.height ?? job.height) * (job.upscale ? 4 : 1),
          signature,
          cost,
        });
      });
      return { task_id: task.id, seed, cost: task.cost, paid_with_daily: task.paid_with === 'daily_token' };
    },

    /** POST /api/tasks/{uuid}/upscale: the user's own image, once (already_upscaled), priced per §9. */
    async createUpscale(userId: number, imageUuid: string, fastLane: boolean) {
      await deps.moderation.assertNotMuted(userId);
      const image = await deps.images.findByUuid(imageUuid);
      if (!image || image.user_id !== userId) throw new AppError('image_not_found');
      if (image.upscaled) throw new AppError('already_upscaled');
      const cost = standaloneUpscaleCost(fastLane);
      const id = randomUUID();
      const job = {
        id,
        type: 'upscale' as const,
        seed: image.seed,
        prompt: image.prompt,
        negative_prompt: image.neg_prompt,
        checkpoint: '',
        loras: [],
        width: image.width,
        height: image.height,
        hires: null,
        steps: 1,
        cfg: 0,
        sampler: '',
        scheduler: '',
        upscale: { factor: 2 as const, model: deps.upscaleModel },
        face_restore: false,
        watermark: image.watermarked,
        source_image_url: null,
      };
      const task = await db.transaction().execute(async (trx) => {
        const locked = await lockAccount(trx, userId);
        // The task points at the image: lock it, so that a delete running now waits or has happened.
        if (!(await lockImage(trx, image.id))) throw new AppError('image_not_found');
        const pending = await pendingUpscale(trx, image.id);
        if (pending) throw new AppError('already_upscaled');
        return debitAndEnqueue(trx, locked, {
          id,
          user_id: userId,
          type: 'upscale',
          lane: fastLane ? 'fast' : 'normal',
          settings: {
            upscale_only: true,
            image_uuid: image.uuid,
            format: image.format,
            quality: image.quality,
          },
          job,
          checkpoint: '',
          pixels: image.width * image.height * 4,
          signature: null,
          cost,
          source_image_id: image.id,
        });
      });
      return { task_id: task.id, cost, paid_with_daily: task.paid_with === 'daily_token' };
    },

    /** Tasks of one user that are not finished, or finished recently, newest first (monitor snapshot). */
    async tasksOf(userId: number, sinceMs = 10 * 60_000) {
      return recentTasks(db, userId, new Date(now().getTime() - sinceMs));
    },
  };
}
export type TaskService = ReturnType<typeof createTaskService>;
