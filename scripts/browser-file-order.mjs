// The browser spec files (e2e/*.e2e.ts) in the order `npm test` runs them: longest first, so that the
// last files the lanes take are short ones and the lanes finish together (scripts/test.mjs).
import { readdirSync } from 'node:fs';

/**
 * Seconds each file took in one run of the browser project on a loaded 2-core machine (2026-11-28; the
 * last few from the external CI's log). Only the order matters, so the numbers need not be exact: a file
 * missing here (a new one) counts as fairly long, to be started early rather than last.
 */
const MEASURED_SECONDS = {
  'first-screen-embedded.e2e.ts': 211,
  'promo-about.e2e.ts': 170,
  'player-shell.e2e.ts': 151,
  'accessibility.e2e.ts': 145,
  'guide.e2e.ts': 139,
  'onboarding.e2e.ts': 120,
  'keepAlive.e2e.ts': 115,
  'mod-console.e2e.ts': 113,
  'blacklist.e2e.ts': 104,
  'first-screen.e2e.ts': 97,
  'create.e2e.ts': 96,
  'gallery.e2e.ts': 93,
  'tweak.e2e.ts': 90,
  'assistant.e2e.ts': 88,
  'profile.e2e.ts': 84,
  'daily-tasks.e2e.ts': 81,
  'account.e2e.ts': 71,
  'shop.e2e.ts': 67,
  'game-event.e2e.ts': 59,
  'shell-look.e2e.ts': 58,
  'phone.e2e.ts': 57,
  'leaderboard.e2e.ts': 53,
  'image.e2e.ts': 52,
  'oauth.e2e.ts': 47,
  'legal.e2e.ts': 46,
  'redeem.e2e.ts': 41,
  'collection.e2e.ts': 41,
  'failedGeneration.e2e.ts': 41,
  'gallery-guest.e2e.ts': 40,
  'referral.e2e.ts': 32,
  'email-verification.e2e.ts': 29,
  'safety.e2e.ts': 29,
  'saved-prompts.e2e.ts': 27,
  'upscale.e2e.ts': 27,
  'account-data.e2e.ts': 27,
  'seo.e2e.ts': 21,
};
const UNMEASURED_SECONDS = 60;

export function browserFilesLongestFirst(folder = 'e2e') {
  const files = readdirSync(folder)
    .filter((name) => name.endsWith('.e2e.ts'))
    .map((name) => ({ path: `${folder}/${name}`, seconds: MEASURED_SECONDS[name] ?? UNMEASURED_SECONDS }));
  files.sort((a, b) => b.seconds - a.seconds || a.path.localeCompare(b.path));
  return files.map((file) => file.path);
}
