import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { createPGliteDatabase, type DB } from '../../apps/api/src/db/database.ts';
import { post } from '../../apps/api/src/features/ledger/repository.ts';
import type { Violation } from './firstScreen.ts';
import { startServer, type RunningServer } from './server.ts';

/**
 * Helpers of the player specs (profile, daily tasks): what no API call can do in a test, done in the
 * server's own database. Coins come only from claimed level-ups and achievements, and the daily quest
 * waits a real minute on the server's clock; a spec gives coins and "moves the clock" (moves the quest's
 * opening back) with a database edit instead of playing for hours or sleeping for a minute.
 *
 * The embedded database admits one process at a time, so an edit stops the server, opens its data
 * directory, applies the change, closes it and starts the server again on the same data. The server comes
 * back on a new port: read `.url` again after an edit. Sessions live in the database, and cookies do not
 * depend on the port, so a signed-in browser stays signed in.
 */
export function editableServerForFile(
  env: Record<string, string> = {},
  serverOptions: { filesOnLocalhost?: boolean } = {},
): {
  readonly url: string;
  readonly server: RunningServer;
  edit: (change: (db: DB) => Promise<void>) => Promise<void>;
  /** Stops the server, runs `work` with its data folder (an operator's CLI), and starts it again. */
  whileStopped: (work: (dataDir: string) => Promise<void> | void) => Promise<void>;
} {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mirage-e2e-player-'));
  const options = {
    ...serverOptions,
    dataDir,
    env: { GUEST_SAMPLES: 'false', LOCAL_WORKER: 'false', ...env },
  };
  let server: RunningServer | undefined;
  beforeAll(async () => {
    server = await startServer(options);
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const running = () => {
    if (!server) throw new Error('the server is not started (editableServerForFile registers a beforeAll)');
    return server;
  };
  return {
    get url() {
      return running().url;
    },
    get server() {
      return running();
    },
    async edit(change) {
      await this.whileStopped(async () => {
        const database = await createPGliteDatabase({ dataDir: path.join(dataDir, 'db') });
        try {
          await change(database.db);
        } finally {
          await database.close();
        }
      });
    },
    async whileStopped(work) {
      await running().stop();
      server = undefined;
      try {
        await work(dataDir);
      } finally {
        server = await startServer(options);
      }
    },
  };
}

/** Gives a user coins the way the product moves them: a ledger posting (an operator's adjustment). */
export async function giveCoins(db: DB, userId: number, coins: number): Promise<void> {
  await db.transaction().execute((trx) =>
    post(
      trx,
      [
        {
          userId,
          currency: 'reward_tokens',
          delta: coins,
          reason: 'operator_adjustment',
          ref: { type: 'user', id: String(userId) },
        },
      ],
      `e2e:${randomUUID()}`,
    ),
  );
}

/** Moves today's opening of the user's daily quest `seconds` back: as if the clock had moved on. */
export async function rewindDailyQuest(db: DB, userId: number, seconds: number): Promise<void> {
  const result = await db
    .updateTable('app_user')
    .set({ daily_quest_opened_at: sql<Date>`daily_quest_opened_at - make_interval(secs => ${seconds})` })
    .where('id', '=', userId)
    .where('daily_quest_opened_at', 'is not', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new Error(`user ${userId} has not opened the quest`);
}

/**
 * Waits, when the clock is within `marginMinutes` of UTC midnight, until it is `marginMinutes` past it. The
 * daily quest belongs to one UTC day (an opening from before midnight does not carry over), and a test
 * moves its opening back a minute: near midnight that opening would land on the day before, and the quest
 * would honestly be open again (a CI run that crossed midnight failed so). The server runs on this
 * machine's clock, so waiting here is waiting there. Returns the milliseconds waited (0 almost always).
 */
export async function awayFromUtcMidnight(marginMinutes: number): Promise<number> {
  const margin = marginMinutes * 60_000;
  const dayMs = 86_400_000;
  const intoDay = Date.now() % dayMs;
  const wait = intoDay < margin ? margin - intoDay : intoDay > dayMs - margin ? dayMs - intoDay + margin : 0;
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  return wait;
}

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core's violations (default rules) inside the elements `selectors` name: this page's own content
 * and its dialogs, as firstScreen.ts `axeViolations` checks the whole document.
 */
export async function axeViolationsIn(page: Page, selectors: string[]): Promise<Violation[]> {
  // Entrance animations (the shop's staggered cards fade in) would be measured half-transparent:
  // let every running animation finish first, so contrast is judged on what the user ends up seeing.
  // Endless ones (spinners) never finish and are left alone.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (include) => {
    const axe = (window as unknown as { axe: AxeApi }).axe;
    const results = await axe.run(
      { include: include.map((selector) => [selector]) },
      { resultTypes: ['violations'] },
    );
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? null,
      help: violation.help,
      nodes: violation.nodes.map((node) => node.target.join(' ')),
    }));
  }, selectors);
}

interface AxeApi {
  run: (
    context: { include: string[][] },
    options: { resultTypes: string[] },
  ) => Promise<{
    violations: { id: string; impact?: string | null; help: string; nodes: { target: string[] }[] }[];
  }>;
}
