import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  post,
  remoteWorker,
  signUp,
  startInstance,
  workerToken,
  type Instance,
} from './support/instances.ts';
import { systemStorageEnv } from './support/storage.ts';
import { monitor, until, type TaskViewSeen } from './support/system-api.ts';

/**
 * Two API processes (the compiled server, `npm run build:server` first) behind no balancer, on ONE
 * PostgreSQL database and ONE S3 bucket: what docs/deploy.md promises when the API is scaled out. A
 * session, the queue, the live signals (LISTEN/NOTIFY), the files and the rate limits are shared; nothing
 * lives in one process. Runs in the system-s3 project (`npm run test:instances`) with TEST_DATABASE_URL.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const inS3Project = process.env.SYSTEM_STORAGE === 's3';
const skipReason = !inS3Project
  ? 'runs in the system-s3 project only (one S3 bucket shared by both instances)'
  : !adminUrl
    ? 'needs TEST_DATABASE_URL (a PostgreSQL server where a database can be created)'
    : undefined;
const OPERATOR_TOKEN = 'operator-token-for-two-instances';

let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
let a: Instance;
let b: Instance;

describe.skipIf(skipReason !== undefined)(
  `two API instances on one database and bucket${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    beforeAll(async () => {
      database = await createTestDatabase(adminUrl!, 'mirage_two');
      // One bucket for both: the storage settings are read once.
      const env = { ...(await systemStorageEnv()), OPERATOR_TOKEN };
      // One after the other: the first applies the migrations and the seed, the second finds them done.
      a = await startInstance({ databaseUrl: database.url, env });
      b = await startInstance({ databaseUrl: database.url, env });
    });
    afterAll(async () => {
      await Promise.all([a?.stop(), b?.stop()]);
      await database?.drop();
    });

    it('a session made on A is good on B, and signing out on B ends it on A', async () => {
      const { cookie, id } = await signUp(a.url, 'twosession');
      const me = await fetch(`${b.url}/api/user/me`, { headers: { cookie } });
      expect(me.status).toBe(200);
      expect(((await me.json()) as { id: number }).id).toBe(id);
      const out = await post(b.url, cookie, '/api/user/logout', {});
      expect(out.status).toBeLessThan(300);
      const after = await fetch(`${a.url}/api/user/me`, { headers: { cookie } });
      expect(after.status).toBe(401);
    });

    it('one queue: a task queued on B counts on A; a worker on B does A’s task, streamed on A; both serve it', async () => {
      const first = await signUp(b.url, 'twofirst');
      const second = await signUp(a.url, 'twosecond');
      const stream = monitor(a.url, second.cookie);
      try {
        const queuedOnB = await post(b.url, first.cookie, '/api/tasks/txt2img', {
          prompt: 'a lighthouse at dusk',
          neg_prompt: 'blurry',
          style_id: 1,
          seed: 21,
        });
        expect(queuedOnB.status).toBe(200);
        const queuedOnA = await post(a.url, second.cookie, '/api/tasks/txt2img', {
          prompt: 'a harbour in the morning fog',
          neg_prompt: 'blurry',
          style_id: 1,
          seed: 22,
        });
        expect(queuedOnA.status).toBe(200);
        const { task_id: taskId } = (await queuedOnA.json()) as { task_id: string };

        // A's stream puts A's task second in line, behind the one queued through B.
        const waiting = await until(
          () => stream.latest.get(taskId) as (TaskViewSeen & { position: number | null }) | undefined,
          (view) => view?.state === 0,
        );
        expect(waiting?.position).toBe(2);
        // The operator's depth, read on A, counts both.
        const status = await fetch(`${a.url}/api/worker/status`, {
          headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
        });
        expect(status.status).toBe(200);
        expect(((await status.json()) as { queue: { queued: number } }).queue.queued).toBe(2);

        // A remote worker that only knows B (its token from the CLI) takes both tasks.
        const agent = remoteWorker(b.url, await workerToken(database!.url, 'two-remote'), 30);
        try {
          let progressStep = 0;
          const finished = await until(
            () => stream.latest.get(taskId),
            (view) => {
              if (view?.state === 1) progressStep = Math.max(progressStep, view.step);
              return view?.state === 9;
            },
            40_000,
          );
          expect(progressStep).toBeGreaterThan(0);
          // Progress reported to B reached A's stream (B's NOTIFY, A's LISTEN): Generate with steps, then Done.
          const seen = stream.states.get(taskId) ?? [];
          expect(seen).toEqual(expect.arrayContaining([0, 1, 9]));
          expect(seen.indexOf(1)).toBeLessThan(seen.indexOf(9));
          expect(finished?.image_uuid).toBeTruthy();

          const files = await Promise.all(
            [a, b].map(async (instance) => {
              const response = await fetch(`${instance.url}/images/${finished!.image_uuid}-min.webp`, {
                headers: { cookie: second.cookie },
              });
              expect(response.status).toBe(200);
              return Buffer.from(await response.arrayBuffer());
            }),
          );
          expect(files[0]!.length).toBeGreaterThan(0);
          expect(files[0]!.equals(files[1]!)).toBe(true);
        } finally {
          await agent.stop();
        }
      } finally {
        stream.stop();
      }
    });

    it('rate limits count on both: the failed-login limit trips at the combined count', async () => {
      await signUp(a.url, 'twolimit');
      // Fixed 10-minute windows: not across a window's edge, where the count starts again.
      const windowMs = 10 * 60_000;
      const intoWindow = Date.now() % windowMs;
      if (intoWindow > windowMs - 5000)
        await new Promise((resolve) => setTimeout(resolve, windowMs - intoWindow + 50));
      const attempt = (instance: Instance) =>
        post(instance.url, '', '/api/user/login', { username: 'twolimit', pwd: 'not-the-password-9' }).then(
          async (response) => ({
            status: response.status,
            code: ((await response.json()) as { detail: { code: string } }).detail.code,
          }),
        );
      // 10 failed logins to one account from one address are allowed, 5 on each instance.
      for (let index = 0; index < 10; index++) {
        expect(await attempt(index % 2 === 0 ? a : b)).toEqual({ status: 401, code: 'incorrect_password' });
      }
      // The 11th is refused, on either.
      expect(await attempt(a)).toMatchObject({ status: 429, code: 'spam_protection' });
      expect(await attempt(b)).toMatchObject({ status: 429, code: 'spam_protection' });
    });
  },
);
