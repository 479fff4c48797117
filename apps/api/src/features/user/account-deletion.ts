import type { DB } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { ObjectStore } from '../../storage/object-store.ts';
import { imageKeys, upscaledKeys } from '../image/index.ts';
import { appendEvent, type HandlerRegistry } from '../outbox/index.ts';
import type { SessionService } from '../session/index.ts';
import { createDeletionRepository } from './deletion-repository.ts';
import { burnPasswordCheck, verifyPassword } from './password.ts';

/**
 * An account without a password (signed up with a provider) confirms a deletion by having signed in within
 * this long: it signs in again with its provider, then deletes. A stolen, older cookie cannot delete it.
 */
export const RECENT_SIGN_IN_MS = 10 * 60 * 1000;
/** How long a deleted account's username stays taken (nobody can pose as the person straight away). */
export const USERNAME_GRACE_MS = 30 * 24 * 60 * 60 * 1000;

const FILES_HANDLER = 'account-files';

/**
 * Deleting an account (docs/product/accounts.md#deleting-an-account). One transaction removes everything
 * personal and keeps what the accounts need (the anonymised row, its ledger entries, its orders); the
 * images' files leave the store afterwards through the `user.deleted` event, so a crash between the two
 * cannot leave files behind (the outbox retries the handler until it has run once).
 */
export function createAccountDeletion(deps: { db: DB; sessions: SessionService; now: () => Date }) {
  const { db, now } = deps;
  const repository = createDeletionRepository();
  return {
    async deleteAccount(userId: number, confirmation: { password?: string; sessionToken?: string }) {
      const account = await repository.liveAccount(db, userId);
      if (!account) throw new AppError('user_not_found');
      if (account.pwd_hash) {
        if (!confirmation.password) throw new AppError('required_pwd');
        if (!(await verifyPassword(account.pwd_hash, confirmation.password))) {
          throw new AppError('incorrect_password');
        }
      } else {
        // Same time spent whether or not a password was sent: nothing to learn from the answer's speed.
        if (confirmation.password) await burnPasswordCheck(confirmation.password);
        const startedAt = await deps.sessions.startedAt(confirmation.sessionToken);
        if (!startedAt || now().getTime() - startedAt.getTime() > RECENT_SIGN_IN_MS) {
          throw new AppError('reauthentication_required');
        }
      }
      const at = now();
      await db.transaction().execute(async (trx) => {
        if (!(await repository.lockLive(trx, userId))) throw new AppError('user_not_found');
        await eraseAccount(trx, userId, at);
      });
      // Its open live streams end at once, on every instance (the sessions were deleted above).
      await deps.sessions.revokeOthers(userId, undefined);
    },

    /** The maintenance sweep: usernames of accounts deleted longer ago than the grace period are freed. */
    freeUsernames: () => repository.freeUsernames(db, new Date(now().getTime() - USERNAME_GRACE_MS)),
  };
}
export type AccountDeletion = ReturnType<typeof createAccountDeletion>;

/**
 * Everything of an account but its anonymised row, in the caller's transaction (the row locked): its
 * images (their files through the `user.deleted` event), prompts, personal rows and tasks. Account
 * deletion uses it, and so does the guest trial's cleanup for the owner accounts of expired guest sessions.
 */
export async function eraseAccount(trx: DB, userId: number, at: Date): Promise<void> {
  const repository = createDeletionRepository();
  const imageUuids = await repository.deleteImages(trx, userId);
  await repository.deletePrompts(trx, userId);
  await repository.deletePersonalRows(trx, userId);
  await repository.anonymise(trx, userId, at);
  await appendEvent(trx, { type: 'user.deleted', payload: { userId, imageUuids } });
}

/** `user.deleted`: every file of every image the account had (each variant; a missing file is fine). */
export function registerAccountFileRemoval(handlers: HandlerRegistry, store: ObjectStore): void {
  handlers.on('user.deleted', FILES_HANDLER, async ({ payload }) => {
    for (const uuid of payload.imageUuids) {
      const keys = [...Object.values(imageKeys(uuid)), ...Object.values(upscaledKeys(uuid))];
      await Promise.all(keys.map((key) => store.delete(key)));
    }
  });
}
