/**
 * A dispatcher in its own process, for the outbox crash test (integration/outbox-dispatch.test.ts): its
 * handler writes its effect, says "claimed" on stdout and then hangs inside the open transaction, so the
 * test can SIGKILL the process between claim and commit.
 */
import { sql } from 'kysely';
import { createPostgresDatabase } from '../src/db/database.ts';
import { createOutboxDispatcher } from '../src/features/outbox/dispatcher.ts';
import { createHandlerRegistry } from '../src/features/outbox/handlers.ts';

const handle = createPostgresDatabase(process.env.OUTBOX_CHILD_DATABASE_URL!, 2);
const handlers = createHandlerRegistry();
handlers.on('user.signed_in_day', 'effect', async (_event, { trx, eventId }) => {
  await sql`insert into outbox_test_effect (event_id, handler) values (${eventId}, 'effect')`.execute(trx);
  process.stdout.write('claimed\n');
  await new Promise(() => undefined);
});
const dispatcher = createOutboxDispatcher({ db: handle.db, handlers, log: console });
await dispatcher.drain();
