import type { LeaseRequest, WorkerJob } from '@mirage/domain';
import { describe, expect, it } from 'vitest';
import { createAgent } from './agent.ts';
import type { ApiClient } from './api-client.ts';
import type { Engine } from './engines/engine.ts';

const jobOf = (id: string) => ({ id, type: 'txt2img', seed: 1, width: 8, height: 8 }) as unknown as WorkerJob;
const quiet = { info: () => {}, warn: () => {} };

/** An engine that renders instantly, or waits for `release` when asked to. */
function fakeEngine(options: { hold?: Promise<void> } = {}): Engine & { ran: string[] } {
  const ran: string[] = [];
  return {
    name: 'preview',
    ran,
    capabilities: () =>
      Promise.resolve({ checkpoints: [], loras: [], upscalers: [], maxPixels: 1e6, jobTypes: ['txt2img'] }),
    async run(job) {
      ran.push(job.id);
      await options.hold;
      return { png: Buffer.from('png'), width: 8, height: 8, seed: 1, model: 'preview-renderer' };
    },
  };
}

/**
 * An API that hands out `queue` in order: the first job through lease, the rest with the completion
 * of the one before when the agent asks for it (and through lease otherwise).
 */
function fakeApi(queue: WorkerJob[]) {
  const calls: { leases: number; leased: string[]; completes: { id: string; askedNext: boolean }[] } = {
    leases: 0,
    leased: [],
    completes: [],
  };
  const api = {
    // Answers on a later turn of the event loop, as a (non-waiting) long poll over HTTP does.
    lease: () => {
      calls.leases += 1;
      return new Promise((resolve) =>
        setTimeout(() => {
          const job = queue.shift() ?? null;
          if (job) calls.leased.push(job.id);
          resolve(job);
        }, 1),
      );
    },
    progress: () => Promise.resolve(),
    complete: (id: string, _png: Buffer, _metadata: unknown, nextLease?: LeaseRequest) => {
      calls.completes.push({ id, askedNext: nextLease !== undefined });
      const next = nextLease ? (queue.shift() ?? null) : undefined;
      return Promise.resolve({ image_uuid: `image-${id}`, duplicate: false, next_job: next });
    },
    fail: () => Promise.resolve(),
    download: () => Promise.resolve(Buffer.alloc(0)),
  } as unknown as ApiClient;
  return { api, calls };
}

const waitFor = async (condition: () => boolean) => {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(condition()).toBe(true);
};

describe('worker agent', () => {
  it('takes the next job from each completion and leases only when none came with it', async () => {
    const { api, calls } = fakeApi([jobOf('a'), jobOf('b'), jobOf('c')]);
    const engine = fakeEngine();
    const agent = createAgent({ api, engine, log: quiet, leaseWaitSeconds: 0 });
    void agent.start();
    await waitFor(() => calls.completes.length === 3 && calls.leases >= 2);
    await agent.stop();

    expect(engine.ran).toEqual(['a', 'b', 'c']);
    expect(calls.completes).toEqual([
      { id: 'a', askedNext: true },
      { id: 'b', askedNext: true },
      { id: 'c', askedNext: true },
    ]);
    // Only "a" came through a lease; "b" and "c" came with completions; later leases found nothing.
    expect(calls.leased).toEqual(['a']);
    expect(agent.jobsDone).toBe(3);
    expect(calls.leases).toBeGreaterThanOrEqual(2);
  });

  it('asks for no next job once it is stopping, and finishes the job it holds', async () => {
    let release!: () => void;
    const hold = new Promise<void>((resolve) => (release = resolve));
    const { api, calls } = fakeApi([jobOf('a'), jobOf('b')]);
    const engine = fakeEngine({ hold });
    const agent = createAgent({ api, engine, log: quiet, leaseWaitSeconds: 0 });
    void agent.start();
    await waitFor(() => engine.ran.length === 1);
    const stopped = agent.stop();
    release();
    await stopped;

    expect(calls.completes).toEqual([{ id: 'a', askedNext: false }]);
    expect(engine.ran).toEqual(['a']);
    expect(calls.leases).toBe(1);
  });
});
