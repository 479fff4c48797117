import { TASK_STATE, type TaskView } from '@mirage/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { completeForm, enqueuePaidTask, pngOf, previewLease } from '../generation-fixtures.ts';
import { Client, createTestApp, newAccount, type TestContext } from '../harness.ts';
import { openSseStream, type SseStream } from '../sse-stream.ts';

/**
 * The pipeline steps every TaskView carries (`tasks`: name, state; docs/product/generation.md#pipeline-steps),
 * followed over the live streams while this test plays the worker over HTTP: queued, then the engine
 * step with its progress, then save once the engine is done, then all done; a failure marks the step it
 * failed at. The snapshot of a new stream (the task list) and the app-wide stream carry the same steps.
 */
let t: TestContext;
let base: string;
let token: string;
const open: SseStream[] = [];

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  token = await t.services.workerAuth.issueToken('steps-worker');
});
afterEach(() => {
  for (const stream of open.splice(0)) stream.destroy();
});
afterAll(async () => {
  await t.close();
});

async function worker(path: string, body: FormData | object) {
  const form = body instanceof FormData;
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, ...(form ? {} : { 'content-type': 'application/json' }) },
    body: form ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

interface LeasedJob {
  id: string;
  seed: number;
  width: number;
  height: number;
  steps: number;
  hires: { width: number; height: number; steps: number } | null;
  upscale: unknown;
}
async function lease(): Promise<LeasedJob> {
  const answer = await worker('/api/worker/lease', { ...previewLease, job_types: ['txt2img', 'upscale'] });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.job as LeasedJob;
}

async function signedIn() {
  const client = new Client(t.app);
  const created = await client.post('/api/user/create', newAccount());
  expect(created.status).toBe(201);
  return { client, userId: (created.body.user as { id: number }).id };
}

/** The last view of `taskId` a stream sent. */
function latest(stream: SseStream, taskId: string): TaskView | undefined {
  let found: TaskView | undefined;
  for (const match of stream.text().matchAll(/event: tasks\ndata: (.*)\n/g)) {
    const view = (JSON.parse(match[1]!) as TaskView[]).find((task) => task.task_id === taskId);
    if (view) found = view;
  }
  return found;
}

/** The steps as `name:state` pairs, easier to read in a failure. */
const stepLine = (view: TaskView | undefined) =>
  view?.tasks.map((step) => `${step.name}:${step.state}`).join(' ') ?? 'no view';

const stepsOn = (stream: SseStream, taskId: string) =>
  expect.poll(() => stepLine(latest(stream, taskId)), { timeout: 10_000 });

describe('pipeline steps on the task views', () => {
  it('move from queued to the engine step, save and done', async () => {
    const { client } = await signedIn();
    const monitor = await openSseStream(base, '/api/tasks/monitor', client.cookieHeader(), open);
    await monitor.received('event: tasks');
    const created = await client.post('/api/tasks/txt2img', {
      prompt: 'a lighthouse at dusk',
      style_id: 1,
      quality: 'Standard',
      format: 'Portrait',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const taskId = created.body.task_id as string;
    await stepsOn(monitor, taskId).toBe('queued:running txt2img:pending save:pending upload:pending');

    const job = await lease();
    expect(job.id).toBe(taskId);
    // A lease sends no change (the worker's first progress report does): a new stream's snapshot, the
    // task list, shows it.
    const list = await openSseStream(base, '/api/tasks/monitor', client.cookieHeader(), open);
    await stepsOn(list, taskId).toBe('queued:done txt2img:running save:pending upload:pending');

    const max = job.steps + (job.hires?.steps ?? 0);
    expect((await worker(`/api/worker/jobs/${taskId}/progress`, { step: 2, max })).status).toBe(200);
    await expect.poll(() => latest(monitor, taskId)?.step).toBe(2);
    expect(stepLine(latest(monitor, taskId))).toBe('queued:done txt2img:running save:pending upload:pending');

    // The engine is done: its result is on its way to the API.
    expect((await worker(`/api/worker/jobs/${taskId}/progress`, { step: max, max })).status).toBe(200);
    await stepsOn(monitor, taskId).toBe('queued:done txt2img:done save:running upload:pending');

    const png = await pngOf(job.hires?.width ?? job.width, job.hires?.height ?? job.height);
    const done = await worker(`/api/worker/jobs/${taskId}/complete`, completeForm(png, { seed: job.seed }));
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    await stepsOn(monitor, taskId).toBe('queued:done txt2img:done save:done upload:done');
    expect(latest(monitor, taskId)?.state).toBe(TASK_STATE.Done);

    // The task list (a new stream's snapshot) and the app-wide stream carry the same steps.
    const events = await openSseStream(base, '/api/events', client.cookieHeader(), open);
    await stepsOn(events, taskId).toBe('queued:done txt2img:done save:done upload:done');
  });

  it('shows the model upscale of a txt2img running once the counter is past the sampler steps', async () => {
    const { client, userId } = await signedIn();
    const task = await enqueuePaidTask(t, userId, {
      job: { steps: 4, upscale: { factor: 2, model: 'RealESRGAN_x4plus_anime_6B.pth' } },
    });
    const monitor = await openSseStream(base, '/api/tasks/monitor', client.cookieHeader(), open);
    await stepsOn(monitor, task.id).toBe(
      'queued:running txt2img:pending upscale:pending save:pending upload:pending',
    );
    expect((await lease()).id).toBe(task.id);
    // Four sampler steps, then one for the upscale model (as the ComfyUI and A1111 engines count).
    await worker(`/api/worker/jobs/${task.id}/progress`, { step: 4, max: 5 });
    await stepsOn(monitor, task.id).toBe(
      'queued:done txt2img:done upscale:running save:pending upload:pending',
    );
    await worker(`/api/worker/jobs/${task.id}/fail`, { retryable: false, message: 'out of memory' });
    await stepsOn(monitor, task.id).toBe(
      'queued:done txt2img:done upscale:failed save:pending upload:pending',
    );
  });

  it('marks the step a task failed at', async () => {
    const { client } = await signedIn();
    const monitor = await openSseStream(base, '/api/tasks/monitor', client.cookieHeader(), open);
    await monitor.received('event: tasks');
    const created = await client.post('/api/tasks/txt2img', {
      prompt: 'a lighthouse at dusk',
      style_id: 1,
      quality: 'Standard',
      format: 'Portrait',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const taskId = created.body.task_id as string;
    expect((await lease()).id).toBe(taskId);
    await worker(`/api/worker/jobs/${taskId}/progress`, { step: 1, max: 20 });
    const failed = await worker(`/api/worker/jobs/${taskId}/fail`, {
      retryable: false,
      message: 'out of memory',
    });
    expect(failed.body).toEqual({ state: TASK_STATE.Fail });
    await stepsOn(monitor, taskId).toBe('queued:done txt2img:failed save:pending upload:pending');
    expect(latest(monitor, taskId)).toMatchObject({ state: TASK_STATE.Fail, refunded: true });
  });
});
