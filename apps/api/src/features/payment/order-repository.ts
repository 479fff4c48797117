import type { Transaction } from 'kysely';
import type { DB } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { ProviderId } from './providers/provider.ts';

export interface NewOrder {
  id: string;
  userId: number;
  provider: ProviderId;
  product: string;
  currency: string;
  amountCents: number;
}

/** An order with its buyer's address, name and language, in a handler's transaction (receipt-mail.ts). */
export async function orderWithBuyer(trx: Transaction<Database>, orderId: string) {
  return trx
    .selectFrom('payment_order')
    .innerJoin('app_user', 'app_user.id', 'payment_order.user_id')
    .select([
      'payment_order.id',
      'payment_order.provider',
      'payment_order.product',
      'payment_order.currency',
      'payment_order.amount_cents',
      'app_user.email',
      'app_user.username',
      'app_user.lang',
    ])
    .where('payment_order.id', '=', orderId)
    .executeTakeFirst();
}

/** Orders as the buyer and the checkout see them (docs/product/commerce.md#orders). */
export function createOrderRepository(db: DB) {
  return {
    async create(order: NewOrder): Promise<void> {
      await db
        .insertInto('payment_order')
        .values({
          id: order.id,
          user_id: order.userId,
          provider: order.provider,
          product: order.product,
          currency: order.currency,
          amount_cents: order.amountCents,
        })
        .execute();
    },

    /** The provider's id for the payment, once its checkout gave one. */
    async setProviderRef(orderId: string, providerRef: string): Promise<void> {
      await db
        .updateTable('payment_order')
        .set({ provider_ref: providerRef })
        .where('id', '=', orderId)
        .execute();
    },

    /** One order of one user (the sandbox's checkout page shows it to its buyer only). */
    async ofUser(orderId: string, userId: number) {
      return db
        .selectFrom('payment_order')
        .select(['id', 'provider', 'product', 'currency', 'amount_cents', 'status', 'created_at'])
        .where('id', '=', orderId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    /** A page of the user's orders, newest first, and how many there are. */
    async history(userId: number, page: number, size: number) {
      const [items, total] = await Promise.all([
        db
          .selectFrom('payment_order')
          .select([
            'id',
            'provider',
            'product',
            'currency',
            'amount_cents',
            'status',
            'created_at',
            'paid_at',
          ])
          .where('user_id', '=', userId)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(size)
          .offset(page * size)
          .execute(),
        db
          .selectFrom('payment_order')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow(),
      ]);
      return { items, total: Number(total.n) };
    },

    /**
     * The user's latest paid plan order (the subscription a renewal would extend), and whether its
     * provider said the subscription was cancelled since.
     */
    async latestPlanOrder(userId: number, planProducts: readonly string[]) {
      return db
        .selectFrom('payment_order as o')
        .select(['o.id', 'o.provider', 'o.product', 'o.paid_at'])
        .select((eb) =>
          eb
            .exists(
              eb
                .selectFrom('payment_notification as n')
                .select('n.id')
                .whereRef('n.order_id', '=', 'o.id')
                .where('n.kind', '=', 'cancelled'),
            )
            .as('cancelled'),
        )
        .where('o.user_id', '=', userId)
        .where('o.status', '=', 'SUCCESS')
        .where('o.product', 'in', planProducts)
        .orderBy('o.paid_at', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /** What a checkout needs of its buyer. */
    async buyer(userId: number) {
      return db
        .selectFrom('app_user')
        .select(['id', 'email', 'email_verified_at', 'plan', 'pro_expire'])
        .where('id', '=', userId)
        .executeTakeFirst();
    },
  };
}
export type OrderRepository = ReturnType<typeof createOrderRepository>;
