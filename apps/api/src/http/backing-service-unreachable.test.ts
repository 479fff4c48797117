import { describe, expect, it } from 'vitest';
import { isBackingServiceUnreachable } from './errors.ts';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isBackingServiceUnreachable (503 service_unavailable instead of 500)', () => {
  it('knows a refused or cut connection and PostgreSQL shutting down or starting up', () => {
    expect(isBackingServiceUnreachable(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe(
      true,
    );
    expect(
      isBackingServiceUnreachable(withCode('terminating connection due to administrator command', '57P01')),
    ).toBe(true);
    expect(isBackingServiceUnreachable(withCode('the database system is starting up', '57P03'))).toBe(true);
    expect(isBackingServiceUnreachable(withCode('connection failure', '08006'))).toBe(true);
    expect(isBackingServiceUnreachable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(
      isBackingServiceUnreachable(
        new Error('Client has encountered a connection error and is not queryable'),
      ),
    ).toBe(true);
  });

  it('leaves other failures alone: they stay 500 internal_error', () => {
    expect(isBackingServiceUnreachable(withCode('duplicate key value', '23505'))).toBe(false);
    expect(isBackingServiceUnreachable(withCode('canceling statement due to user request', '57014'))).toBe(
      false,
    );
    expect(isBackingServiceUnreachable(new TypeError('x is undefined'))).toBe(false);
    expect(isBackingServiceUnreachable('ECONNREFUSED')).toBe(false);
  });
});
