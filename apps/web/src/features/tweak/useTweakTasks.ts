/**
 * The studio's view of the user's tasks (features/task), fed by the app's live stream: what the button's
 * rules read (a tweak running, the source being upscaled) and the tweak it follows. A tweak's end is told
 * here (docs/product/generation.md#task-outcome): a notice with a way to the image when the page is not on
 * screen, the failure and its refund, and Creations refreshed.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePageActive } from '../../app/keepAlive/pageActivity.ts';
import { notify } from '../../ui/notice.ts';
import { NARROW_SCREEN } from '../../ui/useMediaQuery.ts';
import { GALLERY_QUERY_KEY } from '../gallery/index.ts';
import {
  FAILED_TASK_CLEANUP_MS,
  GENERATION_ERROR_NOTICE_MS,
  GENERATOR_NOTICE_MS,
} from '../generator/index.ts';
import { createTaskStore, useTaskFeed, useTasks, type TaskEnd } from '../task/index.ts';

const TWEAK_TYPES = new Set(['inpaint', 'style_convert']);

export function useTweakTasks(options: {
  followedId: string | null;
  unfollow: (taskId: string) => void;
  refreshUser: () => void;
}) {
  const { t } = useTranslation(['tweak', 'generator']);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [store] = useState(createTaskStore);
  const tasks = useTasks(store);

  // Whether /tweak is the page on screen (it stays mounted, hidden, while another page shows).
  const pageActive = usePageActive();
  const pageActiveRef = useRef(pageActive);
  const { followedId, unfollow, refreshUser } = options;
  const followedRef = useRef(followedId);
  useEffect(() => {
    pageActiveRef.current = pageActive;
    followedRef.current = followedId;
  }, [pageActive, followedId]);

  const onEnd = useCallback(
    ({ task, outcome }: TaskEnd) => {
      if (!TWEAK_TYPES.has(task.genType)) return;
      refreshUser();
      if (outcome === 'done') {
        // The result is one of the user's creations (server side): a kept-alive /creations refetches.
        void queryClient.invalidateQueries({ queryKey: [...GALLERY_QUERY_KEY, 'creations'] });
        const uuid = task.image_uuid;
        const away = !pageActiveRef.current && !window.matchMedia(NARROW_SCREEN).matches;
        if (uuid && away) {
          notify(t('notice.done'), 'success', GENERATOR_NOTICE_MS, {
            label: t('generator:notice.open'),
            onSelect: () => void navigate(`/image/${uuid}`),
          });
        }
        return;
      }
      notify(t('notice.failed'), 'error', GENERATION_ERROR_NOTICE_MS);
      if (task.refunded && task.cost > 0) {
        notify(t('generator:notice.ticket_refunded', { count: task.cost }), 'info', GENERATOR_NOTICE_MS);
      }
      // The failed card stays a moment, as on /create, then the studio is ready for another try.
      setTimeout(() => {
        if (followedRef.current === task.task_id) unfollow(task.task_id);
      }, FAILED_TASK_CLEANUP_MS);
    },
    [navigate, queryClient, refreshUser, t, unfollow],
  );
  useTaskFeed(store, onEnd);

  return { store, tasks };
}
