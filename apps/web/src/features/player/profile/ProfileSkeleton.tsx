import { Spinner } from '../../../ui/Spinner.tsx';
import { PanelSkeleton } from './PanelSkeleton.tsx';
import { ProfileStats } from './ProfileStats.tsx';
import panels from './Panels.module.css';
import styles from './Profile.module.css';

/**
 * The profile while its player loads: the hero's box with a spinner where the avatar goes, the statistics'
 * boxes, and the achievements (the owner's tabs), each the size of what replaces it, so nothing moves when
 * the data arrives.
 */
export function ProfileSkeleton({ owner, label }: { owner: boolean; label: string }) {
  return (
    <div className={styles.skeletonStack} aria-busy="true" data-testid="profile-loading">
      <section className={styles.hero}>
        <div className={styles.avatarBox}>
          <span className={styles.avatarPlaceholder}>
            <Spinner size={36} label={label} />
          </span>
        </div>
        <div className={styles.identity}>
          <span className={`${styles.name} ${styles.placeholderBar}`} style={{ width: '12ch' }} />
          <span className={`${styles.facts} ${styles.placeholderBar}`} style={{ width: '22ch' }} />
          {owner && <span className={`${styles.xp} ${styles.placeholderBar}`} />}
        </div>
        {owner && (
          <div className={styles.ownerBox}>
            <span className={`${styles.coins} ${styles.placeholderBlock}`} />
            <span className={`${styles.editPlaceholder} ${styles.placeholderBlock}`} />
          </div>
        )}
      </section>
      <ProfileStats />
      {owner ? (
        <div className={panels.tabs}>
          <div className={panels.tabList}>
            <span className={panels.tabPlaceholder} />
          </div>
          <div className={panels.panel}>
            <PanelSkeleton />
          </div>
        </div>
      ) : (
        <div className={panels.publicSection}>
          <span className={`${panels.sectionTitle} ${styles.placeholderBar}`} style={{ width: '16ch' }} />
          <PanelSkeleton cards={1} head={false} />
        </div>
      )}
    </div>
  );
}
