import { isIP } from 'node:net';
import { z } from 'zod';
import { RESELLER_NAME, USERNAME_MAX } from '@mirage/domain';

/**
 * Every environment variable the API reads, in one schema. Each entry says what it is for; the README
 * lists them in a table. `loadConfig` refuses unsafe defaults in production.
 */
const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** A web address people are sent to: http or https only (never javascript: or data:). */
const httpUrl = z.url({ protocol: /^https?$/ });

/** "g2a=https://…,key-shop=https://…" → [{name, url}]. */
const resellerLinks = z
  .string()
  .transform((text) =>
    text
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean)
      .map((entry) => {
        const at = entry.indexOf('=');
        return { name: entry.slice(0, at).trim().toLowerCase(), url: entry.slice(at + 1).trim() };
      }),
  )
  .pipe(z.array(z.object({ name: z.string().regex(RESELLER_NAME), url: httpUrl })));

/** "alice,bob" → ["alice", "bob"]: the about page's team, two members at most, each named once. */
const teamUsernames = z
  .string()
  .transform((text) =>
    text
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
  )
  .pipe(
    z
      .array(z.string().max(USERNAME_MAX))
      .max(2, 'at most two team members')
      .refine(
        (names) => new Set(names.map((name) => name.toLowerCase())).size === names.length,
        'a name is repeated',
      ),
  );

/** "203.0.113.0/24,2001:db8::/32" → the CIDRs, each checked (an address alone is a /32 or /128). */
const cidrList = z
  .string()
  .transform((text) =>
    text
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
  )
  .pipe(
    z.array(
      z.string().refine((cidr) => {
        const [address = '', prefix, extra] = cidr.split('/');
        const family = isIP(address);
        if (family === 0 || extra !== undefined) return false;
        if (prefix === undefined) return true;
        return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
      }, 'not an IPv4 or IPv6 CIDR'),
    ),
  );

