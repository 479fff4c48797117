import { Worker } from 'node:worker_threads';
import type { ImageSafetyScores } from '@mirage/domain';
import type { ImageSafetyScorer } from './scorer.ts';

/** What the API's thread asks the safety thread: the scores of one PNG. */
export interface ScorerRequest {
  id: number;
  png: Uint8Array;
}

/** What the safety thread answers: once, whether the models loaded; then one reply per request. */
export type ScorerReply =
  | { loaded: { ms: number } }
  | { loadFailed: string }
  | { id: number; scores: ImageSafetyScores }
  | { id: number; error: string };

/** Where the models are: not started yet, loading, ready, or failed (retried after a pause). */
export type ModelScorerState = 'idle' | 'loading' | 'ready' | 'failed';

export interface ModelScorer extends ImageSafetyScorer {
  /** The models always answer (never null, unlike the scorer of IMAGE_SAFETY=off). */
  score(png: Buffer): Promise<ImageSafetyScores>;
  state(): ModelScorerState;
}

interface Log {
  info(data: object, message: string): void;
  error(data: object, message: string): void;
}

/** Same pattern as the image processor's threads (processor.ts): the .mjs registers tsx from source. */
const THREAD_ENTRY = import.meta.url.endsWith('.ts') ? './scorer-thread.mjs' : './scorer-thread.js';

interface Thread {
  worker: Worker;
  loaded: boolean;
  pending: Map<number, { resolve: (scores: ImageSafetyScores) => void; reject: (error: Error) => void }>;
}

/**
 * `IMAGE_SAFETY=models`: the models in one thread of their own (scorer-thread.ts), started on the first
 * image, so an API that never finishes an image never loads them, and the HTTP listen never waits for
 * them. One thread, whatever IMAGE_THREADS says: the models take ~450 MB and 7–12 s to load, and a second
 * copy adds no throughput on the single-threaded WebAssembly backend (research/image-safety-on-node.md).
 *
 * A score asked for while the models load waits for them (the image stays private meanwhile). If they fail
 * to load, scores fail at once for `retryAfterMs`, then the next one starts a fresh thread; a thread that
 * answers nothing for `timeoutMs` is stopped the same way. The caller keeps such images waiting and asks
 * again later (service.ts).
 */
export function createModelScorer(options: {
  log: Log;
  retryAfterMs?: number;
  timeoutMs?: number;
}): ModelScorer {
  const retryAfterMs = options.retryAfterMs ?? 60_000;
  const timeoutMs = options.timeoutMs ?? 120_000;
  let thread: Thread | undefined;
  let failedAt: number | undefined;
  let nextId = 1;
  let closed = false;

  function stop(current: Thread, error: Error) {
    if (thread === current) thread = undefined;
    for (const request of current.pending.values()) request.reject(error);
    current.pending.clear();
    void current.worker.terminate();
  }

  function start(): Thread {
    const worker = new Worker(new URL(THREAD_ENTRY, import.meta.url));
    const current: Thread = { worker, loaded: false, pending: new Map() };
    worker.on('message', (reply: ScorerReply) => {
      if ('loaded' in reply) {
        current.loaded = true;
        failedAt = undefined;
        options.log.info({ loadMs: reply.loaded.ms }, 'image safety models loaded');
      } else if ('loadFailed' in reply) {
        failedAt = Date.now();
        options.log.error({ reason: reply.loadFailed }, 'image safety models failed to load');
        stop(current, new Error(`image safety models failed to load: ${reply.loadFailed}`));
      } else {
        const request = current.pending.get(reply.id);
        if (!request) return;
        current.pending.delete(reply.id);
        if ('scores' in reply) request.resolve(reply.scores);
        else request.reject(new Error(`image safety scoring failed: ${reply.error}`));
      }
    });
    worker.on('error', (error) => stop(current, error));
    worker.on('exit', (code) => stop(current, new Error(`image safety thread stopped (exit code ${code})`)));
    return current;
  }

  return {
    score(png) {
      if (closed) return Promise.reject(new Error('image safety scorer closed'));
      if (!thread && failedAt !== undefined && Date.now() - failedAt < retryAfterMs)
        return Promise.reject(new Error('image safety models unavailable (the last load failed)'));
      thread ??= start();
      const current = thread;
      const id = nextId++;
      return new Promise<ImageSafetyScores>((resolve, reject) => {
        const timer = setTimeout(() => {
          failedAt = Date.now();
          stop(current, new Error(`image safety thread answered nothing for ${timeoutMs} ms`));
        }, timeoutMs);
        const settle = { resolve, reject };
        current.pending.set(id, {
          resolve: (scores) => (clearTimeout(timer), settle.resolve(scores)),
          reject: (error) => (clearTimeout(timer), settle.reject(error)),
        });
        // Copied, not transferred: a Buffer may share its memory with other Buffers.
        current.worker.postMessage({ id, png } satisfies ScorerRequest);
      });
    },
    state() {
      if (thread) return thread.loaded ? 'ready' : 'loading';
      return failedAt === undefined ? 'idle' : 'failed';
    },
    async close() {
      closed = true;
      if (thread) {
        const current = thread;
        stop(current, new Error('image safety scorer closed'));
        await current.worker.terminate();
      }
    },
  };
}
