// Runs every test suite with Vitest, then prints one plain summary line ("N passed, N failed") that CI
// reads, and says clearly which optional suites were skipped and how to enable them.
//
// The browser tests run one file at a time (each drives a server and a Chromium). Vitest would run them
// after everything else, so `npm test` starts them in a second Vitest process beside the other suites
// (their lines are marked [browser]): most of either side's time is spent waiting on a database, a
// server or the browser, and the two together keep the machine's cores busy. With arguments (a file, a
// project) it runs one Vitest process with them, as before.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import readline from 'node:readline';

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

mkdirSync('test-results', { recursive: true });
const extra = process.argv.slice(2);
const runs =
  withBrowser && extra.length === 0
    ? [
        { report: 'test-results/vitest.json', args: ['--project', '!e2e'], prefix: '' },
        { report: 'test-results/vitest-browser.json', args: ['--project', 'e2e'], prefix: '[browser] ' },
      ]
    : [{ report: 'test-results/vitest.json', args: extra, prefix: '' }];

/** Runs one Vitest process; resolves its exit status. Its lines are passed on whole, with `prefix`. */
function vitest({ report, args, prefix }) {
  rmSync(report, { force: true });
  const child = spawn(
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...args],
    // Colours as in a terminal when this script runs in one (the output is piped to mark it).
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...(process.stdout.isTTY ? { FORCE_COLOR: '1' } : {}) },
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

const statuses = await Promise.all(runs.map(vitest));

const totals = { passed: 0, failed: 0, skipped: 0, total: 0 };
let missingReport = false;
for (const { report } of runs) {
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
