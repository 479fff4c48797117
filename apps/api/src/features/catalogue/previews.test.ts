import sharp from 'sharp';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { ObjectStore } from '../../storage/object-store.ts';
import { createCataloguePreviews, previewJob, previewKey, previewUrl, renderPreview } from './previews.ts';
import type { PreviewKind, PreviewSubject } from './repository.ts';

const SUBJECTS: PreviewSubject[] = [
  { kind: 'style', lib: 'anime_modern', model: 'mirage-anime-v3.safetensors' },
  { kind: 'style', lib: 'photo_natural', model: 'mirage-photo-v2.safetensors' },
  { kind: 'booster', lib: 'soft_light', model: 'soft_light_v1.safetensors' },
  { kind: 'booster', lib: 'pixel_art', model: 'pixel_art_v2.safetensors' },
];

function memoryStore() {
  const objects = new Map<string, Buffer>();
  const store: ObjectStore & { objects: Map<string, Buffer>; puts: number } = {
    objects,
    puts: 0,
    put(key, body) {
      store.puts += 1;
      objects.set(key, body);
      return Promise.resolve();
    },
    get: (key) => Promise.resolve(objects.get(key) ?? null),
    delete(key) {
      objects.delete(key);
      return Promise.resolve();
    },
  };
  return store;
}

function setup(render?: (subject: PreviewSubject) => Promise<Buffer>) {
  const store = memoryStore();
  const log = { warn: vi.fn() } as unknown as FastifyBaseLogger & { warn: ReturnType<typeof vi.fn> };
  const repository = {
    previewSubject: vi.fn((kind: PreviewKind, lib: string) =>
      Promise.resolve(SUBJECTS.find((s) => s.kind === kind && s.lib === lib)),
    ),
    listPreviewSubjects: vi.fn(() => Promise.resolve(SUBJECTS)),
  };
  let active = 0;
  const stats = { calls: 0, maxActive: 0 };
  const painter = vi.fn(async (subject: PreviewSubject) => {
    stats.calls += 1;
    active += 1;
    stats.maxActive = Math.max(stats.maxActive, active);
    try {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return render ? await render(subject) : Buffer.from(`webp:${subject.kind}:${subject.lib}`);
    } finally {
      active -= 1;
    }
  });
  const previews = createCataloguePreviews({ repository, store, log, render: painter });
  return { previews, store, log, repository, stats };
}

describe('renderPreview', () => {
  it('paints a 256x352 WebP, the same bytes every time, different for every lib', async () => {
    const images = await Promise.all(SUBJECTS.map((subject) => renderPreview(subject)));
    const again = await renderPreview(SUBJECTS[0]!);
    expect(again.equals(images[0]!)).toBe(true);
    expect(new Set(images.map((image) => image.toString('base64'))).size).toBe(SUBJECTS.length);
    const meta = await sharp(images[0]).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 352]);
  });

  it('paints a neutral job: seed from the lib, prompt from the lib, checkpoint from the model', () => {
    const job = previewJob(SUBJECTS[2]!);
    expect(job).toMatchObject({
      prompt: 'soft light',
      checkpoint: 'soft_light_v1.safetensors',
      loras: [],
      hires: null,
      face_restore: false,
    });
    expect(previewJob({ ...SUBJECTS[2]!, model: 'other' }).seed).toBe(job.seed);
    expect(previewJob({ ...SUBJECTS[2]!, lib: 'soft_light2' }).seed).not.toBe(job.seed);
  });

  it('names keys and URLs by kind and lib', () => {
    expect(previewKey('style', 'anime_modern')).toBe('catalogue/styles/anime_modern.webp');
    expect(previewKey('booster', 'pixel_art')).toBe('catalogue/boosters/pixel_art.webp');
    expect(previewUrl('booster', 'pixel_art')).toBe('/api/catalogue/preview/booster/pixel_art.webp');
  });
});

