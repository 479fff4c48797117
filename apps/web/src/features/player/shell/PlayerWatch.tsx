import { useEffect, useRef, useState } from 'react';
import { onNotificationHeader } from '../../api/index.ts';
import { onFirstOpen } from '../../../ui/onFirstOpen.tsx';
import { useSession } from '../../session/index.ts';
import { useNotifications, usePlayer, useRefreshPlayer } from '../queries.ts';
import { overlayDecision, readDismissed, writeDismissed } from './overlayDismissal.ts';
import type { RewardOverlayProps } from './RewardOverlay.tsx';
import {
  requestSound,
  rewardSoundsBetween,
  soundsBetween,
  ticketSoundsBetween,
  watchUserGesture,
  type ProgressSnapshot,
} from './soundCues.ts';

// The overlay, its list and the dialog library load when it first opens (or when the page is idle).
const RewardOverlay = onFirstOpen<RewardOverlayProps>(() =>
  import('./RewardOverlay.tsx').then((module) => module.RewardOverlay),
);

/**
 * The player's part of the shell that has no place of its own (docs/product/player.md), for a signed-in user:
 * keeps the player and the bell fresh after an answer with an `x-notification` header (the live `notification`
 * and `player` events and a reopened stream refresh them: app/events/liveRefresh.ts), plays the progress
 * sounds, and opens the reward overlay while rewards wait to be claimed.
 * It loads once the page is idle (./LazyPlayerWatch.tsx), not with the page.
 */
export function PlayerWatch({ otherDialogOpen }: { otherDialogOpen: boolean }) {
  const refresh = useRefreshPlayer();
  const player = usePlayer(true).data;
  const counts = useNotifications(0, true).data?.counts;

  useEffect(watchUserGesture, []);
  useEffect(() => onNotificationHeader(() => void refresh()), [refresh]);

  // Sounds: XP added, a level gained, a new reward to claim (between two fetches, never on the first).
  const lastProgress = useRef<ProgressSnapshot | undefined>(undefined);
  useEffect(() => {
    if (!player) return;
    const now = { level: player.level, xp_total: player.xp_total };
    requestSound(...soundsBetween(lastProgress.current, now));
    lastProgress.current = now;
  }, [player]);
  const lastRewards = useRef<number | undefined>(undefined);
  const rewards = counts?.newRewards;
  useEffect(() => {
    if (rewards === undefined) return;
    requestSound(...rewardSoundsBetween(lastRewards.current, rewards));
    lastRewards.current = rewards;
  }, [rewards]);

  // More tickets (the user is read again on every live `balance` event): the upgrade-token chime.
  const tickets = useSession().user?.generation_token;
  const lastTickets = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (tickets === undefined) return;
    requestSound(...ticketSoundsBetween(lastTickets.current, tickets));
    lastTickets.current = tickets;
  }, [tickets]);

  // The overlay: shown while rewards wait, unless "Later" was chosen at this count or more.
  const [dismissed, setDismissed] = useState(readDismissed);
  const decision = overlayDecision(rewards ?? 0, dismissed);
  if (rewards !== undefined && decision.dismissed !== dismissed) setDismissed(decision.dismissed);
  useEffect(() => writeDismissed(dismissed), [dismissed]);
  const later = () => setDismissed(rewards ?? 0);

  // One app-level dialog at a time (docs/product/routes.md#shell): the overlay waits for the other to close.
  return (
    <>
      <RewardOverlay open={decision.show && !otherDialogOpen} onLater={later} />
      {/* Rewards wait but "Later" holds the overlay: a hidden mark of that decision, for the browser tests to
          wait on instead of for time to pass. */}
      {rewards !== undefined && rewards > 0 && !decision.show && (
        <span hidden data-testid="reward-overlay-held" />
      )}
    </>
  );
}
