import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type {
  FastifyInstance,
  InjectOptions,
  LightMyRequestResponse as LightResponse,
  RouteOptions,
} from 'fastify';
import { CACHED_CURRENCIES, type BalanceField } from '@mirage/domain';
import { inject, onTestFinished } from 'vitest';
import { buildApp, type AppDeps, type AppServices } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { createPGliteDatabase, createPostgresDatabase, type DatabaseHandle } from '../src/db/database.ts';
import { createNotifierFor } from '../src/events/notifier.ts';
import type { LoadedSigningMaterial } from '../src/features/image/marking/signing-material.ts';
import { testSigningMaterial } from '../src/features/image/marking/test-marking.test-support.ts';
import { post } from '../src/features/ledger/repository.ts';
import type { Mail, Mailer } from '../src/mail/mailer.ts';
import { isStateChanging } from '../src/http/origin.ts';
import { createContractCheck } from './contract-check.ts';
import { cloneDatabase, databaseUrl, dropDatabase } from './postgres-admin.ts';

/** A fresh, migrated database for one test file: a PGlite clone of the template, or a PostgreSQL copy. */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  if (process.env.TEST_DB === 'postgres') {
    const url = process.env.TEST_DATABASE_URL!;
    const name = await cloneDatabase(url, inject('postgresTemplate'));
    const handle = createPostgresDatabase(databaseUrl(url, name), 10);
    return {
      ...handle,
      close: async () => {
        await handle.close();
        await dropDatabase(url, name);
      },
    };
  }
  const template = readFileSync(inject('pgliteTemplate'));
  return createPGliteDatabase({ loadDataDir: new Blob([template]) });
}

export interface TestContext {
  app: FastifyInstance;
  /** The services buildApp composed (worker tokens, the store, sweeps). */
  services: AppServices;
  database: DatabaseHandle;
  config: Config;
  dataDir: string;
  /** Moves the server's clock; starts at the real time. */
  clock: { offsetMs: number };
  /** Every route the app registered, as Fastify was told of it (methods, URL pattern, schema). */
  routes: RouteOptions[];
  close: () => Promise<void>;
}

/** The public origin (PUBLIC_URL's) of each test app: what a browser tab on the site sends as Origin. */
const publicOrigins = new WeakMap<FastifyInstance, string>();

