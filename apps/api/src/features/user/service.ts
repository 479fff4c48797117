import { randomBytes } from 'node:crypto';
import { isReservedUsername, type CreateUserBody, type LoginBody, type UpdateUserBody } from '@mirage/domain';
import { isWeakPassword, passwordUserInputs } from '@mirage/domain/password-strength';
import type { DB } from '../../db/database.ts';
import type { UserRow } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { post } from '../ledger/index.ts';
import { LIMITS, type RateLimiter } from '../rate-limit/index.ts';
import type { ReferralService } from '../referral/index.ts';
import type { SessionService } from '../session/index.ts';
import { isDisposableEmail } from './disposable-email.ts';
import { createEmailVerificationRepository } from './email-verification-repository.ts';
import { requestVerificationMail } from './email-verification.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from './password.ts';
import type { UserRepository } from './repository.ts';

export interface ClientInfo {
  ip: string;
  userAgent: string | null;
}

export interface AccountDeps {
  db: DB;
  users: UserRepository;
  sessions: SessionService;
  limiter: RateLimiter;
  /** Checks a referral code typed at sign-up (unknown, or from the referrer's own or an anonymiser's address). */
  referrals: Pick<ReferralService, 'referrerForSignUp'>;
  welcomeTickets: number;
  now: () => Date;
}

/** A referral code: 8 characters from an alphabet without look-alikes (0/O, 1/I/L). */
export function newReferralCode(): string {
  const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(8);
  return Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('');
}

/** Maps a unique-index violation that lost a race to the spec's duplicate code. */
function duplicateFromConstraint(error: unknown): AppError | undefined {
  const detail = error as { code?: string; constraint?: string; message?: string };
  if (detail.code !== '23505') return undefined;
  const name = `${detail.constraint ?? ''} ${detail.message ?? ''}`;
  if (name.includes('username')) return new AppError('duplicate_username');
  if (name.includes('email')) return new AppError('duplicate_email');
  return undefined;
}

/**
 * Inserts a user and grants the welcome tickets through the ledger, in one transaction: an account never
 * exists without its grant, and a retried grant is stored once (idempotency key per user). The address is
 * either already verified (`emailVerified`: an OAuth provider checked it) or gets its verification mail,
 * requested in the same transaction so that no account is left without one.
 */
export async function insertUserWithWelcomeGrant(
  deps: Pick<AccountDeps, 'db' | 'users' | 'welcomeTickets' | 'now'>,
  user: {
    username: string;
    email: string;
    pwdHash: string | null;
    referrerId: number | null;
    lang?: string;
    emailVerified: boolean;
  },
  afterInsert?: (trx: DB, row: UserRow) => Promise<void>,
): Promise<UserRow> {
  try {
    return await deps.db.transaction().execute(async (trx) => {
      let row = await deps.users.insertInTransaction(trx, {
        username: user.username,
        email: user.email,
        pwd_hash: user.pwdHash,
        referral_code: newReferralCode(),
        referrer_id: user.referrerId,
        referred_at: user.referrerId === null ? null : deps.now(),
        ...(user.lang ? { lang: user.lang } : {}),
      });
      if (user.emailVerified) {
        const now = deps.now();
        await createEmailVerificationRepository(trx).markVerified(row.id, now);
        row = { ...row, email_verified_at: now };
      } else {
        await requestVerificationMail(trx, row.id);
      }
      if (afterInsert) await afterInsert(trx, row);
      if (deps.welcomeTickets <= 0) return row;
      await post(
        trx,
        [
          {
            userId: row.id,
            currency: 'tickets',
            delta: deps.welcomeTickets,
            reason: 'welcome_grant',
            ref: { type: 'user', id: String(row.id) },
          },
        ],
        `welcome:${row.id}`,
      );
      return { ...row, generation_token: row.generation_token + deps.welcomeTickets };
    });
  } catch (error) {
    throw duplicateFromConstraint(error) ?? error;
  }
}

