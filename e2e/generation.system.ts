import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type AppServices } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { createPGliteDatabase, migrateToLatest, type DatabaseHandle } from '../apps/api/src/db/database.ts';
import { seedCatalogue } from '../apps/api/src/db/seed/catalogue.ts';
import { createNotifierFor, type Notifier } from '../apps/api/src/events/notifier.ts';
import { createAgent } from '../apps/worker/src/agent.ts';
import { createApiClient } from '../apps/worker/src/api-client.ts';
import { PreviewEngine } from '../apps/worker/src/engines/preview.ts';

/**
 * The whole generation path across processes: API + worker agent over HTTP + the preview engine,
 * the live monitor stream, and a worker process killed in the middle of a job.
 */
let app: FastifyInstance;
let services: AppServices;
let database: DatabaseHandle;
let notifier: Notifier;
let base: string;
/** The site's origin (PUBLIC_URL's), which a browser on the site sends with state-changing calls. */
let siteOrigin: string;
let dataDir: string;
const quietLog = { info: () => undefined, warn: () => undefined };
/** Node flags to run a process from TypeScript, with the workspace packages' sources (`source` export). */
const FROM_SOURCE = ['--conditions=source', '--import', 'tsx'];

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'mirage-system-'));
  database = await createPGliteDatabase({});
  await migrateToLatest(database.db);
  await seedCatalogue(database.db);
  notifier = await createNotifierFor(database);
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, LEASE_SECONDS: '5' });
  siteOrigin = new URL(config.PUBLIC_URL).origin;
  ({ app, services } = await buildApp({ config, db: database.db, notifier, serveWeb: false }));
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await app?.close();
  await notifier?.close();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

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

interface View {
  task_id: string;
  state: number;
  image_uuid: string | null;
  step: number;
}

