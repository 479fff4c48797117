import { mayActOn, STAFF_ADJUSTMENT_MAX, type Currency, type StaffAction } from '@mirage/domain';
import type { DB } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { accountBalances, post } from '../ledger/index.ts';
import type { ModerationService } from '../moderation/index.ts';
import type { SessionService } from '../session/index.ts';
import type { StaffActor } from './actor.ts';
import { appendAudit, listAudit } from './audit-repository.ts';
import type { ModUserRepository } from './user-repository.ts';
import type { RoleRepository } from './role-repository.ts';

export interface ModUserServiceDeps {
  db: DB;
  users: ModUserRepository;
  roles: RoleRepository;
  sessions: SessionService;
  moderation: ModerationService;
  now: () => Date;
}

type LockedTarget = NonNullable<Awaited<ReturnType<ModUserRepository['lock']>>>;

/** The currencies staff may adjust by hand: what users buy and spend (reward tokens are earned only). */
export const ADJUSTABLE_CURRENCIES = ['tickets', 'energy'] as const satisfies readonly Currency[];

/**
 * The console's users area (docs/product/moderation-console.md#users): search, one account's file, and the
 * restrictions. Every change is checked against `mayActOn` (never oneself, never an admin, a moderator
 * only by an admin) and written to the audit log in its own transaction.
 */
export function createModUserService(deps: ModUserServiceDeps) {
  const { db, users, roles, now } = deps;

  /** The target's lock and a check that the actor may restrict it; `not_found` for no such account. */
  async function lockTarget(trx: DB, actor: StaffActor, userId: number) {
    const target = await users.lock(trx, userId);
    if (!target) throw new AppError('not_found');
    if (!mayActOn(actor, { id: userId, roles: await roles.rolesOf(userId, trx) })) {
      throw new AppError('staff_target_protected');
    }
    return target;
  }

  /**
   * One restriction in one transaction: the target locked and checked, the change, and its audit entry.
   * `change` answers false when there was nothing to change (already muted …): no entry then.
   */
  async function restrict(
    actor: StaffActor,
    userId: number,
    action: StaffAction,
    note: string,
    change: (trx: DB, target: LockedTarget, at: Date) => Promise<boolean>,
  ): Promise<boolean> {
    const at = now();
    return db.transaction().execute(async (trx) => {
      const target = await lockTarget(trx, actor, userId);
      if (!(await change(trx, target, at))) return false;
      await appendAudit(trx, { actor, action, target: { type: 'user', id: userId }, note, at });
      return true;
    });
  }

  return {
    async search(text: string, limit: number) {
      return users.search(text, limit);
    },

    async detail(userId: number) {
      const summary = await users.summary(userId);
      if (!summary) throw new AppError('not_found');
      const [held, balances, ledger, sessions, strikes, audit] = await Promise.all([
        roles.rolesOf(userId),
        accountBalances(db, userId),
        users.ledger(userId, 50),
        users.activeSessions(userId, now()),
        users.strikeCount(userId),
        listAudit(db, { limit: 20, target: { type: 'user', id: String(userId) } }),
      ]);
      return { ...summary, roles: held, balances, ledger, sessions, strikes, audit };
    },

    async mute(actor: StaffActor, userId: number, note: string) {
      await restrict(actor, userId, 'user_muted', note, async (trx, target, at) => {
        if (target.muted_at) return false;
        await users.setMuted(trx, userId, at);
        return true;
      });
    },

    /** Lifting a mute also stops earlier strikes counting (moderation service: the strike rules). */
    async unmute(actor: StaffActor, userId: number, note: string) {
      await db.transaction().execute(async (trx) => {
        await lockTarget(trx, actor, userId);
      });
      await deps.moderation.liftMute(userId, actor.name, note, async (trx, at) => {
        await appendAudit(trx, {
          actor,
          action: 'user_unmuted',
          target: { type: 'user', id: userId },
          note,
          at,
        });
      });
    },

    /** A ban deactivates the account and signs it out everywhere (its live streams end too). */
    async ban(actor: StaffActor, userId: number, note: string) {
      const banned = await restrict(actor, userId, 'user_banned', note, async (trx, target, at) => {
        if (target.banned_at) return false;
        await users.setBanned(trx, userId, at);
        return true;
      });
      if (banned) await deps.sessions.revokeOthers(userId, undefined);
    },

    async unban(actor: StaffActor, userId: number, note: string) {
      await restrict(actor, userId, 'user_unbanned', note, async (trx, target) => {
        if (!target.banned_at) return false;
        await users.setBanned(trx, userId, null);
        return true;
      });
    },

    async revokeSessions(actor: StaffActor, userId: number, note: string) {
      await restrict(actor, userId, 'sessions_revoked', note, () => Promise.resolve(true));
      await deps.sessions.revokeOthers(userId, undefined);
    },

    /**
     * A hand correction through the ledger (`operator_adjustment`), idempotent by the console's request id:
     * a double click or a retried request posts once. A debit below zero is refused (the ledger's
     * insufficient-funds code).
     */
    async adjust(
      actor: StaffActor,
      userId: number,
      change: {
        currency: (typeof ADJUSTABLE_CURRENCIES)[number];
        delta: number;
        note: string;
        requestId: string;
      },
    ) {
      if (
        !Number.isInteger(change.delta) ||
        change.delta === 0 ||
        Math.abs(change.delta) > STAFF_ADJUSTMENT_MAX
      ) {
        throw new AppError('validation_error', { field: 'delta' });
      }
      const at = now();
      return db.transaction().execute(async (trx) => {
        await lockTarget(trx, actor, userId);
        const result = await post(
          trx,
          [
            {
              userId,
              currency: change.currency,
              delta: change.delta,
              reason: 'operator_adjustment',
              ref: { type: 'user', id: String(userId) },
            },
          ],
          `staff_adjustment:${change.requestId}`,
        );
        if (!result.replayed) {
          await appendAudit(trx, {
            actor,
            action: 'balance_adjusted',
            target: { type: 'user', id: userId },
            note: change.note,
            detail: { currency: change.currency, delta: change.delta, request: change.requestId },
            at,
          });
        }
        return { replayed: result.replayed, balances: await accountBalances(trx, userId) };
      });
    },
  };
}
export type ModUserService = ReturnType<typeof createModUserService>;
