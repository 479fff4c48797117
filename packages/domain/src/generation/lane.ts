import type { Plan } from '../plan.ts';
import { capabilitiesFor } from './plans.ts';
import type { GeneratorSettings } from './settings.ts';

/**
 * The queue lanes: fast (paid), normal, eco (Pro's slow mode, priced for the upscale line only). The
 * queue orders tasks by enqueue time shifted by their lane, so no lane starves (queue-repository.ts).
 */
export const TASK_LANES = ['fast', 'normal', 'eco'] as const;
export type TaskLane = (typeof TASK_LANES)[number];

/**
 * The lane a txt2img request runs in. Eco only where the plan may use it (the same rule that prices it,
 * pricing.ts): a plan that may not is refused by validateSettings before this is asked, and must never
 * land in eco by any other road. Eco wins over the fast lane: eco is a promise to wait, and its price
 * already drops the fast-lane line.
 */
export function laneFor(settings: Pick<GeneratorSettings, 'slow_mode' | 'fastLane'>, plan: Plan): TaskLane {
  if (settings.slow_mode && capabilitiesFor(plan).canUseEcoMode) return 'eco';
  return settings.fastLane ? 'fast' : 'normal';
}

/** The lane of a job that has no eco mode (an upscale, a tweak): fast when paid for, else normal. */
export function laneForFastLane(fastLane: boolean): TaskLane {
  return fastLane ? 'fast' : 'normal';
}
