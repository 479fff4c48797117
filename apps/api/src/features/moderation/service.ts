import {
  strikeEscalation,
  strikesCountFrom,
  type ChildSafetyResult,
  type StrikeEscalation,
} from '@mirage/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { ModerationRepository } from './repository.ts';

export interface ModerationServiceDeps {
  db: DB;
  moderation: ModerationRepository;
  now: () => Date;
  log: FastifyBaseLogger;
}

/** More work for the same transaction (the console's audit entry), so the two commit together. */
export type AlsoInTransaction = (trx: DB, at: Date) => Promise<void>;

export interface StrikeOutcome extends StrikeEscalation {
  /** Strikes that count now, this one included. */
  strikes: number;
}

/**
 * Strike escalation (packages/domain/src/moderation/strikes.ts) and the moderators' side of it: lifting
 * mutes and resolving reviews. Moderators act through the operator token until the moderation console
 * brings roles; the actor is recorded on every action.
 */
export function createModerationService(deps: ModerationServiceDeps) {
  const { db, moderation, now } = deps;
  return {
    /** Generation, tweak and upscale start here: a muted account gets `user_muted`. */
    async assertNotMuted(userId: number): Promise<void> {
      if (await moderation.mutedAt(userId)) throw new AppError('user_muted');
    },

    /**
     * Records a child-safety refusal as a strike and escalates, in one transaction with the account row
     * locked (parallel refusals count one by one, and the account is muted exactly once).
     */
    async recordChildSafetyStrike(
      userId: number,
      refusal: { safety: ChildSafetyResult; prompt: string; negPrompt: string },
    ): Promise<StrikeOutcome> {
      const at = now();
      const outcome = await db.transaction().execute(async (trx) => {
        const account = await moderation.lockAccount(trx, userId);
        await moderation.addStrike(trx, {
          userId,
          reasons: refusal.safety.reasons,
          prompt: refusal.prompt,
          negPrompt: refusal.negPrompt,
          at,
        });
        const strikes = await moderation.countStrikes(
          trx,
          userId,
          strikesCountFrom(at, account.strikes_lifted_at),
        );
        const escalation = strikeEscalation(strikes);
        if (escalation.review && (await moderation.openReview(trx, { userId, strikes, at }))) {
          await moderation.addAction(trx, { userId, action: 'review_opened', actor: 'system', at });
        }
        if (escalation.mute && !account.muted_at) {
          await moderation.mute(trx, userId, at);
          await moderation.addAction(trx, {
            userId,
            action: 'muted',
            actor: 'system',
            note: `${strikes} strikes`,
            at,
          });
        }
        return { strikes, ...escalation };
      });
      deps.log.warn(
        { userId, reasons: refusal.safety.reasons, strikes: outcome.strikes },
        'child-safety strike',
      );
      return outcome;
    },

    /** A moderator lifts a mute; strikes before now stop counting. `not_found` when it was not muted. */
    async liftMute(
      userId: number,
      actor: string,
      note: string | null,
      within?: AlsoInTransaction,
    ): Promise<void> {
      const at = now();
      await db.transaction().execute(async (trx) => {
        if (!(await moderation.unmute(trx, userId, at))) throw new AppError('not_found');
        await moderation.addAction(trx, { userId, action: 'unmuted', actor, note, at });
        await within?.(trx, at);
      });
    },

    /** A moderator resolves an open review. `not_found` when there is no such open review. */
    async resolveReview(
      reviewId: number,
      actor: string,
      resolution: string,
      within?: AlsoInTransaction,
    ): Promise<void> {
      const at = now();
      await db.transaction().execute(async (trx) => {
        const userId = await moderation.resolveReview(trx, { id: reviewId, actor, resolution, at });
        if (userId === undefined) throw new AppError('not_found');
        await moderation.addAction(trx, { userId, action: 'review_resolved', actor, note: resolution, at });
        await within?.(trx, at);
      });
    },

    async reviews(state: 'open' | 'resolved', limit: number, offset: number) {
      const rows = await moderation.listReviews(state, limit, offset);
      return Promise.all(
        rows.map(async (row) => ({
          ...row,
          recent_strikes: await moderation.recentStrikes(row.user_id, 10),
        })),
      );
    },
  };
}
export type ModerationService = ReturnType<typeof createModerationService>;
