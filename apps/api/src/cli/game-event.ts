// Game events (docs/operations.md#game-events), for the operator:
//   npm run event -- load <file.json>   stores the file's events (replacing those with the same uuid)
//   npm run event -- list               every event: dates, reward, images, finds
//   npm run event -- end <uuid>         ends an event now (its finds and payments stay); cancels (deletes)
//                                       one that has not started
// Uses the same configuration as the server (DATABASE_URL, or the embedded database in DATA_DIR).
import { loadConfig } from '../config.ts';
import { migrateToLatest, openDatabase } from '../db/database.ts';
import {
  createGameEventRepository,
  GameEventLoadError,
  loadGameEventFile,
} from '../features/game-event/index.ts';

async function run(command: string | undefined, argument: string | undefined): Promise<number> {
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await migrateToLatest(database.db);
    const events = createGameEventRepository(database.db);
    if (command === 'list') {
      const rows = await events.list();
      if (rows.length === 0) console.log('no events');
      for (const row of rows) {
        console.log(
          `${row.uuid}\t${row.title.en}\t${row.starts_at.toISOString()} → ${row.ends_at.toISOString()}\t${row.reward_tokens} tokens\t${row.images_total} images\t${row.finds} finds by ${row.finders} players`,
        );
      }
      return 0;
    }
    if (command === 'load' && argument) {
      try {
        console.log(`${await loadGameEventFile(events, argument)} events loaded`);
        return 0;
      } catch (error) {
        if (!(error instanceof GameEventLoadError)) throw error;
        for (const problem of error.problems) console.error(problem);
        return 1;
      }
    }
    if (command === 'end' && argument) {
      const outcome = await events.end(argument.toLowerCase(), new Date());
      if (outcome === 'not_found') console.error(`no event ${argument}`);
      if (outcome === 'over') console.log(`event ${argument} was already over`);
      if (outcome === 'cancelled') console.log(`event ${argument} had not started: cancelled (deleted)`);
      return outcome === 'not_found' ? 1 : 0;
    }
    console.error('usage: event -- load <file.json> | list | end <uuid>');
    return 2;
  } finally {
    await database.close();
  }
}

process.exitCode = await run(process.argv[2], process.argv[3]);
