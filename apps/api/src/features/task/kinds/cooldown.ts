import { AppError } from '../../../errors.ts';
import { recentFailureTimes } from '../user-task-repository.ts';
import type { CreationContext } from './kind.ts';

/** Failures in this window count toward the cooldown (max_failed_task, data.remaining_time). */
export const FAILURE_WINDOW_MS = 60_000;
export const FAILURES_BEFORE_COOLDOWN = 3;

/**
 * The "many failures" cooldown of generations and tweaks alike (docs/product/generation.md): after three
 * failed tasks within a minute, new ones wait until the third-newest failure is a minute old;
 * `remaining_time` is the seconds left, two decimals (the client's countdown).
 */
export async function assertNoFailureCooldown(context: CreationContext, userId: number): Promise<void> {
  const now = context.now().getTime();
  const failures = await recentFailureTimes(context.db, userId, new Date(now - FAILURE_WINDOW_MS));
  if (failures.length < FAILURES_BEFORE_COOLDOWN) return;
  const oldest = failures[FAILURES_BEFORE_COOLDOWN - 1]!.finished_at!;
  const remaining = Math.max(0, oldest.getTime() + FAILURE_WINDOW_MS - now) / 1000;
  throw new AppError('max_failed_task', { remaining_time: Math.round(remaining * 100) / 100 });
}
