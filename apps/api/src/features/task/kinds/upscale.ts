import { jobPixels, laneForFastLane, standaloneUpscaleCost, TASK_STATE } from '@mirage/domain';
import type { ImageRow, StoredJob } from '../../../db/schema/generation.ts';
import { AppError } from '../../../errors.ts';
import { lockImage, markUpscaled, upscaledKeys } from '../../image/index.ts';
import { pendingUpscale } from '../user-task-repository.ts';
import type { JobKind } from './kind.ts';
import { leasedJob, sourceImageUrl } from './worker-job.ts';

export interface UpscaleRequest {
  imageUuid: string;
  fastLane: boolean;
}

interface CheckedUpscale {
  image: ImageRow;
  fastLane: boolean;
}

/** The ×2 job of a stored image: its own prompt and seed, at its size; no sampling. */
function upscaleJob(taskId: string, image: ImageRow, upscaleModel: string): StoredJob {
  return {
    id: taskId,
    type: 'upscale',
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
    upscale: { factor: 2, model: upscaleModel },
    face_restore: false,
    watermark: image.watermarked,
    source_image_url: null,
    mask_image_url: null,
    denoise: null,
  };
}

/**
 * The ×2 upscale of one of the user's images (POST /api/tasks/{uuid}/upscale), once per image
 * (already_upscaled). The result adds the upscaled files to the source image; no new image.
 */
export const upscaleKind: JobKind<'upscale', UpscaleRequest, CheckedUpscale, ReturnType<typeof answerOf>> = {
  type: 'upscale',
  leasedState: TASK_STATE.UpscaleOnly,

  async validate(context, userId, { imageUuid, fastLane }) {
    const image = await context.images.findByUuid(imageUuid);
    if (!image || image.user_id !== userId) throw new AppError('image_not_found');
    if (image.upscaled) throw new AppError('already_upscaled');
    return { image, fastLane };
  },

  price: ({ fastLane }) => standaloneUpscaleCost(fastLane),

  /** The task points at the image: lock it, so that a delete running now waits or has happened. */
  async checkLocked(_context, trx, _userId, { image }) {
    if (!(await lockImage(trx, image.id))) throw new AppError('image_not_found');
    if (await pendingUpscale(trx, image.id)) throw new AppError('already_upscaled');
  },

  build(context, taskId, userId, { image, fastLane }, cost) {
    const job = upscaleJob(taskId, image, context.upscaleModel);
    return {
      id: taskId,
      user_id: userId,
      type: 'upscale',
      lane: laneForFastLane(fastLane),
      settings: { upscale_only: true, image_uuid: image.uuid, format: image.format, quality: image.quality },
      job,
      checkpoint: '',
      pixels: jobPixels(job),
      signature: null,
      cost,
      source_image_id: image.id,
    };
  },

  answer: answerOf,

  toWorkerJob: (task) =>
    leasedJob(task, { source: task.source_image_id ? sourceImageUrl(task.id) : null, mask: null }),

  /**
   * The ×2 files go next to the source image's, which is then marked upscaled, in the done unit's
   * transaction. The owner may have deleted the image meanwhile: nothing is left to add the files to and
   * no retry can bring it back, so the task fails now and is refunded.
   */
  async complete(context, task, worker, png) {
    const source = task.source_image_id ? await context.images.findById(task.source_image_id) : undefined;
    if (!source) return context.sourceGone(task, worker);
    await context.processResult(task, worker, png, {
      uuid: source.uuid,
      watermark: source.watermarked,
      variant: 'upscaled',
    });
    const outcome = await context.completion.doneOnSourceImage(task, worker, source.id, (trx) =>
      markUpscaled(trx, source.id),
    );
    if (outcome === 'gone') {
      await Promise.all(Object.values(upscaledKeys(source.uuid)).map((key) => context.store.delete(key)));
      return context.sourceGone(task, worker);
    }
    if (outcome === 'lost') return context.answerAfterLostRace(task.id, worker);
    return { image_uuid: source.uuid, duplicate: false };
  },
};

function answerOf(task: { id: string; cost: number; paid_with: string | null }) {
  return { task_id: task.id, cost: task.cost, paid_with_daily: task.paid_with === 'daily_token' };
}
