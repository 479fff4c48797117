import { once } from 'node:events';
import http, { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './support/server.ts';

/**
 * A graceful shutdown of the compiled server (`npm run build:server` first), as an orchestrator does it
 * (apps/api/src/lifecycle.ts): SIGTERM, then the instance drains. The slow in-flight request is the
 * prompt assistant's `nl_convert`, whose language model is a fake OpenAI-compatible server here that holds
 * its answer until the test releases it: the request is still running when the signal comes, whatever the
 * machine's speed. The grace period (30 s) is far longer than anything the test waits for, so that a slow
 * machine cannot make it run out: a request cut at its end would fail the test rather than pass it.
 */
const MODEL_ANSWER = 'lighthouse, sea cliff, dusk';

/** The fake language model: each request waits until `release()`; `received` resolves on the first. */
function heldModel() {
  const held: ServerResponse[] = [];
  let released = false;
  let first: () => void;
  const received = new Promise<void>((resolve) => (first = resolve));
  const answer = (response: ServerResponse) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        id: 'chatcmpl-test',
        object: 'chat.completion',
        created: 1_700_000_000,
        model: 'test-model',
        choices: [{ index: 0, message: { role: 'assistant', content: MODEL_ANSWER }, finish_reason: 'stop' }],
      }),
    );
  };
  const server: Server = createServer((request, response) => {
    request.resume();
    request.once('end', () => {
      if (released) return answer(response);
      held.push(response);
      first();
    });
  });
  return {
    server,
    received,
    release: () => {
      released = true;
      for (const response of held.splice(0)) answer(response);
    },
  };
}

/** A live stream on its own connection, as a browser's EventSource has. */
function openEvents(url: string, cookie: string) {
  return new Promise<{ status: number; text: () => string; ended: Promise<void>; opened: Promise<void> }>(
    (resolve, reject) => {
      const request = http.get(`${url}/api/events`, { headers: { cookie }, agent: false });
      request.on('error', reject);
      request.on('response', (response) => {
        let text = '';
        let first: () => void;
        const opened = new Promise<void>((done) => (first = done));
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
          first();
        });
        const ended = new Promise<void>((done) => response.on('close', done));
        resolve({ status: response.statusCode ?? 0, text: () => text, ended, opened });
      });
    },
  );
}

/** The readiness probe on a new connection: its status, or the connection error's code (port closed). */
function readiness(url: string): Promise<number | string> {
  return new Promise((resolve) => {
    const request = http.get(`${url}/api/health/ready`, { agent: false }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

async function signUp(url: string, username: string): Promise<string> {
  const response = await fetch(`${url}/api/user/create`, {
    method: 'POST',
    headers: { origin: new URL(url).origin, 'content-type': 'application/json' },
    body: JSON.stringify({ username, email: `${username}@example.com`, pwd: 'lighthouse-dusk-1' }),
  });
  expect(response.status).toBe(201);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

/** The assistant's conversion, which waits on the held model. */
function convert(url: string, cookie: string) {
  return fetch(`${url}/api/tasks/nl_convert`, {
    method: 'POST',
    headers: { cookie, origin: new URL(url).origin, 'content-type': 'application/json' },
    body: JSON.stringify({ input: 'A lighthouse on a cliff at dusk' }),
  });
}

let model: ReturnType<typeof heldModel> | undefined;
let server: RunningServer | undefined;

/** A fresh held model, and the server pointed at it. */
const start = async () => {
  const held = heldModel();
  model = held;
  held.server.listen(0, '127.0.0.1');
  await once(held.server, 'listening');
  const { port } = held.server.address() as AddressInfo;
  server = await startServer({
    env: {
      SHUTDOWN_GRACE_MS: '30000',
      ASSISTANT_URL: `http://127.0.0.1:${port}/v1/`,
      ASSISTANT_API_KEY: 'sk-test-assistant-key',
      ASSISTANT_MODEL: 'test-model',
      ASSISTANT_TIMEOUT_MS: '60000',
      GUEST_SAMPLES: 'false',
      IMAGE_THREADS: '1',
    },
  });
  return { ...server, model: held };
};

afterEach(async () => {
  model?.release();
  await server?.stop();
  model?.server.closeAllConnections();
  model?.server.close();
  server = undefined;
  model = undefined;
});

describe('SIGTERM', () => {
  it('drains: not ready, streams told to reconnect, the in-flight request answered, exit 0', async () => {
    const { url, process: child, model } = await start();
    const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
    const cookie = await signUp(url, 'drainone');
    expect(await readiness(url)).toBe(200);
    const events = await openEvents(url, cookie);
    expect(events.status).toBe(200);
    await events.opened;
    const inFlight = convert(url, cookie);
    await model.received;

    child.kill('SIGTERM');

    // The stream ends at the start of the drain, with a short reconnection delay and a last comment.
    await events.ended;
    expect(events.text()).toMatch(/^retry: 3000\n/);
    expect(events.text()).toMatch(/\nretry: 1000\n\n: this instance is shutting down; reconnect\n\n$/);
    // Draining: readiness answers 503 while the port is open, or the port is closed already.
    const ready = await readiness(url);
    expect([503, 'ECONNREFUSED']).toContain(ready);
    // The in-flight request still finishes, with the model's answer (not the built-in fallback).
    expect(child.exitCode).toBeNull();
    model.release();
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { output: string }).output).toBe(MODEL_ANSWER);
    expect(await exited).toEqual([0, null]);
  });

  it('a second signal exits at once, cutting what is still in flight', async () => {
    const { url, process: child, model } = await start();
    const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
    const cookie = await signUp(url, 'draintwo');
    const events = await openEvents(url, cookie);
    await events.opened;
    const inFlight = convert(url, cookie).then(
      (response) => response.status,
      () => 'cut',
    );
    await model.received;

    child.kill('SIGTERM');
    await events.ended;
    // Still draining: the held request keeps the server open (its grace period is 30 s).
    expect(child.exitCode).toBeNull();
    child.kill('SIGTERM');

    expect(await exited).toEqual([1, null]);
    expect(await inFlight).toBe('cut');
  });
});
