import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeHorde } from './fakes/fake-horde.ts';

/** The fake refuses what the real Horde refuses: the adapter's tests are only as good as this. */
let fake: FakeHorde | null = null;

afterEach(async () => {
  await fake?.close();
  fake = null;
});

const valid = {
  prompt: 'a lighthouse at dusk',
  params: { sampler_name: 'k_euler', cfg_scale: 5, seed: '1', width: 512, height: 512, steps: 10, n: 1 },
  models: ['AlbedoBase XL (SDXL)'],
};

async function post(body: unknown, headers: Record<string, string> = { apikey: '0000000000' }) {
  const res = await fetch(`${fake!.apiUrl}/v2/generate/async`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('fake AI Horde', () => {
  it('validates headers and payloads as flask-restx and the Horde do', async () => {
    fake = await FakeHorde.start({ limits: { async: null } });
    expect(await post(valid, {})).toEqual({
      status: 400,
      body: {
        errors: { apikey: 'Missing required parameter in the HTTP headers' },
        message: 'Input payload validation failed',
      },
    });
    expect(await post(valid, { apikey: 'nope' })).toMatchObject({
      status: 401,
      body: { rc: 'InvalidAPIKey' },
    });
    const withParams = (params: Record<string, unknown>) => ({
      ...valid,
      params: { ...valid.params, ...params },
    });
    expect((await post(withParams({ seed: null }))).body).toEqual({
      errors: { 'params.seed': "None is not of type 'string'" },
      message: 'Input payload validation failed',
    });
    expect((await post(withParams({ seed: 42 }))).body.errors).toEqual({
      'params.seed': "42 is not of type 'string'",
    });
    expect((await post(withParams({ width: 1144 }))).body.errors).toEqual({
      'params.width': '1144 is not a multiple of 64',
    });
    expect(await post(withParams({ cfg_scale: 7.125 }))).toMatchObject({
      status: 400,
      body: { rc: 'BadCFGDecimals' },
    });
    expect(await post({ ...valid, source_mask: 'AAAA' })).toMatchObject({
      status: 400,
      body: { rc: 'SourceMaskUnnecessary' },
    });
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#808080' } })
      .png()
      .toBuffer();
    expect(
      await post({ ...valid, source_image: png.toString('base64'), source_processing: 'inpainting' }),
    ).toMatchObject({ status: 400, body: { rc: 'InpaintingMissingMask' } });
    expect(
      await post({ ...valid, source_image: `data:image/png;base64,${png.toString('base64')}` }),
    ).toMatchObject({ status: 400, body: { rc: 'ImageValidationFailed' } });
    expect(await post(withParams({ width: 1280, height: 1024 }))).toMatchObject({
      status: 403,
      body: { rc: 'KudosUpfront' },
    });
    const accepted = await post(valid);
    expect(accepted.status).toBe(202);
    expect(accepted.body).toEqual({ id: expect.any(String) as string, kudos: 12.5 });
  });

  it('rate-limits async, and status to 2 a minute per request, with Retry-After', async () => {
    fake = await FakeHorde.start({ checksToFinish: 1 });
    const a = await post(valid);
    await post(valid);
    const limited = await fetch(`${fake.apiUrl}/v2/generate/async`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', apikey: '0000000000' },
      body: JSON.stringify(valid),
    });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1');
    expect(await limited.json()).toEqual({ message: '2 per 1 second' });
    const status = () =>
      fetch(`${fake!.apiUrl}/v2/generate/status/${String(a.body.id)}`, { headers: { apikey: '0000000000' } });
    expect((await status()).status).toBe(200);
    expect((await status()).status).toBe(200);
    const third = await status();
    expect(third.status).toBe(429);
    expect(await third.json()).toEqual({ message: '2 per 1 minute' });
  });
});
