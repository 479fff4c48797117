import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { normalizeSerialKey } from '@mirage/domain';
import { describe, expect, it } from 'vitest';
import { CLI_TEST_TIMEOUT_MS, cliRunner } from './cli-runner.test-support.ts';

const { cli, dataDir } = cliRunner('serial-keys.ts');

describe('keys CLI', () => {
  it(
    'mints a batch as CSV, lists it, revokes a key and a batch, and refuses bad input',
    { timeout: CLI_TEST_TIMEOUT_MS },
    () => {
      const minted = cli('mint', '--reseller', 'g2a', '--tickets', '500', '--pro-days', '30', '--count', '3');
      expect(minted.status, minted.err).toBe(0);
      const [header, ...rows] = minted.out.split('\n');
      expect(header).toBe('key,tickets,pro_days,reseller,batch');
      expect(rows).toHaveLength(3);
      for (const row of rows) {
        const [key, tickets, days, reseller, batch] = row.split(',');
        expect(key).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
        expect(normalizeSerialKey(key!)).not.toBeNull();
        expect([tickets, days, reseller, batch]).toEqual(['500', '30', 'g2a', '1']);
      }
      expect(new Set(rows).size).toBe(3);

      const file = path.join(dataDir, 'keys.csv');
      const toFile = cli('mint', '--reseller', 'key-shop', '--tickets', '60', '--count', '2', '--out', file);
      expect(toFile.status, toFile.err).toBe(0);
      expect(toFile.out).toBe('');
      expect(readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(3);
      expect(statSync(file).mode & 0o077).toBe(0); // the keys are money: readable by the operator only

      expect(cli('revoke', '--key', rows[0]!.split(',')[0]!.toLowerCase()).status).toBe(0);
      expect(cli('revoke', '--key', rows[0]!.split(',')[0]!).status).toBe(1); // already revoked
      expect(cli('revoke', '--batch', '2').status).toBe(0);
      const listed = cli('list');
      expect(listed.out).toMatch(/^1\tg2a\t500 tickets\t30 Pro days\t0\/3 redeemed\tactive/m);
      expect(listed.out).toMatch(/^2\tkey-shop\t60 tickets\t0 Pro days\t0\/2 redeemed\trevoked/m);

      expect(cli('mint', '--reseller', 'g2a', '--count', '3').status).toBe(2); // worth nothing
      expect(cli('mint', '--reseller', 'payment', '--tickets', '5', '--count', '1').err).toMatch(
        /path of the API/,
      );
      expect(cli('mint', '--reseller', 'G2A!', '--tickets', '5', '--count', '1').status).toBe(2);
      expect(cli('mint', '--reseller', 'g2a', '--tickets', '-5', '--count', '1').status).toBe(2);
      expect(cli('mint', '--reseller', 'g2a', '--tickets', '5', '--count', '1e3').status).toBe(2);
      expect(cli('revoke', '--key', 'not-a-key').status).toBe(2);
      expect(cli('revoke', '--batch', '1; drop table serial_key').status).toBe(2);
      expect(cli('burn').status).toBe(2);
      expect(cli('mint', '--colour', 'red').status).toBe(2);
    },
  );
});
