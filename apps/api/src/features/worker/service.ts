import { timingSafeEqual } from 'node:crypto';
import { AppError } from '../../http/errors.ts';
import { hashToken, newToken } from '../session/service.ts';
import type { WorkerRow } from '../../db/schema/generation.ts';
import type { WorkerRepository } from './repository.ts';

/** Worker tokens: 256-bit random, stored hashed like sessions; managed by `npm run worker:token`. */
export function createWorkerAuth(workers: WorkerRepository) {
  return {
    async issueToken(name: string): Promise<string> {
      const token = `mw_${newToken()}`;
      await workers.upsertToken(name, hashToken(token));
      return token;
    },

    async authenticate(authorization: string | undefined): Promise<WorkerRow> {
      const token = /^Bearer (\S+)$/.exec(authorization ?? '')?.[1];
      if (!token) throw new AppError('token_missing');
      const worker = await workers.findByTokenHash(hashToken(token));
      if (!worker || worker.disabled) throw new AppError('token_invalid');
      return worker;
    },
  };
}
export type WorkerAuth = ReturnType<typeof createWorkerAuth>;

/** The operator's view (`GET /api/worker/status`) needs OPERATOR_TOKEN; without one it is closed. */
export function assertOperator(authorization: string | undefined, operatorToken: string | undefined): void {
  if (!operatorToken) throw new AppError('unauthorized_resource');
  const sent = Buffer.from(authorization ?? '');
  const expected = Buffer.from(`Bearer ${operatorToken}`);
  if (sent.length !== expected.length || !timingSafeEqual(sent, expected))
    throw new AppError('unauthorized_resource');
}
