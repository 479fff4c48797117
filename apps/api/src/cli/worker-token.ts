// Worker tokens (docs/architecture.md: bearer token per worker):
//   npm run worker:token -- create <name>    prints a new token (replaces the worker's old one)
//   npm run worker:token -- disable <name>   the worker's token stops working
//   npm run worker:token -- enable <name>
//   npm run worker:token -- list             names, engines, last seen, jobs done/failed
// Uses the same configuration as the server (DATABASE_URL, or the embedded database in DATA_DIR).
import { WORKER_NAME as NAME } from '@mirage/domain';
import { loadConfig } from '../config.ts';
import { migrateToLatest, openDatabase } from '../db/database.ts';
import { createWorkerRepository } from '../features/worker/repository.ts';
import { createWorkerAuth } from '../features/worker/service.ts';

async function run(command: string | undefined, name: string | undefined): Promise<number> {
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await migrateToLatest(database.db);
    const workers = createWorkerRepository(database.db);
    if (command === 'list') {
      const rows = await workers.list();
      if (rows.length === 0) console.log('no workers');
      for (const row of rows) {
        console.log(
          `${row.name}\t${row.engine ?? '-'}\t${row.disabled ? 'disabled' : 'enabled'}\tlast seen ${row.last_seen_at?.toISOString() ?? 'never'}\tdone ${row.jobs_done}\tfailed ${row.jobs_failed}`,
        );
      }
      return 0;
    }
    if (!name || !NAME.test(name)) {
      console.error('a worker name of 2-40 letters, digits, _ or - is required');
      return 2;
    }
    if (command === 'create') {
      console.log(await createWorkerAuth(workers).issueToken(name));
      return 0;
    }
    if (command === 'disable' || command === 'enable') {
      const found = await workers.setDisabled(name, command === 'disable');
      if (!found) console.error(`no worker named ${name}`);
      return found ? 0 : 1;
    }
    console.error('usage: worker:token -- create <name> | disable <name> | enable <name> | list');
    return 2;
  } finally {
    await database.close();
  }
}

process.exitCode = await run(process.argv[2], process.argv[3]);
