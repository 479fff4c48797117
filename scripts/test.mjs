// Runs every test suite with Vitest, then prints one plain summary line ("N passed, N failed") that CI
// reads, and says clearly which optional suites were skipped and how to enable them.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const notes = [];
if (!existsSync(chromium) || process.env.SKIP_BROWSER_TESTS === '1') {
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
const report = 'test-results/vitest.json';
const result = spawnSync(
  'npx',
  [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit' },
);

let summary = 'no report';
let noTests = false;
if (existsSync(report)) {
  const json = JSON.parse(readFileSync(report, 'utf8'));
  const skipped = json.numPendingTests + json.numTodoTests;
  summary = `${json.numPassedTests} passed, ${json.numFailedTests} failed, ${skipped} skipped`;
  if (json.numTotalTests === 0) {
    console.error('No test ran.');
    noTests = true;
  }
}
for (const note of notes) console.log(`\n${note}`);
console.log(`\n${summary}`);
process.exitCode = result.status === 0 && !noTests ? 0 : result.status || 1;
