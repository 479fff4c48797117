// Reseller serial keys (docs/operations.md#serial-keys), for the operator:
//   npm run keys -- mint --reseller g2a --tickets 500 [--pro-days 30] --count 100 [--note "…"] [--out keys.csv]
//        mints a batch and writes its keys as CSV (key,tickets,pro_days,reseller,batch) to --out or stdout:
//        the only time the keys exist in clear; hand the file to the reseller and delete it
//   npm run keys -- list                      every batch: reseller, value, keys, redeemed, revoked
//   npm run keys -- revoke --batch 3          stops a batch's unredeemed keys
//   npm run keys -- revoke --key XXXX-XXXX-XXXX-XXXX   stops one key (reported stolen)
// Uses the same configuration as the server (DATABASE_URL, or the embedded database in DATA_DIR).
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { formatSerialKey, normalizeSerialKey } from '@mirage/domain';
import { loadConfig } from '../config.ts';
import { migrateToLatest, openDatabase } from '../db/database.ts';
import {
  createSerialKeyRepository,
  mintSerialKeys,
  type SerialKeyRepository,
} from '../features/serial-key/index.ts';
import { mintRequestProblem, type MintRequest } from '../features/serial-key/mint.ts';

const USAGE =
  'usage: keys -- mint --reseller NAME --tickets N [--pro-days D] --count C [--note TEXT] [--out FILE]\n' +
  '       keys -- list\n' +
  '       keys -- revoke --batch ID | --key KEY';

const OPTIONS = {
  reseller: { type: 'string' },
  tickets: { type: 'string', default: '0' },
  'pro-days': { type: 'string', default: '0' },
  count: { type: 'string' },
  note: { type: 'string' },
  out: { type: 'string' },
  batch: { type: 'string' },
  key: { type: 'string' },
} as const;

/** A whole number as typed; NaN for anything else (the domain's bounds then refuse it). */
const whole = (text: string | undefined) =>
  text !== undefined && /^\d{1,9}$/.test(text) ? Number(text) : NaN;

/** The mint request the options describe (checked before the database is opened). */
function mintRequest(values: Record<string, string | undefined>): MintRequest {
  return {
    reseller: values.reseller ?? '',
    value: { tickets: whole(values.tickets), proDays: whole(values['pro-days']) },
    count: whole(values.count),
    note: values.note,
  };
}

async function mint(keys: SerialKeyRepository, request: MintRequest, out: string | undefined) {
  const batch = await mintSerialKeys(keys, request);
  const { tickets, proDays } = request.value;
  const lines = ['key,tickets,pro_days,reseller,batch'];
  for (const key of batch.keys) {
    lines.push(`${formatSerialKey(key)},${tickets},${proDays},${request.reseller},${batch.batchId}`);
  }
  const csv = `${lines.join('\n')}\n`;
  if (!out) {
    process.stdout.write(csv);
    return;
  }
  writeFileSync(out, csv, { mode: 0o600 });
  console.error(`batch ${batch.batchId}: ${batch.keys.length} keys written to ${out}`);
}

async function run(args: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args, options: OPTIONS, allowPositionals: true });
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const [command] = parsed.positionals;
  const values = parsed.values as Record<string, string | undefined>;
  if (command !== 'mint' && command !== 'list' && command !== 'revoke') {
    console.error(USAGE);
    return 2;
  }
  const request = mintRequest(values);
  const problem = command === 'mint' ? mintRequestProblem(request) : null;
  const key = values.key === undefined ? undefined : normalizeSerialKey(values.key);
  const badBatch = values.batch !== undefined && Number.isNaN(whole(values.batch));
  if (problem || key === null || badBatch) {
    console.error(`${problem ?? (badBatch ? 'not a batch id' : 'not a key')}\n${USAGE}`);
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await migrateToLatest(database.db);
    const keys = createSerialKeyRepository(database.db);
    if (command === 'mint') {
      await mint(keys, request, values.out);
      return 0;
    }
    if (command === 'list') {
      const batches = await keys.listBatches();
      if (batches.length === 0) console.log('no batches');
      for (const b of batches) {
        const state = b.revoked_at ? `revoked ${b.revoked_at.toISOString()}` : 'active';
        console.log(
          `${b.id}\t${b.reseller}\t${b.tickets} tickets\t${b.pro_days} Pro days\t${b.redeemed}/${b.key_count} redeemed\t${state}\t${b.created_at.toISOString()}${b.note ? `\t${b.note}` : ''}`,
        );
      }
      return 0;
    }
    if (values.batch !== undefined) {
      const found = await keys.revokeBatch(whole(values.batch), new Date());
      console.error(found ? `batch ${values.batch} revoked` : `no active batch ${values.batch}`);
      return found ? 0 : 1;
    }
    if (key === undefined) {
      console.error(USAGE);
      return 2;
    }
    const found = await keys.revokeKey(key, new Date());
    console.error(found ? `key …${key.slice(-4)} revoked` : 'no unredeemed key with this code');
    return found ? 0 : 1;
  } finally {
    await database.close();
  }
}

process.exitCode = await run(process.argv.slice(2));
