import { randomBytes } from 'node:crypto';
import { OPERATIONS } from '@mirage/contract';
import { serialKeyBatchProblem, serialKeyFromBytes, type SerialKeyValue } from '@mirage/domain';
import type { SerialKeyRepository } from './repository.ts';

/**
 * First segments of the API's own routes: a reseller called "payment" would put its redeem path
 * (`/api/payment/redeem/…`) under another feature's routes, so such names are refused.
 */
const RESERVED_NAMES = new Set(
  Object.values(OPERATIONS)
    .map((operation) => operation.path.split('/')[2])
    .filter((segment): segment is string => Boolean(segment) && !segment!.startsWith(':')),
);

export class MintError extends Error {}

export interface MintRequest {
  reseller: string;
  value: SerialKeyValue;
  count: number;
  note?: string;
}

/** Why this batch cannot be minted (bounds, reseller name), or null. */
export function mintRequestProblem(request: MintRequest): string | null {
  const problem = serialKeyBatchProblem(request.value, request.count, request.reseller);
  if (problem) return problem;
  if (RESERVED_NAMES.has(request.reseller)) {
    return `"${request.reseller}" is a path of the API; choose another reseller name`;
  }
  return null;
}

/**
 * Mints a batch: `count` new keys worth `value` for `reseller`. Answers the batch id and the keys in
 * their canonical form — the only time they exist in clear; the database keeps their hashes.
 */
export async function mintSerialKeys(
  keys: SerialKeyRepository,
  request: MintRequest,
): Promise<{ batchId: number; keys: string[] }> {
  const problem = mintRequestProblem(request);
  if (problem) throw new MintError(problem);
  const minted = new Set<string>();
  // 75 random bits: a collision within a batch is as likely as none in practice, but a Set makes it certain.
  while (minted.size < request.count) minted.add(serialKeyFromBytes(randomBytes(15)));
  const batchId = await keys.mint(request.reseller, request.value, [...minted], request.note ?? null);
  return { batchId, keys: [...minted] };
}
