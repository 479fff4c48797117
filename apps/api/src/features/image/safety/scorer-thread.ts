import { parentPort } from 'node:worker_threads';
import { installOfflineFetch, loadSafetyModels } from './models.ts';
import type { ScorerReply, ScorerRequest } from './model-scorer.ts';

/**
 * The image safety thread: loads the models once, as soon as it starts (seconds: off the API's event loop,
 * which goes on serving meanwhile), then scores one PNG at a time — human and nsfwjs share one tfjs engine,
 * and the WebAssembly backend runs single-threaded in Node, so requests wait their turn here.
 */
const port = parentPort!;
installOfflineFetch();
const started = performance.now();
const loading = loadSafetyModels();
loading.then(
  () => port.postMessage({ loaded: { ms: Math.round(performance.now() - started) } } satisfies ScorerReply),
  (error: unknown) => port.postMessage({ loadFailed: messageOf(error) } satisfies ScorerReply),
);

let turn: Promise<unknown> = Promise.resolve();
port.on('message', (request: ScorerRequest) => {
  turn = turn.then(async () => {
    try {
      const models = await loading;
      const png = Buffer.from(request.png.buffer, request.png.byteOffset, request.png.byteLength);
      port.postMessage({ id: request.id, scores: await models.score(png) } satisfies ScorerReply);
    } catch (error) {
      port.postMessage({ id: request.id, error: messageOf(error) } satisfies ScorerReply);
    }
  });
});

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
