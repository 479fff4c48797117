import { Worker } from 'node:worker_threads';
import type { StoreConfig } from '../../storage/create-object-store.ts';
import type { ObjectStore } from '../../storage/object-store.ts';
import { createMarker, type MarkingConfig } from './marking/marker.ts';
import { InvalidImageError, processImage, type ProcessedImage } from './post-process.ts';

export interface ProcessOptions {
  uuid: string;
  watermark: boolean;
  variant?: 'original' | 'upscaled';
  /** The image a tweak was made from (its Content Credentials' parent ingredient). */
  source?: string;
  /** Largest width x height to decode (sharp's limitInputPixels); see processImage. */
  maxPixels?: number;
}

/**
 * The thread's entry in the same form as this module. Compiled (`npm start`): processor-thread.js. From
 * source (dev:api, tests, benches): processor-thread.mjs, which registers the TypeScript loader in the new
 * thread (threads do not inherit it; they do inherit `--conditions=source`, so the workspace packages load
 * from their TypeScript there too).
 */
const THREAD_ENTRY = import.meta.url.endsWith('.ts') ? './processor-thread.mjs' : './processor-thread.js';

/** Post-processing of finished images (post-process.ts), in background threads or in the caller's. */
export interface ImageProcessor {
  process(input: Buffer, options: ProcessOptions): Promise<ProcessedImage>;
  /** Stops the threads; images still being processed fail. */
  close(): Promise<void>;
}

/** What a processing thread answers for one request. */
export type ProcessorReply =
  { id: number; result: ProcessedImage } | { id: number; error: { invalidImage: boolean; message: string } };

/** What each thread starts with. */
export interface ProcessorThreadData {
  threadStore: StoreConfig;
  marking: MarkingConfig;
}

export interface ProcessorRequest {
  id: number;
  input: Uint8Array;
  options: ProcessOptions;
}

interface Thread {
  worker: Worker;
  pending: Map<number, { resolve: (result: ProcessedImage) => void; reject: (error: Error) => void }>;
}

/**
 * Creates the image processor. With `threads` > 0 and the settings of the configured store
 * (`threadStore`), images are processed in that many worker threads, each making that store and writing
 * the files itself (a folder store with blocking calls: every file write is one system call instead of
 * three round trips through libuv's pool, bench:queue; BENCHMARKS.md): the API's event loop only hands
 * the PNG over and gets width, height and blurhash back. Threads start on the first image, so an API that
 * never completes a job never starts them. With `threads` = 0, or no `threadStore` (a store a test
 * injected), images are processed in the caller's thread.
 */
export function createImageProcessor(options: {
  store: ObjectStore;
  /** How every file is marked as AI-generated (./marking); each thread makes its own marker from it. */
  marking: MarkingConfig;
  threadStore: StoreConfig | undefined;
  threads: number;
}): ImageProcessor {
  const { store, marking, threadStore, threads: size } = options;
  if (size <= 0 || threadStore === undefined) {
    const marker = createMarker(marking);
    return {
      process: (input, processOptions) => processImage(input, { ...processOptions, store, marker }),
      close: async () => {},
    };
  }

  const threadData: ProcessorThreadData = { threadStore, marking };
  const threads: Thread[] = [];
  let nextId = 1;
  let closed = false;

  function start(): Thread {
    const worker = new Worker(new URL(THREAD_ENTRY, import.meta.url), {
      workerData: threadData,
    });
    const thread: Thread = { worker, pending: new Map() };
    worker.on('message', (reply: ProcessorReply) => {
      const request = thread.pending.get(reply.id);
      if (!request) return;
      thread.pending.delete(reply.id);
      if ('result' in reply) request.resolve(reply.result);
      else
        request.reject(
          reply.error.invalidImage
            ? new InvalidImageError(reply.error.message)
            : new Error(reply.error.message),
        );
    });
    const stop = (error: Error) => {
      // A thread that crashed is replaced on the next image; what it held fails (the worker may retry).
      const index = threads.indexOf(thread);
      if (index >= 0) threads.splice(index, 1);
      for (const request of thread.pending.values()) request.reject(error);
      thread.pending.clear();
    };
    worker.on('error', stop);
    worker.on('exit', (code) => stop(new Error(`image processing thread stopped (exit code ${code})`)));
    threads.push(thread);
    return thread;
  }

  /** The least busy thread, starting another while fewer than `size` run and all are busy. */
  function pick(): Thread {
    const idle = threads.find((thread) => thread.pending.size === 0);
    if (idle) return idle;
    if (threads.length < size) return start();
    return threads.reduce((best, thread) => (thread.pending.size < best.pending.size ? thread : best));
  }

  return {
    process(input, processOptions) {
      if (closed) return Promise.reject(new Error('image processor closed'));
      const thread = pick();
      const id = nextId++;
      return new Promise<ProcessedImage>((resolve, reject) => {
        thread.pending.set(id, { resolve, reject });
        // Copied, not transferred: a small Buffer may share its memory with other Buffers.
        const request: ProcessorRequest = { id, input, options: processOptions };
        thread.worker.postMessage(request);
      });
    },
    async close() {
      closed = true;
      await Promise.all(threads.map((thread) => thread.worker.terminate()));
    },
  };
}
