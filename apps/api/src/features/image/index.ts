/** The image feature's public face: what other features import from it. */
export { imageKeys, InvalidImageError, pngSize, processImage, upscaledKeys } from './post-process.ts';
export type { ProcessedImage } from './post-process.ts';
export type { ImageProcessor } from './processor.ts';
export {
  favoriteExists,
  insertImageWithTags,
  isFavoriteColumn,
  lockImage,
  markUpscaled,
} from './repository.ts';
export type { ImageRepository } from './repository.ts';
export { imageFileAddress } from './file-address.ts';
export { visibleTo } from './visibility-repository.ts';
export type { ImageSafetyService } from './safety/index.ts';
export type { SigningMaterial } from './marking/content-credentials.ts';