export function createAccountService(deps: AccountDeps) {
  const { users, sessions, limiter } = deps;

  /** Taken by another account, or reserved (staff-like and special names answer as taken). */
  async function usernameUnavailable(username: string, exceptId?: number): Promise<boolean> {
    return isReservedUsername(username) || (await users.usernameTaken(username, exceptId));
  }

  async function startSession(user: UserRow, client: ClientInfo) {
    const session = await sessions.start(user.id, { ip: client.ip, userAgent: client.userAgent });
    return { user, ...session };
  }

  return {
    startSession,

    async create(body: CreateUserBody, client: ClientInfo) {
      await limiter.consume([`create:ip:${client.ip}`, LIMITS.createPerIp]);
      if (isDisposableEmail(body.email)) throw new AppError('temp_mail_detected');
      if (isWeakPassword(body.pwd, passwordUserInputs(body))) throw new AppError('weak_pwd');
      if (await usernameUnavailable(body.username)) throw new AppError('duplicate_username');
      if (await users.emailTaken(body.email)) throw new AppError('duplicate_email');
      const referrerId = body.referral_code
        ? await deps.referrals.referrerForSignUp(body.referral_code, client.ip)
        : null;
      const user = await insertUserWithWelcomeGrant(deps, {
        username: body.username,
        email: body.email,
        pwdHash: await hashPassword(body.pwd),
        referrerId,
        ...(body.lang ? { lang: body.lang } : {}),
        emailVerified: false,
      });
      return startSession(user, client);
    },

    /**
     * An unknown account and a wrong password get the same code (`incorrect_password`,
     * docs/product/errors.md's one message), the same time (a password check either way) and the same limit,
     * so that answers do not tell which usernames and emails exist (finding L1).
     */
    async login(body: LoginBody, client: ClientInfo) {
      const user = await users.findByLogin(body.username);
      // The account's id, not what was typed, so that its username and email share one bucket. An
      // unknown name gets a bucket of its own, so that it runs into the limit exactly like a real one.
      const account = user ? `id:${user.id}` : `name:${body.username.toLowerCase()}`;
      const attempt = await limiter.attempt(
        [`login:ip:${client.ip}`, LIMITS.loginPerIp],
        [`login:ip-account:${client.ip}:${account}`, LIMITS.loginPerAccountAndIp],
      );
      let valid = false;
      if (user?.pwd_hash) valid = await verifyPassword(user.pwd_hash, body.pwd);
      else await burnPasswordCheck(body.pwd);
      if (!user || !valid) throw new AppError('incorrect_password');
      // Only failures count: an owner who signs in often is never limited by it.
      await attempt.refund();
      // Checked after the password so that a deactivated account is only revealed to its owner.
      if (!user.is_active) throw new AppError('user_not_active');
      return startSession(user, client);
    },

    async requireActiveUser(userId: number): Promise<UserRow> {
      const user = await users.findById(userId);
      if (!user) throw new AppError('token_invalid');
      if (!user.is_active) throw new AppError('user_not_active');
      return user;
    },

    async update(userId: number, body: UpdateUserBody, currentToken: string | undefined): Promise<UserRow> {
      let user = await this.requireActiveUser(userId);
      if (body.pwd !== undefined) {
        if (user.pwd_hash) {
          // Per account, not per session: whoever holds a session (perhaps a stolen one) gets 10 guesses
          // per 10 minutes, and so does the owner; a right password does not count.
          const attempt = await limiter.attempt([
            `current-pwd:account:${userId}`,
            LIMITS.currentPasswordPerAccount,
          ]);
          if (!(await verifyPassword(user.pwd_hash, body.current_pwd ?? '')))
            throw new AppError('incorrect_password');
          await attempt.refund();
        }
        // After the current password: only the account's owner reaches the strength check's CPU time.
        const inputs = passwordUserInputs(user);
        if (body.user?.username) inputs.push(body.user.username.toLowerCase());
        if (isWeakPassword(body.pwd, inputs)) throw new AppError('weak_pwd');
        user = await users.update(userId, { pwd_hash: await hashPassword(body.pwd) });
        // A new password signs out every other device; this one stays signed in.
        await sessions.revokeOthers(userId, currentToken);
      }
      const changes = body.user;
      if (!changes) return user;
      if (changes.username !== undefined && changes.username !== user.username) {
        // A user keeps a name that was theirs before it was reserved (a change of case, say).
        const own = changes.username.toLowerCase() === user.username.toLowerCase();
        if (!own && (await usernameUnavailable(changes.username, userId)))
          throw new AppError('duplicate_username');
      }
      const update = {
        ...(changes.username !== undefined ? { username: changes.username } : {}),
        ...(changes.keep_updated !== undefined ? { keep_updated: changes.keep_updated } : {}),
        ...(changes.lang !== undefined ? { lang: changes.lang } : {}),
        // Written only while it is still false: acknowledging twice changes nothing.
        ...(changes.tag_setting_ack && !user.tag_setting_ack ? { tag_setting_ack: true } : {}),
      };
      if (Object.keys(update).length === 0) return user;
      try {
        return await users.update(userId, update);
      } catch (error) {
        throw duplicateFromConstraint(error) ?? error;
      }
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
