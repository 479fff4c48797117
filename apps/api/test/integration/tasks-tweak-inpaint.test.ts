import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addImage } from '../gallery-fixtures.ts';
import { completeForm, pngOf } from '../generation-fixtures.ts';
import { codeOf, createTestApp, type TestContext } from '../harness.ts';
import { maskOf as mask, PRO, STYLE, tweakFixtures } from '../tweak-fixtures.ts';

/**
 * POST /api/tasks/img2img/inpaint (docs/product/generation.md#tweak) through the HTTP API: the worker's
 * view of the job (source and normalised mask), the result linked to its source, prices, who may start
 * from which image, each refusal, one tweak at a time, and the refund once on failure.
 */
let t: TestContext;
let fx: ReturnType<typeof tweakFixtures>;

beforeAll(async () => {
  t = await createTestApp();
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  fx = tweakFixtures(t, { base, token: await t.services.workerAuth.issueToken('inpaint-worker') });
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/tasks/img2img/inpaint', () => {
  it('queues the inpaint, hands the worker its source and a normalised mask, and links the result', async () => {
    const owner = await fx.userWithImage();
    const scaledMask = await mask(16, 22); // half size, same aspect ratio: scaled to the source's
    const created = await owner.client.post('/api/tasks/img2img/inpaint', {
      source_img: owner.image.uuid,
      mask: `data:image/png;base64,${scaledMask}`,
      prompt: 'a red kite in the sky',
      inpaint_type: 0.6,
      seed: 77,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({ cost: 1, seed: 77, paid_with_daily: false });
    expect(await fx.tickets(owner.id)).toBe(19);

    const job = await fx.lease();
    expect(job).toMatchObject({
      id: created.body.task_id,
      type: 'inpaint',
      seed: 77,
      prompt: 'a red kite in the sky',
      width: 32,
      height: 44,
      hires: null,
      upscale: null,
      denoise: 0.6,
      checkpoint: 'mirage-anime-v3.safetensors',
      source_image_url: `/api/worker/jobs/${String(created.body.task_id)}/source`,
      mask_image_url: `/api/worker/jobs/${String(created.body.task_id)}/mask`,
    });
    const source = await fx.call(String(job.source_image_url));
    expect(source.status).toBe(200);
    const maskFile = await fx.call(String(job.mask_image_url));
    expect(maskFile.headers.get('content-type')).toBe('image/png');
    const maskImage = sharp(Buffer.from(await maskFile.arrayBuffer()));
    expect(await maskImage.metadata()).toMatchObject({ width: 32, height: 44, channels: 1 });
    const pixels = await maskImage.extractChannel(0).raw().toBuffer();
    expect(pixels[0]).toBe(0); // a corner: kept
    expect(pixels[12 * 32 + 12]).toBeGreaterThanOrEqual(200); // inside the square: redrawn

    const done = await fx.call(
      `/api/worker/jobs/${job.id}/complete`,
      completeForm(await pngOf(32, 44), { seed: 77 }),
    );
    expect(done.status).toBe(200);
    const { image_uuid } = (await done.json()) as { image_uuid: string };
    const result = await t.database.db
      .selectFrom('image')
      .selectAll()
      .where('uuid', '=', image_uuid)
      .executeTakeFirstOrThrow();
    expect(result).toMatchObject({
      user_id: owner.id,
      gen_type: 'inpaint',
      source_image_id: owner.image.id,
      prompt: 'a red kite in the sky',
      width: 32,
      height: 44,
      is_private: false,
    });
    const masks = await t.database.db
      .selectFrom('task_mask')
      .select('task_id')
      .where('task_id', '=', job.id)
      .execute();
    expect(masks).toEqual([]);
    // Another worker's lease is over: the mask is gone and the route says so.
    expect((await fx.call(String(job.mask_image_url))).status).toBe(409);
  });

  it('redraws from the source’s prompt when none is given, and prices fast lane, quality and watermark', async () => {
    const owner = await fx.userWithImage({ tickets: 30 });
    await t.database.db
      .updateTable('image')
      .set({ quality: 'High' })
      .where('id', '=', owner.image.id)
      .execute();
    const created = await owner.client.post('/api/tasks/img2img/inpaint?fastlane=true', {
      source_img: owner.image.uuid,
      mask: await mask(),
      watermark: false,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    // 1 + 4 (fast lane) + 1 (High) + 1 (Free removes the watermark)
    expect(created.body.cost).toBe(7);
    expect(await fx.tickets(owner.id)).toBe(23);
    const job = await fx.lease();
    expect(job).toMatchObject({
      prompt: 'a lighthouse at dusk',
      negative_prompt: 'blurry',
      watermark: false,
    });
    await fx.failJob(job.id);
  });

  it('may start from someone else’s public image, never from their private one', async () => {
    const owner = await fx.userWithImage();
    const secret = await addImage(t, owner.id, { files: true, is_private: true });
    const visitor = await fx.userWithImage();
    const fromPrivate = await visitor.client.post('/api/tasks/img2img/inpaint', {
      source_img: secret.uuid,
      mask: await mask(),
    });
    expect(fromPrivate.status).toBe(404);
    expect(codeOf(fromPrivate.body)).toBe('image_not_found');
    expect(await fx.tickets(visitor.id)).toBe(20);

    const fromPublic = await visitor.client.post('/api/tasks/img2img/inpaint', {
      source_img: owner.image.uuid,
      mask: await mask(),
    });
    expect(fromPublic.status, JSON.stringify(fromPublic.body)).toBe(200);
    const job = await fx.lease();
    const done = await fx.call(
      `/api/worker/jobs/${job.id}/complete`,
      completeForm(await pngOf(32, 44), { seed: 1 }),
    );
    const { image_uuid: result } = (await done.json()) as { image_uuid: string };
    // The result is the visitor's, and links to its source while the visitor may see it…
    const info = await visitor.client.get(`/api/image/${result}/info`);
    expect(info.body).toMatchObject({ user_id: visitor.id, source_uuid: owner.image.uuid });
    // …but not once its owner has made it private.
    await t.database.db
      .updateTable('image')
      .set({ is_private: true })
      .where('id', '=', owner.image.id)
      .execute();
    expect((await visitor.client.get(`/api/image/${result}/info`)).body.source_uuid).toBe(null);
    expect((await owner.client.get(`/api/image/${result}/info`)).body.source_uuid).toBe(owner.image.uuid);
  });

  it.each([
    [
      'an unknown image',
      async () => ({ source_img: crypto.randomUUID(), mask: await mask() }),
      404,
      'image_not_found',
    ],
    [
      'a source that is not a uuid',
      async () => ({ source_img: '..%2f..', mask: await mask() }),
      404,
      'image_not_found',
    ],
    [
      'a mask with nothing painted',
      async () => ({ mask: await mask(32, 44, false) }),
      400,
      'empty_tweak_mask',
    ],
    ['a transparent mask', async () => ({ mask: await mask(32, 44, false, true) }), 400, 'empty_tweak_mask'],
    ['a mask of another shape', async () => ({ mask: await mask(44, 32) }), 400, 'validation_error'],
    ['a mask 10 times larger', async () => ({ mask: await mask(320, 440) }), 400, 'validation_error'],
    [
      'a mask that is no PNG',
      () => Promise.resolve({ mask: Buffer.from('GIF89a not a png').toString('base64') }),
      400,
      'validation_error',
    ],
    ['a strength above 1', async () => ({ mask: await mask(), inpaint_type: 2 }), 400, 'validation_error'],
    [
      'a paid style on Free',
      async () => ({ mask: await mask(), style_id: STYLE.PAID_ANIME }),
      403,
      'unauthorized_style',
    ],
    ['a retired style', async () => ({ mask: await mask(), style_id: STYLE.RETIRED }), 400, 'style_disabled'],
  ] as const)('refuses %s, charging nothing', async (_name, patch, status, code) => {
    const owner = await fx.userWithImage();
    const response = await owner.client.post('/api/tasks/img2img/inpaint', {
      source_img: owner.image.uuid,
      ...(await patch()),
    });
    expect(response.status, JSON.stringify(response.body)).toBe(status);
    expect(codeOf(response.body)).toBe(code);
    expect(await fx.tickets(owner.id)).toBe(20);
  });

  it('refuses an image that was not made by a user (legacy or a sample)', async () => {
    const owner = await fx.userWithImage({ image: { gen_type: 'legacy' } });
    const response = await owner.client.post('/api/tasks/img2img/inpaint', {
      source_img: owner.image.uuid,
      mask: await mask(),
    });
    expect(codeOf(response.body)).toBe('image_no_gen_data');
  });

  it('runs one tweak at a time: of 8 parallel requests exactly one is queued and paid', async () => {
    const owner = await fx.userWithImage({ plan: PRO });
    const painted = await mask();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        owner.client.post('/api/tasks/img2img/inpaint', { source_img: owner.image.uuid, mask: painted }),
      ),
    );
    const accepted = answers.filter((answer) => answer.status === 200);
    expect(accepted).toHaveLength(1);
    for (const refused of answers.filter((answer) => answer.status !== 200)) {
      expect(codeOf(refused.body)).toBe('max_running_tasks');
      expect(refused.body.detail).toMatchObject({ data: { max: 1, kind: 'tweak' } });
    }
    // Paid once (from the Pro's energy): one debit.
    const debits = await t.database.db
      .selectFrom('ledger_entry')
      .select('ref_id')
      .where('user_id', '=', owner.id)
      .where('reason', '=', 'task_debit')
      .execute();
    expect(debits).toEqual([{ ref_id: accepted[0]!.body.task_id }]);
    const job = await fx.lease();
    await fx.failJob(job.id);
  });

  it('refunds a failed tweak exactly once and drops its mask', async () => {
    const owner = await fx.userWithImage();
    const created = await owner.client.post('/api/tasks/img2img/inpaint', {
      source_img: owner.image.uuid,
      mask: await mask(),
    });
    expect(await fx.tickets(owner.id)).toBe(19);
    const job = await fx.lease();
    const failures = await Promise.all(
      [1, 2, 3].map(() =>
        fx.call(`/api/worker/jobs/${job.id}/fail`, { retryable: false, message: 'engine refused' }),
      ),
    );
    expect(failures.some((answer) => answer.status === 200)).toBe(true);
    expect(await fx.tickets(owner.id)).toBe(20);
    const refunds = await t.database.db
      .selectFrom('ledger_entry')
      .select('id')
      .where('reason', '=', 'task_refund')
      .where('ref_id', '=', String(created.body.task_id))
      .execute();
    expect(refunds).toHaveLength(1);
    const masks = await t.database.db
      .selectFrom('task_mask')
      .select('task_id')
      .where('task_id', '=', job.id)
      .execute();
    expect(masks).toEqual([]);
  });
});
