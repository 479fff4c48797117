// bench:web — Lighthouse 12 on the built product, as a new visitor on a phone and on a desktop would load it.
// Starts the compiled server (`node apps/api/dist/main.js`; `npm run bench:web` builds first) on a free port
// with a fresh temporary DATA_DIR, waits for the guest samples, makes an account, then runs Lighthouse's
// Node API in Debian's Chromium (puppeteer-core) with the mobile (default) and desktop presets on each page,
// signed out and signed in, BENCH_RUNS times, and prints the medians as a markdown table. `--write` puts
// that table between the `<!-- bench:web -->` markers of BENCHMARKS.md. Numbers only: never a test.
//
//   BENCH_RUNS=3          runs per page and form factor (median shown; Perf also shows the range)
//   BENCH_PAGES=/,/create@guest,/create@signed-in   pages to measure (a bare path takes both visitors)
//   BENCH_FORM=both       mobile | desktop | both
//   BENCH_REPORT_DIR=dir  also keep every Lighthouse result (JSON) there
//   CHROME_PATH           the browser (default /usr/bin/chromium); WEB_DIST_DIR is passed to the server
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse, { desktopConfig } from 'lighthouse';
import puppeteer from 'puppeteer-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVER_MAIN = 'apps/api/dist/main.js';
const CHROMIUM = process.env.CHROME_PATH || '/usr/bin/chromium';
const BENCHMARKS = path.join(root, 'BENCHMARKS.md');
const MARK_START = '<!-- bench:web -->';
const MARK_END = '<!-- /bench:web -->';
/** The curated guest samples the server paints at start (GUEST_SAMPLES, docs/product/gallery.md#boards). */
const GUEST_SAMPLE_COUNT = 24;

/** Every page the issue names; `/image/:uuid` is the first sample of the guest gallery. */
const PAGES = [
  { path: '/', signedIn: false },
  { path: '/explore', signedIn: false },
  { path: '/create', signedIn: false },
  { path: '/account/signin', signedIn: false },
  { path: '/image/:uuid', signedIn: false },
  { path: '/create', signedIn: true },
  { path: '/explore', signedIn: true },
];
const CATEGORIES = ['performance', 'accessibility'];
const CONFIGS = {
  // Lighthouse's default: Moto G Power emulation, simulated slow 4G, 4× CPU slowdown.
  mobile: { extends: 'lighthouse:default', settings: { onlyCategories: CATEGORIES } },
  // The desktop preset at 1280×800, as the audit of 7c46636 ran it (`--preset=desktop --screenEmulation.*`).
  desktop: {
    extends: 'lighthouse:default',
    settings: {
      ...desktopConfig.settings,
      screenEmulation: { ...desktopConfig.settings.screenEmulation, width: 1280, height: 800 },
      onlyCategories: CATEGORIES,
    },
  },
};

function options() {
  const runs = Number(process.env.BENCH_RUNS ?? 3);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`BENCH_RUNS must be a positive integer: ${runs}`);
  const form = process.env.BENCH_FORM || 'both';
  const forms = { mobile: ['mobile'], desktop: ['desktop'], both: ['mobile', 'desktop'] }[form];
  if (!forms) throw new Error(`BENCH_FORM must be mobile, desktop or both: ${form}`);
  let pages = PAGES;
  if (process.env.BENCH_PAGES) {
    pages = [];
    for (const wanted of process.env.BENCH_PAGES.split(',').map((item) => item.trim())) {
      const [pagePath, visitor] = wanted.split('@');
      const found = PAGES.filter(
        (page) => page.path === pagePath && (!visitor || visitor === (page.signedIn ? 'signed-in' : 'guest')),
      );
      if (found.length === 0) {
        const known = PAGES.map((page) => `${page.path}@${page.signedIn ? 'signed-in' : 'guest'}`);
        throw new Error(`BENCH_PAGES: unknown page ${wanted} (known: ${known.join(', ')})`);
      }
      pages.push(...found.filter((page) => !pages.includes(page)));
    }
  }
  return { runs, forms, pages, write: process.argv.includes('--write') };
}

// ---- the server, in its own process group, always stopped ----