/** Reads the monitor stream and records every state each task passes through. */
function monitor(cookie: string) {
  const controller = new AbortController();
  const states = new Map<string, number[]>();
  const latest = new Map<string, View>();
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
        for (const view of JSON.parse(data) as View[]) {
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

async function create(cookie: string, seed: number) {
  const response = await fetch(`${base}/api/tasks/txt2img`, {
    method: 'POST',
    headers: { cookie, origin: siteOrigin, 'content-type': 'application/json' },
    body: JSON.stringify({ prompt: 'a lighthouse at dusk', neg_prompt: 'blurry', style_id: 1, seed }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { task_id: string; cost: number };
}

async function until<T>(
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

const balance = async (id: number) =>
  (
    await database.db
      .selectFrom('app_user')
      .select('generation_token')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).generation_token;

describe('generation end to end', () => {
  it('streams Queue → Generate → Done while a real worker agent renders with the preview engine', async () => {
    const { cookie, id } = await signUp('systemone');
    const stream = monitor(cookie);
    const token = await services.workerAuth.issueToken('system-agent');
    const agent = createAgent({
      api: createApiClient({ baseUrl: base, token }),
      engine: new PreviewEngine({ stepDelayMs: 30 }),
      log: quietLog,
      leaseWaitSeconds: 2,
      progressIntervalMs: 50,
    });
    try {
      const { task_id: taskId } = await create(cookie, 11);
      // The worker starts once the stream has shown the task waiting in the queue.
      await until(
        () => stream.states.get(taskId),
        (seen) => seen?.includes(0) ?? false,
      );
      void agent.start();
      const finished = await until(
        () => stream.latest.get(taskId),
        (view) => view?.state === 9,
      );
      expect(stream.states.get(taskId)).toEqual(expect.arrayContaining([0, 1, 9]));
      expect(stream.states.get(taskId)!.indexOf(1)).toBeLessThan(stream.states.get(taskId)!.indexOf(9));
      const thumbnail = await fetch(`${base}/images/${finished!.image_uuid}-min.webp`);
      expect(thumbnail.status).toBe(200);
      expect(await balance(id)).toBe(18);
    } finally {
      stream.stop();
      await agent.stop();
    }
  });

  it('re-leases the job of a worker process killed mid-job; finished once, charged once', async () => {
    const { cookie, id } = await signUp('systemtwo');
    const doomedToken = await services.workerAuth.issueToken('doomed-worker');
    const doomed = spawn(process.execPath, [...FROM_SOURCE, 'apps/worker/src/main.ts'], {
      env: {
        ...process.env,
        MIRAGE_API_URL: base,
        WORKER_TOKEN: doomedToken,
        ENGINE: 'preview',
        PREVIEW_STEP_DELAY_MS: '2000',
      },
      stdio: 'ignore',
    });
    let rescuer: ReturnType<typeof createAgent> | undefined;
    try {
      const { task_id: taskId } = await create(cookie, 12);
      // The doomed worker has it and is rendering slowly.
      await until(
        () =>
          database.db
            .selectFrom('task')
            .select(['state', 'progress_step'])
            .where('id', '=', taskId)
            .executeTakeFirstOrThrow(),
        (task) => task.state === 1 && task.progress_step >= 1,
      );
      doomed.kill('SIGKILL');
      const rescuerToken = await services.workerAuth.issueToken('rescuer-worker');
      rescuer = createAgent({
        api: createApiClient({ baseUrl: base, token: rescuerToken }),
        engine: new PreviewEngine({ stepDelayMs: 1 }),
        log: quietLog,
        leaseWaitSeconds: 2,
      });
      void rescuer.start();
      const task = await until(
        () => database.db.selectFrom('task').selectAll().where('id', '=', taskId).executeTakeFirstOrThrow(),
        (row) => row.state === 9,
        40_000,
      );
      // Leased at least twice (doomed, then rescuer); the rescuer finished it.
      expect(task.attempts).toBeGreaterThanOrEqual(2);
      const rescuerRow = await database.db
        .selectFrom('worker')
        .select('id')
        .where('name', '=', 'rescuer-worker')
        .executeTakeFirstOrThrow();
      expect(task.worker_id).toBe(rescuerRow.id);
      expect(task.refunded).toBe(false);
      const images = await database.db.selectFrom('image').select('id').where('user_id', '=', id).execute();
      expect(images).toHaveLength(1);
      const debits = await database.db
        .selectFrom('ledger_entry')
        .select('delta')
        .where('user_id', '=', id)
        .where('reason', '=', 'task_debit')
        .execute();
      expect(debits).toEqual([{ delta: -2 }]);
      expect(await balance(id)).toBe(18);
    } finally {
      doomed.kill('SIGKILL');
      await rescuer?.stop();
    }
  });

  it('upscales a finished image once, ×2, for 1 ticket; a second upscale is refused', async () => {
    const { cookie, id } = await signUp('systemthree');
    const token = await services.workerAuth.issueToken('upscale-agent');
    const agent = createAgent({
      api: createApiClient({ baseUrl: base, token }),
      engine: new PreviewEngine({ stepDelayMs: 1 }),
      log: quietLog,
      leaseWaitSeconds: 2,
    });
    void agent.start();
    try {
      const { task_id: taskId } = await create(cookie, 13);
      const done = await until(
        () =>
          database.db
            .selectFrom('task')
            .select(['state', 'image_id'])
            .where('id', '=', taskId)
            .executeTakeFirstOrThrow(),
        (task) => task.state === 9,
      );
      const image = await database.db
        .selectFrom('image')
        .selectAll()
        .where('id', '=', done.image_id!)
        .executeTakeFirstOrThrow();
      const upscale = (uuid: string) =>
        fetch(`${base}/api/tasks/${uuid}/upscale`, {
          method: 'POST',
          headers: { cookie, origin: siteOrigin, 'content-type': 'application/json' },
          body: '{}',
        });
      const accepted = await upscale(image.uuid);
      expect(accepted.status).toBe(200);
      const { task_id: upscaleId, cost } = (await accepted.json()) as { task_id: string; cost: number };
      expect(cost).toBe(1);
      const again = await upscale(image.uuid);
      expect(((await again.json()) as { detail: { code: string } }).detail.code).toBe('already_upscaled');
      await until(
        () =>
          database.db
            .selectFrom('task')
            .select('state')
            .where('id', '=', upscaleId)
            .executeTakeFirstOrThrow(),
        (task) => task.state === 9,
      );
      const file = await fetch(`${base}/images/${image.uuid}-upscaled.png`);
      expect(file.status).toBe(200);
      const size = (await sharp(Buffer.from(await file.arrayBuffer())).metadata()) as {
        width: number;
        height: number;
      };
      expect(size).toMatchObject({ width: image.width * 2, height: image.height * 2 });
      const after = await upscale(image.uuid);
      expect(((await after.json()) as { detail: { code: string } }).detail.code).toBe('already_upscaled');
      expect(await balance(id)).toBe(20 - 2 - 1);
      const foreign = await signUp('systemfour');
      const stranger = await fetch(`${base}/api/tasks/${image.uuid}/upscale`, {
        method: 'POST',
        headers: { cookie: foreign.cookie, origin: siteOrigin, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(((await stranger.json()) as { detail: { code: string } }).detail.code).toBe('image_not_found');
    } finally {
      await agent.stop();
    }
  });
});
