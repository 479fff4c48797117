import type { Listener, Notifier } from '../src/events/notifier.ts';

/**
 * A notifier for unit tests: `emit` delivers a signal to what subscribed, as LISTEN would, `relisten`
 * plays a LISTEN connection that came back, and `subscriptions` counts the listeners (a subscriber that
 * cleans up leaves none).
 */
export function fakeNotifier() {
  const listeners = new Map<string, Set<Listener>>();
  const relistened = new Set<() => void>();
  const notifier: Notifier = {
    notify: () => Promise.resolve(),
    subscribe(channel, listener) {
      const set = listeners.get(channel) ?? new Set();
      set.add(listener);
      listeners.set(channel, set);
      return () => set.delete(listener);
    },
    onRelisten(listener) {
      relistened.add(listener);
      return () => relistened.delete(listener);
    },
    close: () => Promise.resolve(),
  };
  const emit = (channel: string, payload: string) => {
    for (const listener of listeners.get(channel) ?? []) listener(payload);
  };
  const subscriptions = () =>
    [...listeners.values()].reduce((sum, set) => sum + set.size, 0) + relistened.size;
  /** The LISTEN connection came back after it was lost. */
  const relisten = () => {
    for (const listener of relistened) listener();
  };
  return { notifier, emit, subscriptions, relisten };
}
