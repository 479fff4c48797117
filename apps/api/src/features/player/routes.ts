import {
  completeDailyQuest,
  countScroll,
  equipAvatar,
  getDailyQuest,
  getImageCount,
  getPublicAchievements,
  getPublicProfile,
  openDailyQuest,
  setTitle,
  unlockReward,
  consumeNotification,
  consumeNotifications,
  getPlayer,
  listAchievements,
  listItems,
  listNotifications,
} from '@mirage/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { schemaOf } from '../../http/contract.ts';
import { userIdOf } from '../../http/route-auth.ts';
import type { NotificationCounts } from './repository.ts';
import type { PlayerActionsService } from './actions-service.ts';
import type { PlayerService } from './service.ts';

/** The bell's counts, on every notification answer (spec §7: the client reads them from the headers). */
function countHeaders(reply: FastifyReply, counts: NotificationCounts): void {
  reply.header('x-total-new-notifications', String(counts.newNotifications));
  reply.header('x-total-new-rewards', String(counts.newRewards));
}

/** The player, achievements, cosmetics and the bell (docs/product/player.md); all for a signed-in user. */
export function registerPlayerRoutes(
  fastify: FastifyInstance,
  deps: { players: PlayerService; playerActions: PlayerActionsService },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { players } = deps;
  const user = { auth: 'user' } as const;

  app.get(getPlayer.path, { config: user, schema: schemaOf(getPlayer) }, async (request) =>
    players.me(userIdOf(request)),
  );

  app.get(listAchievements.path, { config: user, schema: schemaOf(listAchievements) }, async (request) =>
    players.achievements(userIdOf(request)),
  );

  app.get(listItems.path, { config: user, schema: schemaOf(listItems) }, async (request) =>
    players.items(userIdOf(request)),
  );

  app.get(
    listNotifications.path,
    { config: user, schema: schemaOf(listNotifications) },
    async (request, reply) => {
      const { answer, counts } = await players.notifications(userIdOf(request), request.query);
      countHeaders(reply, counts);
      return answer;
    },
  );

  app.put(
    consumeNotification.path,
    { config: user, schema: schemaOf(consumeNotification) },
    async (request, reply) => {
      const { counts, ...outcome } = await players.consumeOne(userIdOf(request), request.params.id);
      countHeaders(reply, counts);
      return { ok: true as const, ...outcome };
    },
  );

  app.put(
    consumeNotifications.path,
    { config: user, schema: schemaOf(consumeNotifications) },
    async (request, reply) => {
      const { counts, ...outcome } = await players.consumeAll(userIdOf(request), request.params.type);
      countHeaders(reply, counts);
      return { ok: true as const, ...outcome };
    },
  );

  const { playerActions } = deps;

  app.put(unlockReward.path, { config: user, schema: schemaOf(unlockReward) }, async (request) =>
    playerActions.unlockReward(userIdOf(request), request.params.type, request.body.id),
  );

  app.put(equipAvatar.path, { config: user, schema: schemaOf(equipAvatar) }, async (request) =>
    playerActions.equip(userIdOf(request), request.body.items),
  );

  app.put(setTitle.path, { config: user, schema: schemaOf(setTitle) }, async (request) =>
    playerActions.setTitle(userIdOf(request), request.params.achievementId),
  );

  const anyone = { auth: 'none' } as const;
  app.get(getPublicProfile.path, { config: anyone, schema: schemaOf(getPublicProfile) }, async (request) =>
    playerActions.publicProfile(request.params.userId),
  );

  app.get(
    getPublicAchievements.path,
    { config: anyone, schema: schemaOf(getPublicAchievements) },
    async (request) => playerActions.publicAchievements(request.params.userId),
  );

  app.get(getDailyQuest.path, { config: user, schema: schemaOf(getDailyQuest) }, async (request) =>
    playerActions.dailyQuest(userIdOf(request)),
  );

  app.post(openDailyQuest.path, { config: user, schema: schemaOf(openDailyQuest) }, async (request) =>
    playerActions.openDailyQuest(userIdOf(request)),
  );

  app.post(completeDailyQuest.path, { config: user, schema: schemaOf(completeDailyQuest) }, async (request) =>
    playerActions.completeDailyQuest(userIdOf(request)),
  );

  app.post(countScroll.path, { config: user, schema: schemaOf(countScroll) }, async (request) =>
    playerActions.countScroll(userIdOf(request), request.body.uuids),
  );

  app.get(getImageCount.path, { config: anyone, schema: schemaOf(getImageCount) }, async () =>
    playerActions.imageCount(),
  );
}
