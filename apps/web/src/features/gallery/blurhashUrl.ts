/**
 * A blurhash (docs/architecture.md#look-and-feel: placeholders while thumbnails load) decoded once to a tiny
 * PNG data URL, which CSS stretches over the card's fixed-ratio box. Decoded images are kept, so a board that
 * re-lays out or comes back from the viewer does not decode again.
 */
import { decode, isBlurhashValid } from 'blurhash';

const SIZE = 32;
const CACHE_LIMIT = 400;
const cache = new Map<string, string | null>();

export function blurhashUrl(hash: string | null | undefined): string | null {
  if (!hash) return null;
  const cached = cache.get(hash);
  if (cached !== undefined) return cached;
  let url: string | null = null;
  try {
    if (isBlurhashValid(hash).result && typeof document !== 'undefined') {
      const canvas = document.createElement('canvas');
      canvas.width = SIZE;
      canvas.height = SIZE;
      const context = canvas.getContext('2d');
      if (context) {
        const image = context.createImageData(SIZE, SIZE);
        image.data.set(decode(hash, SIZE, SIZE));
        context.putImageData(image, 0, 0);
        url = canvas.toDataURL('image/png');
      }
    }
  } catch {
    url = null;
  }
  if (cache.size >= CACHE_LIMIT) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  cache.set(hash, url);
  return url;
}
