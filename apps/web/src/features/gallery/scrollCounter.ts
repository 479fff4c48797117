import { SCROLL_BATCH_MAX } from '@mirage/domain';

/**
 * The images of the feed a signed-in user has seen (docs/product/player.md: the scroll statistic and its
 * XP), gathered as cards come into view and sent in batches: at most SCROLL_BATCH_MAX at a time, a few
 * seconds apart, and whatever is left when the page is hidden. The server counts each image once a day;
 * this side only avoids sending the same one twice in a visit.
 */
export function createScrollCounter(send: (uuids: string[]) => Promise<unknown>) {
  const sent = new Set<string>();
  let pending: string[] = [];

  return {
    /** A card was seen (counted once per visit). */
    seen(uuid: string): void {
      if (sent.has(uuid)) return;
      sent.add(uuid);
      pending.push(uuid);
    },

    /** Sends what was seen since the last flush; a failed batch is dropped (the count is a statistic). */
    async flush(): Promise<void> {
      while (pending.length > 0) {
        const batch = pending.slice(0, SCROLL_BATCH_MAX);
        pending = pending.slice(SCROLL_BATCH_MAX);
        await send(batch).catch(() => undefined);
      }
    },

    get pending(): number {
      return pending.length;
    },
  };
}
