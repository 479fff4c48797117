/**
 * The guest trial's rules on the web (docs/product/generation.md#guest-trial): which styles a visitor may
 * pick, the body of POST /api/tasks/guest/txt2img, what the box shows of a task, and which text answers a
 * refusal. Pure: the box (TryItBox.tsx) and its hook (useGuestTrial.ts) only wire them up.
 */
import { FORMATS, TASK_STATE, finalSize, isTerminal, type Format, type TaskView } from '@mirage/domain';
import { acceptedTaskView } from '../task/index.ts';

/** The style fields the box reads (the catalogue's GraphicStyle). */
export interface TrialStyle {
  id: number;
  lib: string;
  preview: string;
  render: 'hentai' | 'realistic';
  is_free: boolean;
  txt2img: boolean;
}

/** The free txt2img styles, in catalogue order: a paid one would be refused (`unauthorized_style`). */
export function freeStyles<S extends TrialStyle>(styles: readonly S[] | undefined): S[] {
  return (styles ?? []).filter((style) => style.is_free && style.txt2img);
}

/** The style chosen at first: the page's render (a promo page's) when one is free, else the first free one. */
export function defaultStyleId(styles: readonly TrialStyle[], render?: TrialStyle['render']): number | null {
  const preferred = render ? styles.find((style) => style.render === render) : undefined;
  return (preferred ?? styles[0])?.id ?? null;
}

/** The format every trial image has (the API imposes Standard quality; the format is the visitor's default). */
export const TRIAL_FORMAT: Format = 'Portrait';

/**
 * The trial's request: the prompt and style, and the terms the API imposes anyway (watermark on,
 * private, no boosters), sent so that the body says what the visitor gets.
 */
export function guestBody(prompt: string, styleId: number) {
  return {
    prompt: prompt.trim(),
    neg_prompt: '',
    style_id: styleId,
    format: TRIAL_FORMAT,
    quality: 'Standard' as const,
    watermark: true,
    private: true,
    modifiers: [],
    age_confirmed: true,
  };
}

/** The CSS aspect ratio of a task's image (its format at Standard quality). */
export function trialAspect(settings: Record<string, unknown> | undefined): string {
  const format = FORMATS.includes(settings?.format as Format) ? (settings?.format as Format) : TRIAL_FORMAT;
  const { width, height } = finalSize(format, 'Standard');
  return `${width} / ${height}`;
}

export type TrialStatus =
  | { kind: 'queue'; position: number | null; eta: number | null }
  | { kind: 'generate'; step: number; max: number }
  | { kind: 'finishing' }
  | { kind: 'done'; imageUuid: string }
  | { kind: 'failed' };

/** What the box shows of the guest's task: the queue, the steps, the finishing stages, or the outcome. */
export function trialStatus(task: TaskView): TrialStatus {
  if (task.state === TASK_STATE.Done && task.image_uuid) return { kind: 'done', imageUuid: task.image_uuid };
  if (task.state === TASK_STATE.Fail) return { kind: 'failed' };
  if (task.state === TASK_STATE.Queue)
    return { kind: 'queue', position: task.position, eta: task.eta_seconds };
  if (task.state === TASK_STATE.Generate) return { kind: 'generate', step: task.step, max: task.max_step };
  return { kind: 'finishing' };
}

/** Whether the box should still follow the task on the live stream. */
export const stillRunning = (task: TaskView | null): boolean => task !== null && !isTerminal(task.state);

/**
 * A task the stream reported merged into the one the box follows: the followed task's own news, or, while
 * none is followed, the newest task of the session.
 */
export function pickTask(current: TaskView | null, reported: readonly TaskView[]): TaskView | null {
  if (current) return reported.find((task) => task.task_id === current.task_id) ?? current;
  const newest = [...reported].sort((a, b) => (a.created_at < b.created_at ? 1 : -1))[0];
  return newest ?? null;
}

/** A task shown at once for an accepted request, until the stream reports it (queued, no position yet). */
export function acceptedTask(
  taskId: string,
  seed: number,
  prompt: string,
  styleId: number,
  now: Date,
): TaskView {
  return acceptedTaskView({
    task_id: taskId,
    seed,
    cost: 0,
    paid_with_daily: false,
    settings: { prompt, style_id: styleId, format: TRIAL_FORMAT, quality: 'Standard' },
    genType: 'txt2img',
    at: now,
  });
}

/**
 * The text of a refused trial, as a key: the limits (`guest_limit_reached`, by `data.limit`) have the box's
 * own words in the `landing` namespace (one free image a day, sign up for more); any other code is the
 * error catalogue's (`error` namespace).
 */
export function refusalText(
  code: string,
  data: Record<string, unknown> | undefined,
): { ns: 'landing' | 'error'; key: string } {
  if (code === 'guest_limit_reached') {
    return { ns: 'landing', key: data?.limit === 'budget' ? 'try_it.limit_busy' : 'try_it.limit_daily' };
  }
  return { ns: 'error', key: code };
}