let server;
let dataDir;
let browser;

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function startServer() {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'mirage-bench-web-'));
  const env = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
    // Dozens of page loads from one address must not meet the per-IP limits (refused in production).
    RATE_LIMITS_DISABLED: 'true',
  };
  // Always the embedded database in the fresh DATA_DIR, never a real one.
  delete env.DATABASE_URL;
  server = spawn(process.execPath, [SERVER_MAIN], {
    cwd: root,
    env,
    detached: true,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  server.exited = new Promise((resolve) => server.once('exit', resolve));
  await until('the server answers /api/health', 90, async () => (await fetch(`${url}/api/health`)).ok);
  return url;
}

async function stopServer() {
  const child = server;
  server = undefined;
  if (child && child.exitCode === null && child.signalCode === null) {
    signalGroup(child, 'SIGTERM');
    const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), 10_000);
    await child.exited;
    clearTimeout(timer);
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  dataDir = undefined;
}

function signalGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

async function until(what, seconds, check) {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    if (server && (server.exitCode !== null || server.signalCode !== null)) {
      throw new Error(`the server exited (${server.exitCode ?? server.signalCode}) before ${what}`);
    }
    try {
      if (await check()) return;
    } catch {
      // not ready yet
    }
    if (Date.now() > deadline) throw new Error(`timed out after ${seconds} s waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The guest gallery's first item, once the samples painted at start are all there. */
async function firstSample(url) {
  let items = [];
  const search = async () => {
    const response = await fetch(`${url}/api/gallery/search?size=48`, {
      method: 'POST',
      headers: { origin: url, 'content-type': 'application/json' },
      body: '{}',
    });
    if (response.ok) items = (await response.json()).items;
    return items.length >= GUEST_SAMPLE_COUNT;
  };
  try {
    await until(`the gallery search answers ${GUEST_SAMPLE_COUNT} samples`, 180, search);
  } catch (error) {
    if (items.length === 0) throw error;
    console.warn(`bench:web: only ${items.length} samples after 180 s; measuring with those`);
  }
  return items[0].uuid;
}

/** A fresh account (POST /api/user/create signs it in); its two cookies, as the browser would hold them. */
async function createAccount(url) {
  const username = `bench${Date.now().toString(36).slice(-7)}`;
  const response = await fetch(`${url}/api/user/create`, {
    method: 'POST',
    headers: { origin: url, 'content-type': 'application/json' },
    body: JSON.stringify({ username, email: `${username}@example.org`, pwd: 'a-lighthouse-at-dusk-42' }),
  });
  if (response.status !== 201)
    throw new Error(`creating ${username}: ${response.status} ${await response.text()}`);
  const cookies = response.headers.getSetCookie().map((line) => {
    const [pair, ...attributes] = line.split(';');
    const at = pair.indexOf('=');
    return {
      name: pair.slice(0, at).trim(),
      value: pair.slice(at + 1).trim(),
      httpOnly: attributes.some((attribute) => attribute.trim().toLowerCase() === 'httponly'),
    };
  });
  for (const name of ['mirage_session', 'auth']) {
    if (!cookies.some((cookie) => cookie.name === name && cookie.value)) {
      throw new Error(`creating ${username}: no ${name} cookie in the answer`);
    }
  }
  return cookies.filter((cookie) => cookie.name === 'mirage_session' || cookie.name === 'auth');
}

// ---- Lighthouse ----

function launchBrowser() {
  return puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true, // --headless=new
    args: ['--no-sandbox'],
    defaultViewport: null, // Lighthouse emulates the screen itself
    // This script stops the browser and the server itself on a signal.
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
}

/** Warms the server (file reads, previews painted on first request) with one unmeasured load per page. */
async function warmUp(urls, cookies) {
  browser = await launchBrowser();
  try {
    if (cookies.length > 0) await browser.setCookie(...cookies);
    const page = await browser.newPage();
    for (const url of urls) {
      await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
      await page.waitForNetworkIdle({ idleTime: 500, timeout: 10_000 }).catch(() => undefined);
    }
  } finally {
    await browser.close();
    browser = undefined;
  }
}

/** One Lighthouse run in a fresh browser; signed in with both cookies set in the browser, as the SPA reads them. */
async function measure(url, form, cookies) {
  browser = await launchBrowser();
  try {
    if (cookies.length > 0) await browser.setCookie(...cookies);
    const page = await browser.newPage();
    const flags = { logLevel: 'error', output: 'json' };
    // Lighthouse's storage reset leaves cookies alone; the header also covers its own requests.
    if (cookies.length > 0) {
      flags.extraHeaders = { Cookie: cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ') };
    }
    const result = await lighthouse(url, flags, CONFIGS[form], page);
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
    if (lhr.runtimeError)
      throw new Error(`Lighthouse ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    return { lhr, chromium: await browser.version() };
  } finally {
    await browser.close();
    browser = undefined;
  }
}

