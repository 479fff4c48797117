import { buildCooccurrence, type Cooccurrence } from '@mirage/domain';
import type { FastifyBaseLogger } from 'fastify';

/**
 * The live co-occurrence of the product's public images (docs/product/assistant.md#related-tags), kept
 * in memory and rebuilt in the background: a completion reads whatever was last built and, when it is
 * older than REFRESH_MS, starts one rebuild without waiting for it. Completion never waits on the
 * database for it; the first one after a start uses the curated groups alone.
 */
export const REFRESH_MS = 10 * 60_000;
/** Images read per rebuild: the latest public ones, enough for the common pairs, cheap to read. */
export const IMAGES_READ = 5000;

export interface LiveCooccurrenceDeps {
  load: (limit: number) => Promise<string[][]>;
  now: () => Date;
  log: FastifyBaseLogger;
}

export function createLiveCooccurrence(deps: LiveCooccurrenceDeps) {
  let current: Cooccurrence | undefined;
  let builtAt = Number.NEGATIVE_INFINITY;
  let rebuilding: Promise<void> | undefined;

  /** Rebuilds now (one rebuild at a time); a failure is logged and the previous relation kept. */
  function refresh(): Promise<void> {
    rebuilding ??= deps
      .load(IMAGES_READ)
      .then((images) => {
        current = buildCooccurrence(images).lookup;
      })
      .catch((error: unknown) => deps.log.warn({ err: error }, 'assistant co-occurrence rebuild failed'))
      .finally(() => {
        // A failure waits for the next period too, rather than a query on every completion.
        builtAt = deps.now().getTime();
        rebuilding = undefined;
      });
    return rebuilding;
  }

  return {
    /** The relation last built (undefined before the first); starts a rebuild when it is stale. */
    current(): Cooccurrence | undefined {
      if (deps.now().getTime() - builtAt >= REFRESH_MS) void refresh();
      return current;
    },
    refresh,
  };
}
export type LiveCooccurrence = ReturnType<typeof createLiveCooccurrence>;
