import { LIVE_EVENT } from '@mirage/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { ME_QUERY_KEY, useSession } from '../../features/session/index.ts';
import { LiveStreamContext } from './context.ts';
import { browserEnvironment, createLiveStream } from './liveStream.ts';

/**
 * Opens the signed-in user's one live stream (GET /api/events) for the whole app and lets features
 * subscribe to it (useLiveEvent). Balance changes and a revoked session refresh the user (GET
 * /api/user/me): the balances shown everywhere, or the sign-out.
 */
export function EventStreamProvider({ children }: { children: ReactNode }) {
  const { signedIn } = useSession();
  const queryClient = useQueryClient();
  const [stream] = useState(() => createLiveStream(browserEnvironment()));

  useEffect(() => {
    const refreshUser = () => void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    const stopBalance = stream.subscribe(LIVE_EVENT.balance, refreshUser);
    const stopUnauthorized = stream.subscribe(LIVE_EVENT.unauthorized, refreshUser);
    return () => {
      stopBalance();
      stopUnauthorized();
    };
  }, [stream, queryClient]);

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
