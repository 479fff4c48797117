import { isReservedUsername, USERNAME_MAX, USERNAME_MIN } from '@mirage/domain';
import type { OAuthProfile } from '../oauth/index.ts';
import type { UserRow } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { createEmailVerificationRepository } from './email-verification-repository.ts';
import { insertUserWithWelcomeGrant, type AccountDeps } from './service.ts';
import type { UserRepository } from './repository.ts';

/**
 * Turns a display name or mail local part into a valid username base (3-12 of [A-Za-z0-9_-]). A
 * provider's display name is the user's to choose, so a reserved one ("Admin", "Mirage Support") falls
 * back to "user" like a name too short to use.
 */
export function usernameBase(profile: Pick<OAuthProfile, 'displayName' | 'email'>): string {
  const source = profile.displayName ?? profile.email?.split('@')[0] ?? '';
  const cleaned = source
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9_-]/g, '')
    .slice(0, USERNAME_MAX - 3);
  return cleaned.length >= USERNAME_MIN && !isReservedUsername(cleaned) ? cleaned : 'user';
}

async function available(users: UserRepository, username: string): Promise<boolean> {
  return !isReservedUsername(username) && !(await users.usernameTaken(username));
}

async function freeUsername(users: UserRepository, base: string): Promise<string> {
  if (await available(users, base)) return base;
  for (let attempt = 0; attempt < 20; attempt++) {
    const digits = String(Math.floor(Math.random() * 1000)).padStart(3, '0');
    const candidate = `${base.slice(0, USERNAME_MAX - 3)}${digits}`;
    if (await available(users, candidate)) return candidate;
  }
  throw new AppError('oauth_failed');
}

/**
 * Finds or creates the account behind a provider identity:
 * 1. a known (provider, subject) signs in its account;
 * 2. else a verified email that matches an account links the identity to it;
 * 3. else a new account is created (no password; it can set one through "forgot password").
 */
export async function accountForOAuthProfile(deps: AccountDeps, profile: OAuthProfile): Promise<UserRow> {
  const { users } = deps;
  const known = await users.findOAuthIdentity(profile.provider, profile.subject);
  if (known) {
    const user = await users.findById(known.user_id);
    if (user) return user;
  }
  const identity = (userId: number) => ({
    provider: profile.provider,
    subject: profile.subject,
    userId,
    email: profile.email,
  });
  if (profile.email && profile.emailVerified) {
    const existing = await users.findByEmail(profile.email);
    if (existing) {
      // The provider vouches for this address, so the account's owner holds it: linking verifies it too.
      return deps.db.transaction().execute(async (trx) => {
        await users.insertOAuthIdentity(trx, identity(existing.id));
        if (existing.email_verified_at) return existing;
        const now = deps.now();
        await createEmailVerificationRepository(trx).markVerified(existing.id, now);
        return { ...existing, email_verified_at: now };
      });
    }
  }
  if (!profile.email || !profile.emailVerified)
    throw new AppError('oauth_failed', { reason: 'email_not_verified' });
  const username = await freeUsername(users, usernameBase(profile));
  return insertUserWithWelcomeGrant(
    deps,
    // Verified from the start: only an address the provider checked creates an account (above).
    { username, email: profile.email, pwdHash: null, referrerId: null, emailVerified: true },
    (trx, row) => users.insertOAuthIdentity(trx, identity(row.id)),
  );
}
