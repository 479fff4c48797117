import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button.tsx';
import { DialogFrame } from '../../../ui/DialogFrame.tsx';
import { TrophyIcon } from '../../../ui/icons.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { fetchNotifications } from '../api.ts';
import { achievementTitle, isUnclaimedReward } from './bell.ts';
import { CoinIcon, LevelIcon } from './icons.tsx';
import { NOTIFICATIONS_PREFIX, useConsume } from './useConsume.ts';
import styles from './RewardOverlay.module.css';

export interface RewardOverlayProps {
  open: boolean;
  /** "Later" (or the dialog closed otherwise): hidden until the count of rewards grows again. */
  onLater: () => void;
}

/** Under the bell's lists, so that a refresh of the player and a claim reach it too (useConsume.ts). */
const REWARDS_KEY = [...NOTIFICATIONS_PREFIX, 'rewards'] as const;
const REWARD_TYPES = ['level_up', 'achievement'] as const;

/**
 * "A level-up/reward claim overlay shows while rewards are unclaimed" (docs/product/player.md): the levels
 * and achievements whose coins wait, each with Claim; "Later" hides it. Claiming lowers the bell's count.
 */
export function RewardOverlay({ open, onLater }: RewardOverlayProps) {
  const { t } = useTranslation('player');
  const rewards = useQuery({
    queryKey: REWARDS_KEY,
    queryFn: ({ signal }) =>
      fetchNotifications({ page: 0, size: 50, scopes: REWARD_TYPES.join(',') }, signal),
    enabled: open,
  });
  const { busy, consumeOne, consumeTypes } = useConsume();
  const items = (rewards.data?.items ?? []).filter(isUnclaimedReward);
  const level = Math.max(0, ...items.map((item) => (item.type === 'level_up' ? (item.level ?? 0) : 0)));

  return (
    <DialogFrame
      open={open}
      onOpenChange={(next) => {
        if (!next) onLater();
      }}
      title={level > 0 ? t('levelUp.title') : t('levelUp.rewards')}
      description={t('levelUp.description')}
      testId="reward-overlay"
    >
      {level > 0 && (
        <div className={styles.hero} data-testid="reward-level">
          <span className={styles.heroIcon}>
            <LevelIcon size={30} />
          </span>
          <span className={styles.heroText}>{t('levelUp.level', { level })}</span>
        </div>
      )}
      {rewards.isPending ? (
        <div className={styles.state}>
          <Spinner size={24} label={t('notifications.loading')} />
        </div>
      ) : (
        <ul className={styles.list} aria-label={t('levelUp.rewards')}>
          {items.map((item) => (
            <li key={item.id} className={styles.item} data-testid="reward-item" data-type={item.type}>
              <span className={styles.icon}>
                {item.type === 'level_up' ? <LevelIcon size={20} /> : <TrophyIcon size={20} />}
              </span>
              <span className={styles.label}>
                {item.type === 'level_up'
                  ? t('levelUp.level', { level: item.level ?? 0 })
                  : t('notifications.achievement', {
                      title: achievementTitle(t, item.achievement_id) ?? '',
                    })}
                <span className={styles.coins}>
                  <CoinIcon size={16} />
                  {t('levelUp.coins', { count: item.reward_tokens })}
                </span>
              </span>
              <Button
                variant="primary"
                size="sm"
                onClick={() => void consumeOne(item.id)}
                pending={busy === item.id}
                disabled={busy === 'types'}
                data-testid="reward-claim"
              >
                {t('levelUp.claim')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className={styles.actions}>
        <Button variant="ghost" onClick={onLater} data-testid="reward-later">
          {t('levelUp.later')}
        </Button>
        {items.length > 1 && (
          <Button
            variant="primary"
            onClick={() => void consumeTypes(REWARD_TYPES)}
            pending={busy === 'types'}
            data-testid="reward-claim-all"
          >
            {t('notifications.claimAll')}
          </Button>
        )}
      </div>
    </DialogFrame>
  );
}
