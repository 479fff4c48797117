import type { DB } from '../../db/database.ts';
import type { SerialKeyService } from '../serial-key/index.ts';
import type { WorkerAuth, WorkerRepository } from '../worker/index.ts';
import { createModFleetService, type WorkerLeases } from './fleet-service.ts';
import { createModOperationsRepository } from './operations-repository.ts';
import { createModRuleService } from './rule-service.ts';

/**
 * The console's operations areas (moderation rules, serial-key batches, workers), composed once in
 * services.ts apart from the content areas (index.ts createModServices).
 */
export function createModOperations(deps: {
  db: DB;
  serialKeys: SerialKeyService;
  workers: WorkerRepository;
  workerAuth: WorkerAuth;
  /** A worker's leases (the task feature): a revoked worker's are released at once. */
  workerLeases: WorkerLeases;
  /** Sends the cross-instance "rules changed" signal inside the change's transaction. */
  rulesChanged: (trx: DB) => Promise<void>;
  /** Drops this instance's cached rules once a change committed. */
  afterRulesChange: () => void;
  now: () => Date;
}) {
  const repository = createModOperationsRepository(deps.db);
  return {
    rules: createModRuleService({
      db: deps.db,
      repository,
      rulesChanged: deps.rulesChanged,
      afterChange: deps.afterRulesChange,
      now: deps.now,
    }),
    fleet: createModFleetService({
      db: deps.db,
      repository,
      serialKeys: deps.serialKeys,
      workers: deps.workers,
      workerAuth: deps.workerAuth,
      leases: deps.workerLeases,
      now: deps.now,
    }),
  };
}
export type ModOperations = ReturnType<typeof createModOperations>;
