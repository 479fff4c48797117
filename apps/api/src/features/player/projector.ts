import {
  applyProgress,
  utcDay,
  xpFor,
  xpRule,
  xpSourceOf,
  type ProgressChange,
  type ProgressNotification,
} from '@mirage/domain';
import type { HandlerContext, HandlerRegistry } from '../outbox/index.ts';
import { createProgressRepository } from './progress-repository.ts';

/** The handler name of the player projector; its processed markers are keyed by it (never rename). */
export const PLAYER_PROJECTOR = 'player';

/**
 * Applies one event's change to one user's player, in the outbox handler's transaction: the outbox's
 * processed marker commits with these writes, so a replayed or retried event changes nothing twice, and a
 * crash before the commit loses nothing (the event is delivered again). The player row is locked first:
 * parallel events of one user apply one after another, and an achievement is unlocked once.
 */
async function project(
  context: HandlerContext,
  userId: number,
  change: ProgressChange,
  extra: readonly ProgressNotification[] = [],
): Promise<void> {
  const progress = createProgressRepository(context.trx);
  const at = context.occurredAt;
  const day = utcDay(at);
  if (!(await progress.claimEvent(context.eventId))) return;
  const before = await progress.lock(userId);
  if (!before) return; // the account was deleted since
  const source = xpSourceOf(before, change);
  const group = source ? xpRule(source.source).capGroup : null;
  const outcome = applyProgress({
    player: before,
    change,
    earnedToday: group ? await progress.xpEarned(userId, day, group) : 0,
    unlocked: await progress.unlockedAchievements(userId),
  });
  await progress.save(userId, before, outcome.player, at);
  if (outcome.cappedXp) await progress.addXpEarned(userId, day, outcome.cappedXp.group, outcome.cappedXp.xp);
  await progress.unlockAchievements(
    userId,
    outcome.achievements.map((achievement) => achievement.id),
    at,
  );
  await progress.notify(userId, [...extra, ...outcome.notifications], at);
}

/**
 * The player projector (docs/product/player.md): the services that do things record domain events, and this
 * one handler turns them into XP, levels, streaks, counters, achievements and notifications.
 */
export function registerPlayerProjector(handlers: HandlerRegistry): void {
  handlers.on('task.done', PLAYER_PROJECTOR, async ({ payload }, context) => {
    if (payload.jobType === 'upscale') {
      await project(context, payload.userId, { counters: { upscales: 1 }, xp: { source: 'upscale' } });
      return;
    }
    // txt2img and the tweaks each make one new image. Private images count too: the number says how much
    // the user made, not what anyone may see (docs/product/player.md#statistics).
    if (payload.imageId === null) return;
    await project(context, payload.userId, {
      counters: { image_generated: 1 },
      xp: { source: 'generation' },
    });
  });

  handlers.on('image.favorited', PLAYER_PROJECTOR, async ({ payload }, context) => {
    // Favouriting one's own image earns nothing: only what others like counts.
    if (payload.ownerId === payload.userId) return;
    await project(context, payload.ownerId, {
      counters: { total_fav: 1 },
      xp: { source: 'favorite_received' },
    });
  });

  handlers.on('report.approved', PLAYER_PROJECTOR, async ({ payload }, context) => {
    await project(
      context,
      payload.reporterId,
      { counters: { approved_reports: 1 }, xp: { source: 'report_approved' } },
      [
        {
          type: 'report',
          dedupeKey: `report:${payload.reportId}`,
          data: { report: payload.reportId },
          xpGain: xpFor('report_approved'),
          rewardTokens: 0,
        },
      ],
    );
  });

  handlers.on('user.signed_in_day', PLAYER_PROJECTOR, async ({ payload }, context) => {
    await project(context, payload.userId, { streakDay: payload.day });
  });

  handlers.on('daily_quest.completed', PLAYER_PROJECTOR, async ({ payload }, context) => {
    await project(context, payload.userId, { counters: { daily_quests: 1 }, xp: { source: 'daily_quest' } });
  });

  handlers.on('gallery.scrolled', PLAYER_PROJECTOR, async ({ payload }, context) => {
    await project(context, payload.userId, { counters: { scroll: payload.count } });
  });
}
