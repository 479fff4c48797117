import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHeartbeats, HEARTBEAT_SLOTS, type Beating } from './heartbeat.ts';

const PERIOD_MS = 15_000;
const TURN_MS = PERIOD_MS / HEARTBEAT_SLOTS;

function stream(token: string | undefined) {
  const log: string[] = [];
  const self: Beating & { log: string[] } = {
    token,
    beat: () => log.push('beat'),
    expire: () => log.push('expire'),
    log,
  };
  return self;
}

/** A session service whose live tokens are `live`; records each check's tokens. */
function sessions(live: Set<string>) {
  const checks: string[][] = [];
  return {
    checks,
    liveUsers: (tokens: readonly string[]) => {
      checks.push([...tokens]);
      return Promise.resolve(
        new Map(tokens.filter((token) => live.has(token)).map((token) => [token, 1] as const)),
      );
    },
  };
}

describe('live stream heartbeats', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('beats every stream once per period and checks each slot in one query', async () => {
    const live = new Set(Array.from({ length: 45 }, (_, index) => `t${index}`));
    const service = sessions(live);
    const heartbeats = createHeartbeats(service, PERIOD_MS, (error) => {
      throw error;
    });
    const streams = [...live].map((token) => stream(token));
    for (const each of streams) heartbeats.add(each);

    await vi.advanceTimersByTimeAsync(PERIOD_MS);
    expect(streams.every((each) => each.log.join() === 'beat')).toBe(true);
    // 45 streams over 15 slots: 15 queries of 3 tokens, not 45 queries.
    expect(service.checks).toHaveLength(HEARTBEAT_SLOTS);
    expect(service.checks.every((tokens) => tokens.length === 3)).toBe(true);

    await vi.advanceTimersByTimeAsync(PERIOD_MS);
    expect(streams.every((each) => each.log.join() === 'beat,beat')).toBe(true);
    heartbeats.stop();
  });

  it('ends the streams whose session is gone, and those without a token', async () => {
    const service = sessions(new Set(['alive']));
    const heartbeats = createHeartbeats(service, PERIOD_MS, (error) => {
      throw error;
    });
    const kept = stream('alive');
    const gone = stream('revoked');
    const anonymous = stream(undefined);
    // Three adds fill three slots: one period covers them all.
    for (const each of [kept, gone, anonymous]) heartbeats.add(each);
    await vi.advanceTimersByTimeAsync(PERIOD_MS);
    expect([kept.log, gone.log, anonymous.log]).toEqual([['beat'], ['expire'], ['expire']]);
    heartbeats.stop();
  });

  it('ends nobody when the check fails, and tells the error', async () => {
    const errors: unknown[] = [];
    const heartbeats = createHeartbeats(
      { liveUsers: () => Promise.reject(new Error('connection refused')) },
      PERIOD_MS,
      (error) => errors.push(error),
    );
    const one = stream('t');
    heartbeats.add(one);
    await vi.advanceTimersByTimeAsync(PERIOD_MS);
    expect(one.log).toEqual([]);
    expect(errors.length).toBeGreaterThan(0);
    heartbeats.stop();
  });

  it('forgets a removed stream, and stops ticking when none is left', async () => {
    const service = sessions(new Set(['t']));
    const heartbeats = createHeartbeats(service, PERIOD_MS, (error) => {
      throw error;
    });
    const one = stream('t');
    const remove = heartbeats.add(one);
    remove();
    await vi.advanceTimersByTimeAsync(PERIOD_MS);
    expect(one.log).toEqual([]);
    expect(service.checks).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
    // Added again: beaten within the next period, in its slot's turn only.
    heartbeats.add(one);
    await vi.advanceTimersByTimeAsync(PERIOD_MS - TURN_MS / 2);
    expect(service.checks).toEqual([['t']]);
    expect(one.log).toEqual(['beat']);
    heartbeats.stop();
  });
});
