import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/api/src/app.ts';
import { loadConfig } from '../../apps/api/src/config.ts';
import { createPGliteDatabase, migrateToLatest } from '../../apps/api/src/db/database.ts';
import { seedCatalogue } from '../../apps/api/src/db/seed/catalogue.ts';
import { createNotifierFor } from '../../apps/api/src/events/notifier.ts';
import { systemStorageEnv } from './storage.ts';

/**
 * The API of the system tests (*.system.ts): built in this process on a fresh PGlite with the catalogue,
 * listening on loopback, with the calls a browser and a worker make, the monitor stream, and polling.
 */
export async function startSystemApi() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mirage-system-'));
  const database = await createPGliteDatabase({});
  await migrateToLatest(database.db);
  await seedCatalogue(database.db);
  const notifier = await createNotifierFor(database);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    LEASE_SECONDS: '5',
    // The files in the folder under dataDir, or in a bucket with SYSTEM_STORAGE=s3 (the system-s3 project).
    ...(await systemStorageEnv()),
  });
  /** The site's origin (PUBLIC_URL's), which a browser on the site sends with state-changing calls. */
  const siteOrigin = new URL(config.PUBLIC_URL).origin;
  const { app, services } = await buildApp({ config, db: database.db, notifier, serveWeb: false });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });

  async function signUp(name: string) {
    const response = await fetch(`${base}/api/user/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: name, email: `${name}@example.com`, pwd: 'lighthouse-dusk-1' }),
    });
    const cookie = response.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const body = (await response.json()) as { user: { id: number } };
    return { cookie, id: body.user.id };
  }

  /** A state-changing call as the site's page makes it (the session cookie and the site's origin). */
  const post = (cookie: string, url: string, body: unknown) =>
    fetch(`${base}${url}`, {
      method: 'POST',
      headers: { cookie, origin: siteOrigin, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  const balance = async (id: number) =>
    (
      await database.db
        .selectFrom('app_user')
        .select('generation_token')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).generation_token;

  async function close() {
    await app.close();
    await notifier.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }

  return { app, services, database, base, siteOrigin, signUp, post, balance, close };
}
export type SystemApi = Awaited<ReturnType<typeof startSystemApi>>;

export interface TaskViewSeen {
  task_id: string;
  state: number;
  image_uuid: string | null;
  step: number;
}

/** Reads the monitor stream and records every state each task passes through. */
export function monitor(base: string, cookie: string) {
  const controller = new AbortController();
  const states = new Map<string, number[]>();
  const latest = new Map<string, TaskViewSeen>();
  const done = (async () => {
    const response = await fetch(`${base}/api/tasks/monitor`, {
      headers: { cookie },
      signal: controller.signal,
    });
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true });
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = /^data: (.*)$/m.exec(frame)?.[1];
        if (!frame.startsWith('event: tasks') || !data) continue;
        for (const view of JSON.parse(data) as TaskViewSeen[]) {
          const seen = states.get(view.task_id) ?? [];
          if (seen.at(-1) !== view.state) seen.push(view.state);
          states.set(view.task_id, seen);
          latest.set(view.task_id, view);
        }
      }
    }
  })().catch(() => undefined);
  return { states, latest, stop: () => controller.abort(), done };
}

/** Polls `read` until `ok` holds (every 50 ms), or fails after `timeoutMs` with the last value. */
export async function until<T>(
  read: () => T | Promise<T>,
  ok: (value: T) => boolean,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
