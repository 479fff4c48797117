import { describe, expect, it } from 'vitest';
import { EngineAbortError, EngineError } from '../src/engines/engine.ts';
import { jobFor, makeJob } from './fakes/jobs.ts';
import { ASYNC, CANCEL, CHECK, STATUS, failure, run, useHorde } from './fakes/horde-harness.ts';

/** How the AI Horde engine fails: which failures are retryable, and what it sends the Horde meanwhile. */
const { logs, setup } = useHorde();

describe('AI Horde engine failures', () => {
  it('fails a faulted request retryably and cancels it', async () => {
    const { fake, engine } = await setup();
    fake.faults.faulted = true;
    const err = await failure(run(engine, makeJob()));
    expect(err).toBeInstanceOf(EngineError);
    expect(err).toMatchObject({ retryable: true });
    expect((err as Error).message).toMatch(/faulted/);
    expect(fake.calls(STATUS)).toHaveLength(0);
    expect(fake.calls(CANCEL)).toHaveLength(1);
  });

  it('waits out a 429 TooManyPrompts as its Retry-After says, then succeeds', async () => {
    const { fake, engine, timer } = await setup();
    fake.faults.tooManyPrompts = 1;
    fake.faults.retryAfter = 3;
    expect((await run(engine, makeJob())).size).toEqual([512, 704]);
    expect(fake.calls(ASYNC)).toHaveLength(2);
    expect(timer.waits[0]).toBe(3000);
    expect(logs.some((l) => l.includes('TooManyPrompts') && l.includes('retry 1/4'))).toBe(true);
  });

  it('gives up retryably after a bounded number of 429s', async () => {
    const { fake, engine, timer } = await setup(
      { limits: { async: null } },
      { retries: 3, maxRetryWaitMs: 5000 },
    );
    fake.faults.tooManyPrompts = 100;
    fake.faults.retryAfter = 30;
    const err = await failure(run(engine, makeJob()));
    expect(err).toMatchObject({ retryable: true });
    expect((err as Error).message).toContain('HTTP 429 TooManyPrompts');
    expect(fake.calls(ASYNC)).toHaveLength(4);
    expect(timer.waits).toEqual([5000, 5000, 5000]); // Retry-After capped by maxRetryWaitMs
  });

  it('retries 5xx answers with a doubling backoff', async () => {
    const { fake, engine, timer } = await setup();
    fake.faults.serverErrors = 2;
    expect((await run(engine, makeJob())).size).toEqual([512, 704]);
    expect(timer.waits.slice(0, 2)).toEqual([1000, 2000]);
  });

  it('fails without retry, and without looping, when the Horde wants kudos upfront', async () => {
    const { fake, engine } = await setup({}, { maxPixels: 4096 * 4096 });
    const err = await failure(run(engine, jobFor('portrait', 'high')));
    expect(err).toMatchObject({ retryable: false });
    expect((err as Error).message).toMatch(/HTTP 403 KudosUpfront.*API key with kudos/);
    expect(fake.calls(ASYNC)).toHaveLength(1);
  });

  it('fails without retry on a validation error, with its fields', async () => {
    const { fake, engine } = await setup();
    const err = await failure(run(engine, makeJob({ sampler: 'uni_pc' })));
    expect(err).toMatchObject({ retryable: false });
    expect((err as Error).message).toMatch(
      /HTTP 400: Input payload validation failed; params.sampler_name: 'uni_pc' is not one of/,
    );
    expect(fake.calls(ASYNC)).toHaveLength(1);
  });

  it('fails without retry on an unknown API key', async () => {
    const { engine } = await setup({}, { apiKey: 'not-a-key' });
    const err = await failure(run(engine, makeJob()));
    expect(err).toMatchObject({ retryable: false });
    expect((err as Error).message).toMatch(/HTTP 401 InvalidAPIKey.*HORDE_API_KEY/);
  });

  it('fails without retry when the image comes back censored, and does not download it', async () => {
    const { fake, engine } = await setup();
    fake.faults.censored = true;
    const err = await failure(run(engine, makeJob()));
    expect(err).toMatchObject({ retryable: false });
    expect((err as Error).message).toMatch(/censored.*censorship:csam/);
    expect(fake.requests.filter((r) => r.path.startsWith('/r2/'))).toEqual([]);
  });

  it('cancels the request and throws EngineAbortError when aborted', async () => {
    const { fake, engine } = await setup({ checksToFinish: 50 });
    const ac = new AbortController();
    const err = await failure(
      run(engine, makeJob(), {
        signal: ac.signal,
        onProgress: (_p, events) => events.length === 3 && ac.abort(),
      }),
    );
    expect(err).toBeInstanceOf(EngineAbortError);
    expect(fake.calls(CANCEL)).toHaveLength(1);
    expect(fake.calls(STATUS)).toHaveLength(0);
    expect(fake.prompts.size).toBe(0);
  });

  it('fails retryably when the request expired (404 RequestNotFound)', async () => {
    const { fake, engine } = await setup();
    fake.faults.expired = true;
    const err = await failure(run(engine, makeJob()));
    expect(err).toMatchObject({ retryable: true });
    expect((err as Error).message).toContain('HTTP 404 RequestNotFound');
    expect(fake.calls(CHECK)).toHaveLength(1);
  });

  it('cancels a request no worker can serve, without retry, after impossibleTimeoutMs', async () => {
    const { fake, engine } = await setup({}, { impossibleTimeoutMs: 3000 });
    fake.faults.impossible = true;
    const err = await failure(run(engine, makeJob()));
    expect(err).toMatchObject({ retryable: false });
    expect((err as Error).message).toMatch(/no worker can serve request .* \(model AlbedoBase XL \(SDXL\)/);
    expect(fake.calls(CHECK)).toHaveLength(4);
    expect(fake.calls(CANCEL)).toHaveLength(1);
  });

  it('cancels a request that is not done within the generation timeout, retryably', async () => {
    const { fake, engine } = await setup({ checksToFinish: 100 }, { generationTimeoutMs: 2500 });
    const err = await failure(run(engine, makeJob()));
    expect(err).toMatchObject({ retryable: true });
    expect((err as Error).message).toMatch(/not done after 2500 ms/);
    expect(fake.calls(CANCEL)).toHaveLength(1);
  });

  it('fails an unmapped checkpoint without retry and without a request', async () => {
    const { fake, engine } = await setup();
    const err = await failure(run(engine, makeJob({ checkpoint: 'toString' })));
    expect(err).toMatchObject({ retryable: false });
    expect((err as Error).message).toContain('no Horde model is mapped to toString');
    expect(fake.requests).toEqual([]);
  });
});
