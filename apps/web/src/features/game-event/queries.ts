import { useQuery } from '@tanstack/react-query';
import { useSession } from '../session/index.ts';
import { fetchCurrentEvent } from './api.ts';

export const GAME_EVENT_KEY = ['game-event'] as const;
export const gameEventKey = (signedIn: boolean) =>
  [...GAME_EVENT_KEY, signedIn ? 'player' : 'visitor'] as const;

/**
 * The current event (null when none), for the player or the visitor. Events change rarely: it is kept 5
 * minutes, and a failed load shows no event rather than an error (spec §7: such loads fail silently).
 */
export function useCurrentEvent() {
  const { signedIn } = useSession();
  return useQuery({
    queryKey: gameEventKey(signedIn),
    queryFn: ({ signal }) => fetchCurrentEvent(signedIn, signal),
    staleTime: 5 * 60_000,
    retry: false,
  });
}
