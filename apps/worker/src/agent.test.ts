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

describe('worker agent: image-to-image files', () => {
  const tweak = (overrides: Partial<WorkerJob>): WorkerJob => ({
    ...jobOf('t'),
    type: 'inpaint',
    source_image_url: null,
    mask_image_url: null,
    ...overrides,
  });

  /** Runs one job through an agent; what the engine got, what was downloaded, how the job ended. */
  async function runOne(job: WorkerJob, failDownloads = 0) {
    const { api, calls } = fakeApi([job]);
    const downloads: string[] = [];
    const fails: { retryable: boolean; message: string }[] = [];
    let failing = failDownloads;
    Object.assign(api, {
      download: (url: string) => {
        downloads.push(url);
        if (failing-- > 0) return Promise.reject(new Error('connection reset'));
        return Promise.resolve(Buffer.from(`file at ${url}`));
      },
      fail: (_id: string, retryable: boolean, message: string) => {
        fails.push({ retryable, message });
        return Promise.resolve();
      },
    });
    const got: { source?: string; mask?: string }[] = [];
    const engine: Engine = {
      ...fakeEngine(),
      run(_job, io) {
        got.push({ source: io.sourceImage?.toString(), mask: io.maskImage?.toString() });
        return Promise.resolve({ png: Buffer.from('png'), width: 8, height: 8, seed: 1, model: 'm' });
      },
    };
    const agent = createAgent({
      api,
      engine,
      log: quiet,
      leaseWaitSeconds: 0,
      backoff: { minMs: 1, maxMs: 2 },
    });
    void agent.start();
    await waitFor(() => calls.completes.length + fails.length === 1);
    await agent.stop();
    return { got, downloads, fails };
  }

  it('downloads the source and the mask of an inpaint job and hands both to the engine', async () => {
    const job = tweak({
      source_image_url: '/api/worker/jobs/t/source',
      mask_image_url: '/api/worker/jobs/t/mask',
    });
    const { got, downloads, fails } = await runOne(job, 1);
    // The first download failed once and was retried, like the source's.
    expect(downloads).toEqual([
      '/api/worker/jobs/t/source',
      '/api/worker/jobs/t/source',
      '/api/worker/jobs/t/mask',
    ]);
    expect(got).toEqual([
      { source: 'file at /api/worker/jobs/t/source', mask: 'file at /api/worker/jobs/t/mask' },
    ]);
    expect(fails).toEqual([]);
  });

  it('downloads only the source of a style conversion, nothing for a txt2img', async () => {
    const convert = await runOne(tweak({ type: 'style_convert', source_image_url: '/s' }));
    expect(convert.got).toEqual([{ source: 'file at /s', mask: undefined }]);
    const txt2img = await runOne(tweak({ type: 'txt2img' }));
    expect(txt2img.downloads).toEqual([]);
  });

  it('fails without retry an inpaint without a mask or an img2img job without a source, downloading nothing', async () => {
    for (const job of [
      tweak({ source_image_url: '/s' }),
      tweak({ mask_image_url: '/m' }),
      tweak({ type: 'style_convert' }),
    ]) {
      const { got, downloads, fails } = await runOne(job);
      expect(got).toEqual([]);
      expect(downloads).toEqual([]);
      expect(fails.map((f) => f.retryable)).toEqual([false]);
      expect(fails[0]?.message).toMatch(/without a (mask|source image)/);
    }
  });
});
