import type { FastifyInstance, FastifyReply } from 'fastify';
import { CHANNEL, type Notifier } from '../../events/notifier.ts';

/**
 * Users remembered at once. Decision: a user who never calls again (signed out, the tab closed) would
 * otherwise stay in the map for as long as the instance runs, one entry per user ever notified; past the
 * cap the oldest entries go. Losing one only loses a hint: the bell's counts are right on its next load
 * (`x-total-new-notifications`), and an open live stream already carries the notification itself.
 * 10,000 entries are a few hundred kilobytes.
 */
export const MAX_SIGNALLED_USERS = 10_000;

/**
 * Which users have a notification created and not yet signalled in an answer, oldest first (a Map keeps
 * insertion order; marking a user again moves them to the end). The value is the newest notification id
 * seen for the user (operators and tests can tell which signal arrived).
 */
export function createNotificationSignals(maxUsers = MAX_SIGNALLED_USERS) {
  const pending = new Map<number, number>();
  return {
    /** Remembers that `userId` has a new notification; drops the oldest users beyond `maxUsers`. */
    mark(userId: number, notificationId: number): void {
      const newest = Math.max(notificationId, pending.get(userId) ?? 0);
      pending.delete(userId);
      pending.set(userId, newest);
      while (pending.size > maxUsers) pending.delete(pending.keys().next().value!);
    },
    /** True once per marking: whether `userId` had a notification to signal (it is then forgotten). */
    take(userId: number): boolean {
      return pending.delete(userId);
    },
    /** The newest notification id waiting to be signalled to `userId`, if any (nothing is forgotten). */
    pendingFor(userId: number): number | undefined {
      return pending.get(userId);
    },
    get size(): number {
      return pending.size;
    },
  };
}
export type NotificationSignals = ReturnType<typeof createNotificationSignals>;

/** A positive integer, or undefined (a malformed payload is dropped). */
function positive(text: string): number | undefined {
  const value = Number(text);
  return Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

/**
 * The `x-notification: 1` header (docs/product/player.md#the-bell; spec: "Any response carrying an
 * x-notification header triggers a refresh" of the bell). The projector creates notifications in the
 * background and signals `notificationCreated` ("<userId>:<notificationId>") on commit, to every instance;
 * each instance remembers the user, and the next /api answer it sends to that signed-in user carries the
 * header, once. With several instances each one signals once: a user may see the header a second time
 * on another instance, which costs one more refresh of the bell and nothing else.
 *
 * Only answers no shared cache may keep (`no-store` or `private`) carry it: a publicly cacheable answer
 * served to others must not hold one user's signal, which then waits for the next per-user answer. Live
 * streams are hijacked (no onSend) and carry the notification themselves. There is no CORS: the web app
 * calls the API from its own origin, so no Access-Control-Expose-Headers is needed for the client to
 * read the header.
 */
export function registerNotificationSignal(
  app: FastifyInstance,
  deps: { notifier: Notifier; maxUsers?: number },
): NotificationSignals {
  const signals = createNotificationSignals(deps.maxUsers);
  const unsubscribe = deps.notifier.subscribe(CHANNEL.notificationCreated, (payload) => {
    const separator = payload.indexOf(':');
    if (separator < 0) return;
    const userId = positive(payload.slice(0, separator));
    const notificationId = positive(payload.slice(separator + 1));
    if (userId !== undefined && notificationId !== undefined) signals.mark(userId, notificationId);
  });
  app.addHook('onClose', (_instance, done) => {
    unsubscribe();
    done();
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    const userId = request.viewer?.id;
    if (
      userId !== undefined &&
      request.url.startsWith('/api/') &&
      !sharedCacheable(reply.getHeader('cache-control'))
    ) {
      if (signals.take(userId)) reply.header('x-notification', '1');
    }
    done(null, payload);
  });
  return signals;
}

/** Whether an answer may be kept by a shared cache: anything but `no-store` or `private`. */
function sharedCacheable(header: ReturnType<FastifyReply['getHeader']>): boolean {
  const value = (Array.isArray(header) ? header.join(',') : String(header ?? '')).toLowerCase();
  return !/\b(no-store|private)\b/.test(value);
}