export const configSchema = z
  .object({
    /** "production" turns on Secure cookies and refuses unsafe defaults; "test" is used by the test suites. */
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    /** TCP port the server listens on. */
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    /** Interface to bind: 0.0.0.0 to accept outside connections. */
    HOST: z.string().default('0.0.0.0'),
    /** Public address of the site (scheme + host), used in mail links and OAuth redirect URIs.
     * Unset: http://localhost:<PORT>. */
    PUBLIC_URL: z.url().optional(),
    /** PostgreSQL connection string. Unset: an embedded PostgreSQL (PGlite) stored under DATA_DIR/db. */
    DATABASE_URL: z.string().optional(),
    /** Folder for the embedded database, the mail outbox and local files. */
    DATA_DIR: z.string().default('./data'),
    /** The bucket that holds the image files (docs/architecture/storage.md). Set: the files live in this S3
     * (or S3-compatible) bucket; unset: in the folder DATA_DIR/files. */
    S3_BUCKET: z.string().min(1).optional(),
    /** An S3-compatible service's address (MinIO, Cloudflare R2, Ceph, ...); unset: AWS S3 itself. */
    S3_ENDPOINT: httpUrl.optional(),
    /** Where browsers load image files from (docs/architecture/storage.md#files-host): a CDN in front of this
     * API, or another address of it, answering the same /images/... paths. Set: the image answers point
     * there, and the owner's files carry the read token of GET /api/config/b2_token. Unset: the files come
     * from the site itself, with the session cookie. */
    /** The operator's C2PA signing certificate chain (PEM, end-entity first) and its PKCS#8 PEM key, as
     * paths (docs/architecture/provenance.md). Unset: a development root and signer made at first start
     * under DATA_DIR/c2pa, which no reader trusts; refused in production. */
    C2PA_CERT: z.string().min(1).optional(),
    C2PA_KEY: z.string().min(1).optional(),
    FILES_PUBLIC_URL: httpUrl
      .refine((url) => !/[?#]/.test(url), 'no query or fragment: a base address the file paths follow')
      .transform((url) => url.replace(/\/+$/, ''))
      .optional(),
    /** The bucket's region (AWS), or the one the S3-compatible service expects. */
    S3_REGION: z.string().min(1).default('us-east-1'),
    /** The bucket's access key, both or neither. Neither: the AWS SDK's default credential chain (AWS_*
     * variables, ~/.aws files, the ECS task's or EC2 instance's role). */
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    /** Address the bucket as <endpoint>/<bucket> instead of <bucket>.<endpoint> (MinIO and most self-hosted
     * services need it). */
    S3_FORCE_PATH_STYLE: booleanFlag.default(false),
    /** Secret for signing cookies (state cookies of OAuth). At least 32 characters; required in production. */
    COOKIE_SECRET: z.string().min(32).optional(),
    /** SMTP connection URL (smtp://user:pass@host:port or smtps://...). Unset: mails go to DATA_DIR/outbox. */
    SMTP_URL: z.string().optional(),
    /** Sender address of outgoing mail. */
    MAIL_FROM: z.string().default('Mirage <no-reply@mirage.local>'),
    /** Google OAuth client id and secret; Google sign-in is hidden unless both are set. */
    GOOGLE_CLIENT_ID: z.string().optional(),
    GOOGLE_CLIENT_SECRET: z.string().optional(),
    /** Discord OAuth client id and secret; Discord sign-in is hidden unless both are set. */
    DISCORD_CLIENT_ID: z.string().optional(),
    DISCORD_CLIENT_SECRET: z.string().optional(),
    /** Override of the OAuth endpoints (authorize, token, userinfo) of a provider, for tests and proxies. JSON. */
    OAUTH_ENDPOINTS: z.string().optional(),
    /** Trust X-Forwarded-For from a reverse proxy (needed for per-IP rate limits behind a load balancer). */
    TRUST_PROXY: booleanFlag.default(false),
    /**
     * Tickets granted to every new account (docs/product/decisions.md#prices-and-plans: welcome grant,
     * default 20).
     */
    WELCOME_TICKETS: z.coerce.number().int().min(0).default(20),
    /**
     * Guest trial images of all visitors together per rolling hour (DECISIONS.md "Guests and the client"):
     * the trial runs on the same workers as paying users, so its total is capped. 0 turns the trial off.
     */
    GUEST_TRIAL_HOURLY_BUDGET: z.coerce.number().int().min(0).max(100_000).default(60),
    /** Folder with the built web app to serve; unset: apps/web/dist. */
    WEB_DIST_DIR: z.string().optional(),
    /** Log level of pino. */
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Bearer token required to read /metrics (Prometheus); unset: /metrics is open in development and
     * closed in production. */
    METRICS_TOKEN: z.string().min(16).optional(),
    /** Token of the operator: bearer token of GET /api/worker/status (unset: closed), and of the API
     * documentation /api/docs (bearer, or a browser's login with any user name and this password;
     * unset: open in development, closed in production). */
    OPERATOR_TOKEN: z.string().min(16).optional(),
    /** Seconds a worker's lease lasts without progress before the task goes back to the queue. */
    LEASE_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
    /** Attempts of a task (leases that expire or retryable failures) before it fails and is refunded. */
    TASK_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(3),
    /** Start one built-in preview-engine worker beside the API (default: on, except in production). */
    LOCAL_WORKER: booleanFlag.optional(),
    /** On SIGTERM or SIGINT, how long in-flight requests and the built-in worker's job may take before the
     * remaining connections are cut and the process exits (lifecycle.ts); keep it under the orchestrator's
     * own grace period (Kubernetes: terminationGracePeriodSeconds). */
    SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
    /** Paint the 24 curated guest samples, and the guide's and promo pages' pictures, with the preview
     * renderer at start when they are missing. */
    GUEST_SAMPLES: booleanFlag.default(true),
    /** Threads that post-process finished images (WebP, thumbnail, blurhash, files) off the API's event
     * loop; 0 processes them in the API's thread. Unset: one less than the cores, 1 to 4. */
    IMAGE_THREADS: z.coerce.number().int().min(0).max(32).optional(),
    /** The image-side safety check (docs/architecture/image-safety.md): `models` scores every finished image
     * (an NSFW classifier and faces with an age estimate, shipped in npm packages, run offline in one thread
     * of their own: ~450 MB and 7–12 s to load on the first image, ~0.4 s an image) and holds for review one
     * that is sexual and shows a face estimated under 18 plus a margin; until checked, an image is its
     * owner's only. `off`: no check, images are published as their owners choose. Default: `models` in
     * production (where `off` is refused), `off` elsewhere. */
    IMAGE_SAFETY: z.enum(['models', 'off']).optional(),
    /** Upscale model file workers use for the ×2 upscale (ComfyUI upscale_models / A1111 upscaler name). */
    UPSCALE_MODEL: z.string().default('RealESRGAN_x4plus.pth'),
    /** The API reference's contact (GET /api/docs/json `info.contact`); unset: the about page. */
    API_CONTACT_NAME: z.string().max(200).default('Mirage support'),
    API_CONTACT_EMAIL: z.email().optional(),
    API_CONTACT_URL: z.url().optional(),
    /** The API's licence as the reference states it (unset: proprietary, with a link only when API_LICENSE_URL is set). */
    API_LICENSE_NAME: z.string().max(200).default('Proprietary'),
    API_LICENSE_URL: z.url().optional(),
    /** The community's addresses (GET /api/config/community): the footer and menu link them, and the daily
     * quest sends players to the chat or the forum (to the public gallery when neither is set). */
    COMMUNITY_CHAT_URL: httpUrl.optional(),
    COMMUNITY_FORUM_URL: httpUrl.optional(),
    COMMUNITY_MICROBLOG_URL: httpUrl.optional(),
    COMMUNITY_VIDEO_URL: httpUrl.optional(),
    /** Cookie-less, self-hostable analytics (docs/product/routes.md#analytics): the address of a Plausible
     * script (its manual-pageview build, e.g. https://stats.example.org/js/script.manual.js) and the site's
     * name there (its data-domain; unset: the page's host name). Unset: no analytics at all, and the content
     * security policy allows no other origin. Set: that script's origin alone joins script-src and
     * connect-src, and the web app loads it after the visitor accepts all cookies. */
    ANALYTICS_SCRIPT_URL: httpUrl.optional(),
    ANALYTICS_SITE_ID: z.string().trim().min(1).max(200).optional(),
    /** Who runs the service (GET /api/config/site; docs/product/content.md#operator): the legal pages and the
     * footer name them. OPERATOR_ADDRESS unset: a placeholder that says so, and a warning at start in
     * production (the imprint needs a postal address; the operator, not the product, answers for it). */
    OPERATOR_NAME: z.string().trim().min(1).max(200).default('Mirage'),
    OPERATOR_ADDRESS: z.string().trim().min(1).max(500).optional(),
    /** Where users and rights holders write (the footer's mail link, the legal pages); unset: no address shown. */
    CONTACT_EMAIL: z.email().optional(),
    /** The about page's team: at most two usernames, comma-separated, each linked to its public profile
     * (docs/product/content.md#team). Unset: the team section shows its roles without profile links. */
    TEAM_USERNAMES: teamUsernames.default([]),
    /** A JSON file of real testimonials the operator publishes on the promo pages (docs/product/content.md#
     * testimonials); checked at start, a broken file refuses the start. Unset: no testimonials are shown. */
    PROMO_TESTIMONIALS_FILE: z.string().optional(),
    /** Where reseller keys are sold, `name=https://…` separated by commas (docs/product/commerce.md#serial-keys):
     * the shop and the reseller guide link them. A name is what `npm run keys -- mint --reseller` used. */
    KEY_RESELLER_URLS: resellerLinks.optional(),
    /** CCBill (cards; docs/product/commerce.md#providers): offered when all five are set. The webhook URL to
     * configure in the CCBill admin is ${PUBLIC_URL}/api/payment/ccbill/webhook?secret=<CCBILL_WEBHOOK_SECRET>. */
    CCBILL_ACCOUNT_NUMBER: z
      .string()
      .regex(/^\d{6}$/)
      .optional(),
    CCBILL_SUBACCOUNT: z
      .string()
      .regex(/^\d{4}$/)
      .optional(),
    CCBILL_FLEXFORM_ID: z.string().min(8).optional(),
    CCBILL_SALT: z.string().min(8).optional(),
    CCBILL_WEBHOOK_SECRET: z.string().min(24).optional(),
    /** The addresses CCBill's webhooks come from (comma-separated CIDRs); unset: CCBill's published ranges. */
    CCBILL_WEBHOOK_CIDRS: z.string().optional(),
    CCBILL_FORM_URL: httpUrl.optional(),
    /** NOWPayments (crypto): offered when the API key and the IPN secret are set. */
    NOWPAYMENTS_API_KEY: z.string().min(8).optional(),
    NOWPAYMENTS_IPN_SECRET: z.string().min(8).optional(),
    NOWPAYMENTS_API_URL: httpUrl.optional(),
    /** The sandbox payment provider (docs/product/commerce.md#providers): a test checkout where no money
     * moves. Default: on outside production; refused in production. */
    SANDBOX_PAYMENTS: booleanFlag.optional(),
    /** The operator's game events, a JSON file loaded at start (docs/operations.md#game-events); unset: the
     * events already stored (`npm run event -- load <file>` loads one into a running installation). */
    EVENTS_FILE: z.string().optional(),
    /** Anonymiser ranges (VPN exits, Tor, hosting providers; comma-separated CIDRs): a sign-up or settings call
     * from them may not name a referrer (`vpn_enabled`; docs/product/commerce.md#referrals). Unset: none. */
    REFERRAL_BLOCKED_CIDRS: cidrList.default([]),
    /** The AI prompt assistant's language model (docs/product/assistant.md#language-model): the base address of
     * an OpenAI-compatible API (llama.cpp server, Ollama, vLLM or a hosted one), e.g. http://localhost:11434/v1;
     * nl_convert posts to ${ASSISTANT_URL}/chat/completions. Unset: the built-in converter only. */
    ASSISTANT_URL: httpUrl.optional(),
    /** Its bearer token, when the API wants one. */
    ASSISTANT_API_KEY: z.string().min(1).optional(),
    /** The model's name as that API knows it (llama.cpp ignores it; Ollama, vLLM and hosted APIs need it). */
    ASSISTANT_MODEL: z.string().min(1).max(200).default('default'),
    /** How long a call to the model may take before the built-in converter answers instead. */
    ASSISTANT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8000),
    /** Disable the per-IP/per-account abuse limits (only for benchmarks; refused in production). */
    RATE_LIMITS_DISABLED: booleanFlag.default(false),
  })
  .transform((config) => ({ ...config, PUBLIC_URL: config.PUBLIC_URL ?? `http://localhost:${config.PORT}` }));

export type Config = z.infer<typeof configSchema>;

/** A fixed development secret: fine on a laptop, refused in production. */
export const DEV_COOKIE_SECRET = 'development-only-cookie-secret-change-me!!';

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== '')),
  );
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const config = parsed.data;
  assertStorageComplete(config);
  if (config.NODE_ENV === 'production') assertProductionSafe(config);
  return config;
}

