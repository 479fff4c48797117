/** A task view for the web's unit tests (not shipped: only tests import it). */
import { TASK_STATE, type TaskView } from '@mirage/domain';

/** A task as the stream sends it, in `state`, with what a test needs changed in `extra`. */
export const taskView = (task_id: string, state: number, extra: Partial<TaskView> = {}): TaskView => ({
  task_id,
  state,
  queued: state === TASK_STATE.Queue,
  completed: state === TASK_STATE.Done,
  position: null,
  eta_seconds: null,
  model: null,
  step: 0,
  max_step: 0,
  tasks: [],
  preview: null,
  image_uuid: null,
  blurhash: null,
  seed: 7,
  cost: 2,
  paid_with_daily: false,
  refunded: false,
  error: null,
  created_at: '2026-01-01T10:00:00.000Z',
  genType: 'txt2img',
  settings: {},
  ...extra,
});
