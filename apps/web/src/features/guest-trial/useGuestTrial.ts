/**
 * The guest trial's calls and live task (docs/product/generation.md#guest-trial): the session's task on
 * mount (GET /api/tasks/guest, so a reload within the cookie's 24 h shows it again), the request, and the
 * task followed on GET /api/tasks/guest/monitor (the monitor's stream format: a `tasks` snapshot, then
 * changes; `unauthorized` once the session is gone) until it ends.
 */
import { LIVE_EVENT, type TaskView } from '@mirage/domain';
import { useCallback, useEffect, useState } from 'react';
import { ApiError, call, errorCode, pathOf } from '../api/index.ts';
import { acceptedTask, guestBody, pickTask, stillRunning } from './trial.ts';

/** A reconnect after the stream failed waits this long (the app's stream retries within 3000 ms). */
const RETRY_MS = 3000;

export interface TrialRefusal {
  code: string;
  data: Record<string, unknown> | undefined;
}

export interface GuestTrial {
  /** The session's task (the newest), null before any. */
  task: TaskView | null;
  /** The session's task is being read (first render after a reload). */
  loading: boolean;
  sending: boolean;
  refusal: TrialRefusal | null;
  make: (prompt: string, styleId: number) => Promise<void>;
}

function parseTasks(data: unknown): TaskView[] | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed: unknown = JSON.parse(data);
    return Array.isArray(parsed) ? (parsed as TaskView[]) : null;
  } catch {
    return null;
  }
}

export function useGuestTrial(enabled: boolean): GuestTrial {
  const [task, setTask] = useState<TaskView | null>(null);
  const [loading, setLoading] = useState(enabled);
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<TrialRefusal | null>(null);
  /** Bumped to (re)open the stream for the followed task. */
  const [streamKey, setStreamKey] = useState(0);

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    call('listGuestTasks', {}, controller.signal)
      .then((answer) => {
        setTask((current) => pickTask(current, answer.tasks));
        setStreamKey((key) => key + 1);
      })
      .catch(() => {
        // No task to show: the box starts empty, as for a first visit.
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [enabled]);

  const running = stillRunning(task);
  useEffect(() => {
    if (!enabled || !running || streamKey === 0 || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const open = () => {
      source = new EventSource(pathOf('streamGuestTasks'), { withCredentials: true });
      source.addEventListener(LIVE_EVENT.tasks, (event) => {
        const tasks = parseTasks(event.data);
        if (tasks) setTask((current) => pickTask(current, tasks));
      });
      // The session ended (handed over to an account, or expired): nothing more will come.
      source.addEventListener(LIVE_EVENT.unauthorized, () => source?.close());
      source.onerror = () => {
        // The browser reconnects by itself unless the server refused the stream: then try again later.
        if (source?.readyState === EventSource.CLOSED) retry = setTimeout(open, RETRY_MS);
      };
    };
    open();
    return () => {
      clearTimeout(retry);
      source?.close();
    };
  }, [enabled, running, streamKey]);

  const make = useCallback(async (prompt: string, styleId: number) => {
    setSending(true);
    setRefusal(null);
    try {
      const answer = await call('createGuestTxt2img', { body: guestBody(prompt, styleId) });
      setTask(acceptedTask(answer.task_id, answer.seed, prompt.trim(), styleId, new Date()));
      setStreamKey((key) => key + 1);
    } catch (error) {
      setRefusal({ code: errorCode(error), data: error instanceof ApiError ? error.data : undefined });
    } finally {
      setSending(false);
    }
  }, []);

  return { task, loading, sending, refusal, make };
}
