import {
  createStaffRule,
  deleteStaffRule,
  issueWorkerToken,
  listKeyBatches,
  listStaffRules,
  listStaffWorkers,
  revokeKeyBatch,
  revokeWorker,
  updateStaffRule,
} from '@mirage/contract';
import { staffRolesFor } from '@mirage/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { schemaOf } from '../../http/contract.ts';
import { userIdOf } from '../../http/route-auth.ts';
import type { ModServices } from './index.ts';
import type { ModOperations } from './operations.ts';

/**
 * `/api/mod/rules`, `/api/mod/key-batches` and `/api/mod/workers` (docs/product/moderation-console.md): each
 * declares the roles of its console area (@mirage/domain STAFF_AREAS); everyone else is refused with
 * `unauthorized_resource` before the handler runs.
 */
export function registerModOperationRoutes(
  fastify: FastifyInstance,
  deps: { mod: ModServices; modOperations: ModOperations },
): void {
  const { mod, modOperations } = deps;
  const { rules, fleet } = modOperations;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const actorOf = (request: FastifyRequest) => mod.actor(userIdOf(request));

  // Moderation rules: moderators read them, admins change them.
  app.get(
    listStaffRules.path,
    { config: { auth: staffRolesFor('rules') }, schema: schemaOf(listStaffRules) },
    async () => ({ items: await rules.list() }),
  );
  const ruleChanges = { auth: staffRolesFor('rule_changes') };
  app.post(
    createStaffRule.path,
    { config: ruleChanges, schema: schemaOf(createStaffRule) },
    async (request) => rules.create(await actorOf(request), request.body),
  );
  app.put(updateStaffRule.path, { config: ruleChanges, schema: schemaOf(updateStaffRule) }, async (request) =>
    rules.update(await actorOf(request), request.params.id, request.body),
  );
  app.delete(
    deleteStaffRule.path,
    { config: ruleChanges, schema: schemaOf(deleteStaffRule) },
    async (request) => {
      await rules.remove(await actorOf(request), request.params.id, request.body.note);
      return { changed: true };
    },
  );

  // Serial-key batches
  const keys = { auth: staffRolesFor('keys') };
  app.get(listKeyBatches.path, { config: keys, schema: schemaOf(listKeyBatches) }, async () => ({
    items: await fleet.batches(),
  }));
  app.post(revokeKeyBatch.path, { config: keys, schema: schemaOf(revokeKeyBatch) }, async (request) => ({
    changed: await fleet.revokeBatch(await actorOf(request), request.params.id, request.body.note),
  }));

  // Workers
  const workers = { auth: staffRolesFor('workers') };
  app.get(listStaffWorkers.path, { config: workers, schema: schemaOf(listStaffWorkers) }, async () => ({
    items: await fleet.workersNow(),
  }));
  app.post(issueWorkerToken.path, { config: workers, schema: schemaOf(issueWorkerToken) }, async (request) =>
    fleet.issueToken(await actorOf(request), request.body.name, request.body.note),
  );
  app.post(revokeWorker.path, { config: workers, schema: schemaOf(revokeWorker) }, async (request) => ({
    changed: await fleet.revokeWorker(await actorOf(request), request.params.id, request.body.note),
  }));
}