/**
 * S3 settings without S3_BUCKET would silently leave the files in the local folder, and one key without
 * the other would silently fall back to the SDK's credential chain: both are refused.
 */
function assertStorageComplete(config: Config): void {
  const problems: string[] = [];
  if (!config.S3_BUCKET) {
    for (const name of ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const)
      if (config[name]) problems.push(`${name} is set but S3_BUCKET is not`);
  }
  if (Boolean(config.C2PA_CERT) !== Boolean(config.C2PA_KEY))
    problems.push('C2PA_CERT and C2PA_KEY go together (neither: a development signer)');
  if (Boolean(config.S3_ACCESS_KEY_ID) !== Boolean(config.S3_SECRET_ACCESS_KEY))
    problems.push(
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (neither: the default credential chain)',
    );
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
}

function assertProductionSafe(config: Config): void {
  const problems: string[] = [];
  if (!config.COOKIE_SECRET || config.COOKIE_SECRET === DEV_COOKIE_SECRET)
    problems.push('COOKIE_SECRET must be set');
  if (!config.PUBLIC_URL.startsWith('https://')) problems.push('PUBLIC_URL must be https://');
  // Images must be signed by the operator: a development signer's Content Credentials prove nothing.
  if (!config.C2PA_CERT) problems.push('C2PA_CERT and C2PA_KEY must be set (the Content Credentials signer)');
  // Its URLs carry read tokens: never over plain HTTP.
  if (config.FILES_PUBLIC_URL?.startsWith('http://')) problems.push('FILES_PUBLIC_URL must be https://');
  if (config.RATE_LIMITS_DISABLED) problems.push('RATE_LIMITS_DISABLED is not allowed');
  if (!config.SMTP_URL) problems.push('SMTP_URL must be set (password-reset mail)');
  if (config.SANDBOX_PAYMENTS) problems.push('SANDBOX_PAYMENTS is not allowed (no money moves)');
  if (config.IMAGE_SAFETY === 'off')
    problems.push('IMAGE_SAFETY=off is not allowed (images must be checked)');
  if (problems.length > 0)
    throw new ConfigError(`Refusing to start in production:\n  ${problems.join('\n  ')}`);
}

/** Whether the sandbox payment provider is offered: on outside production unless turned off. */
export function wantsSandboxPayments(config: Config): boolean {
  return config.NODE_ENV !== 'production' && config.SANDBOX_PAYMENTS !== false;
}

/** The image-side safety check's scorer: the models in production unless set, none elsewhere. */
export function imageSafetyMode(config: Config): 'models' | 'off' {
  return config.IMAGE_SAFETY ?? (config.NODE_ENV === 'production' ? 'models' : 'off');
}

export function wantsLocalWorker(config: Config): boolean {
  return config.LOCAL_WORKER ?? config.NODE_ENV !== 'production';
}

export function cookieSecret(config: Config): string {
  return config.COOKIE_SECRET ?? DEV_COOKIE_SECRET;
}
