import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../ui/Button.tsx';
import { SparkleIcon } from '../../ui/icons.tsx';
import { PageLayout } from '../../ui/PageLayout.tsx';
import { useSession } from '../session/useSession.ts';
import styles from './ExploreEmpty.module.css';

const FRAMES = ['portrait', 'wide', 'square', 'portrait', 'square', 'wide'] as const;

/** The gallery shell with an honest empty state: no sample images until the public gallery exists. */
export function ExploreEmpty() {
  const { t } = useTranslation('pages');
  const { signedIn } = useSession();
  return (
    <PageLayout title={t('explore.title')} subtitle={t('explore.subtitle')}>
      <section className={styles.empty} aria-labelledby="explore-empty-title" data-testid="explore-empty">
        <div className={styles.frames} aria-hidden="true">
          {FRAMES.map((shape, index) => (
            <span key={index} className={[styles.frame, styles[shape]].join(' ')} />
          ))}
        </div>
        <div className={styles.message}>
          <span className={styles.badge}>
            <SparkleIcon size={16} />
            {t('explore.badge')}
          </span>
          <h2 id="explore-empty-title" className={styles.emptyTitle}>
            {t('explore.empty_title')}
          </h2>
          <p className={styles.emptyText}>{t('explore.empty_text')}</p>
          <div className={styles.actions}>
            {signedIn ? (
              <ButtonLink to="/create" variant="primary" size="lg">
                {t('explore.cta_create')}
              </ButtonLink>
            ) : (
              <>
                <ButtonLink to="/account/signup" variant="primary" size="lg">
                  {t('explore.cta_signup')}
                </ButtonLink>
                <ButtonLink to="/create" variant="outline" size="lg">
                  {t('explore.cta_create')}
                </ButtonLink>
              </>
            )}
          </div>
        </div>
      </section>
    </PageLayout>
  );
}
