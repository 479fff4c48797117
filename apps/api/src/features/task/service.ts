import { randomUUID } from 'node:crypto';
import {
  checkChildSafety,
  chooseBalance,
  currencyOfBalance,
  moderatePrompt,
  SAFETY_WARNING,
  GUEST_TRIAL_LANE,
  type ConvertBody,
  type InpaintBody,
  type ModerationRule,
  type Txt2imgBody,
} from '@mirage/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../db/database.ts';
import { CHANNEL, type Notifier } from '../../events/notifier.ts';
import { AppError } from '../../errors.ts';
import type { AppMetrics } from '../../http/metrics-registry.ts';
import type { ImageRepository } from '../image/index.ts';
import { post } from '../ledger/index.ts';
import type { ModerationService } from '../moderation/index.ts';
import { lockAccountForUpdate } from '../user/index.ts';
import { applyEnergyRollover } from './energy.ts';
import {
  creationKind,
  type CreationContext,
  type JobKindName,
  type KindAnswer,
  type KindRequest,
} from './kinds/index.ts';
import type { NewTask, QueueRepository } from './queue-repository.ts';
import { recentTasks, tasksByIds } from './user-task-repository.ts';
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
  /** Tasks created and prompts refused, recorded once their transaction committed. */
  metrics: Pick<AppMetrics, 'taskCreated' | 'promptRefused'>;
}

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
      // After the strike committed; its first reason (the catalogue's order) names the refusal.
      deps.metrics.promptRefused('task', 'child_safety', safety.reasons[0] ?? 'minor_term');
      if (strike.mute) throw new AppError('user_muted');
      throw new AppError('forbidden_prompt', strike.warning ? { warning: SAFETY_WARNING } : undefined);
    }
    const result = moderatePrompt({ prompt, neg_prompt: negPrompt }, await deps.loadModerationRules());
    if (result.forbidden.length > 0) {
      deps.metrics.promptRefused('task', 'rules', 'forbidden_words');
      throw new AppError('forbidden_prompt', {
        words: [...new Set(result.forbidden.map((hit) => hit.match))],
      });
    }
  }

  /**
   * The money part of every task, inside the caller's transaction with the account row locked: apply the
   * day's energy rollover, pick the balance (energy first for premium,
   * docs/product/pricing-and-plans.md#which-balance-pays), debit it through the ledger, queue the task and
   * wake the workers. Nothing is charged if any step fails.
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
      await post(
        trx,
        [
          {
            userId: account.id,
            currency: currencyOfBalance(paidWith),
            delta: -task.cost,
            reason: 'task_debit',
            ref: { type: 'task', id: task.id },
          },
        ],
        `debit:${task.id}`,
      );
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

  const context: CreationContext = {
    db,
    images: deps.images,
    now,
    upscaleModel: deps.upscaleModel,
    moderatePrompt: moderate,
  };

  /**
   * Creates a task of any kind (kinds/): the user is not muted; the kind validates the request and
   * prices it; then, in one transaction with the account row locked, the kind's checks, its job, the
   * debit and the enqueue, and the wake-ups — nothing is charged or queued if any step refuses.
   */
  async function createTask<Name extends JobKindName>(
    name: Name,
    userId: number,
    request: KindRequest<Name>,
  ): Promise<KindAnswer<Name>> {
    const kind = creationKind(name);
    await deps.moderation.assertNotMuted(userId);
    const checked = await kind.validate(context, userId, request);
    const cost = kind.price(checked);
    const id = randomUUID();
    const task = await db.transaction().execute(async (trx) => {
      // Lock the account row: concurrent creates are serialised per user, so balance checks hold.
      const account = await lockAccountForUpdate(trx, userId);
      if (!account) throw new AppError('user_not_found');
      await kind.checkLocked(context, trx, userId, checked);
      const queued = await debitAndEnqueue(trx, account, kind.build(context, id, userId, checked, cost));
      await kind.afterEnqueue?.(trx, queued, checked);
      return queued;
    });
    deps.metrics.taskCreated(task);
    return kind.answer(task, checked);
  }

  return {
    createTask,

    /** POST /api/tasks/txt2img: validate, moderate, price, then debit and queue in one transaction. */
    createTxt2img: (userId: number, body: Txt2imgBody, fastLane: boolean) =>
      createTask('txt2img', userId, { body, fastLane }),

    /** POST /api/tasks/{uuid}/upscale: the user's own image, once (already_upscaled). */
    createUpscale: (userId: number, imageUuid: string, fastLane: boolean) =>
      createTask('upscale', userId, { imageUuid, fastLane }),

    /** POST /api/tasks/img2img/inpaint: redraw the painted part of an image (kinds/inpaint.ts). */
    createInpaint: (userId: number, body: InpaintBody, fastLane: boolean) =>
      createTask('inpaint', userId, { body, fastLane }),

    /** POST /api/tasks/img2img/convert: redraw an image in another style, Pro (kinds/style-convert.ts). */
    createStyleConvert: (userId: number, body: ConvertBody, fastLane: boolean) =>
      createTask('style_convert', userId, { body, fastLane }),

    /**
     * The guest trial's txt2img (features/guest): the same validation and moderation as a signed-in
     * user's (child-safety strikes go to the guest's owner account), but queued free — no price, no
     * balance, no ledger entry — in the lowest lane. `within` runs in the queuing transaction with the
     * owner row locked (the trial's use is recorded there, so a refused use queues nothing).
     */
    async createGuestTxt2img(
      ownerId: number,
      body: Txt2imgBody,
      within: (trx: Transaction<Database>, taskId: string) => Promise<void>,
    ) {
      const kind = creationKind('txt2img');
      await deps.moderation.assertNotMuted(ownerId);
      // Privacy is a paid option the plans' rules refuse to Free (validateSettings); the trial's privacy is
      // imposed, not chosen: validated as public, queued private (the image is stored as the settings say).
      const checked = await kind.validate(context, ownerId, {
        body: { ...body, private: false },
        fastLane: false,
      });
      const id = randomUUID();
      const task = await db.transaction().execute(async (trx) => {
        if (!(await lockAccountForUpdate(trx, ownerId))) throw new AppError('user_not_found');
        await kind.checkLocked(context, trx, ownerId, checked);
        await within(trx, id);
        const draft = kind.build(context, id, ownerId, checked, 0);
        const queued = await deps.queue.enqueue(
          trx,
          {
            ...draft,
            settings: { ...draft.settings, private: true },
            lane: GUEST_TRIAL_LANE,
            paid_with: null,
            max_attempts: deps.maxAttempts,
          },
          now(),
        );
        await deps.notifier.notify(trx, CHANNEL.taskQueued, queued.id);
        await deps.notifier.notify(trx, CHANNEL.taskChanged, `${ownerId}:${queued.id}`);
        return queued;
      });
      deps.metrics.taskCreated(task);
      return kind.answer(task, checked);
    },

    /** Tasks of one user that are not finished, or finished recently, newest first (monitor snapshot). */
    async tasksOf(userId: number, sinceMs = 10 * 60_000) {
      return recentTasks(db, userId, new Date(now().getTime() - sinceMs));
    },

    /** Tasks by id, whoever owns them (the live streams' batched read of changed tasks). */
    tasksByIds: (ids: readonly string[]) => tasksByIds(db, ids),
  };
}
export type TaskService = ReturnType<typeof createTaskService>;
