import { spawn } from 'node:child_process';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent } from '../apps/worker/src/agent.ts';
import { createApiClient } from '../apps/worker/src/api-client.ts';
import { PreviewEngine } from '../apps/worker/src/engines/preview.ts';
import { monitor as watchTasks, startSystemApi, until, type SystemApi } from './support/system-api.ts';

/**
 * The whole generation path across processes: API + worker agent over HTTP + the preview engine,
 * the live monitor stream, and a worker process killed in the middle of a job.
 */
let api: SystemApi;
let services: SystemApi['services'];
let database: SystemApi['database'];
let base: string;
let siteOrigin: string;
const quietLog = { info: () => undefined, warn: () => undefined };
/** Node flags to run a process from TypeScript, with the workspace packages' sources (`source` export). */
const FROM_SOURCE = ['--conditions=source', '--import', 'tsx'];

beforeAll(async () => {
  api = await startSystemApi();
  ({ services, database, base, siteOrigin } = api);
});
afterAll(async () => {
  await api?.close();
});

const signUp = (name: string) => api.signUp(name);
const balance = (id: number) => api.balance(id);
const monitor = (cookie: string) => watchTasks(base, cookie);

async function create(cookie: string, seed: number) {
  const response = await api.post(cookie, '/api/tasks/txt2img', {
    prompt: 'a lighthouse at dusk',
    neg_prompt: 'blurry',
    style_id: 1,
    seed,
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { task_id: string; cost: number };
}

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
