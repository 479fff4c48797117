import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Dialog } from '../../../ui/Dialog.tsx';
import type { AchievementEntry } from '../api.ts';
import { AchievementItem } from './AchievementItem.tsx';
import { PanelSkeleton } from './PanelSkeleton.tsx';
import { usePlayerTexts } from '../texts.ts';
import styles from './Panels.module.css';

/** The owner's unlocked achievements, and the dialog of every achievement (locked ones greyed). */
export function AchievementsPanel({ query }: { query: UseQueryResult<AchievementEntry[]> }) {
  const { t } = usePlayerTexts();
  const [allOpen, setAllOpen] = useState(false);
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
  const unlocked = query.data.filter((entry) => entry.unlocked);
  return (
    <div className={styles.panelBody}>
      <div className={styles.panelHead}>
        <Button variant="outline" size="sm" onClick={() => setAllOpen(true)} data-testid="all-achievements">
          {t('profile.allAchievements')}
        </Button>
      </div>
      {unlocked.length === 0 ? (
        <p className={styles.empty} data-testid="achievements-empty">
          {t('profile.noAchievements')}
        </p>
      ) : (
        <ul className={styles.achievementGrid}>
          {unlocked.map((entry) => (
            <AchievementItem key={entry.id} entry={entry} />
          ))}
        </ul>
      )}
      <Dialog
        open={allOpen}
        onOpenChange={setAllOpen}
        title={t('profile.allAchievements')}
        description={t('profile.allAchievementsDescription')}
        testId="all-achievements-dialog"
      >
        <ul className={styles.achievementList}>
          {query.data.map((entry) => (
            <AchievementItem key={entry.id} entry={entry} />
          ))}
        </ul>
      </Dialog>
    </div>
  );
}
