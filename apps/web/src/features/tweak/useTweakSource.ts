/**
 * Loads the image to tweak with the viewer's calls and cache (GET /api/image/{uuid}/info, then /info/gen
 * when it has generation data): the studio's source, or why there is none.
 */
import { useQuery } from '@tanstack/react-query';
import { errorCode } from '../api/index.ts';
import { fetchGenInfo, fetchImageInfo, genInfoKey, imageInfoKey } from '../image/index.ts';
import { sourceOf, type SourceImage } from './source.ts';

const STALE_MS = 60_000;

export type SourceStatus =
  | { kind: 'none' }
  | { kind: 'loading' }
  | { kind: 'ready'; source: SourceImage; username: string }
  /** Deleted, another user's private image, or a malformed address: docs/product/generation.md#tweak. */
  | { kind: 'not-found' }
  | { kind: 'error'; retry: () => void };

export function useTweakSource(uuid: string | null): SourceStatus {
  const infoQuery = useQuery({
    queryKey: imageInfoKey(uuid ?? ''),
    queryFn: ({ signal }) => fetchImageInfo(uuid ?? '', signal),
    enabled: uuid !== null,
    staleTime: STALE_MS,
  });
  const info = infoQuery.data;
  const genWanted = info?.has_gen_data === true;
  const genQuery = useQuery({
    queryKey: genInfoKey(uuid ?? ''),
    queryFn: ({ signal }) => fetchGenInfo(uuid ?? '', signal),
    enabled: uuid !== null && genWanted,
    staleTime: 5 * STALE_MS,
  });

  if (uuid === null) return { kind: 'none' };
  if (infoQuery.error) {
    if (errorCode(infoQuery.error) === 'image_not_found') return { kind: 'not-found' };
    return { kind: 'error', retry: () => void infoQuery.refetch() };
  }
  if (!info || (genWanted && genQuery.isPending)) return { kind: 'loading' };
  // Generation data that failed to load: empty prompts and Standard; an empty prompt is redrawn from the
  // source's own on the server, and the server prices the quality it knows.
  return { kind: 'ready', source: sourceOf(info, genQuery.data), username: info.username };
}
