import { z } from 'zod';

/** Every environment variable of the worker agent, documented; the README lists them. */
export const workerConfigSchema = z.object({
  /** Base address of the Mirage API the agent pulls work from. */
  MIRAGE_API_URL: z.url().default('http://127.0.0.1:8080'),
  /** The worker's bearer token (`npm run worker:token -- create <name>` on the API side). */
  WORKER_TOKEN: z.string().min(10),
  /** Which engine this agent drives: the built-in preview renderer, ComfyUI or A1111/Forge. */
  ENGINE: z.enum(['preview', 'comfyui', 'a1111']).default('preview'),
  /** Address of the ComfyUI or A1111/Forge server (not used by the preview engine). */
  ENGINE_URL: z.url().optional(),
  /** `user:pass` for an A1111/Forge started with --api-auth. */
  ENGINE_AUTH: z.string().optional(),
  /** Largest final width*height this worker accepts. */
  MAX_PIXELS: z.coerce
    .number()
    .int()
    .positive()
    .default(4096 * 4096),
  /** Pause between two steps of the preview renderer, ms (demos and tests of slow jobs). */
  PREVIEW_STEP_DELAY_MS: z.coerce.number().int().min(0).max(10_000).default(4),
  /** Seconds the agent lets a running job finish when asked to stop. */
  GRACEFUL_SECONDS: z.coerce.number().int().min(0).default(60),
});
export type WorkerConfig = z.infer<typeof workerConfigSchema>;

export function loadWorkerConfig(env: Record<string, string | undefined> = process.env): WorkerConfig {
  const parsed = workerConfigSchema.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== '')),
  );
  if (!parsed.success) {
    throw new Error(
      `Invalid worker configuration:\n  ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n  ')}`,
    );
  }
  if (parsed.data.ENGINE !== 'preview' && !parsed.data.ENGINE_URL)
    throw new Error(`ENGINE_URL is required for ENGINE=${parsed.data.ENGINE}`);
  return parsed.data;
}
