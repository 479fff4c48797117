import { randomUUID } from 'node:crypto';
import { promptTags } from '@mirage/domain';
import type { TaskRecord, WorkerRow } from '../../../db/schema/generation.ts';
import { imageKeys } from '../../image/index.ts';
import { imageTags } from '../../tag/index.ts';
import type { CompletionAnswer, CompletionContext, ResultMetadata } from './kind.ts';

/**
 * The result of a kind that makes a new image (txt2img, inpaint, style_convert): the image with the
 * task's settings, its tags, and — for a tweak — the image it was made from, in one statement (the done
 * unit). The task's settings and job never change after enqueue, so the row loaded by the caller is
 * enough.
 */
export async function storeNewImage(
  context: CompletionContext,
  task: TaskRecord,
  worker: WorkerRow,
  png: Buffer,
  metadata: ResultMetadata,
): Promise<CompletionAnswer> {
  const uuid = randomUUID();
  // A tweak's files name its source in their Content Credentials (the source's own PNG as ingredient).
  const source = task.source_image_id ? await context.images.findById(task.source_image_id) : undefined;
  const processed = await context.processResult(task, worker, png, {
    uuid,
    watermark: task.job.watermark,
    ...(source ? { source: source.uuid } : {}),
  });
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
      safety_state: context.safety.initialState,
      watermarked: task.job.watermark,
      upscaled: task.job.upscale !== null,
      blurhash: processed.blurhash,
      perceptual_hash: processed.perceptualHash,
      tags: promptTags(task.job.prompt).join(', '),
      source_image_id: task.source_image_id,
    },
    tags: imageTags(task.job.prompt, settings, task.type),
  });
  if (stored) {
    // Checked in the background: the worker is answered now, and the image is its owner's only until then.
    context.safety.checkSoon(stored.id);
    return { image_uuid: stored.uuid, duplicate: false };
  }
  // Lost a race (reaped or completed meanwhile): drop our files, answer like the winner.
  await Promise.all(Object.values(imageKeys(uuid)).map((key) => context.store.delete(key)));
  return context.answerAfterLostRace(task.id, worker);
}

/** What the create call of a kind that makes a new image answers (txt2img, inpaint, style_convert). */
export function newImageTaskAnswer(task: {
  id: string;
  cost: number;
  paid_with: string | null;
  job: { seed: number };
}) {
  return {
    task_id: task.id,
    seed: task.job.seed,
    cost: task.cost,
    paid_with_daily: task.paid_with === 'daily_token',
  };
}
