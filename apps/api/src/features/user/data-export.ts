import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { Zip, ZipPassThrough } from 'fflate';
import type { DB } from '../../db/database.ts';
import { exportRecords, usernameOf } from './export-repository.ts';
import type { ObjectStore } from '../../storage/object-store.ts';
import { imageKeys, upscaledKeys } from '../image/index.ts';

/**
 * "Download my data" (docs/product/accounts.md#your-data): a zip of the account's profile, balances with
 * their ledger, orders, saved prompts, favourites, every image's settings and the images' files. Built
 * while it is sent (fflate's streaming Zip, files stored as they are: PNG is compressed already), so a
 * large gallery never sits in memory whole.
 */
export function createDataExport(deps: { db: DB; store: ObjectStore }) {
  const { db, store } = deps;

  return {
    /** For the download's file name (usernames are letters, digits, _ and -: safe in a header). */
    usernameOf: (userId: number) => usernameOf(db, userId),

    /** The zip as a stream; the caller pipes it to the answer. Records are read before the first byte. */
    async exportOf(userId: number): Promise<Readable> {
      const data = await exportRecords(db, userId);
      const out = new PassThrough();
      const zip = new Zip((error, chunk, final) => {
        if (error) {
          out.destroy(error);
          return;
        }
        out.write(chunk);
        if (final) out.end();
      });
      const addFile = (name: string, bytes: Uint8Array) => {
        const entry = new ZipPassThrough(name);
        zip.add(entry);
        entry.push(bytes, true);
      };
      const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);
      addFile('README.txt', Buffer.from(README));
      addFile('profile.json', json({ ...data.profile, balances: data.balances }));
      addFile('ledger.json', json(data.ledger));
      addFile('orders.json', json(data.orders));
      addFile('saved-prompts.json', json(data.prompts));
      addFile('favorites.json', json(data.favorites));
      addFile('images.json', json(data.images));
      void (async () => {
        for (const image of data.images) {
          const keys = [imageKeys(image.uuid).png, ...(image.upscaled ? [upscaledKeys(image.uuid).png] : [])];
          for (const key of keys) {
            // Backpressure: a slow download waits here instead of the zip piling up in memory.
            if (out.writableLength > EXPORT_BUFFER_BYTES) await once(out, 'drain');
            if (out.destroyed) return;
            const bytes = await store.get(key);
            if (bytes) addFile(key, bytes);
          }
        }
        zip.end();
      })().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
      return out;
    },
  };
}
export type DataExport = ReturnType<typeof createDataExport>;

/** How much zip may wait for a slow client before the next file is read. */
const EXPORT_BUFFER_BYTES = 8 * 1024 * 1024;

const README = `Your Mirage data
================
profile.json        your account and balances
ledger.json         every movement of your balances
orders.json         your purchases
saved-prompts.json  your saved prompts (tags by id)
favorites.json      the images you added to your collection
images.json         the settings of every image you made
images/             the images themselves (PNG; "-upscaled" for the x2 version)
`;
