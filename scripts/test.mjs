// Runs every test suite with Vitest, then prints one plain summary line ("N passed, N failed") that CI
// reads, and says clearly which optional suites were skipped and how to enable them.
//
// The browser tests run one file at a time per lane (each drives a server and a Chromium). Vitest would
// run them after everything else, so `npm test` runs them beside the other suites (their lines are marked
// [browser N]): a first lane starts with the rest, and a second one joins when the rest is done, so that
// the cores the rest leaves are used too. Each lane takes the next files from one queue, longest first
// (scripts/browser-file-order.mjs), and runs them in a Vitest process of its own. Most of either side's
// time is spent waiting on a database, a server or the browser. With arguments (a file, a project) it
// runs one Vitest process with them, as before.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import readline from 'node:readline';
import { browserFilesLongestFirst } from './browser-file-order.mjs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const withBrowser = existsSync(chromium) && process.env.SKIP_BROWSER_TESTS !== '1';
const notes = [];
if (!withBrowser) {
  if (process.env.REQUIRE_BROWSER_TESTS === '1') {
    console.error(`Browser tests are required but Chromium was not found at ${chromium}.`);
    process.exit(1);
  }
  notes.push(
    `Browser tests SKIPPED: Chromium not found at ${chromium}. Install it (Debian: apt-get install -y chromium) or set CHROMIUM_PATH.`,
  );
}
if (!process.env.TEST_DATABASE_URL) {
  notes.push(
    'PostgreSQL integration tests SKIPPED: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test) to run them on a real server.',
  );
}

rmSync('test-results/vitest-browser', { recursive: true, force: true });
mkdirSync('test-results/vitest-browser', { recursive: true });
const extra = process.argv.slice(2);
/** Every report written, with whether its Vitest process passed. */
const reports = [];

/** Runs one Vitest process; resolves its exit status. Its lines are passed on whole, with `prefix`. */
function vitest({ report, args, prefix, env = {} }) {
  rmSync(report, { force: true });
  reports.push(report);
  const child = spawn(
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...args],
    // Colours as in a terminal when this script runs in one (the output is piped to mark it).
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env, ...(process.stdout.isTTY ? { FORCE_COLOR: '1' } : {}) },
    },
  );
  for (const [from, to] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    readline.createInterface({ input: from }).on('line', (line) => to.write(`${prefix}${line}\n`));
  }
  return new Promise((resolve) => child.on('close', (status) => resolve(status ?? 1)));
}

/**
 * The browser files' queue and the lanes that drain it. A lane takes two files at a time while many are
 * left (a Vitest start is a few seconds) and one at a time near the end, so that the lanes finish together.
 */
function browserLanes() {
  const queue = browserFilesLongestFirst();
  let batch = 0;
  const lane = async (number) => {
    const statuses = [];
    while (queue.length > 0) {
      const files = queue.splice(0, queue.length > 6 ? 2 : 1);
      batch += 1;
      statuses.push(
        await vitest({
          report: `test-results/vitest-browser/batch-${batch}.json`,
          args: ['--project', 'e2e', ...files],
          prefix: `[browser ${number}] `,
          // Its servers' ports (e2e/support/server.ts freePort).
          env: { BROWSER_LANE: String(number) },
        }),
      );
    }
    return statuses.find((status) => status !== 0) ?? 0;
  };
  return { first: () => lane(1), second: () => lane(2) };
}

let statuses;
if (withBrowser && extra.length === 0) {
  const lanes = browserLanes();
  const rest = vitest({ report: 'test-results/vitest.json', args: ['--project', '!e2e'], prefix: '' });
  const secondLane = rest.then(() => lanes.second());
  statuses = await Promise.all([rest, lanes.first(), secondLane]);
} else {
  statuses = [await vitest({ report: 'test-results/vitest.json', args: extra, prefix: '' })];
}

const totals = { passed: 0, failed: 0, skipped: 0, total: 0 };
let missingReport = false;
for (const report of reports) {
  if (!existsSync(report)) {
    missingReport = true;
    continue;
  }
  const json = JSON.parse(readFileSync(report, 'utf8'));
  totals.passed += json.numPassedTests;
  totals.failed += json.numFailedTests;
  totals.skipped += json.numPendingTests + json.numTodoTests;
  totals.total += json.numTotalTests;
}
const noTests = totals.total === 0;
if (noTests) console.error('No test ran.');
for (const note of notes) console.log(`\n${note}`);
console.log(
  `\n${missingReport && noTests ? 'no report' : `${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`}`,
);
const failed = statuses.some((status) => status !== 0) || missingReport || noTests;
process.exitCode = failed ? statuses.find((status) => status !== 0) || 1 : 0;
