/**
 * Upscaling an own image from the viewer (docs/product/image-viewer.md#upscale: the image is "updating" until
 * its upscale task ends, then marked upscaled with a notice; docs/product/image-viewer.md#upscale,
 * already_upscaled clears the flag with an error notice). Upscales are remembered for the tab, so reopening
 * the viewer mid-upscale shows the overlay again, and the task stream reports how each one ended once, even
 * if it ended while the viewer was closed.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify, NOTICE_DEFAULT_MS } from '../../ui/notice.ts';
import { errorCode, useErrorText } from '../api/index.ts';
import { createTaskStore, type TaskEnd, useTaskFeed, useTasks } from '../task/index.ts';
import { ME_QUERY_KEY } from '../session/index.ts';
import { requestUpscale, type ImageInfo } from './api.ts';
import { imageInfoKey, invalidateBoards } from './queries.ts';
import { createUpscaleRegistry, upscaleStatus } from './upscale.ts';

const upscaleTasks = createTaskStore();
const registry = createUpscaleRegistry();

export function useImageUpscale(info: ImageInfo | undefined) {
  const { t } = useTranslation(['image', 'generator']);
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const tasks = useTasks(upscaleTasks);
  const [requesting, setRequesting] = useState(false);

  const refreshUser = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
    [queryClient],
  );
  const refreshImage = useCallback(
    (uuid: string) => {
      void queryClient.invalidateQueries({ queryKey: imageInfoKey(uuid) });
      void invalidateBoards(queryClient);
    },
    [queryClient],
  );

  const onEnd = useCallback(
    ({ task, outcome }: TaskEnd) => {
      const image = registry.imageOf(task.task_id);
      if (!image) return;
      registry.finished(task.task_id);
      refreshUser();
      if (outcome === 'done') {
        refreshImage(image);
        notify(t('notice.upscaled'), 'success', NOTICE_DEFAULT_MS);
        return;
      }
      notify(t('notice.upscale_failed'), 'error', NOTICE_DEFAULT_MS);
      if (task.refunded && task.cost > 0)
        notify(t('generator:notice.ticket_refunded', { count: task.cost }), 'info', NOTICE_DEFAULT_MS);
    },
    [refreshUser, refreshImage, t],
  );
  // The app's one live stream: the tasks known so far on subscribing (an upscale that ended while the
  // viewer was closed ends now), then each change.
  useTaskFeed(upscaleTasks, onEnd);

  const running = info ? registry.runningFor(info.uuid, tasks) : undefined;

  const request = useCallback(async (): Promise<boolean> => {
    if (!info?.is_owner || info.upscaled) return false;
    setRequesting(true);
    try {
      const accepted = await requestUpscale(info.uuid);
      registry.started(accepted.task_id, info.uuid);
      upscaleTasks.accepted({ ...accepted, seed: 0 }, {}, new Date());
      refreshUser();
      return true;
    } catch (error) {
      const code = errorCode(error);
      notify(errorText(code), 'error', NOTICE_DEFAULT_MS);
      // Upscaled meanwhile (another tab): show it as such.
      if (code === 'already_upscaled') refreshImage(info.uuid);
      return false;
    } finally {
      setRequesting(false);
    }
  }, [info, errorText, refreshUser, refreshImage]);

  return useMemo(
    () => ({
      /** Owners may upscale an image once, and not while it is updating. */
      available: info?.is_owner === true && !info.upscaled,
      status: running ? upscaleStatus(running) : null,
      requesting,
      request,
    }),
    [info, running, requesting, request],
  );
}
export type ImageUpscale = ReturnType<typeof useImageUpscale>;
