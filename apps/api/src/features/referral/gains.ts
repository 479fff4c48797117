import { earnsReferrerGain, REFERRAL, type NotificationType } from '@mirage/domain';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { post } from '../ledger/index.ts';
import type { HandlerRegistry } from '../outbox/index.ts';
import { createProgressRepository } from '../player/index.ts';
import { createReferralRepository } from './repository.ts';

type Trx = Transaction<Database>;

/** The outbox handler name of the referral gains; its processed markers are keyed by it (never rename). */
export const REFERRAL_HANDLER = 'referral';

/**
 * The bell notification of a gain. The tickets are in `data` (the API's `tickets` field), not in
 * `reward_tokens`: they are paid by the posting itself, and reward tokens would make the notification a
 * second reward to claim. One per account and side (the dedupe key), however often the gain is retried.
 */
async function notifyGain(trx: Trx, userId: number, type: NotificationType, referredId: number, at: Date) {
  await createProgressRepository(trx).notify(
    userId,
    [
      {
        type,
        dedupeKey: `${type}:${referredId}`,
        data: { tickets: type === 'referral_gain' ? REFERRAL.referredTickets : REFERRAL.referrerTickets },
        xpGain: null,
        rewardTokens: 0,
      },
    ],
    at,
  );
}

/**
 * The referred account's gain: its tickets once it has a referrer and a verified email, whichever came
 * last (the verification's event, or naming a referrer in the settings). Once per account: the posting's
 * key is the account's, so a replayed event or a second path changes nothing.
 */
export async function grantReferredGain(trx: Trx, userId: number, at: Date): Promise<void> {
  const account = await createReferralRepository(trx).account(userId);
  if (!account || account.referrer_id === null || account.email_verified_at === null) return;
  const ref = { type: 'referral' as const, id: String(userId) };
  const { replayed } = await post(
    trx,
    [{ userId, currency: 'tickets', delta: REFERRAL.referredTickets, reason: 'referral_gain', ref }],
    `referral:referred:${userId}`,
  );
  if (!replayed) await notifyGain(trx, userId, 'referral_gain', userId, at);
}

/**
 * The referrer's gain for the referred account's first purchase (earnsReferrerGain says which). Once per
 * referred account (the posting's key), so a renewal of that order or a replayed event pays nothing more.
 */
export async function grantReferrerGain(trx: Trx, orderId: string, at: Date): Promise<void> {
  const referrals = createReferralRepository(trx);
  const buyer = await referrals.buyer(orderId);
  if (!buyer || buyer.referrer_id === null) return;
  const earns = earnsReferrerGain({
    referredAt: buyer.referred_at,
    verified: buyer.email_verified_at !== null,
    firstPaid: await referrals.firstPaidOrder(buyer.id),
    orderId,
  });
  if (!earns) return;
  const referrerId = buyer.referrer_id;
  const ref = { type: 'order' as const, id: orderId };
  const { replayed } = await post(
    trx,
    [
      {
        userId: referrerId,
        currency: 'tickets',
        delta: REFERRAL.referrerTickets,
        reason: 'referrer_gain',
        ref,
      },
    ],
    `referral:referrer:${buyer.id}`,
  );
  if (!replayed) await notifyGain(trx, referrerId, 'referrer_gain', buyer.id, at);
}

/**
 * A refunded or charged-back order takes back the referrer gain it earned, like the purchase's own
 * tickets: as far as the referrer's balance allows, never below zero, once per order (a refund then a
 * chargeback of the same order take it back once). Returns the tickets it could not take back.
 */
export async function takeBackReferrerGain(trx: Trx, orderId: string): Promise<number> {
  const referrals = createReferralRepository(trx);
  const gain = await referrals.gainOf(orderId);
  if (!gain || gain.reversed) return 0;
  const balance = (await referrals.lockTickets(gain.user_id)) ?? 0;
  const taken = Math.min(gain.delta, balance);
  if (taken <= 0) return gain.delta;
  const ref = { type: 'order' as const, id: orderId };
  const { replayed } = await post(
    trx,
    [{ userId: gain.user_id, currency: 'tickets', delta: -taken, reason: 'referrer_gain_reversal', ref }],
    `referral:reversal:${orderId}`,
  );
  return replayed ? 0 : gain.delta - taken;
}

/**
 * The gains' outbox handlers: `user.email_verified` pays the referred account, `payment.succeeded` the
 * referrer, each in the handler's transaction (its processed marker commits with the posting).
 */
export function registerReferralGains(handlers: HandlerRegistry): void {
  handlers.on('user.email_verified', REFERRAL_HANDLER, async ({ payload }, context) => {
    await grantReferredGain(context.trx, payload.userId, context.occurredAt);
  });
  handlers.on('payment.succeeded', REFERRAL_HANDLER, async ({ payload }, context) => {
    await grantReferrerGain(context.trx, payload.orderId, context.occurredAt);
  });
}
