/**
 * Style and booster preview pictures, painted by the preview engine's renderer (@mirage/preview-renderer,
 * the same painter the built-in worker uses) and kept in the object store like any image. They are
 * rendered at seed time (`renderMissing`, started in the background once the server listens) and on
 * demand for a preview that is not stored yet; after that every instance serves the stored bytes.
 */
import { createHash } from 'node:crypto';
import { defaultSceneInput, renderField, type SceneInput } from '@mirage/preview-renderer';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import type { ObjectStore } from '../../storage/object-store.ts';
import type { CatalogueRepository, PreviewKind, PreviewSubject } from './repository.ts';

/**
 * Previews are painted like a portrait job at the base size (docs/product/generation.md#resolution:
 * 512x704)...
 */
const RENDER_WIDTH = 512;
const RENDER_HEIGHT = 704;
/** ...and stored at half that size: what style cards and booster thumbnails show. */
export const PREVIEW_WIDTH = 256;
export const PREVIEW_HEIGHT = 352;
const WEBP_QUALITY = 80;

/** Catalogue libs are lower-case snake case; anything else is not a preview. */
export const PREVIEW_LIB = /^[a-z0-9_]{1,64}$/;

const FOLDER: Record<PreviewKind, string> = {
  style: 'styles',
  booster: 'boosters',
  booster_realistic: 'boosters-realistic',
};

/**
 * A modifier preview's file name at the spec's address (docs/product/image-viewer.md#files:
 * /image/modifiers/{lib}.webp, and {lib}_r.webp for the realistic look).
 */
const MODIFIER_FILE = /^([a-z0-9_]{1,64})\.webp$/;
const REALISTIC_SUFFIX = /^([a-z0-9_]+)_r$/;

/** Object-store key of a preview: catalogue/<styles|boosters|boosters-realistic>/<lib>.webp. */
export function previewKey(kind: PreviewKind, lib: string): string {
  return `catalogue/${FOLDER[kind]}/${lib}.webp`;
}

/** Public URL of a preview (routes.ts serves it). */
export function previewUrl(kind: Exclude<PreviewKind, 'booster_realistic'>, lib: string): string {
  return `/api/catalogue/preview/${kind}/${lib}.webp`;
}

/**
 * The neutral job a preview is painted from: the seed comes from a hash of the lib, the prompt is the
 * lib in words, and the checkpoint (which picks the colour family) is the style's checkpoint or the
 * booster's LoRA, so a style's preview shares the look of the pictures made with it.
 */
export function previewJob(subject: PreviewSubject): SceneInput {
  const seed = createHash('sha256').update(subject.lib).digest().readUInt32LE(0);
  return defaultSceneInput(seed, subject.lib.replaceAll('_', ' '), subject.model);
}

/** Paints one preview and encodes it: a WebP of PREVIEW_WIDTH x PREVIEW_HEIGHT, the same bytes every time. */
export async function renderPreview(subject: PreviewSubject): Promise<Buffer> {
  const field = renderField(previewJob(subject), RENDER_WIDTH, RENDER_HEIGHT);
  return sharp(field.data, { raw: { width: field.width, height: field.height, channels: 3 } })
    .resize(PREVIEW_WIDTH, PREVIEW_HEIGHT, { kernel: 'lanczos3', fit: 'fill' })
    .webp({ quality: WEBP_QUALITY })
    .toBuffer();
}

export interface PreviewSeedResult {
  rendered: number;
  skipped: number;
  failed: number;
}

export interface CataloguePreviewDeps {
  repository: Pick<CatalogueRepository, 'previewSubject' | 'listPreviewSubjects'>;
  store: ObjectStore;
  log: FastifyBaseLogger;
  /** Replaced in tests (a failing or slow painter). */
  render?: (subject: PreviewSubject) => Promise<Buffer>;
}

export function createCataloguePreviews(deps: CataloguePreviewDeps) {
  const { repository, store, log } = deps;
  const render = deps.render ?? renderPreview;
  // One render per key at a time, shared by concurrent requests and the seed run.
  const rendering = new Map<string, Promise<Buffer>>();
  let stopped = false;
  let seeding: Promise<PreviewSeedResult> | null = null;

  function renderAndStore(subject: PreviewSubject): Promise<Buffer> {
    const key = previewKey(subject.kind, subject.lib);
    const running = rendering.get(key);
    if (running) return running;
    const job = (async () => {
      const image = await render(subject);
      await store.put(key, image, 'image/webp');
      return image;
    })();
    rendering.set(key, job);
    const forget = () => rendering.delete(key);
    job.then(forget, forget);
    return job;
  }

  async function seed(): Promise<PreviewSeedResult> {
    const result: PreviewSeedResult = { rendered: 0, skipped: 0, failed: 0 };
    for (const subject of await repository.listPreviewSubjects()) {
      if (stopped) break;
      try {
        if (await store.get(previewKey(subject.kind, subject.lib))) {
          result.skipped += 1;
          continue;
        }
        await renderAndStore(subject);
        result.rendered += 1;
      } catch (error) {
        result.failed += 1;
        log.warn({ err: error, kind: subject.kind, lib: subject.lib }, 'catalogue preview failed');
      }
    }
    return result;
  }

  /** The stored WebP of a preview, rendered and stored first when missing; undefined for an unknown lib. */
  async function get(kind: PreviewKind, lib: string): Promise<Buffer | undefined> {
    if (!PREVIEW_LIB.test(lib)) return undefined;
    const running = rendering.get(previewKey(kind, lib));
    if (running) return running;
    const stored = await store.get(previewKey(kind, lib));
    if (stored) return stored;
    const subject = await repository.previewSubject(kind, lib);
    return subject && renderAndStore(subject);
  }

  return {
    get,

    /**
     * A modifier preview by its file name at the spec's address: {lib}.webp is the booster's preview,
     * {lib}_r.webp its realistic look. A booster whose own lib ends in "_r" comes first.
     */
    async modifier(file: string): Promise<Buffer | undefined> {
      const lib = MODIFIER_FILE.exec(file)?.[1];
      if (lib === undefined) return undefined;
      const own = await get('booster', lib);
      if (own) return own;
      const realisticOf = REALISTIC_SUFFIX.exec(lib)?.[1];
      return realisticOf === undefined ? undefined : get('booster_realistic', realisticOf);
    },

    /**
     * Seed time: renders and stores the preview of every enabled style and booster that has none, one at
     * a time, and answers the counts. A failure is logged and the run goes on; it never throws for one.
     * A second call while a run is going on joins it.
     */
    renderMissing(): Promise<PreviewSeedResult> {
      seeding ??= seed().finally(() => {
        seeding = null;
      });
      return seeding;
    },

    /** Stops a seed run after the preview in progress, and waits for it (the app is closing). */
    async stop(): Promise<void> {
      stopped = true;
      await seeding?.catch(() => undefined);
      await Promise.allSettled([...rendering.values()]);
    },
  };
}
export type CataloguePreviews = ReturnType<typeof createCataloguePreviews>;
