import { canTweakFrom, tweakSourceProblem, type GraphicStyleRule, type TweakMode } from '@mirage/domain';
import type { Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { ImageRow } from '../../../db/schema/generation.ts';
import type { UserRow } from '../../../db/schema.ts';
import { AppError } from '../../../errors.ts';
import { lockImage } from '../../image/index.ts';
import { findAccount } from '../../user/index.ts';
import { unfinishedTasks } from '../user-task-repository.ts';
import type { CreationContext } from './kind.ts';

/** What both tweak kinds share (docs/product/generation.md#tweak): the source, its rules, one at a time. */

const TWEAK_TYPES = new Set(['inpaint', 'style_convert']);
/** docs/product/pricing-and-plans.md: inpaint and style conversion run one at a time, on every plan. */
export const MAX_RUNNING_TWEAKS = 1;

/**
 * The image to tweak: one the caller may read (their own, or a public one). Another user's private image
 * is `image_not_found`, exactly like one that does not exist, so its existence is not revealed.
 */
export async function readableSource(
  context: CreationContext,
  userId: number,
  uuid: string,
): Promise<ImageRow> {
  const image = await context.images.findByUuid(uuid);
  if (!image || !canTweakFrom(image, userId)) throw new AppError('image_not_found');
  return image;
}

/** The account, and the first tweak rule the source breaks for it (tweak.ts in the domain). */
export async function checkTweakSource(
  context: CreationContext,
  userId: number,
  mode: TweakMode,
  source: ImageRow,
  target?: { rule: GraphicStyleRule | undefined; id: number },
): Promise<UserRow> {
  const user = await findAccount(context.db, userId);
  if (!user) throw new AppError('user_not_found');
  const problem = tweakSourceProblem(mode, source, {
    user,
    now: context.now(),
    target: target?.rule,
    targetId: target?.id,
  });
  if (problem) throw new AppError(problem.code, problem.data);
  return user;
}

/**
 * In the creation transaction (account row locked, so two requests cannot both pass): no other tweak of
 * the user is running, and the source still exists (locked, so a delete running now waits or has happened).
 */
export async function checkTweakLocked(
  trx: Transaction<Database>,
  userId: number,
  source: ImageRow,
): Promise<void> {
  const running = await unfinishedTasks(trx, userId);
  if (running.filter((task) => TWEAK_TYPES.has(task.type)).length >= MAX_RUNNING_TWEAKS) {
    throw new AppError('max_running_tasks', { max: MAX_RUNNING_TWEAKS, kind: 'tweak' });
  }
  if (!(await lockImage(trx, source.id))) throw new AppError('image_not_found');
}

/** A tweak's result is private when its source is the user's own private image, public otherwise. */
export function tweakIsPrivate(source: ImageRow, userId: number): boolean {
  return source.user_id === userId && source.is_private;
}
