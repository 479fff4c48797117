import { capabilitiesFor, effectivePlan, REPORT_REASONS } from '@mirage/domain';
import { AppError } from '../../errors.ts';
import type { UserRepository } from '../user/index.ts';
import type { ActionRepository } from './repository.ts';

/**
 * Favourites (limit per plan, docs/product/decisions.md#prices-and-plans: 200 / 2,000 / 10,000) and reports
 * (docs/product/collections-and-prompts.md#favourites, /api/action).
 */
export function createActionService(deps: {
  actions: ActionRepository;
  users: UserRepository;
  now: () => Date;
}) {
  async function imageId(uuid: string, viewerId: number): Promise<number> {
    const id = await deps.actions.visibleImageId(uuid, viewerId);
    if (id === undefined) throw new AppError('image_not_found');
    return id;
  }

  return {
    async addFavorite(userId: number, uuid: string) {
      const id = await imageId(uuid, userId);
      const user = await deps.users.findById(userId);
      if (!user) throw new AppError('token_invalid');
      const limit = capabilitiesFor(effectivePlan(user, deps.now())).favoritesLimit;
      const outcome = await deps.actions.addFavorite(userId, id, limit);
      if (outcome === 'missing') throw new AppError('image_not_found');
      if (outcome === 'duplicate') throw new AppError('duplicate_favorite');
      if (outcome === 'full') throw new AppError('favorites_limit_exceeded', { limit });
      return { ok: true as const };
    },

    async removeFavorites(userId: number, uuids: readonly string[]) {
      return { removed: await deps.actions.removeFavorites(userId, uuids) };
    },

    /** `flag` indexes REPORT_REASONS (the create view sends 0). */
    async report(userId: number, uuid: string, flag: number) {
      const reason = REPORT_REASONS[flag];
      if (reason === undefined) throw new AppError('validation_error', { field: 'flag' });
      const id = await imageId(uuid, userId);
      const added = await deps.actions.report(userId, id, reason);
      if (added === 'missing') throw new AppError('image_not_found');
      return { ok: true as const, already_reported: !added };
    },
  };
}
export type ActionService = ReturnType<typeof createActionService>;
