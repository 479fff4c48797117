import { describe, expect, it } from 'vitest';
import { CLI_TEST_TIMEOUT_MS, cliRunner } from './cli-runner.test-support.ts';

const { cli } = cliRunner('worker-token.ts');

describe('worker:token CLI', () => {
  it('creates, lists, disables and rejects bad input', { timeout: CLI_TEST_TIMEOUT_MS }, () => {
    const created = cli('create', 'gpu-one');
    expect(created.status, created.err).toBe(0);
    expect(created.out).toMatch(/^mw_[A-Za-z0-9_-]{43}$/);
    const again = cli('create', 'gpu-one');
    expect(again.out).not.toBe(created.out);
    expect(cli('list').out).toMatch(/^gpu-one\t-\tenabled/m);
    expect(cli('disable', 'gpu-one').status).toBe(0);
    expect(cli('list').out).toMatch(/^gpu-one\t-\tdisabled/m);
    expect(cli('disable', 'nobody').status).toBe(1);
    expect(cli('create', 'bad name!').status).toBe(2);
    expect(cli('launch', 'gpu-one').status).toBe(2);
  });
});
