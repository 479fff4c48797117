import { parentPort, workerData } from 'node:worker_threads';
import { createFileObjectStore } from '../../storage/object-store.ts';
import { InvalidImageError, processImage } from './post-process.ts';
import type { ProcessorReply, ProcessorRequest } from './processor.ts';

/**
 * One image-processing thread: takes PNGs from the API's thread, writes the image files with blocking
 * calls (this thread does nothing else) and answers with width, height and blurhash.
 */
const { fileRoot } = workerData as { fileRoot: string };
const store = createFileObjectStore(fileRoot, { blocking: true });
const port = parentPort!;

port.on('message', (request: ProcessorRequest) => {
  const input = Buffer.from(request.input.buffer, request.input.byteOffset, request.input.byteLength);
  processImage(input, { ...request.options, store }).then(
    (result) => port.postMessage({ id: request.id, result } satisfies ProcessorReply),
    (error: unknown) =>
      port.postMessage({
        id: request.id,
        error: {
          invalidImage: error instanceof InvalidImageError,
          message: error instanceof Error ? error.message : String(error),
        },
      } satisfies ProcessorReply),
  );
});
