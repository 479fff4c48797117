import type { UserSettings } from '@mirage/contract';
import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { fetchMe } from './api.ts';
import { isSignedIn, ME_QUERY_KEY, subscribeSession } from './session.ts';

export interface Session {
  signedIn: boolean;
  /** The signed-in user, once GET /api/user/me has answered. */
  user: UserSettings | undefined;
  loading: boolean;
}

export function meQueryOptions() {
  return {
    queryKey: ME_QUERY_KEY,
    queryFn: ({ signal }: { signal: AbortSignal }) => fetchMe(signal),
    staleTime: 60_000,
  };
}

export function useSession(): Session {
  const signedIn = useSyncExternalStore(subscribeSession, isSignedIn);
  const me = useQuery({ ...meQueryOptions(), enabled: signedIn });
  return { signedIn, user: signedIn ? me.data : undefined, loading: signedIn && me.isPending };
}
