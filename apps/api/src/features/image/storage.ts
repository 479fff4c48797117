import os from 'node:os';
import type { Config } from '../../config.ts';
import { createObjectStore, storeConfigOf } from '../../storage/create-object-store.ts';
import type { ObjectStore } from '../../storage/object-store.ts';
import type { SigningMaterial } from './marking/content-credentials.ts';
import { createImageProcessor } from './processor.ts';

/**
 * The app-wide object store (images, catalogue previews, guest samples) and the image post-processor
 * that writes into it, built once by the composition root. With the configured store (the folder, or S3
 * when S3_BUCKET is set), images are post-processed on worker threads that each make the same store and
 * write the files themselves; a store injected by a test is used from this thread.
 */
export function createImageStorage(config: Config, material: SigningMaterial, injected?: ObjectStore) {
  const store = injected ?? createObjectStore(config);
  const processor = createImageProcessor({
    store,
    marking: { publicUrl: config.PUBLIC_URL, material },
    threadStore: injected ? undefined : storeConfigOf(config),
    threads: config.IMAGE_THREADS ?? Math.max(1, Math.min(4, os.availableParallelism() - 1)),
  });
  return { store, processor };
}
