import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContentCredentials } from '../../src/features/image/marking/content-credentials.ts';
import { makeDevelopmentMaterial } from '../../src/features/image/marking/signing-material.ts';
import { TRAINED_ALGORITHMIC_MEDIA, pngChunk } from '../../src/features/image/marking/xmp.ts';
import { enqueuePaidTask, pngOf, previewLease, workerCalls } from '../generation-fixtures.ts';
import { Client, createTestApp, type TestContext } from '../harness.ts';
import { exiftoolXmp, readManifest } from '../provenance-readers.ts';
import { PRO, STYLE, tweakFixtures } from '../tweak-fixtures.ts';

/**
 * Every image file the service stores is marked as AI-generated (issue 18 §1; docs/architecture/provenance.md):
 * XMP in each file, and a C2PA manifest signed by the operator in the full-size PNG and WebP, on every path
 * that writes images (txt2img, upscale, tweak, the guest trial), through the image-processing threads as in
 * production. Read back with independent readers (exiftool; the C2PA WebAssembly reader), the manifest's
 * state must be `Trusted` against this process's signer root: an unknown signer only reads as `Valid`.
 */
const PUBLIC_URL = 'https://mirage.test';
let t: TestContext;
let worker: ReturnType<typeof workerCalls>;
let token: string;
let root: string;
let fx: ReturnType<typeof tweakFixtures>;
const lease = { ...previewLease, max_pixels: 16_000_000, job_types: ['txt2img', 'upscale'] };

beforeAll(async () => {
  t = await createTestApp({ env: { IMAGE_THREADS: '1', PUBLIC_URL } });
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  worker = workerCalls(base);
  token = await t.services.workerAuth.issueToken('credentials-worker');
  fx = tweakFixtures(t, { base, token });
  root = t.services.signing.developmentRoot!;
});
afterAll(async () => {
  await t.close();
});

const file = async (name: string) => (await t.services.store.get(`images/${name}`))!;

/** A worker's PNG with a text chunk of its own (A1111 writes the prompt so), which must not survive. */
async function workerPng(width: number, height: number): Promise<Buffer> {
  const png = await pngOf(width, height);
  const text = pngChunk('tEXt', Buffer.from('parameters\0a lighthouse at dusk, Steps: 20', 'latin1'));
  const ihdrEnd = 8 + 25;
  return Buffer.concat([png.subarray(0, ihdrEnd), text, png.subarray(ihdrEnd)]);
}

async function expectXmp(name: string, uuid: string) {
  const fields = await exiftoolXmp(await file(name), name.endsWith('.png') ? 'png' : 'webp');
  expect(fields, name).toMatchObject({
    'XMP-iptcExt:DigitalSourceType': TRAINED_ALGORITHMIC_MEDIA,
    'XMP-xmp:CreatorTool': 'Mirage',
    'XMP-xmpRights:WebStatement': `${PUBLIC_URL}/image/${uuid}`,
  });
  expect(
    Object.keys(fields).filter((key) => /parameters/i.test(key)),
    name,
  ).toEqual([]);
}

async function trustedManifest(name: string) {
  const manifest = await readManifest(
    await file(name),
    name.endsWith('.png') ? 'image/png' : 'image/webp',
    root,
  );
  expect(manifest, name).not.toBeNull();
  expect([manifest!.state, manifest!.failures], name).toEqual(['Trusted', []]);
  return manifest!;
}

async function finishedTxt2img(watermark: boolean): Promise<{ uuid: string; owner: Client }> {
  const owner = await fx.userWithImage();
  const task = await enqueuePaidTask(t, owner.id, { job: { watermark, width: 640, height: 880 } });
  expect((await worker.lease(token, lease)).body.job?.id).toBe(task.id);
  const done = await worker.complete(token, task.id, await workerPng(640, 880));
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  return { uuid: done.body.image_uuid as string, owner: owner.client };
}

describe('a new image (txt2img)', () => {
  it.each([false, true])(
    'marks every file with the XMP, and signs the PNG and WebP as created by trained algorithmic media (watermark %s)',
    async (watermark) => {
      const { uuid } = await finishedTxt2img(watermark);
      for (const name of [`${uuid}.png`, `${uuid}.webp`, `${uuid}-min.webp`]) await expectXmp(name, uuid);
      for (const name of [`${uuid}.png`, `${uuid}.webp`]) {
        const manifest = await trustedManifest(name);
        expect(manifest.actions).toHaveLength(1);
        expect(manifest.actions[0]).toMatchObject({
          action: 'c2pa.created',
          digitalSourceType: TRAINED_ALGORITHMIC_MEDIA,
          softwareAgent: { name: 'Mirage' },
        });
        expect(manifest.ingredients).toEqual([]);
      }
      // The thumbnail carries the XMP only.
      expect(await readManifest(await file(`${uuid}-min.webp`), 'image/webp', root)).toBeNull();
    },
  );
});

