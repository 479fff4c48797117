import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { parseModelMap } from './engines/horde-models.ts';
import { HORDE_ANONYMOUS_KEY, HORDE_DEFAULT_URL } from './engines/horde-protocol.ts';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** The worker's version, for the default Client-Agent (package.json sits above both src/ and dist/). */
function workerVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      version?: unknown;
    };
    return typeof pkg.version === 'string' ? pkg.version : '0';
  } catch {
    return '0';
  }
}

/** Every environment variable of the worker agent, documented; the README lists them. */
export const workerConfigSchema = z.object({
  /** Base address of the Mirage API the agent pulls work from. */
  MIRAGE_API_URL: z.url().default('http://127.0.0.1:8080'),
  /** The worker's bearer token (`npm run worker:token -- create <name>` on the API side). */
  WORKER_TOKEN: z.string().min(10),
  /** Which engine this agent drives: the built-in preview renderer, ComfyUI, A1111/Forge or an AI Horde. */
  ENGINE: z.enum(['preview', 'comfyui', 'a1111', 'horde']).default('preview'),
  /** Address of the ComfyUI or A1111/Forge server (not used by the preview and horde engines). */
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
  /** AI Horde (ENGINE=horde, docs/engines.md#ai-horde): API root of the instance. */
  HORDE_URL: z.url({ protocol: /^https?$/ }).default(HORDE_DEFAULT_URL),
  /**
   * The requester's API key. The default, the anonymous user, has the lowest priority, must pay kudos
   * upfront for large images, and has every image shared with LAION: production needs a real key.
   */
  HORDE_API_KEY: z.string().min(1).default(HORDE_ANONYMOUS_KEY),
  /** `name:version:contact` sent as Client-Agent: put the operator's contact in it. */
  HORDE_CLIENT_AGENT: z
    .string()
    .regex(/^[^:]+:[^:]+:.+$/, 'name:version:contact')
    .default(`mirage-worker:${workerVersion()}:unknown`),
  /**
   * Our checkpoint file -> Horde model name, `file=Horde name` pairs separated by commas, or a JSON
   * object; required with ENGINE=horde. Its keys are the checkpoints the worker declares.
   */
  HORDE_MODELS: z
    .string()
    .transform((text, ctx) => {
      try {
        return parseModelMap(text);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
        return z.NEVER;
      }
    })
    .optional(),
  /** Requests are marked nsfw (workers that censor nsfw do not take them); censor_nsfw is always off. */
  HORDE_NSFW: booleanFlag.default(true),
  /** Only the Horde's trusted workers serve our requests (fewer workers, slower queues). */
  HORDE_TRUSTED_WORKERS: booleanFlag.default(false),
  /** Largest final width*height taken (also capped by MAX_PIXELS): above 1024², kudos are due upfront. */
  HORDE_MAX_PIXELS: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  /** Seconds between two status checks of a request (longer while the Horde announces a long wait). */
  HORDE_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(1),
  /** A request not done after this many seconds is cancelled and the job given back. */
  HORDE_TIMEOUT_SECONDS: z.coerce.number().int().min(60).default(1200),
  /** How long no Horde worker may be able to serve a request before it is cancelled and the job fails. */
  HORDE_IMPOSSIBLE_SECONDS: z.coerce.number().int().min(0).default(120),
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
  const engine = parsed.data.ENGINE;
  // The preview engine needs no server, and a Horde's address is HORDE_URL.
  if (engine !== 'preview' && engine !== 'horde' && !parsed.data.ENGINE_URL)
    throw new Error(`ENGINE_URL is required for ENGINE=${engine}`);
  if (engine === 'horde' && !parsed.data.HORDE_MODELS)
    throw new Error('HORDE_MODELS is required for ENGINE=horde (checkpoint=Horde model, ...)');
  return parsed.data;
}
