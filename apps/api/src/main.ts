import { ConfigError, loadConfig } from './config.ts';
import { buildApp } from './app.ts';
import { migrateToLatest, openDatabase } from './db/database.ts';

/** Boot: read config, open the database (embedded PGlite unless DATABASE_URL), migrate, listen. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config);
  await migrateToLatest(database.db);
  const app = await buildApp({ config, db: database.db });
  app.addHook('onClose', () => database.close());
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.log.info({ signal }, 'shutting down');
      void app.close().then(() => process.exit(0));
    });
  }
  await app.listen({ port: config.PORT, host: config.HOST });
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
