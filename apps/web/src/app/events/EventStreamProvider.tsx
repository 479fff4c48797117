import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useSession } from '../../features/session/index.ts';
import { LiveStreamContext } from './context.ts';
import { watchLiveRefresh } from './liveRefresh.ts';
import { browserEnvironment, createLiveStream } from './liveStream.ts';

/**
 * Opens the signed-in user's one live stream (GET /api/events) for the whole app and lets features
 * subscribe to it (useLiveEvent). Its signals refresh the user and the player, and a reopened stream
 * refreshes both, for the signals it may have missed (./liveRefresh.ts).
 */
export function EventStreamProvider({ children }: { children: ReactNode }) {
  const { signedIn } = useSession();
  const queryClient = useQueryClient();
  const [stream] = useState(() => createLiveStream(browserEnvironment()));

  useEffect(() => watchLiveRefresh(stream, queryClient), [stream, queryClient]);

  useEffect(() => {
    if (!signedIn || typeof EventSource === 'undefined') return;
    const onVisibility = () => (document.visibilityState === 'hidden' ? stream.pause() : stream.resume());
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('focus', stream.resume);
    stream.start();
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('focus', stream.resume);
      stream.stop();
    };
  }, [signedIn, stream]);

  return <LiveStreamContext.Provider value={stream}>{children}</LiveStreamContext.Provider>;
}
