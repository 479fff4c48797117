import { createAgent, type AgentLog } from './agent.ts';
import { createApiClient } from './api-client.ts';
import { loadWorkerConfig, type WorkerConfig } from './config.ts';
import { A1111Engine } from './engines/a1111.ts';
import { ComfyUIEngine } from './engines/comfyui.ts';
import type { Engine } from './engines/engine.ts';
import { HordeEngine } from './engines/horde.ts';
import { PreviewEngine } from './engines/preview.ts';

/** One agent drives one engine (docs/architecture.md). */
export function createEngine(config: WorkerConfig, log: AgentLog): Engine {
  const note = (message: string) => log.info(message);
  switch (config.ENGINE) {
    case 'preview':
      return new PreviewEngine({ maxPixels: config.MAX_PIXELS, stepDelayMs: config.PREVIEW_STEP_DELAY_MS });
    case 'comfyui':
      return new ComfyUIEngine({ baseUrl: config.ENGINE_URL!, maxPixels: config.MAX_PIXELS, log: note });
    case 'a1111':
      return new A1111Engine({
        baseUrl: config.ENGINE_URL!,
        maxPixels: config.MAX_PIXELS,
        log: note,
        ...(config.ENGINE_AUTH ? { auth: config.ENGINE_AUTH } : {}),
      });
    case 'horde':
      return new HordeEngine({
        baseUrl: config.HORDE_URL,
        apiKey: config.HORDE_API_KEY,
        clientAgent: config.HORDE_CLIENT_AGENT,
        models: config.HORDE_MODELS ?? {},
        nsfw: config.HORDE_NSFW,
        trustedWorkers: config.HORDE_TRUSTED_WORKERS,
        maxPixels: Math.min(config.MAX_PIXELS, config.HORDE_MAX_PIXELS),
        pollIntervalMs: config.HORDE_POLL_SECONDS * 1000,
        generationTimeoutMs: config.HORDE_TIMEOUT_SECONDS * 1000,
        impossibleTimeoutMs: config.HORDE_IMPOSSIBLE_SECONDS * 1000,
        log: note,
      });
  }
}

const log: AgentLog = {
  info: (message, data) =>
    console.log(JSON.stringify({ level: 'info', worker: true, msg: message, ...data })),
  warn: (message, data) =>
    console.warn(JSON.stringify({ level: 'warn', worker: true, msg: message, ...data })),
};

async function main(): Promise<void> {
  const config = loadWorkerConfig();
  const engine = createEngine(config, log);
  const api = createApiClient({ baseUrl: config.MIRAGE_API_URL, token: config.WORKER_TOKEN });
  const agent = createAgent({ api, engine, log, gracefulMs: config.GRACEFUL_SECONDS * 1000 });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      log.info('stopping', { signal });
      void agent.stop().then(() => process.exit(0));
    });
  }
  log.info('worker agent started', { engine: engine.name, api: config.MIRAGE_API_URL });
  await agent.start();
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