export async function createTestApp(
  options: { env?: Record<string, string>; deps?: Partial<AppDeps> } = {},
): Promise<TestContext> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mirage-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:8080',
    ...options.env,
  });
  const database = await createTestDatabase();
  const clock = { offsetMs: 0 };
  const notifier = await createNotifierFor(database);
  const routes: RouteOptions[] = [];
  let built: Awaited<ReturnType<typeof buildApp>>;
  try {
    built = await buildApp({
      config,
      db: database.db,
      notifier,
      serveWeb: false,
      // One development signer for every app of the process (making one costs ~20 ms).
      signing: await testSigning(),
      now: () => new Date(Date.now() + clock.offsetMs),
      onRoute: (route) => routes.push(route),
      ...options.deps,
    });
    await built.app.ready();
  } catch (error) {
    // An app that refuses to start (a test of its configuration) leaves no database open behind it.
    await notifier.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const { app, services } = built;
  checkAnswersAgainstDocument(app);
  publicOrigins.set(app, new URL(config.PUBLIC_URL).origin);
  return {
    app,
    services,
    database,
    config,
    dataDir,
    clock,
    routes,
    close: async () => {
      await app.close();
      await notifier.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Every answer a test receives through `app.inject` is checked against the OpenAPI document the app
 * serves (contract-check.ts): an undeclared status or media type, or a body its schema refuses, fails
 * the test that received it.
 */
function checkAnswersAgainstDocument(app: FastifyInstance): void {
  const check = createContractCheck(app.swagger() as Parameters<typeof createContractCheck>[0]);
  const original = app.inject.bind(app) as (options?: InjectOptions | string, callback?: unknown) => unknown;
  const checked = async (options: InjectOptions | string) => {
    const response = (await original(options)) as LightResponse;
    const method = typeof options === 'string' ? 'GET' : String(options.method ?? 'GET');
    const target = typeof options === 'string' ? options : (options.url ?? options.path ?? '/');
    const url = typeof target === 'string' ? target : target.pathname;
    check(method, url, {
      statusCode: response.statusCode,
      headers: response.headers,
      rawPayload: response.rawPayload,
    });
    return response;
  };
  // The chained (`inject().get(...)`) and callback forms are left as they are.
  app.inject = ((options?: InjectOptions | string, callback?: unknown) =>
    options === undefined || callback !== undefined
      ? original(options, callback)
      : checked(options)) as typeof app.inject;
}

let clientCounter = 0;
/** A distinct documentation-range address per client, so that per-IP abuse limits stay out of the way. */
function nextIp(): string {
  clientCounter += 1;
  return `198.18.${Math.floor(clientCounter / 250) % 250}.${(clientCounter % 250) + 1}`;
}

/**
 * A tiny cookie-keeping client over app.inject, like a browser tab on the site: it sends the site's
 * Origin with state-changing calls, as browsers do (a test overrides it in `headers`).
 */
export class Client {
  readonly cookies = new Map<string, string>();
  constructor(
    private readonly app: FastifyInstance,
    readonly ip = nextIp(),
  ) {}

  async request(
    method: InjectOptions['method'],
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    // Browsers send Origin with the methods the origin check guards.
    const origin = isStateChanging(String(method)) ? publicOrigins.get(this.app) : undefined;
    const response = await this.app.inject({
      method,
      url,
      remoteAddress: this.ip,
      headers: {
        ...(origin ? { origin } : {}),
        ...headers,
        ...(this.cookies.size ? { cookie: this.cookieHeader() } : {}),
      },
      ...(body !== undefined ? { payload: body as object } : {}),
    });
    for (const cookie of response.cookies) {
      const expired = cookie.expires !== undefined && new Date(cookie.expires).getTime() <= Date.now();
      if (cookie.value === '' || expired || cookie.maxAge === 0) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    const text = response.body;
    return {
      status: response.statusCode,
      body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
      response,
    };
  }

  get(url: string) {
    return this.request('GET', url);
  }
  post(url: string, body?: unknown, headers?: Record<string, string>) {
    return this.request('POST', url, body ?? {}, headers);
  }

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/** A mailer that keeps what it is asked to send (password reset tests read the links from it). */
const HOUR_MS = 60 * 60_000;

/** The test process's C2PA development signer and root (features/image/marking). */
export async function testSigning(): Promise<LoadedSigningMaterial> {
  const { root, chain, key } = await testSigningMaterial();
  return { material: { chain, key }, developmentRoot: root };
}

/**
 * C2PA_CERT and C2PA_KEY for a test app configured as in production (which requires them): the test
 * process's development signer, written to files once.
 */
let signingFiles: { C2PA_CERT: string; C2PA_KEY: string } | undefined;
export async function productionSigningEnv(): Promise<{ C2PA_CERT: string; C2PA_KEY: string }> {
  if (signingFiles) return signingFiles;
  const { chain, key } = await testSigningMaterial();
  const folder = mkdtempSync(path.join(os.tmpdir(), 'mirage-test-c2pa-'));
  writeFileSync(path.join(folder, 'chain.pem'), chain);
  writeFileSync(path.join(folder, 'key.pem'), key);
  signingFiles = { C2PA_CERT: path.join(folder, 'chain.pem'), C2PA_KEY: path.join(folder, 'key.pem') };
  return signingFiles;
}

/**
 * Moves the server's clock to one second past the start of the next hour. The abuse limits count in
 * fixed windows (a minute, 10 minutes, an hour, a UTC day); a test that counts up to a limit starts here
 * so that no window ends halfway through it, however slowly a loaded machine runs it. Called inside a
 * test (or its beforeEach); the clock goes back to the real time when the test finishes.
 */
export function startOfNextHour(t: Pick<TestContext, 'clock'>): void {
  t.clock.offsetMs = HOUR_MS - (Date.now() % HOUR_MS) + 1000;
  onTestFinished(() => {
    t.clock.offsetMs = 0;
  });
}

export function recordingMailer(): { mailer: Mailer; sent: Mail[] } {
  const sent: Mail[] = [];
  const mailer: Mailer = {
    send: (mail) => {
      sent.push(mail);
      return Promise.resolve();
    },
    close: () => Promise.resolve(),
  };
  return { mailer, sent };
}

let counter = 0;
/** A unique, valid sign-up body (usernames are 3-12 characters). */
export function newAccount(
  overrides: Partial<{ username: string; email: string; pwd: string; referral_code: string }> = {},
) {
  counter += 1;
  // Always 12 characters (the longest username), so a test may also use the name as a valid-length password.
  const tag = `${process.pid % 1000}${counter}`.padStart(8, '0').slice(-8);
  return { username: `user${tag}`, email: `user${tag}@example.com`, pwd: 'correct-horse-1', ...overrides };
}

/** The error code of an API answer. */
export function codeOf(body: Record<string, unknown>): string | undefined {
  return (body.detail as { code?: string } | undefined)?.code;
}

/**
 * Gives a user the balances a test needs the way the product moves money: one ledger posting
 * (operator_adjustment, the difference from the current balance), never an UPDATE of the balance, so
 * "balance = sum of entries" still holds and can be asserted afterwards.
 */
export async function setBalances(
  t: Pick<TestContext, 'database'>,
  userId: number,
  target: Partial<Record<BalanceField, number>>,
): Promise<void> {
  await t.database.db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('app_user')
      .select(['generation_token', 'daily_token'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    const movements = CACHED_CURRENCIES.flatMap(({ currency, balanceField }) => {
      const wanted = target[balanceField];
      const delta = wanted === undefined ? 0 : wanted - current[balanceField];
      if (delta === 0) return [];
      const ref = { type: 'user' as const, id: String(userId) };
      return [{ userId, currency, delta, reason: 'operator_adjustment' as const, ref }];
    });
    if (movements.length > 0) await post(trx, movements, `fixture:${randomUUID()}`);
  });
}
