import {
  checkChildSafety,
  GUEST_TRIAL,
  guestAddressKey,
  guestTrialBody,
  guestTrialDay,
  guestTrialExpiredBefore,
  guestTrialExpiresAt,
  guestTrialLimit,
  STRIKE_MUTE_AT,
  type TaskView,
  type Txt2imgBody,
} from '@mirage/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { hashToken, newToken } from '../session/index.ts';
import { eraseAccount } from '../user/index.ts';
import type { GuestRepository } from './repository.ts';

/** How many expired guest sessions one cleanup pass erases (the next pass takes the rest). */
const CLEANUP_BATCH = 200;

export interface GuestTrialDeps {
  db: DB;
  repository: GuestRepository;
  /** The task service's free, lowest-lane txt2img (task/service.ts). */
  createTask: (
    ownerId: number,
    body: Txt2imgBody,
    within: (trx: DB, taskId: string) => Promise<void>,
  ) => Promise<{ task_id: string; seed: number; cost: number; paid_with_daily: boolean }>;
  /** A user's tasks as the live streams show them (task/view.ts). */
  taskViews: (userId: number) => Promise<TaskView[]>;
  hourlyBudget: number;
  now: () => Date;
  log: FastifyBaseLogger;
}

/** A guest session that was just made: the route sets its cookie. */
export interface NewGuestSession {
  token: string;
  expiresAt: Date;
}

/**
 * The guest trial (DECISIONS.md "Guests and the client"; rules in packages/domain guest-trial.ts): one
 * image a UTC day per browser (its guest session cookie) and per address, within an hourly budget for all
 * guests; the signed-in users' moderation, with child-safety strikes also counted per address; a private
 * image only that browser sees, erased after 24 h unless an account in the same browser takes it over.
 */
export function createGuestTrial(deps: GuestTrialDeps) {
  const { repository, now } = deps;

  const sessionOf = async (token: string | undefined) =>
    token ? repository.findSession(hashToken(token), now()) : undefined;

  return {
    /**
     * POST /api/tasks/guest/txt2img. Refusals that need no session come first (age, an address muted by
     * strikes, the limits), so a refused visitor leaves nothing behind; then the session (new ones are
     * handed to `onNewSession` at once, so that the cookie is set even when the prompt is refused and the
     * strike is the session's), then the same validation and moderation as a signed-in user's.
     */
    async create(input: {
      token: string | undefined;
      ip: string;
      body: Txt2imgBody & { age_confirmed?: boolean | undefined };
      onNewSession: (session: NewGuestSession) => void;
    }) {
      const { age_confirmed: ageConfirmed, ...requested } = input.body;
      if (ageConfirmed !== true) throw new AppError('age_confirmation_required');
      const at = now();
      const address = guestAddressKey(input.ip);
      const strikes = await repository.countAddressStrikes(
        address,
        new Date(at.getTime() - GUEST_TRIAL.ipStrikeWindowMs),
      );
      if (strikes >= STRIKE_MUTE_AT) throw new AppError('user_muted');

      let session = await sessionOf(input.token);
      const day = guestTrialDay(at);
      const usage = await repository.usage(
        session?.token_hash ?? null,
        address,
        day,
        new Date(at.getTime() - 60 * 60_000),
      );
      const limit = guestTrialLimit({
        browserToday: usage.browser,
        addressToday: usage.address,
        lastHour: usage.hour,
        hourlyBudget: deps.hourlyBudget,
      });
      if (limit) throw new AppError('guest_limit_reached', { limit });

      if (!session) {
        const token = newToken();
        const expiresAt = guestTrialExpiresAt(at);
        const userId = await repository.insertOwner(at);
        const tokenHash = hashToken(token);
        await repository.insertSession({ tokenHash, userId, address, createdAt: at, expiresAt });
        input.onNewSession({ token, expiresAt });
        session = { token_hash: tokenHash, user_id: userId, address, created_at: at, expires_at: expiresAt };
      }

      const body = guestTrialBody(requested);
      // The account path records the strike against the owner account (moderation/service.ts); the
      // address gets its own, since the next visit from it may bring a fresh session.
      if (checkChildSafety(body, at.getUTCFullYear()).blocked) {
        await repository.addAddressStrike(address, at);
      }
      const sessionHash = session.token_hash;
      return deps.createTask(session.user_id, body, async (trx, taskId) => {
        const recorded = await repository.insertUse(trx, { taskId, sessionHash, address, day, at });
        // A parallel call of this browser or address got there first.
        if (!recorded) throw new AppError('guest_limit_reached', { limit: 'browser' });
      });
    },

    /** The guest session's tasks, newest first, as the live stream shows them (empty without a session). */
    async tasks(token: string | undefined): Promise<TaskView[]> {
      const session = await sessionOf(token);
      return session ? deps.taskViews(session.user_id) : [];
    },

    /** The owner account of a live guest session (the image file route serves it its own files). */
    async ownerOf(token: string | undefined): Promise<number | undefined> {
      return (await sessionOf(token))?.user_id;
    },

    /**
     * An account signed up or signed in in this browser: the guest's task and image become the account's
     * (its creations), and the guest session ends. Decision: signing in claims it too, not only signing
     * up (the spec names sign-up) — a visitor who tried the box and then signs in to the account they
     * already had expects the image they just made to be there, and only their own browser's cookie can
     * hand it over.
     */
    async handOver(token: string | undefined, userId: number): Promise<boolean> {
      if (!token) return false;
      const ownerId = await repository.handOver(hashToken(token), userId, now());
      if (ownerId !== undefined) deps.log.info({ userId, guestOwnerId: ownerId }, 'guest trial handed over');
      return ownerId !== undefined;
    },

    /**
     * The maintenance pass: the owner accounts of guest sessions past their 24 h are erased like a deleted
     * account (images, their files through the outbox, tasks), and the trial's bookkeeping past its use.
     */
    async cleanup(): Promise<number> {
      const at = now();
      const owners = await repository.expiredOwners(at, CLEANUP_BATCH);
      for (const ownerId of owners) {
        await deps.db.transaction().execute(async (trx) => {
          await repository.deleteSessionsOf(trx, ownerId);
          await eraseAccount(trx, ownerId, at);
        });
      }
      // Uses count for today's limits and the last hour's budget: two days covers both.
      await repository.deleteUsesBefore(new Date(guestTrialExpiredBefore(at).getTime() - GUEST_TRIAL.ttlMs));
      await repository.deleteAddressStrikesBefore(new Date(at.getTime() - GUEST_TRIAL.ipStrikeWindowMs));
      return owners.length;
    },
  };
}
export type GuestTrial = ReturnType<typeof createGuestTrial>;
