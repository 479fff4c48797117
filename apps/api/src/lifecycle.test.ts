import http from 'node:http';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createDrainState, shutDown } from './lifecycle.ts';

/** A bare server with a route answered once the server starts closing, and one never answered. */
async function serverWithHeldRoutes() {
  const app = Fastify({ logger: false });
  const events: string[] = [];
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let arrived = () => {};
  const arrival = new Promise<void>((resolve) => (arrived = resolve));
  app.get('/held', async () => {
    arrived();
    await released;
    return { ok: true };
  });
  app.get('/never', () => {
    arrived();
    return new Promise(() => {});
  });
  // The held request is answered once the server has started closing: the close waits for it.
  app.addHook('preClose', (done) => {
    events.push('closing');
    release();
    done();
  });
  app.addHook('onClose', () => {
    events.push('closed');
  });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const call = (path: string) =>
    new Promise<number | string>((resolve) => {
      http
        .get(`${base}${path}`, { agent: false }, (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        })
        .on('error', () => resolve('cut'));
    });
  return { app, events, arrival, call };
}

const log = Fastify({ logger: false }).log;

describe('shutDown', () => {
  it('drains at once, stops the local worker before the server, and lets in-flight requests finish', async () => {
    const { app, events, arrival, call } = await serverWithHeldRoutes();
    const drain = createDrainState();
    const inFlight = call('/held');
    await arrival;
    const outcome = shutDown({
      app,
      drain,
      graceMs: 60_000,
      log,
      stopLocalWorker: () => {
        events.push(`worker stopped, draining: ${drain.draining}`);
        return Promise.resolve();
      },
    });
    expect(drain.draining).toBe(true);
    expect(await inFlight).toBe(200);
    expect(await outcome).toBe('clean');
    expect(events).toEqual(['worker stopped, draining: true', 'closing', 'closed']);
  });

  it('cuts the connections still open at the end of the grace period, then closes', async () => {
    const { app, events, arrival, call } = await serverWithHeldRoutes();
    const inFlight = call('/never');
    await arrival;
    expect(await shutDown({ app, drain: createDrainState(), graceMs: 50, log })).toBe('forced');
    expect(await inFlight).toBe('cut');
    expect(events).toEqual(['closing', 'closed']);
  });
});
