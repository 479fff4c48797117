import type { Answer } from '@mirage/contract';
import { isPremium, type BoosterSetting } from '@mirage/domain';
import { AppError } from '../../errors.ts';
import type { ObjectStore } from '../../storage/object-store.ts';
import type { UserRepository } from '../user/index.ts';
import { imageFileAddress } from './file-address.ts';
import type { ImageInfoRepository } from './info-repository.ts';
import { imageKeys, upscaledKeys } from './post-process.ts';

type ImageWithViewer = NonNullable<Awaited<ReturnType<ImageInfoRepository['withViewer']>>>;

/** docs/product/image-viewer.md#information: the date as month-day-year text. */
export function monthDayYear(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}-${date.getUTCFullYear()}`;
}

/** A booster as the generation data keeps it (the generator's settings); anything else is left out. */
function isBooster(value: unknown): value is BoosterSetting {
  const booster = value as Partial<BoosterSetting> | null;
  return (
    typeof booster === 'object' &&
    booster !== null &&
    Number.isInteger(booster.id) &&
    typeof booster.weight === 'number'
  );
}

/** Curated samples and images stored without their settings have no generation data to show. */
function hasGenData(image: Pick<ImageWithViewer, 'is_sample' | 'gen_data'>): boolean {
  return !image.is_sample && Object.keys(image.gen_data).length > 0;
}

/**
 * GET /api/image/{uuid}/info (docs/product/image-viewer.md#information): what the viewer and its menu need,
 * never the prompt.
 */
export function toImageInfo(
  image: ImageWithViewer,
  viewerId: number | null,
  sourceUuid: string | null,
  filesPublicUrl: string | undefined,
): Answer<'getImageInfo'> {
  const address = (file: string) => imageFileAddress(filesPublicUrl, file);
  return {
    id: image.id,
    uuid: image.uuid,
    user_id: image.user_id,
    username: image.username,
    is_owner: viewerId === image.user_id,
    is_favorite: image.is_favorite,
    has_gen_data: hasGenData(image),
    is_private: image.is_private,
    upscaled: image.upscaled,
    style_id: image.style_id,
    format: image.format,
    render: image.render,
    gen_type: image.gen_type,
    width: image.width,
    height: image.height,
    blurhash: image.blurhash,
    nsfw: image.nsfw,
    created_at: image.created_at.toISOString(),
    tags: image.tags,
    tag_ids: image.tag_ids,
    image_src: address(`${image.uuid}.webp`),
    thumbnail_src: address(`${image.uuid}-min.webp`),
    png_src: address(`${image.uuid}.png`),
    upscaled_src: image.upscaled ? address(`${image.uuid}-upscaled.webp`) : null,
    source_uuid: sourceUuid,
  };
}

/**
 * The image calls of docs/product/api.md. A private image is the same 404 as a missing one for everyone but
 * its owner (invariant 4): info, gen info, tags, privacy and deletion all read the image through `visible`,
 * whose query finds only what the viewer may see (visibleTo, docs/architecture/privacy.md).
 */
export function createImageInfoService(deps: {
  images: ImageInfoRepository;
  users: UserRepository;
  store: ObjectStore;
  now: () => Date;
  /** FILES_PUBLIC_URL: where the answers' file addresses point (./file-address.ts). */
  filesPublicUrl?: string | undefined;
}) {
  async function visible(uuid: string, viewerId: number | null): Promise<ImageWithViewer> {
    const image = await deps.images.withViewer(uuid, viewerId);
    if (!image) throw new AppError('image_not_found');
    return image;
  }

  async function owned(uuid: string, viewerId: number): Promise<ImageWithViewer> {
    const image = await visible(uuid, viewerId);
    if (image.user_id !== viewerId) throw new AppError('unauthorized_resource');
    return image;
  }

  async function removeImage(image: { id: number; uuid: string }): Promise<void> {
    await deps.images.delete(image.id);
    const keys = [...Object.values(imageKeys(image.uuid)), ...Object.values(upscaledKeys(image.uuid))];
    await Promise.all(keys.map((key) => deps.store.delete(key)));
  }

  return {
    async info(uuid: string, viewerId: number | null) {
      const image = await visible(uuid, viewerId);
      // A tweak links to its source, when the viewer may see that too (a private source stays hidden).
      const sourceUuid = image.source_image_id
        ? ((await deps.images.visibleUuid(image.source_image_id, viewerId)) ?? null)
        : null;
      return toImageInfo(image, viewerId, sourceUuid, deps.filesPublicUrl);
    },

    /** docs/product/image-viewer.md#information; curated samples carry none (image_no_gen_data). */
    async genInfo(uuid: string, viewerId: number | null): Promise<Answer<'getImageGenInfo'>> {
      const image = await visible(uuid, viewerId);
      const data = image.gen_data;
      if (!hasGenData(image)) throw new AppError('image_no_gen_data');
      return {
        created_at: monthDayYear(image.created_at),
        prompt: image.prompt,
        neg_prompt: image.neg_prompt,
        seed: image.seed,
        style_id: image.style_id,
        format: image.format,
        quality: image.quality,
        creativity: typeof data.creativity === 'string' ? data.creativity : null,
        modifiers: Array.isArray(data.modifiers) ? data.modifiers.filter(isBooster) : [],
        watermark: image.watermarked,
        // The engine's model; 'preview-renderer' for the built-in preview engine (not an AI model).
        model: typeof data.model === 'string' ? data.model : null,
        user_id: image.user_id,
        username: image.username,
      };
    },

    async tagIds(uuid: string, viewerId: number | null) {
      return (await visible(uuid, viewerId)).tag_ids;
    },

    /** docs/product/image-viewer.md#privacy: private images are for premium users; the owner toggles. */
    async togglePrivate(uuid: string, viewerId: number) {
      const image = await owned(uuid, viewerId);
      const user = await deps.users.findById(viewerId);
      if (!user || !isPremium(user, deps.now())) throw new AppError('unauthorized_resource');
      const isPrivate = await deps.images.togglePrivate(image.id);
      // Nothing flipped: the image is gone, or a moderator hid it (possibly since it was read above).
      if (isPrivate === undefined) {
        const current = await deps.images.withViewer(uuid, viewerId);
        throw new AppError(current?.hidden_at ? 'image_hidden' : 'image_not_found');
      }
      return { is_private: isPrivate };
    },

    /** The owner deletes the image: its row, then its files (a missing file is not an error). */
    async delete(uuid: string, viewerId: number) {
      const image = await owned(uuid, viewerId);
      await removeImage(image);
      return { ok: true as const };
    },

    /** A moderator's removal (features/mod): the same deletion as the owner's. */
    remove: removeImage,
  };
}
export type ImageInfoService = ReturnType<typeof createImageInfoService>;
