import { hammingDistance, hashOfStored } from '@mirage/domain';
import { defaultSceneInput, renderField } from '@mirage/preview-renderer';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMarker } from '../../src/features/image/marking/marker.ts';
import { makeDevelopmentMaterial } from '../../src/features/image/marking/signing-material.ts';
import { backfillPerceptualHashes } from '../../src/features/provenance/index.ts';
import { enqueuePaidTask, previewLease, workerCalls } from '../generation-fixtures.ts';
import { createTestApp, startOfNextHour, type TestContext } from '../harness.ts';
import { tweakFixtures } from '../tweak-fixtures.ts';

/**
 * The provenance check (issue 18 §2; docs/architecture/provenance.md#provenance-check) through the HTTP
 * API: images made here through the worker protocol and the image threads, as in production, then
 * uploaded back as they are, stripped of their marks, re-encoded, cropped and framed like a screenshot. An
 * unrelated picture, a forged mark and another signer's credentials are not taken for the service's.
 */
const PUBLIC_URL = 'https://mirage.test';
let t: TestContext;
let base: string;
let worker: ReturnType<typeof workerCalls>;
let token: string;
let fx: ReturnType<typeof tweakFixtures>;
const WIDTH = 640;
const HEIGHT = 880;

beforeAll(async () => {
  t = await createTestApp({ env: { IMAGE_THREADS: '1', PUBLIC_URL } });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  worker = workerCalls(base);
  token = await t.services.workerAuth.issueToken('provenance-worker');
  fx = tweakFixtures(t, { base, token });
}, 180_000);
afterAll(async () => {
  await t.close();
});

/** A picture the built-in engine paints (a neutral scene; each seed its own). */
async function painting(seed: number, width = WIDTH, height = HEIGHT): Promise<Buffer> {
  const field = renderField(defaultSceneInput(seed, 'a lighthouse at dusk', 'anime_a'), width, height);
  return sharp(field.data, { raw: { width: field.width, height: field.height, channels: 3 } })
    .resize(width, height, { fit: 'fill' })
    .png()
    .toBuffer();
}

/** An image made here from `seed`'s painting: its uuid. */
async function madeHere(seed: number, settings: Record<string, unknown> = {}): Promise<string> {
  const owner = await fx.userWithImage();
  const task = await enqueuePaidTask(t, owner.id, { job: { width: WIDTH, height: HEIGHT }, settings });
  expect((await worker.lease(token, { ...previewLease, max_pixels: 16_000_000 })).body.job?.id).toBe(task.id);
  const done = await worker.complete(token, task.id, await painting(seed));
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  return done.body.image_uuid as string;
}

const stored = async (name: string) => (await t.services.store.get(`images/${name}`))!;

