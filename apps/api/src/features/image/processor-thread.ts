import { parentPort, workerData } from 'node:worker_threads';
import { createObjectStore } from '../../storage/create-object-store.ts';
import { InvalidImageError, processImage } from './post-process.ts';
import { createMarker } from './marking/marker.ts';
import type { ProcessorReply, ProcessorRequest, ProcessorThreadData } from './processor.ts';

/**
 * One image-processing thread: takes PNGs from the API's thread, writes the image files into the store the
 * API's settings name (a folder with blocking calls: this thread does nothing else; or the S3 bucket) and
 * answers with width, height and blurhash.
 */
const { threadStore, marking } = workerData as ProcessorThreadData;
const store = createObjectStore(threadStore, { blocking: true });
const marker = createMarker(marking);
const port = parentPort!;

port.on('message', (request: ProcessorRequest) => {
  const input = Buffer.from(request.input.buffer, request.input.byteOffset, request.input.byteLength);
  processImage(input, { ...request.options, store, marker }).then(
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
