import type { FastifyInstance } from 'fastify';
import { startMaintenance, type Maintenance } from './maintenance.ts';
import { LEADERBOARD_REFRESH_MS } from './features/leaderboard/service.ts';
import { SAFETY_ORPHAN_AFTER_MS } from './features/image/safety/index.ts';
import { backfillPerceptualHashes } from './features/provenance/index.ts';
import type { Services } from './services.ts';

/** How often the reaper looks for leases that expired (dead or hung workers). */
export const REAPER_INTERVAL_MS = 5000;
/** Energy resets at 00:00 UTC: sweeping once a minute makes balances right within a minute of it. */
const ENERGY_SWEEP_INTERVAL_MS = 60_000;

/**
 * The work every API instance does besides answering requests, started with the app and stopped when it
 * closes: the outbox dispatcher, the lease reaper with the energy and image safety sweeps, and the hourly
 * maintenance. Each piece is safe to run on several instances at once (row locks, idempotent deletes).
 */
export function startBackgroundWork(app: FastifyInstance, services: Services): Maintenance {
  const { outbox, lifecycle, sessions, passwordReset, emailVerification } = services;
  app.addHook('onReady', (done) => {
    outbox.start();
    done();
  });

  let lastEnergySweep = 0;
  let lastLeaderboardRefresh = 0;
  let refreshingLeaderboards = false;
  let lastSafetySweep = 0;
  let hashBackfillAfter: number | null = 0;
  let backfillingHashes = false;
  const reaper = setInterval(() => {
    lifecycle.reapExpiredLeases().catch((error: unknown) => app.log.warn({ err: error }, 'reaper failed'));
    if (Date.now() - lastEnergySweep >= ENERGY_SWEEP_INTERVAL_MS) {
      lastEnergySweep = Date.now();
      services.sweepEnergy().catch((error: unknown) => app.log.warn({ err: error }, 'energy sweep failed'));
    }
    // The leaderboards' ranks, recomputed for the boards whose players changed (one pass at a time).
    if (!refreshingLeaderboards && Date.now() - lastLeaderboardRefresh >= LEADERBOARD_REFRESH_MS) {
      lastLeaderboardRefresh = Date.now();
      refreshingLeaderboards = true;
      services.leaderboards
        .refresh()
        .catch((error: unknown) => app.log.warn({ err: error }, 'leaderboard refresh failed'))
        .finally(() => (refreshingLeaderboards = false));
    }
    // Images still waiting for the image-side safety check that no check here is handling (this or another
    // instance stopped, or a check failed): all of them on the first pass, then those older than a minute.
    if (Date.now() - lastSafetySweep >= SAFETY_ORPHAN_AFTER_MS) {
      const orphanAfterMs = lastSafetySweep === 0 ? 0 : SAFETY_ORPHAN_AFTER_MS;
      lastSafetySweep = Date.now();
      services.imageSafety
        .sweep(orphanAfterMs)
        .catch((error: unknown) => app.log.warn({ err: error }, 'image safety sweep failed'));
    }
    // Perceptual hashes of images made before they existed (migration 0025), a batch per tick, until none
    // is left (then not again until the next start).
    if (hashBackfillAfter !== null && !backfillingHashes) {
      backfillingHashes = true;
      backfillPerceptualHashes(
        { images: services.provenanceImages, store: services.store },
        hashBackfillAfter,
      )
        .then((last) => (hashBackfillAfter = last))
        .catch((error: unknown) => app.log.warn({ err: error }, 'perceptual hash backfill failed'))
        .finally(() => (backfillingHashes = false));
    }
  }, REAPER_INTERVAL_MS);
  reaper.unref();

  // Expired sessions, reset and verification tokens, handled events past their week, and notifications past
  // their retention are deleted hourly (rate-limit windows sweep themselves).
  const maintenance = startMaintenance(
    {
      sessions: () => sessions.purgeExpired(),
      passwordResets: () => passwordReset.purgeExpired(),
      emailVerifications: () => emailVerification.purgeExpired(),
      outbox: () => outbox.purgeHandled(services.now()).then(() => undefined),
      player: () => services.playerActions.housekeeping(),
      notifications: () => services.players.pruneNotifications().then(() => undefined),
      deletedUsernames: () => services.accountDeletion.freeUsernames().then(() => undefined),
      // Guest trial images past their 24 h (features/guest): erased with their owner accounts.
      guestTrials: () => services.guestTrial.cleanup().then(() => undefined),
    },
    app.log,
  );

  app.addHook('onClose', async () => {
    clearInterval(reaper);
    maintenance.stop();
    await outbox.stop();
  });
  return maintenance;
}
