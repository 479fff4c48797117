import { ConfigError, loadConfig, wantsLocalWorker } from './config.ts';
import { startLocalWorker } from './local-worker.ts';
import { buildApp } from './app.ts';
import { exitOnSignals } from './lifecycle.ts';
import { migrateToLatest, openDatabase } from './db/database.ts';
import { createNotifierFor } from './events/notifier.ts';
import { seedCatalogue } from './db/seed/catalogue.ts';
import { ensureGuestSamples, ensurePageImages } from './features/gallery/samples.ts';
import { createGameEventRepository, loadGameEventFile } from './features/game-event/index.ts';

/** Boot: read config, open the database (embedded PGlite unless DATABASE_URL), migrate, listen. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config);
  await migrateToLatest(database.db);
  await seedCatalogue(database.db);
  // Created before any request runs: on PGlite, LISTEN must not land inside another transaction.
  const notifier = await createNotifierFor(database);
  const { app, services } = await buildApp({ config, db: database.db, notifier });
  app.addHook('onClose', async () => {
    await notifier.close();
    await database.close();
  });
  let localWorker: { stop: () => Promise<void> } | undefined;
  // SIGTERM/SIGINT drain the instance, then exit 0; a second signal exits at once (lifecycle.ts).
  exitOnSignals({
    app,
    drain: services.drain,
    graceMs: config.SHUTDOWN_GRACE_MS,
    stopLocalWorker: () => localWorker?.stop() ?? Promise.resolve(),
    log: app.log,
  });
  // The operator's game events (docs/operations.md#game-events): a broken file is logged and the events
  // already stored stay, rather than keeping the whole product down for an announcement.
  if (config.EVENTS_FILE) {
    await loadGameEventFile(createGameEventRepository(database.db), config.EVENTS_FILE).then(
      (count) => app.log.info({ file: config.EVENTS_FILE, count }, 'game events loaded'),
      (error: unknown) => app.log.error({ err: error, file: config.EVENTS_FILE }, 'game events not loaded'),
    );
  }
  const address = await app.listen({ port: config.PORT, host: config.HOST });
  // Seed time for pictures: style and booster previews missing from the object store are painted in the
  // background, one at a time, so they never delay startup (a request for one not painted yet paints it).
  services.cataloguePreviews.renderMissing().then(
    (result) => app.log.info(result, 'catalogue previews checked'),
    (error: unknown) => app.log.warn({ err: error }, 'catalogue previews not rendered'),
  );
  // The guest gallery's 24 samples (docs/product/gallery.md#boards), then the guide's and promo pages'
  // pictures (kept out of every gallery), painted the same way when missing, one after the other.
  if (config.GUEST_SAMPLES) {
    ensureGuestSamples(database.db, services, app.log)
      .then((result) => app.log.info(result, 'guest samples checked'))
      .then(() => ensurePageImages(database.db, services, app.log))
      .then(
        (result) => app.log.info(result, 'guide and promo images checked'),
        (error: unknown) => app.log.warn({ err: error }, 'curated images not created'),
      );
  }
  if (wantsLocalWorker(config)) {
    const token = await services.workerAuth.issueToken('local-preview');
    const apiUrl = address.replace('0.0.0.0', '127.0.0.1').replace('[::]', '127.0.0.1');
    localWorker = startLocalWorker({ apiUrl, token, log: app.log, graceMs: config.SHUTDOWN_GRACE_MS });
  }
  app.log.info(
    {
      database: database.kind === 'pglite' ? `embedded PostgreSQL in ${config.DATA_DIR}/db` : 'PostgreSQL',
      url: config.PUBLIC_URL,
    },
    'Mirage is running',
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
