/**
 * Consuming notifications from the bell and the overlay: "Consuming lowers the unread count … Reward or xp
 * notifications claim the reward when activated; claiming clears the new-reward count"
 * (docs/product/player.md#the-bell). The answer's counts show at once; then the player is read again.
 */
import type { NotificationType } from '@mirage/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorCode, useErrorText } from '../../api/index.ts';
import { notify } from '../../../ui/notice.ts';
import {
  consumeNotification,
  consumeNotificationsOfType,
  type BellCounts,
  type BellNotification,
  type fetchNotifications,
} from '../api.ts';
import { notificationsKey, useRefreshPlayer } from '../queries.ts';
import { requestSound } from './soundCues.ts';

export type NotificationsPage = Awaited<ReturnType<typeof fetchNotifications>>;

/** Every list of notifications in the cache: the bell's pages and the overlay's rewards. */
export const NOTIFICATIONS_PREFIX = notificationsKey(0).slice(0, 2);

/** A cached list with the answer's counts, and the consumed notifications read and claimed. */
export function markConsumed(
  page: NotificationsPage,
  counts: BellCounts,
  consumed: (item: BellNotification) => boolean,
): NotificationsPage {
  return {
    ...page,
    counts,
    items: page.items.map((item) =>
      consumed(item) ? { ...item, new: false, consumed: true, action: null } : item,
    ),
  };
}

export function useConsume() {
  const client = useQueryClient();
  const refresh = useRefreshPlayer();
  const errorText = useErrorText();
  /** What is being consumed: a notification's id, or 'types' for "mark all as read". */
  const [busy, setBusy] = useState<number | 'types' | null>(null);

  async function run(
    what: number | 'types',
    call: () => Promise<{ claimed: number; counts: BellCounts }>,
    consumed: (item: BellNotification) => boolean,
  ) {
    setBusy(what);
    try {
      const { claimed, counts } = await call();
      client.setQueriesData<NotificationsPage>({ queryKey: NOTIFICATIONS_PREFIX }, (page) =>
        page ? markConsumed(page, counts, consumed) : page,
      );
      if (claimed > 0) requestSound('reward');
      await refresh();
    } catch (error) {
      notify(errorText(errorCode(error)), 'error');
    } finally {
      setBusy(null);
    }
  }

  /** Reads one notification, and claims its coins if it pays any. */
  const consumeOne = (id: number) =>
    run(
      id,
      () => consumeNotification(id),
      (item) => item.id === id,
    );

  /** Reads every notification of these types (one call per type), claiming what they pay. */
  const consumeTypes = (types: readonly NotificationType[]) =>
    run(
      'types',
      async () => {
        let claimed = 0;
        let counts: BellCounts | undefined;
        for (const type of types) {
          const answer = await consumeNotificationsOfType(type);
          claimed += answer.claimed;
          counts = answer.counts;
        }
        return { claimed, counts: counts ?? { newNotifications: 0, newRewards: 0 } };
      },
      (item) => types.includes(item.type),
    );

  return { busy, consumeOne, consumeTypes };
}