describe('preview on demand', () => {
  it('paints and stores a missing preview once for concurrent requests, then serves the stored one', async () => {
    const { previews, store, stats } = setup();
    const answers = await Promise.all(Array.from({ length: 5 }, () => previews.get('booster', 'soft_light')));
    expect(stats.calls).toBe(1);
    expect(store.puts).toBe(1);
    expect(answers.every((image) => image?.toString() === 'webp:booster:soft_light')).toBe(true);
    expect(store.objects.get('catalogue/boosters/soft_light.webp')?.toString()).toBe(
      'webp:booster:soft_light',
    );
    await previews.get('booster', 'soft_light');
    expect(stats.calls).toBe(1);
  });

  it('answers undefined for an unknown lib or a lib of the other kind, painting nothing', async () => {
    const { previews, repository, stats } = setup();
    expect(await previews.get('style', 'nope')).toBeUndefined();
    expect(await previews.get('booster', 'anime_modern')).toBeUndefined();
    expect(await previews.get('style', '../secret')).toBeUndefined();
    expect(repository.previewSubject).toHaveBeenCalledTimes(2);
    expect(stats.calls).toBe(0);
  });

  it('paints again after a failed render', async () => {
    let fail = true;
    const { previews, store } = setup((subject) =>
      fail ? Promise.reject(new Error('boom')) : Promise.resolve(Buffer.from(subject.lib)),
    );
    await expect(previews.get('style', 'anime_modern')).rejects.toThrow('boom');
    expect(store.objects.size).toBe(0);
    fail = false;
    expect((await previews.get('style', 'anime_modern'))?.toString()).toBe('anime_modern');
  });
});

describe('renderMissing (seed time)', () => {
  it('paints every missing preview one at a time and skips the stored ones', async () => {
    const { previews, store, stats } = setup();
    store.objects.set('catalogue/styles/photo_natural.webp', Buffer.from('already there'));
    expect(await previews.renderMissing()).toEqual({ rendered: 3, skipped: 1, failed: 0 });
    expect(stats.maxActive).toBe(1);
    expect([...store.objects.keys()].sort()).toEqual(
      SUBJECTS.map((subject) => previewKey(subject.kind, subject.lib)).sort(),
    );
    expect(store.objects.get('catalogue/styles/photo_natural.webp')?.toString()).toBe('already there');
    expect(await previews.renderMissing()).toEqual({ rendered: 0, skipped: 4, failed: 0 });
    expect(stats.calls).toBe(3);
  });

  it('logs a failure and goes on with the others', async () => {
    const { previews, store, log } = setup((subject) =>
      subject.lib === 'soft_light' ? Promise.reject(new Error('boom')) : Promise.resolve(Buffer.from('ok')),
    );
    expect(await previews.renderMissing()).toEqual({ rendered: 3, skipped: 0, failed: 1 });
    expect(store.objects.has('catalogue/boosters/soft_light.webp')).toBe(false);
    expect(store.objects.has('catalogue/boosters/pixel_art.webp')).toBe(true);
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn.mock.calls[0]?.[0]).toMatchObject({ kind: 'booster', lib: 'soft_light' });
  });

  it('shares a render with a request for the same preview, and a second run joins the first', async () => {
    const { previews, stats } = setup();
    const [a, b, image] = await Promise.all([
      previews.renderMissing(),
      previews.renderMissing(),
      previews.get('style', 'anime_modern'),
    ]);
    expect(a).toBe(b);
    expect(a.rendered + a.skipped).toBe(4);
    expect(image?.toString()).toBe('webp:style:anime_modern');
    expect(stats.calls).toBe(4);
  });

  it('stops after the preview in progress when the app closes', async () => {
    const { previews, store } = setup();
    const run = previews.renderMissing();
    await new Promise((resolve) => setTimeout(resolve, 1));
    await previews.stop();
    const result = await run;
    expect(result.rendered).toBeLessThan(4);
    expect(store.objects.size).toBe(result.rendered);
  });
});
