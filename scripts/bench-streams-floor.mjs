// bench:streams:floor — what this machine can do at best for the fan-out bench:streams measures: a bare
// Node HTTP server (no framework, no database, no JSON building) holding N event streams, writing one
// `tasks` frame to each per round, read by the same client process as bench:streams
// (scripts/bench-streams-client.mjs). Its p99 is the floor under the product's: the cost of N chunked
// writes on loopback with the client on the same cores.
//
//   npm run bench:streams:floor -- --streams 10000 --rounds 5
import { fork } from 'node:child_process';
import http from 'node:http';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({
  options: {
    streams: { type: 'string', default: '10000' },
    rounds: { type: 'string', default: '5' },
    'warm-up': { type: 'string', default: '1' },
  },
});
const STREAMS = Number(args.streams);
const ROUNDS = Number(args.rounds);
const WARM_UP = Number(args['warm-up']);

/** @type {http.ServerResponse[]} */
const streams = [];
const server = http.createServer((request, response) => {
  response.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', connection: 'keep-alive' });
  response.write('retry: 3000\n\n');
  streams.push(response);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
const address = /** @type {import('node:net').AddressInfo} */ (server.address());

const client = fork(new URL('./bench-streams-client.mjs', import.meta.url).pathname);
/** @param {string} type */
const next = (type) =>
  new Promise((resolve) => {
    /** @param {any} message */
    const onMessage = (message) => {
      if (message.type !== type) return;
      client.off('message', onMessage);
      resolve(message);
    };
    client.on('message', onMessage);
  });
await next('ready');
client.send({
  type: 'open',
  base: `http://127.0.0.1:${address.port}`,
  path: '/',
  cookies: Array.from({ length: STREAMS }, () => 'none=1'),
  parallel: 64,
});
const opened = await next('opened');
console.log(`opened ${opened.ok} of ${STREAMS} streams in ${(opened.ms / 1000).toFixed(1)} s`);

const pct = (/** @type {number[]} */ sorted, /** @type {number} */ p) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
/** @type {number[]} */
const all = [];
for (let round = 1; round <= WARM_UP + ROUNDS; round++) {
  client.send({ type: 'prepare', round });
  await next('prepared');
  const emittedAt = performance.timeOrigin + performance.now();
  client.send({ type: 'round', round, emittedAt });
  const done = next('round-done');
  // The frame the product sends for one running task, built once (the product builds one per user).
  const frame = `event: tasks\ndata: ${JSON.stringify([{ id: crypto.randomUUID(), state: 'Running', step: round }])}\n\n`;
  for (const stream of streams) stream.write(frame);
  const result = /** @type {{ latencies: number[] }} */ (await done);
  const sorted = result.latencies.sort((a, b) => a - b);
  if (round > WARM_UP) all.push(...sorted);
  console.log(
    `${round > WARM_UP ? `round ${round - WARM_UP}` : `warm-up ${round}`}: ${sorted.length} received;` +
      ` p50 ${pct(sorted, 0.5)?.toFixed(1)} ms, p99 ${pct(sorted, 0.99)?.toFixed(1)} ms`,
  );
  await new Promise((resolve) => setTimeout(resolve, 1000));
}
all.sort((a, b) => a - b);
console.log(
  `\nfloor, ${STREAMS} bare streams, ${ROUNDS} rounds after ${WARM_UP} warm-up: p50 ${pct(all, 0.5)?.toFixed(1)} ms,` +
    ` p95 ${pct(all, 0.95)?.toFixed(1)} ms, p99 ${pct(all, 0.99)?.toFixed(1)} ms`,
);
client.send({ type: 'close' });
server.closeAllConnections();
server.close();
