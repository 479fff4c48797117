import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent } from '../apps/worker/src/agent.ts';
import { createApiClient } from '../apps/worker/src/api-client.ts';
import { PreviewEngine } from '../apps/worker/src/engines/preview.ts';
import { monitor, startSystemApi, until, type SystemApi } from './support/system-api.ts';

/**
 * The tweak path across the real pieces (docs/product/generation.md#tweak): the API, a worker agent over
 * HTTP and the preview engine's image-to-image. An image is made, then inpainted with a mask: the stream
 * shows Queue → Tweak → Done, the result is a new image linked to its source, changed inside the mask
 * and untouched far from it; a Pro user's style conversion lands in the target style.
 */
let api: SystemApi;
let agent: ReturnType<typeof createAgent>;
const quietLog = { info: () => undefined, warn: () => undefined };
const TASK_STATE = { Queue: 0, Tweak: 10, Done: 9 };

beforeAll(async () => {
  api = await startSystemApi();
  const token = await api.services.workerAuth.issueToken('tweak-agent');
  agent = createAgent({
    api: createApiClient({ baseUrl: api.base, token }),
    engine: new PreviewEngine({ stepDelayMs: 1 }),
    log: quietLog,
    leaseWaitSeconds: 2,
    progressIntervalMs: 50,
  });
  void agent.start();
});
afterAll(async () => {
  await agent?.stop();
  await api?.close();
});

const taskRow = (id: string) =>
  api.database.db.selectFrom('task').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const imageRow = (id: number) =>
  api.database.db.selectFrom('image').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** Makes one image with txt2img and waits for it. */
async function madeImage(cookie: string, seed: number) {
  const created = await api.post(cookie, '/api/tasks/txt2img', {
    prompt: 'a lighthouse at dusk',
    neg_prompt: 'blurry',
    style_id: 1,
    seed,
  });
  const { task_id: taskId } = (await created.json()) as { task_id: string };
  const task = await until(
    () => taskRow(taskId),
    (row) => row.state === TASK_STATE.Done,
  );
  return imageRow(task.image_id!);
}

/** The raw RGB pixels of an image's stored PNG. */
async function pixelsOf(uuid: string) {
  const file = await fetch(`${api.base}/images/${uuid}.png`);
  return sharp(Buffer.from(await file.arrayBuffer()))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
}

/** Mean absolute difference of two same-sized RGB buffers inside a rectangle. */
function difference(
  a: Buffer,
  b: Buffer,
  width: number,
  box: { left: number; top: number; size: number },
): number {
  let total = 0;
  for (let y = box.top; y < box.top + box.size; y += 1) {
    for (let x = box.left; x < box.left + box.size; x += 1) {
      for (let c = 0; c < 3; c += 1)
        total += Math.abs(a[(y * width + x) * 3 + c]! - b[(y * width + x) * 3 + c]!);
    }
  }
  return total / (box.size * box.size * 3);
}

describe('tweak end to end', () => {
  it('inpaints with the preview engine: Queue → Tweak → Done, a new image linked to its source', async () => {
    const { cookie, id } = await api.signUp('tweakone');
    const source = await madeImage(cookie, 21);
    // Paint a square in the middle; the top-left corner stays black (kept).
    const square = Math.round(source.width / 3);
    const white = await sharp({
      create: { width: square, height: square, channels: 3, background: '#fff' },
    })
      .png()
      .toBuffer();
    const mask = await sharp({
      create: { width: source.width, height: source.height, channels: 3, background: '#000' },
    })
      .composite([{ input: white, left: square, top: square }])
      .png()
      .toBuffer();

    const stream = monitor(api.base, cookie);
    try {
      const created = await api.post(cookie, '/api/tasks/img2img/inpaint', {
        source_img: source.uuid,
        mask: mask.toString('base64'),
        prompt: 'a red kite in the sky',
        inpaint_type: 1,
      });
      expect(created.status).toBe(200);
      const { task_id: taskId, cost } = (await created.json()) as { task_id: string; cost: number };
      expect(cost).toBe(1);
      const finished = await until(
        () => stream.latest.get(taskId),
        (view) => view?.state === TASK_STATE.Done,
      );
      const seen = stream.states.get(taskId)!;
      expect(seen).toEqual(expect.arrayContaining([TASK_STATE.Tweak, TASK_STATE.Done]));
      expect(seen.indexOf(TASK_STATE.Tweak)).toBeLessThan(seen.indexOf(TASK_STATE.Done));

      const result = await imageRow((await taskRow(taskId)).image_id!);
      expect(result).toMatchObject({
        uuid: finished!.image_uuid,
        user_id: id,
        gen_type: 'inpaint',
        source_image_id: source.id,
        width: source.width,
        height: source.height,
        prompt: 'a red kite in the sky',
      });
      const before = await pixelsOf(source.uuid);
      const after = await pixelsOf(result.uuid);
      // Redrawn inside the mask (at full strength), the same far from it (the watermark sits bottom right).
      const inside = { left: square + 8, top: square + 8, size: square - 16 };
      const corner = { left: 0, top: 0, size: Math.round(square / 2) };
      expect(difference(before.data, after.data, source.width, inside)).toBeGreaterThan(5);
      expect(difference(before.data, after.data, source.width, corner)).toBeLessThan(1);
      // 20 tickets: 2 for the image, 1 for the tweak.
      expect(await api.balance(id)).toBe(17);
      const masks = await api.database.db.selectFrom('task_mask').select('task_id').execute();
      expect(masks).toEqual([]);
    } finally {
      stream.stop();
    }
  });

  it('converts a Pro user’s image into another style', async () => {
    const { cookie, id } = await api.signUp('tweaktwo');
    await api.database.db
      .updateTable('app_user')
      .set({ plan: 2, pro_expire: new Date(Date.now() + 30 * 86_400_000) })
      .where('id', '=', id)
      .execute();
    const source = await madeImage(cookie, 22);
    const created = await api.post(cookie, '/api/tasks/img2img/convert', {
      source_img: source.uuid,
      target_style: 3,
    });
    expect(created.status).toBe(200);
    const { task_id: taskId } = (await created.json()) as { task_id: string };
    const task = await until(
      () => taskRow(taskId),
      (row) => row.state === TASK_STATE.Done,
    );
    const result = await imageRow(task.image_id!);
    expect(result).toMatchObject({ gen_type: 'style_convert', style_id: 3, source_image_id: source.id });
    const before = await pixelsOf(source.uuid);
    const after = await pixelsOf(result.uuid);
    const whole = { left: 0, top: 0, size: Math.min(source.width, source.height) };
    expect(difference(before.data, after.data, source.width, whole)).toBeGreaterThan(5);
  });
});