async function check(file: Buffer | string, type = 'image/png') {
  const form = new FormData();
  form.append(
    'image',
    new Blob([typeof file === 'string' ? file : new Uint8Array(file)], { type }),
    'upload',
  );
  const response = await fetch(`${base}/api/provenance/check`, { method: 'POST', body: form });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('an image made here', () => {
  let uuid: string;
  beforeAll(async () => {
    uuid = await madeHere(101);
  }, 60_000);

  it('is recognised from its Content Credentials, in the PNG and the WebP, and linked to its page', async () => {
    for (const [name, type] of [
      [`${uuid}.png`, 'image/png'],
      [`${uuid}.webp`, 'image/webp'],
    ] as const) {
      const { status, body } = await check(await stored(name), type);
      expect(status, name).toBe(200);
      expect(body, name).toEqual({
        made_here: true,
        evidence: 'content_credentials',
        visibility: 'public',
        image: { uuid, page_url: `${PUBLIC_URL}/image/${uuid}`, thumbnail_src: `/images/${uuid}-min.webp` },
      });
    }
  });

  it('is recognised from its XMP where it has no manifest (the thumbnail)', async () => {
    const { body } = await check(await stored(`${uuid}-min.webp`), 'image/webp');
    expect(body).toMatchObject({
      made_here: true,
      evidence: 'metadata',
      visibility: 'public',
      image: { uuid },
    });
  });

  it('is recognised by its picture once its marks are stripped: re-encoded, halved, cropped, framed', async () => {
    const png = await stored(`${uuid}.png`);
    const dx = Math.round(WIDTH * 0.03);
    const dy = Math.round(HEIGHT * 0.03);
    const copies = {
      jpeg: await sharp(png).jpeg({ quality: 70 }).toBuffer(),
      halved: await sharp(png)
        .resize({ width: WIDTH / 2 })
        .webp({ quality: 60 })
        .toBuffer(),
      cropped: await sharp(png)
        .extract({ left: dx, top: dy, width: WIDTH - 2 * dx, height: HEIGHT - 2 * dy })
        .jpeg({ quality: 80 })
        .toBuffer(),
      screenshot: await sharp(
        await sharp(png)
          .resize({ width: 560 })
          .extend({ top: 14, bottom: 14, left: 14, right: 14, background: '#1e1e1e' })
          .png()
          .toBuffer(),
      )
        .jpeg({ quality: 85 })
        .toBuffer(),
    };
    for (const [name, copy] of Object.entries(copies)) {
      // sharp writes no metadata unless asked: the copy carries neither manifest nor XMP.
      expect((await sharp(copy).metadata()).xmp, name).toBeUndefined();
      const { body } = await check(copy, 'image/jpeg');
      expect(body, name).toMatchObject({
        made_here: true,
        evidence: 'similarity',
        visibility: 'public',
        image: { uuid },
      });
    }
  });

  it('says only "made here, private" of a private image, and "removed" of a deleted one it signed', async () => {
    const hidden = await madeHere(202, { private: true });
    const { body } = await check(await stored(`${hidden}.png`));
    expect(body).toEqual({
      made_here: true,
      evidence: 'content_credentials',
      visibility: 'private',
      image: null,
    });
    const copy = await sharp(await stored(`${hidden}.png`))
      .jpeg()
      .toBuffer();
    const byPicture = await check(copy, 'image/jpeg');
    expect(byPicture.body).toEqual({
      made_here: true,
      evidence: 'similarity',
      visibility: 'private',
      image: null,
    });
    expect(JSON.stringify(byPicture.body)).not.toContain(hidden);

    const gone = await madeHere(303);
    const signedFile = await stored(`${gone}.png`);
    await t.database.db.deleteFrom('image').where('uuid', '=', gone).execute();
    const removed = await check(signedFile);
    expect(removed.body).toEqual({
      made_here: true,
      evidence: 'content_credentials',
      visibility: 'removed',
      image: null,
    });
    // Without its row there is nothing to compare the picture with.
    expect((await check(await sharp(signedFile).jpeg().toBuffer(), 'image/jpeg')).body.made_here).toBe(false);
  }, 60_000);
});

describe('an image not made here', () => {
  const notHere = { made_here: false, evidence: null, visibility: null, image: null };

  it('is not recognised: an unrelated picture, with or without marks of its own', async () => {
    expect((await check(await painting(9_001))).body).toEqual(notHere);
    expect(
      (
        await check(
          await sharp(await painting(9_002))
            .jpeg()
            .toBuffer(),
          'image/jpeg',
        )
      ).body,
    ).toEqual(notHere);
  });

  it('is not taken for one made here for its forged XMP or another signer’s Content Credentials', async () => {
    const uuid = await madeHere(404);
    const unrelated = await painting(9_003);
    // Another service's signer (a development root of its own), naming this service's image and page.
    const other = await makeDevelopmentMaterial();
    const forger = createMarker({ publicUrl: PUBLIC_URL, material: { chain: other.chain, key: other.key } });
    const forged = await forger.png(unrelated, uuid, `${uuid}.png`, { action: 'created' });
    expect((await check(forged)).body).toEqual(notHere);
    const xmpOnly = await sharp(unrelated).webp().withXmp(forger.xmp(uuid)).toBuffer();
    expect((await sharp(xmpOnly).metadata()).xmp).toBeDefined();
    expect((await check(xmpOnly, 'image/webp')).body).toEqual(notHere);
  }, 60_000);
});

describe('what the check refuses', () => {
  it('answers 400 invalid_image for a file that is not a picture, and for one cut short', async () => {
    const text = await check('a lighthouse at dusk', 'text/plain');
    expect(text).toEqual({ status: 400, body: { detail: { code: 'invalid_image' } } });
    const png = await painting(5);
    const cut = await check(png.subarray(0, 200));
    expect(cut).toEqual({ status: 400, body: { detail: { code: 'invalid_image' } } });
  });

  it('answers 400 without a file, 415 for a body that is not multipart, 413 over 15 MB', async () => {
    const empty = await fetch(`${base}/api/provenance/check`, { method: 'POST', body: new FormData() });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ detail: { code: 'validation_error', data: { field: 'image' } } });
    const json = await fetch(`${base}/api/provenance/check`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(json.status).toBe(415);
    const huge = await check(Buffer.alloc(15 * 1024 * 1024 + 1, 1));
    expect(huge.status).toBe(413);
    expect(huge.body).toMatchObject({ detail: { code: 'validation_error' } });
  });

  it('limits checks per address: the 31st within an hour answers 429 spam_protection', async () => {
    startOfNextHour(t);
    const text = 'not an image';
    for (let i = 0; i < 30; i++) expect((await check(text, 'text/plain')).status).toBe(400);
    const over = await check(text, 'text/plain');
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ detail: { code: 'spam_protection' } });
  });
});

describe('images made before hashes existed', () => {
  it('get their hash from their thumbnail in the background, within a bit or two of the full picture’s', async () => {
    const uuid = await madeHere(505);
    const row = await t.database.db
      .selectFrom('image')
      .select(['id', sql<string | null>`perceptual_hash::text`.as('perceptual_hash')])
      .where('uuid', '=', uuid)
      .executeTakeFirstOrThrow();
    expect(row.perceptual_hash).not.toBeNull();
    await t.database.db
      .updateTable('image')
      .set({ perceptual_hash: null })
      .where('id', '=', row.id)
      .execute();
    let after: number | null = row.id - 1;
    while (after !== null) {
      after = await backfillPerceptualHashes(
        { images: t.services.provenanceImages, store: t.services.store },
        after,
      );
    }
    const backfilled = await t.database.db
      .selectFrom('image')
      .select(sql<string | null>`perceptual_hash::text`.as('perceptual_hash'))
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(backfilled.perceptual_hash).not.toBeNull();
    expect(
      hammingDistance(hashOfStored(backfilled.perceptual_hash!), hashOfStored(row.perceptual_hash!)),
    ).toBeLessThanOrEqual(2);
  }, 60_000);
});
