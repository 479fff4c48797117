import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { notify } from '../../ui/notice.ts';
import { errorCode } from '../api/index.ts';
import { PLAYER_QUERY_KEY, requestSound } from '../player/index.ts';
import { useSession } from '../session/index.ts';
import { lookForEventImage, type GameEventView } from './api.ts';
import { askedKey, shouldLookFor, withFound } from './hunt.ts';
import { GAME_EVENT_KEY, gameEventKey, useCurrentEvent } from './queries.ts';
import { useEventTexts } from './texts.ts';

/** The images asked about on this page load (the server's answer would not change). */
const asked = new Set<string>();

/** A find is news worth a little longer than a plain notice. */
const FOUND_NOTICE_MS = 5000;

/**
 * The hunt in the image viewer (docs/product/player.md#events): when a signed-in player opens an image
 * during an event, asks whether it is one of the hidden ones; a find pays its coins (server-side, once),
 * plays the reward sound and says so. Misses say nothing: most images hide nothing.
 */
export function useEventHunt(imageUuid: string, shown: boolean): void {
  const { signedIn } = useSession();
  const { data: event } = useCurrentEvent();
  const queryClient = useQueryClient();
  const { t } = useEventTexts();

  useEffect(() => {
    if (!signedIn || !shown || !shouldLookFor(event, imageUuid, asked)) return;
    asked.add(askedKey(event.uuid, imageUuid));
    lookForEventImage(event.uuid, imageUuid).then(
      (answer) => {
        if (!answer.new) return;
        queryClient.setQueryData<GameEventView | null>(gameEventKey(true), (old) =>
          old ? withFound(old, imageUuid) : old,
        );
        void queryClient.invalidateQueries({ queryKey: PLAYER_QUERY_KEY });
        const progress = t('foundProgress', { found: answer.found_count, total: answer.images_total });
        const message =
          answer.found_count >= answer.images_total
            ? `${t('found', { tokens: answer.reward_tokens })} ${t('allFound')}`
            : `${t('found', { tokens: answer.reward_tokens })} · ${progress}`;
        notify(message, 'success', FOUND_NOTICE_MS);
        requestSound('reward');
      },
      (error: unknown) => {
        // The event ended (or moved) since it was loaded: load it again; anything else stays quiet.
        const code = errorCode(error);
        if (code === 'event_ended' || code === 'event_not_found' || code === 'wait_for_event') {
          void queryClient.invalidateQueries({ queryKey: GAME_EVENT_KEY });
        }
      },
    );
  }, [signedIn, shown, event, imageUuid, queryClient, t]);
}
