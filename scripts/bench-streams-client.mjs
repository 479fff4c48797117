// The clients of bench:streams, in a process of their own (spawned by scripts/bench-streams.ts with an IPC
// channel): they hold the N server-sent-event streams, so the API's event loop and heap carry only its
// side. Plain node:http, one connection per stream (as browsers do), a minimal SSE frame parser.
//
// Messages from the bench:
//   { type: 'open', base, path, cookies: string[], parallel } → { type: 'opened', ok, statuses, ms }
//   { type: 'prepare', round } → { type: 'prepared' } (the next round's step, announced before its emit)
//   { type: 'round', round, emittedAt } → { type: 'round-done', round, latencies: number[], missing, ended }
//     (a stream has the round once a `tasks` event carries a task at step `round`; latencies are from
//     `emittedAt`, epoch milliseconds with sub-millisecond precision, to the arrival of that event's bytes)
//   { type: 'close' } → exits
import http from 'node:http';

const epochNow = () => performance.timeOrigin + performance.now();
const ROUND_TIMEOUT_MS = Number(process.env.BENCH_ROUND_TIMEOUT_MS ?? 60_000);

/** @type {{ request: http.ClientRequest, buffer: string }[]} */
const streams = [];
/** Arrival times of the current round, by stream (NaN: not yet). */
let arrivals = new Float64Array(0);
let currentRound = -1;
let received = 0;
/** Streams the server ended (they should all stay open). */
let ended = 0;
/** @type {{ round: number, emittedAt: number, timer: NodeJS.Timeout } | undefined} */
let waiting;

function send(message) {
  process.send?.(message);
}

function finishRound() {
  if (!waiting) return;
  clearTimeout(waiting.timer);
  const latencies = [];
  let missing = 0;
  for (const arrival of arrivals) {
    if (Number.isNaN(arrival)) missing++;
    else latencies.push(arrival - waiting.emittedAt);
  }
  send({ type: 'round-done', round: waiting.round, latencies, missing, ended });
  waiting = undefined;
}

/** One SSE frame ("event: …\ndata: …"): a `tasks` event at the current round's step marks the stream. */
function onFrame(index, frame, arrivedAt) {
  if (!frame.startsWith('event: tasks\n')) return;
  const dataAt = frame.indexOf('\ndata: ');
  if (dataAt < 0) return;
  /** @type {{ step: number }[]} */
  const views = JSON.parse(frame.slice(dataAt + 7));
  if (!views.some((view) => view.step === currentRound) || !Number.isNaN(arrivals[index])) return;
  arrivals[index] = arrivedAt;
  received++;
  if (waiting && received === streams.length) finishRound();
}

function openStream(base, path, cookie) {
  return new Promise((resolve) => {
    const request = http.get(
      new URL(path, base),
      { agent: false, headers: { cookie, accept: 'text/event-stream' } },
      (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          resolve(response.statusCode ?? 0);
          return;
        }
        const stream = { request, buffer: '' };
        const index = streams.push(stream) - 1;
        response.on('end', () => ended++);
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          const arrivedAt = epochNow();
          stream.buffer += chunk;
          for (let end = stream.buffer.indexOf('\n\n'); end >= 0; end = stream.buffer.indexOf('\n\n')) {
            const frame = stream.buffer.slice(0, end);
            stream.buffer = stream.buffer.slice(end + 2);
            onFrame(index, frame, arrivedAt);
          }
        });
        resolve(200);
      },
    );
    request.on('error', () => resolve(-1));
  });
}

process.on('message', async (message) => {
  if (message.type === 'open') {
    const started = performance.now();
    const statuses = {};
    let next = 0;
    const opener = async () => {
      while (next < message.cookies.length) {
        const status = await openStream(message.base, message.path, message.cookies[next++]);
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    };
    await Promise.all(Array.from({ length: message.parallel }, opener));
    arrivals = new Float64Array(streams.length).fill(NaN);
    send({
      type: 'opened',
      ok: statuses[200] ?? 0,
      statuses,
      ms: performance.now() - started,
      rss: process.memoryUsage().rss,
    });
  } else if (message.type === 'round') {
    waiting = {
      round: message.round,
      emittedAt: message.emittedAt,
      timer: setTimeout(finishRound, ROUND_TIMEOUT_MS),
    };
    if (received === streams.length) finishRound();
  } else if (message.type === 'prepare') {
    currentRound = message.round;
    arrivals.fill(NaN);
    received = 0;
    send({ type: 'prepared' });
  } else if (message.type === 'close') {
    for (const stream of streams) stream.request.destroy();
    process.exit(0);
  }
});
send({ type: 'ready' });