/**
 * A run that Lighthouse itself could not record (NO_NAVSTART, NO_FCP under load: its trace, not the
 * page) is run again, up to twice; a page that fails three times in a row is a real failure.
 */
async function measureWithRetry(url, form, cookies) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await measure(url, form, cookies);
    } catch (error) {
      if (attempt >= 3 || !/^Lighthouse .*: NO_/.test(error.message)) throw error;
      console.warn(`${error.message}: running it again`);
    }
  }
}

function numbers(lhr, signedIn) {
  const audit = (id) => {
    const value = lhr.audits[id]?.numericValue;
    if (typeof value !== 'number')
      throw new Error(`${lhr.finalDisplayedUrl}: no ${id} (${lhr.audits[id]?.errorMessage})`);
    return value;
  };
  const score = (id) => {
    const value = lhr.categories[id]?.score;
    if (typeof value !== 'number') throw new Error(`${lhr.finalDisplayedUrl}: no ${id} score`);
    return Math.round(value * 100);
  };
  if (signedIn) {
    // Proof the page rendered signed in: the app opened the live stream, which it does only for a
    // signed-in user (the account itself now comes inside the page, apps/api/src/http/first-screen.ts).
    const requests = lhr.audits['network-requests']?.details?.items ?? [];
    const live = requests.some(
      (item) => new URL(item.url).pathname === '/api/events' && item.statusCode === 200,
    );
    if (!live)
      throw new Error(`${lhr.finalDisplayedUrl}: no live stream (/api/events), the page rendered as a guest`);
  }
  return {
    perf: score('performance'),
    a11y: score('accessibility'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    fcp: audit('first-contentful-paint'),
    kib: audit('total-byte-weight') / 1024,
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? NaN,
  };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

// ---- the table ----

function table(rows) {
  const header = ['page', 'visitor', 'form', 'Perf', 'A11y', 'LCP', 'TBT', 'CLS', 'FCP', 'KiB'];
  const body = rows.map(({ page, form, runs }) => {
    const of = (key) => median(runs.map((run) => run[key]));
    const perfs = runs.map((run) => run.perf);
    const [low, high] = [Math.min(...perfs), Math.max(...perfs)];
    const range = low < high ? ` (${low}–${high})` : '';
    return [
      `\`${page.path}\``,
      page.signedIn ? 'signed in' : 'guest',
      form,
      `${Math.round(of('perf'))}${range}`,
      String(Math.round(of('a11y'))),
      `${(of('lcp') / 1000).toFixed(1)} s`,
      `${Math.round(of('tbt'))} ms`,
      of('cls').toFixed(3),
      `${(of('fcp') / 1000).toFixed(1)} s`,
      String(Math.round(of('kib'))),
    ];
  });
  // Padded as prettier pads a markdown table, so `npm run format:check` passes after --write.
  const widths = header.map((_, column) =>
    Math.max(3, ...[header, ...body].map((row) => row[column].length)),
  );
  const line = (cells) => `| ${cells.map((cell, column) => cell.padEnd(widths[column])).join(' | ')} |`;
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...body.map(line)].join('\n');
}

function describeRun({ runs, chromium, benchmarkIndex }) {
  const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
  let commit = 'an unknown commit';
  try {
    commit = git('rev-parse', '--short', 'HEAD');
    if (git('status', '--porcelain', '--untracked-files=no')) commit += ' with uncommitted changes';
  } catch {
    // not a git checkout
  }
  const lighthouseVersion = JSON.parse(
    readFileSync(path.join(root, 'node_modules/lighthouse/package.json'), 'utf8'),
  ).version;
  return (
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC at ${commit}: Lighthouse ` +
    `${lighthouseVersion} (Node API), Chromium ${chromium.replace(/^\D*/, '')} (--headless=new), ` +
    `Node ${process.versions.node}, ${os.cpus().length} cores (benchmarkIndex ${Math.round(benchmarkIndex)}). ` +
    `Median of ${runs} run${runs === 1 ? '' : 's'} per page and form factor; Perf's range in brackets where runs differ.`
  );
}

/** Wraps prose at the width the rest of BENCHMARKS.md uses. */
function wrap(text, width = 108) {
  const lines = [''];
  for (const word of text.split(' ')) {
    const last = lines.length - 1;
    if (lines[last] && lines[last].length + 1 + word.length > width) lines.push(word);
    else lines[last] = lines[last] ? `${lines[last]} ${word}` : word;
  }
  return lines.join('\n');
}

function writeSection(text) {
  const file = readFileSync(BENCHMARKS, 'utf8');
  const start = file.indexOf(MARK_START);
  const end = file.indexOf(MARK_END);
  if (start < 0 || end < start) throw new Error(`BENCHMARKS.md has no ${MARK_START} … ${MARK_END} section`);
  const updated = `${file.slice(0, start + MARK_START.length)}\n\n${text}\n\n${file.slice(end)}`;
  writeFileSync(BENCHMARKS, updated);
  console.log(`bench:web: BENCHMARKS.md updated`);
}

// ---- main ----

let cleaning;
function cleanUp() {
  cleaning ??= (async () => {
    await browser?.close().catch(() => browser?.process()?.kill('SIGKILL'));
    await stopServer();
  })();
  return cleaning;
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.once(signal, () => {
    console.error(`bench:web: ${signal}, stopping the server`);
    void cleanUp().finally(() => process.exit(128 + os.constants.signals[signal]));
  });
}
// Last resort if the process ends another way: never leave the server's group behind.
process.once('exit', () => {
  if (server) signalGroup(server, 'SIGKILL');
  browser?.process()?.kill('SIGKILL');
});

async function main() {
  const { runs, forms, pages, write } = options();
  const url = await startServer();
  const uuid = await firstSample(url);
  const cookies = await createAccount(url);
  const browserCookies = cookies.map((cookie) => ({
    ...cookie,
    domain: '127.0.0.1',
    path: '/',
    sameSite: 'Lax',
  }));
  const pageUrl = (page) => url + page.path.replace(':uuid', uuid);
  const reportDir = process.env.BENCH_REPORT_DIR;
  if (reportDir) mkdirSync(reportDir, { recursive: true });

  for (const signedIn of [false, true]) {
    const urls = pages.filter((page) => page.signedIn === signedIn).map(pageUrl);
    if (urls.length > 0) await warmUp(urls, signedIn ? browserCookies : []);
  }
  const rows = pages.flatMap((page) => forms.map((form) => ({ page, form, runs: [] })));
  let chromium = '';
  // Run by run over every page, so a busy moment of the machine does not land on one page's runs only.
  for (let run = 1; run <= runs; run++) {
    for (const row of rows) {
      const target = pageUrl(row.page);
      const label = `${row.page.path}${row.page.signedIn ? ' signed in' : ''} ${row.form}`;
      const result = await measureWithRetry(target, row.form, row.page.signedIn ? browserCookies : []);
      chromium = result.chromium;
      const measured = numbers(result.lhr, row.page.signedIn);
      row.runs.push(measured);
      console.log(`run ${run}/${runs} ${label}: Perf ${measured.perf}, LCP ${Math.round(measured.lcp)} ms`);
      if (reportDir) {
        const name = `${label.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}-${run}.json`;
        writeFileSync(path.join(reportDir, name), JSON.stringify(result.lhr));
      }
    }
  }
  const benchmarkIndex = median(rows.flatMap((row) => row.runs.map((run) => run.benchmarkIndex)));
  const text = `${wrap(describeRun({ runs, chromium, benchmarkIndex }))}\n\n${table(rows)}`;
  console.log(`\n${text}`);
  if (write) writeSection(text);
}

try {
  await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
