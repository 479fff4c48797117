import { ACHIEVEMENTS, REWARDS } from '@mirage/domain';
import { useRef, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Player } from '../api.ts';
import { useAchievements, useItems } from '../queries.ts';
import { AchievementsPanel } from './AchievementsPanel.tsx';
import { RewardsPanel } from './RewardsPanel.tsx';
import { PROFILE_TABS, tabFromHash, type ProfileTab } from './slug.ts';
import { usePlayerTexts } from '../texts.ts';
import styles from './Panels.module.css';
import { tabKeyTarget } from '../../../ui/tabKeys.ts';

/**
 * The owner's two tabs, achievements and rewards, each with its unlocked/max count. The address's hash
 * (#achievements, #rewards) selects one, so a link can open the rewards; arrow keys move between them.
 */
export function OwnerTabs({ player, username }: { player: Player | undefined; username: string }) {
  const { t } = usePlayerTexts();
  const location = useLocation();
  const navigate = useNavigate();
  const achievements = useAchievements(true);
  const items = useItems(true);
  const tabRefs = useRef<Partial<Record<ProfileTab, HTMLButtonElement | null>>>({});
  const selected = tabFromHash(location.hash);

  const counts: Record<ProfileTab, { unlocked: number | string; max: number }> = {
    achievements: {
      unlocked: achievements.data ? achievements.data.filter((a) => a.unlocked).length : '–',
      max: achievements.data?.length ?? ACHIEVEMENTS.length,
    },
    rewards: {
      unlocked: items.data ? items.data.filter((item) => item.consumed).length : '–',
      max: items.data?.length ?? REWARDS.length,
    },
  };

  function select(tab: ProfileTab, focus = false) {
    if (tab !== selected) {
      void navigate(
        { pathname: location.pathname, search: location.search, hash: tab },
        { replace: true, preventScrollReset: true },
      );
    }
    if (focus) tabRefs.current[tab]?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const index = PROFILE_TABS.indexOf(selected);
    const next = tabKeyTarget(event.key, index, PROFILE_TABS.length);
    if (next === null) return;
    event.preventDefault();
    select(PROFILE_TABS[next]!, true);
  }

  return (
    <div className={styles.tabs}>
      <div role="tablist" className={styles.tabList} aria-label={t('profile.sectionsLabel')}>
        {PROFILE_TABS.map((tab) => (
          <button
            key={tab}
            ref={(node) => {
              tabRefs.current[tab] = node;
            }}
            type="button"
            role="tab"
            id={`profile-tab-${tab}`}
            aria-controls={tab === selected ? `profile-panel-${tab}` : undefined}
            aria-selected={tab === selected}
            tabIndex={tab === selected ? 0 : -1}
            className={styles.tab}
            onClick={() => select(tab)}
            onKeyDown={onKeyDown}
            data-testid={`profile-tab-${tab}`}
          >
            {t(`profile.tabs.${tab}`, counts[tab])}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`profile-panel-${selected}`}
        aria-labelledby={`profile-tab-${selected}`}
        className={styles.panel}
        tabIndex={0}
        data-testid={`profile-panel-${selected}`}
      >
        {selected === 'achievements' ? (
          <AchievementsPanel query={achievements} />
        ) : (
          <RewardsPanel query={items} player={player} username={username} />
        )}
      </div>
    </div>
  );
}
