import type { RewardType } from '@mirage/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notify } from '../../../ui/notice.ts';
import { errorCode, useErrorText } from '../../api/index.ts';
import { equipRewards, unlockReward } from '../api.ts';
import { PLAYER_ME_KEY, useRefreshPlayer } from '../queries.ts';
import { usePlayerTexts } from '../texts.ts';

export interface RewardRef {
  id: number;
  type: RewardType;
  key: string;
}

/**
 * Buying (PUT /api/reward/{type}/unlock) and wearing (PUT /api/player/avatar) cosmetics. Either refreshes
 * the player's queries: coins, owned items, the look on the profile. A reward already owned (bought in
 * another tab) only refreshes; too few coins says so.
 */
export function useRewardActions() {
  const queryClient = useQueryClient();
  const refresh = useRefreshPlayer();
  const errorText = useErrorText();
  const { t, rewardName } = usePlayerTexts();

  const buy = useMutation({
    mutationFn: (reward: RewardRef) => unlockReward(reward.type, reward.id),
    onSuccess: (_answer, reward) => {
      notify(t('profile.bought', { name: rewardName(reward.key) }), 'success');
      void refresh();
    },
    onError: (error) => {
      const code = errorCode(error);
      if (code === 'reward_already_unlocked') {
        void refresh();
        notify(errorText(code), 'info');
      } else {
        // The error namespace speaks of tickets for this code (generation); here it is coins.
        notify(code === 'user_insufficient_funds' ? t('profile.notEnoughCoins') : errorText(code), 'error');
      }
    },
  });

  const equip = useMutation({
    mutationFn: (ids: number[]) => equipRewards(ids),
    onSuccess: (player) => {
      queryClient.setQueryData(PLAYER_ME_KEY, player);
      notify(t('profile.lookSaved'), 'success');
      void refresh();
    },
    onError: (error) => notify(errorText(errorCode(error)), 'error'),
  });

  return { buy, equip };
}