describe('an upscale', () => {
  it('signs its ×2 files as resized, with the original as parent ingredient', async () => {
    const { uuid, owner } = await finishedTxt2img(false);
    const upscale = await owner.post(`/api/tasks/${uuid}/upscale`, {});
    expect(upscale.status, JSON.stringify(upscale.body)).toBe(200);
    const job = (await worker.lease(token, lease)).body.job;
    expect(job?.id).toBe(upscale.body.task_id);
    expect((await worker.complete(token, job!.id, await workerPng(1280, 1760))).status).toBe(200);
    for (const name of [`${uuid}-upscaled.png`, `${uuid}-upscaled.webp`]) {
      await expectXmp(name, uuid);
      const manifest = await trustedManifest(name);
      expect(manifest.actions.map((action) => action.action)).toEqual(['c2pa.opened', 'c2pa.resized']);
      expect(manifest.ingredients).toEqual([
        expect.objectContaining({ title: `${uuid}.png`, relationship: 'parentOf' }),
      ]);
    }
  });
});

describe('a tweak', () => {
  it('signs the new image as edited with generated pixels, with its source as parent ingredient', async () => {
    const owner = await fx.userWithImage({ plan: PRO });
    const created = await owner.client.post('/api/tasks/img2img/convert', {
      source_img: owner.image.uuid,
      target_style: STYLE.PASTEL,
      seed: 5,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const job = await fx.lease();
    const form = new FormData();
    form.append('metadata', JSON.stringify({ seed: 5 }));
    form.append('image', new Blob([new Uint8Array(await workerPng(32, 44))], { type: 'image/png' }), 'r.png');
    const done = await fx.call(`/api/worker/jobs/${job.id}/complete`, form);
    const { image_uuid: uuid } = (await done.json()) as { image_uuid: string };
    for (const name of [`${uuid}.png`, `${uuid}.webp`]) {
      await expectXmp(name, uuid);
      const manifest = await trustedManifest(name);
      expect(manifest.actions).toEqual([
        expect.objectContaining({ action: 'c2pa.opened' }),
        expect.objectContaining({ action: 'c2pa.edited', digitalSourceType: TRAINED_ALGORITHMIC_MEDIA }),
      ]);
      expect(manifest.ingredients).toEqual([
        expect.objectContaining({ title: `${owner.image.uuid}.png`, relationship: 'parentOf' }),
      ]);
    }
  });
});

describe('a guest trial image', () => {
  it('is marked like any other', async () => {
    const guest = new Client(t.app, '203.0.113.77');
    const created = await guest.post('/api/tasks/guest/txt2img', {
      prompt: 'a lighthouse at dusk',
      neg_prompt: '',
      style_id: STYLE.FREE_ANIME,
      quality: 'Standard',
      format: 'Portrait',
      watermark: true,
      private: false,
      age_confirmed: true,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const job = (await worker.lease(token, lease)).body.job;
    expect(job?.id).toBe(created.body.task_id);
    const done = await worker.complete(token, job!.id, await workerPng(832, 1144));
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const uuid = done.body.image_uuid as string;
    for (const name of [`${uuid}.png`, `${uuid}.webp`, `${uuid}-min.webp`]) await expectXmp(name, uuid);
    for (const name of [`${uuid}.png`, `${uuid}.webp`]) await trustedManifest(name);
  });
});

describe('the reader', () => {
  it('does not trust a manifest signed by another certificate, and finds a changed picture invalid', async () => {
    const other = await makeDevelopmentMaterial();
    const credentials = createContentCredentials({ chain: other.chain, key: other.key }, { name: 'Mirage' });
    const png = await credentials.sign(await pngOf(64, 88), 'image/png', 'x.png', { action: 'created' });
    const foreign = await readManifest(png, 'image/png', root);
    expect(foreign?.state).toBe('Valid');
    expect(foreign?.failures).toContain('signingCredential.untrusted');

    const { uuid } = await finishedTxt2img(false);
    const signed = Buffer.from(await file(`${uuid}.png`));
    const idat = signed.indexOf('IDAT', 0, 'latin1');
    signed[idat + 10] = (signed[idat + 10] ?? 0) ^ 0xff;
    const changed = await readManifest(signed, 'image/png', root);
    expect(changed?.state).toBe('Invalid');
  });
});
