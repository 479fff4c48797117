import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeForm, pngOf } from '../generation-fixtures.ts';
import { codeOf, createTestApp, type TestContext } from '../harness.ts';
import { PRO, STYLE, tweakFixtures } from '../tweak-fixtures.ts';

/**
 * POST /api/tasks/img2img/convert (docs/product/generation.md#tweak) through the HTTP API: the job a
 * worker gets, the result, privacy, and each refusal (Pro only, same style, realistic, retired).
 */
let t: TestContext;
let fx: ReturnType<typeof tweakFixtures>;

beforeAll(async () => {
  t = await createTestApp();
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  fx = tweakFixtures(t, { base, token: await t.services.workerAuth.issueToken('convert-worker') });
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/tasks/img2img/convert', () => {
  it('redraws a Pro user’s image in the target style, at the strength of its creativity', async () => {
    const owner = await fx.userWithImage({ plan: PRO, image: { is_private: true } });
    const created = await owner.client.post('/api/tasks/img2img/convert', {
      source_img: owner.image.uuid,
      target_style: STYLE.PASTEL,
      seed: 5,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({ cost: 1, seed: 5 });
    const job = await fx.lease();
    expect(job).toMatchObject({
      type: 'style_convert',
      checkpoint: 'mirage-anime-pastel-v1.safetensors',
      prompt: 'a lighthouse at dusk',
      denoise: 0.55,
      loras: [],
      mask_image_url: null,
      source_image_url: `/api/worker/jobs/${String(created.body.task_id)}/source`,
    });
    const done = await fx.call(
      `/api/worker/jobs/${job.id}/complete`,
      completeForm(await pngOf(32, 44), { seed: 5 }),
    );
    const { image_uuid } = (await done.json()) as { image_uuid: string };
    const result = await t.database.db
      .selectFrom('image')
      .selectAll()
      .where('uuid', '=', image_uuid)
      .executeTakeFirstOrThrow();
    // The source was private and the user's own: so is what was made from it.
    expect(result).toMatchObject({
      gen_type: 'style_convert',
      style_id: STYLE.PASTEL,
      source_image_id: owner.image.id,
      is_private: true,
    });
  });

  it.each([
    ['Free', {}, {}, STYLE.PASTEL, 403, 'unauthorized_style'],
    ['Basic', { plan: 1 }, {}, STYLE.PASTEL, 403, 'unauthorized_style'],
    ['the same style', { plan: PRO }, {}, STYLE.FREE_ANIME, 400, 'convert_same_style'],
    [
      'a realistic render',
      { plan: PRO },
      { render: 'realistic', style_id: STYLE.PHOTO },
      STYLE.PASTEL,
      400,
      'convert_realistic_source',
    ],
    ['a retired style', { plan: PRO }, {}, STYLE.RETIRED, 400, 'style_disabled'],
    ['a style that does not exist', { plan: PRO }, {}, 9999, 400, 'style_disabled'],
  ] as const)('refuses %s, charging nothing', async (_name, account, image, target, status, code) => {
    const owner = await fx.userWithImage({ ...account, image });
    const response = await owner.client.post('/api/tasks/img2img/convert', {
      source_img: owner.image.uuid,
      target_style: target,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(status);
    expect(codeOf(response.body)).toBe(code);
    expect(await fx.tickets(owner.id)).toBe(20);
  });

  it('tells a lapsed Pro that the plan expired', async () => {
    const owner = await fx.userWithImage();
    await t.database.db
      .updateTable('app_user')
      .set({ plan: PRO, pro_expire: new Date(Date.now() - 86_400_000) })
      .where('id', '=', owner.id)
      .execute();
    const response = await owner.client.post('/api/tasks/img2img/convert', {
      source_img: owner.image.uuid,
      target_style: STYLE.PASTEL,
    });
    expect(codeOf(response.body)).toBe('user_pro_expired');
  });
});
