import styles from './Panels.module.css';

/** A tab's content while it loads: cards of the size of those that replace them. */
export function PanelSkeleton({ cards = 4, head = true }: { cards?: number; head?: boolean }) {
  return (
    <div className={styles.panelBody} aria-busy="true" data-testid="panel-loading">
      {head && (
        <div className={styles.panelHead}>
          <span className={styles.skeletonButton} />
        </div>
      )}
      <div className={styles.achievementGrid}>
        {Array.from({ length: cards }, (_, index) => (
          <span key={index} className={styles.skeletonCard} />
        ))}
      </div>
    </div>
  );
}
