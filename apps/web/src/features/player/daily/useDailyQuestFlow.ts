import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../ui/notice.ts';
import { ApiError, errorCode, useErrorText } from '../../api/index.ts';
import { ME_QUERY_KEY } from '../../session/index.ts';
import { completeDailyQuest, openDailyQuest, type DailyQuest } from '../api.ts';
import { DAILY_QUEST_KEY, PLAYER_QUERY_KEY, useDailyQuest } from '../queries.ts';

/** Whole seconds from now until `deadline` (ms), never below 0. */
export function secondsUntil(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/**
 * The daily quest's course (docs/product/player.md, the daily quest): opening it records the visit (POST
 * /api/action/daily_quest/open), a countdown follows the server's seconds_left, and at 0 (or on a return
 * once the wait is over) the quest completes by itself (POST /api/action/daily_quest): +10 tickets, once;
 * the user's and the player's queries are then refreshed so that the ticket count moves. A server that
 * says "too early" restarts the countdown from its own seconds_left.
 */
export function useDailyQuestFlow() {
  const { t } = useTranslation('player');
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const quest = useDailyQuest(true);
  const setQuest = (next: DailyQuest) => queryClient.setQueryData(DAILY_QUEST_KEY, next);
  const refetchQuest = () => void queryClient.invalidateQueries({ queryKey: DAILY_QUEST_KEY });

  const open = useMutation({
    mutationFn: openDailyQuest,
    onSuccess: setQuest,
    onError: (error) => {
      const code = errorCode(error);
      if (code === 'daily_quest_done') refetchQuest();
      else notify(errorText(code), 'error');
    },
  });

  const complete = useMutation({
    mutationFn: completeDailyQuest,
    onSuccess: (answer) => {
      setQuest({ state: 'done', seconds_left: 0, tickets: answer.tickets });
      notify(t('dailyTasks.reward', { count: answer.tickets }), 'success');
      void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: PLAYER_QUERY_KEY });
    },
    onError: (error) => {
      const code = errorCode(error);
      const left = error instanceof ApiError ? Number(error.data?.seconds_left) : Number.NaN;
      if (code === 'daily_quest_too_early' && Number.isFinite(left) && left > 0 && quest.data) {
        setQuest({ ...quest.data, state: 'waiting', seconds_left: left });
      } else if (code === 'daily_quest_done' || code === 'daily_quest_not_opened') {
        refetchQuest();
      } else {
        notify(errorText(code), 'error');
      }
    },
  });

  // The countdown runs against a deadline taken when the answer arrived, so a slow tab does not drift.
  const state = quest.data?.state;
  const serverLeft = state === 'waiting' ? (quest.data?.seconds_left ?? 0) : 0;
  const deadline = state === 'waiting' ? quest.dataUpdatedAt + serverLeft * 1000 : 0;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!deadline) return;
    const tick = () => setNow(Date.now());
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, 250);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [deadline]);
  // Never more than the server said (the clock above may be a moment old when a new answer arrives).
  const secondsLeft = deadline ? Math.min(serverLeft, secondsUntil(deadline, now)) : 0;

  // Completes once per countdown that reaches 0, or once on arriving with the wait already over; a failure
  // other than "too early" leaves the Complete button to the user instead of retrying in a loop.
  const attempted = useRef<number | null>(null);
  const due = (deadline > 0 && secondsLeft === 0) || state === 'ready';
  const attempt = state === 'ready' ? -1 : deadline;
  const { mutate: completeNow, isPending: completing } = complete;
  useEffect(() => {
    if (!due || completing || attempted.current === attempt) return;
    attempted.current = attempt;
    completeNow();
  }, [due, completing, attempt, completeNow]);

  return { quest, open, complete, secondsLeft, autoFailed: due && !completing && complete.isError };
}
