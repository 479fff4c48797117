import { EQUIP_SLOT, REWARD_TYPES, rewardById } from '@mirage/domain';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId } from 'react';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { CheckIcon } from '../../../ui/icons.tsx';
import type { Player, RewardEntry } from '../api.ts';
import { PanelSkeleton } from './PanelSkeleton.tsx';
import { RewardPreview } from './RewardPreview.tsx';
import { usePlayerTexts } from '../texts.ts';
import { useRewardActions } from './useRewardActions.ts';
import styles from './Panels.module.css';

type Actions = ReturnType<typeof useRewardActions>;

/** Every cosmetic by type: a preview, its name, and Equipped, Equip or Buy for its price in coins. */
export function RewardsPanel({
  query,
  player,
  username,
}: {
  query: UseQueryResult<RewardEntry[]>;
  player: Player | undefined;
  username: string;
}) {
  const { t, rewardType } = usePlayerTexts();
  const actions = useRewardActions();
  if (query.isPending) return <PanelSkeleton />;
  if (query.isError) {
    return (
      <div className={styles.failed}>
        <Alert>{t('profile.loadFailed')}</Alert>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          {t('profile.retry')}
        </Button>
      </div>
    );
  }
  return (
    <div className={styles.panelBody}>
      {REWARD_TYPES.map((type) => (
        <section key={type} className={styles.rewardGroup} aria-labelledby={`rewards-${type}`}>
          <h3 id={`rewards-${type}`} className={styles.groupTitle}>
            {rewardType(type)}
          </h3>
          <ul className={styles.rewardGrid}>
            {query.data
              .filter((item) => item.type === type)
              .map((item) => (
                <RewardCard key={item.id} item={item} player={player} username={username} actions={actions} />
              ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function RewardCard({
  item,
  player,
  username,
  actions,
}: {
  item: RewardEntry;
  player: Player | undefined;
  username: string;
  actions: Actions;
}) {
  const { t, rewardName } = usePlayerTexts();
  const nameId = useId();
  const data = item.data ?? rewardById(item.id)?.data ?? '';
  const equipped = player?.equipped[EQUIP_SLOT[item.type]].id === item.id;
  const state = equipped ? 'equipped' : item.consumed ? 'owned' : 'locked';
  const buying = actions.buy.isPending && actions.buy.variables.id === item.id;
  const equipping = actions.equip.isPending && actions.equip.variables.includes(item.id);
  return (
    <li className={styles.reward} data-state={state} data-testid="reward" data-key={item.key}>
      <RewardPreview type={item.type} data={data} base={player?.equipped} username={username} />
      <span id={nameId} className={styles.rewardName}>
        {rewardName(item.key)}
      </span>
      {state === 'equipped' ? (
        <span className={styles.equipped}>
          <CheckIcon size={16} />
          {t('profile.equipped')}
        </span>
      ) : state === 'owned' ? (
        <>
          <span className={styles.ownedNote}>{t('profile.owned')}</span>
          <Button
            size="sm"
            variant="secondary"
            block
            className={styles.rewardAction}
            pending={equipping}
            disabled={!player || actions.equip.isPending}
            aria-describedby={nameId}
            onClick={() => actions.equip.mutate([item.id])}
            data-testid="reward-equip"
          >
            {t('profile.equip')}
          </Button>
        </>
      ) : (
        <Button
          size="sm"
          variant="outline"
          block
          className={styles.rewardAction}
          pending={buying}
          disabled={actions.buy.isPending}
          aria-describedby={nameId}
          onClick={() => actions.buy.mutate({ id: item.id, type: item.type, key: item.key })}
          data-testid="reward-buy"
        >
          {t('profile.buy', { price: item.price })}
        </Button>
      )}
    </li>
  );
}
