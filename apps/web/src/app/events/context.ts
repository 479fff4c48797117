import type { LiveEventName } from '@mirage/domain';
import { createContext, useContext, useEffect, useRef } from 'react';
import type { LiveHandler, LiveStream } from './liveStream.ts';

/** The app's one live stream (EventStreamProvider); null outside the provider (tests, isolated renders). */
export const LiveStreamContext = createContext<LiveStream | null>(null);

/**
 * Calls `handler` with each `event` of the signed-in user's live stream while the caller is mounted
 * (and `enabled`). The latest handler is used, so it need not be stable.
 */
export function useLiveEvent<E extends LiveEventName>(
  event: E,
  handler: LiveHandler<E>,
  enabled = true,
): void {
  const stream = useContext(LiveStreamContext);
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!stream || !enabled) return;
    return stream.subscribe(event, (data) => latest.current(data));
  }, [stream, event, enabled]);
}
