import { existsSync } from 'node:fs';
import os from 'node:os';
import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * One runner for every suite:
 * - domain, i18n, preview-renderer, web, api-unit: pure and module tests;
 * - api-pglite: HTTP integration tests on the embedded database (always);
 * - api-postgres: the same tests on a real PostgreSQL when TEST_DATABASE_URL is set;
 * - system, system-s3: real processes (e2e/*.system.ts), the second with the server's files in S3;
 * - e2e: Playwright driving Debian's Chromium against a started server, when Chromium is installed.
 *
 * Every project but e2e runs its files on `workers` workers at once (VITEST_MAX_WORKERS, default: the
 * cores, at least 2). Vitest's own default is one less than the cores, which on a 2-core CI machine ran
 * the whole suite one file at a time although most files wait on a database or a child process. Each
 * file has its own database (a PGlite copy or a PostgreSQL clone) and its own servers and folders, so
 * files share nothing. The browser files run one at a time (fileParallelism: false); `npm test`
 * (scripts/test.mjs) runs them in a second Vitest process beside the rest.
 */
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const withPostgres = Boolean(process.env.TEST_DATABASE_URL);
const withBrowser = existsSync(chromium) && process.env.SKIP_BROWSER_TESTS !== '1';
const workers = Number(process.env.VITEST_MAX_WORKERS) || Math.max(2, os.availableParallelism());

const integration = (name: string, db: 'pglite' | 'postgres') => ({
  extends: true as const,
  test: {
    name,
    include: ['apps/api/test/integration/**/*.test.ts'],
    globalSetup: ['apps/api/test/global-setup.ts'],
    env: { TEST_DB: db },
    // Slack for a loaded 2-core machine running two workers and the browser files at once (a set-up once
    // took over 60 s there); a passing test is not slower for it.
    testTimeout: 90_000,
    hookTimeout: 180_000,
    // The files of a worker share its loaded modules instead of each importing the app afresh (the import
    // was ~900 s of the suite's time, BENCHMARKS.md "Test suite"). Each file still makes its own app,
    // database and folders (harness.ts), and no file mocks a module.
    isolate: false,
  },
});

export default defineConfig({
  // Workspace packages load from their TypeScript source (the `source` export condition of their
  // package.json), never from a build that may be stale or missing. The tests run in Node, so the server
  // (SSR) resolution is the one that applies; every project inherits it (`extends: true`). Without Vite's
  // `module` condition, as Vitest's own default and Node itself: packages that name bundler-only ESM under
  // it (the AWS SDK's dist-es, extensionless imports) load as Node loads them in production.
  ssr: {
    resolve: {
      conditions: ['source', ...defaultServerConditions.filter((condition) => condition !== 'module')],
    },
  },
  test: {
    maxWorkers: workers,
    projects: [
      { extends: true, test: { name: 'domain', include: ['packages/domain/test/**/*.test.ts'] } },
      { extends: true, test: { name: 'i18n', include: ['packages/i18n/test/**/*.test.ts'] } },
      {
        extends: true,
        test: { name: 'preview-renderer', include: ['packages/preview-renderer/test/**/*.test.ts'] },
      },
      {
        extends: true,
        // Pure web logic (validation, cookies, stores, API client, guards) in Node, with a fake document.
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.ts'],
          environment: 'node',
          unstubGlobals: true,
        },
      },
      {
        extends: true,
        test: { name: 'api-unit', include: ['apps/api/src/**/*.test.ts'], testTimeout: 30_000 },
      },
      {
        extends: true,
        test: {
          name: 'worker',
          include: ['apps/worker/src/**/*.test.ts', 'apps/worker/test/**/*.test.ts'],
          testTimeout: 30_000,
        },
      },
      integration('api-pglite', 'pglite'),
      {
        extends: true,
        test: { name: 'system', include: ['e2e/**/*.system.ts'], testTimeout: 90_000, hookTimeout: 60_000 },
      },
      {
        extends: true,
        // The same system tests once more with every server's files in S3: a bucket each on a fake S3 server
        // (e2e/support/s3-setup.ts, storage.ts). Not the compiled-product test: it checks the build, which
        // storage does not change, and its rebuild must not run twice at once.
        test: {
          name: 'system-s3',
          include: ['e2e/**/*.system.ts'],
          exclude: ['e2e/compiled-product.system.ts'],
          env: { SYSTEM_STORAGE: 's3' },
          globalSetup: ['e2e/support/s3-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 60_000,
        },
      },
      ...(withPostgres ? [integration('api-postgres', 'postgres')] : []),
      ...(withBrowser
        ? [
            {
              extends: true as const,
              test: {
                name: 'e2e',
                include: ['e2e/**/*.e2e.ts'],
                setupFiles: ['e2e/support/setup.ts'],
                globalSetup: ['e2e/support/database-template.ts'],
                env: { CHROMIUM_PATH: chromium },
                testTimeout: 90_000,
                hookTimeout: 120_000,
                fileParallelism: false,
              },
            },
          ]
        : []),
    ],
  },
});
