import { TASK_STATE, finalSize, type TaskView } from '@mirage/domain';
import { describe, expect, it } from 'vitest';
import {
  acceptedTask,
  defaultStyleId,
  freeStyles,
  guestBody,
  pickTask,
  refusalText,
  stillRunning,
  trialAspect,
  trialStatus,
  type TrialStyle,
} from './trial.ts';

const style = (id: number, render: TrialStyle['render'], is_free: boolean, txt2img = true): TrialStyle => ({
  id,
  lib: `style ${id}`,
  preview: `/p/${id}.webp`,
  render,
  is_free,
  txt2img,
});

const task = (patch: Partial<TaskView>): TaskView => ({
  ...acceptedTask('t1', 7, 'a lighthouse at dusk', 1, new Date('2026-11-28T01:00:00Z')),
  ...patch,
});

describe('the trial styles', () => {
  const catalogue = [
    style(1, 'hentai', false),
    style(2, 'hentai', true),
    style(3, 'realistic', true, false),
    style(4, 'realistic', true),
    style(5, 'realistic', false),
  ];

  it('are the free txt2img styles, in catalogue order', () => {
    expect(freeStyles(catalogue).map((s) => s.id)).toEqual([2, 4]);
    expect(freeStyles(undefined)).toEqual([]);
  });

  it("start on the page's render when it has one, else the first", () => {
    const free = freeStyles(catalogue);
    expect(defaultStyleId(free, 'realistic')).toBe(4);
    expect(defaultStyleId(free, 'hentai')).toBe(2);
    expect(defaultStyleId(free)).toBe(2);
    expect(defaultStyleId([free[1]!], 'hentai')).toBe(4);
    expect(defaultStyleId([])).toBeNull();
  });
});

describe('the trial request', () => {
  it('sends the trimmed prompt, the style, the imposed terms and the 18+ confirmation', () => {
    expect(guestBody('  a lighthouse at dusk ', 4)).toEqual({
      prompt: 'a lighthouse at dusk',
      neg_prompt: '',
      style_id: 4,
      format: 'Portrait',
      quality: 'Standard',
      watermark: true,
      private: true,
      modifiers: [],
      age_confirmed: true,
    });
  });
});

describe("the trial's task", () => {
  it('shows the queue, the steps, the finishing stages and the outcome', () => {
    expect(trialStatus(task({}))).toEqual({ kind: 'queue', position: null, eta: null });
    expect(trialStatus(task({ position: 2, eta_seconds: 30 }))).toEqual({
      kind: 'queue',
      position: 2,
      eta: 30,
    });
    expect(trialStatus(task({ state: TASK_STATE.Generate, step: 3, max_step: 20 }))).toEqual({
      kind: 'generate',
      step: 3,
      max: 20,
    });
    expect(trialStatus(task({ state: TASK_STATE.Save }))).toEqual({ kind: 'finishing' });
    expect(trialStatus(task({ state: TASK_STATE.Done, image_uuid: 'u1' }))).toEqual({
      kind: 'done',
      imageUuid: 'u1',
    });
    // Done without an image yet reads as finishing.
    expect(trialStatus(task({ state: TASK_STATE.Done }))).toEqual({ kind: 'finishing' });
    expect(trialStatus(task({ state: TASK_STATE.Fail }))).toEqual({ kind: 'failed' });
  });

  it('is followed until it ends', () => {
    expect(stillRunning(null)).toBe(false);
    expect(stillRunning(task({}))).toBe(true);
    expect(stillRunning(task({ state: TASK_STATE.Done, image_uuid: 'u1' }))).toBe(false);
    expect(stillRunning(task({ state: TASK_STATE.Fail }))).toBe(false);
  });

  it("takes the followed task's news from the stream, or the newest task when none is followed", () => {
    const followed = task({});
    const news = task({ state: TASK_STATE.Generate, step: 1, max_step: 20 });
    const other = task({ task_id: 't0', created_at: '2026-11-27T01:00:00Z' });
    expect(pickTask(followed, [other, news])).toBe(news);
    expect(pickTask(followed, [other])).toBe(followed);
    expect(pickTask(null, [other, news])).toBe(news);
    expect(pickTask(null, [])).toBeNull();
  });

  it("has its format's shape at Standard quality", () => {
    const { width, height } = finalSize('Portrait', 'Standard');
    expect(trialAspect(undefined)).toBe(`${width} / ${height}`);
    expect(trialAspect({ format: 'nonsense' })).toBe(`${width} / ${height}`);
    const wide = finalSize('Wide', 'Standard');
    expect(trialAspect({ format: 'Wide' })).toBe(`${wide.width} / ${wide.height}`);
  });
});

describe('a refused trial', () => {
  it("explains the day's limit and the busy hour in the box's words, other codes from the catalogue", () => {
    expect(refusalText('guest_limit_reached', { limit: 'browser' })).toEqual({
      ns: 'landing',
      key: 'try_it.limit_daily',
    });
    expect(refusalText('guest_limit_reached', { limit: 'address' }).key).toBe('try_it.limit_daily');
    expect(refusalText('guest_limit_reached', { limit: 'budget' }).key).toBe('try_it.limit_busy');
    expect(refusalText('forbidden_prompt', undefined)).toEqual({ ns: 'error', key: 'forbidden_prompt' });
  });
});
