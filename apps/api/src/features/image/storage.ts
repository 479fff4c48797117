import os from 'node:os';
import path from 'node:path';
import type { Config } from '../../config.ts';
import { createFileObjectStore, type ObjectStore } from '../../storage/object-store.ts';
import { createImageProcessor } from './processor.ts';

/**
 * The app-wide object store (images, catalogue previews, guest samples) and the image post-processor
 * that writes into it, built once by the composition root. With the default folder store, images are
 * post-processed on worker threads that write the files themselves; a store injected by a test is used
 * from this thread.
 */
export function createImageStorage(config: Config, injected?: ObjectStore) {
  const filesFolder = path.join(config.DATA_DIR, 'files');
  const store = injected ?? createFileObjectStore(filesFolder);
  const processor = createImageProcessor({
    store,
    fileRoot: injected ? undefined : filesFolder,
    threads: config.IMAGE_THREADS ?? Math.max(1, Math.min(4, os.availableParallelism() - 1)),
  });
  return { store, processor };
}
