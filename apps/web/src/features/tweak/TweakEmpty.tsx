import { useTranslation } from 'react-i18next';
import { Alert } from '../../ui/Alert.tsx';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import { CompassIcon, ImageIcon, PaletteIcon } from '../../ui/icons.tsx';
import styles from './Tweak.module.css';

/**
 * No source to show (docs/architecture.md: every empty state says what to do next): how to pick one, with
 * the ways there; or why the chosen one cannot be shown.
 */
export function TweakEmpty({
  reason,
  onRetry,
}: {
  reason: 'none' | 'not-found' | 'error';
  onRetry?: () => void;
}) {
  const { t } = useTranslation('tweak');
  return (
    <section className={styles.empty} aria-labelledby="tweak-empty-title" data-testid="tweak-empty">
      <span className={styles.emptyIcon} aria-hidden="true">
        <PaletteIcon size={28} />
      </span>
      <h2 id="tweak-empty-title" className={styles.emptyTitle}>
        {reason === 'none' ? t('empty.title') : t('empty.unavailable_title')}
      </h2>
      {reason === 'error' ? (
        <Alert testId="tweak-load-error">{t('load_failed')}</Alert>
      ) : (
        <p className={styles.emptyText}>
          {reason === 'none' ? t('empty.text') : t('empty.unavailable_text')}
        </p>
      )}
      <ol className={styles.steps}>
        <li>{t('empty.step_pick')}</li>
        <li>{t('empty.step_menu')}</li>
        <li>{t('empty.step_paint')}</li>
      </ol>
      <div className={styles.emptyActions}>
        {reason === 'error' && onRetry && (
          <Button variant="secondary" onClick={onRetry}>
            {t('retry')}
          </Button>
        )}
        <ButtonLink to="/creations" variant="primary" data-testid="tweak-empty-creations">
          <ImageIcon size={18} />
          {t('empty.creations')}
        </ButtonLink>
        <ButtonLink to="/explore" variant="outline" data-testid="tweak-empty-explore">
          <CompassIcon size={18} />
          {t('empty.explore')}
        </ButtonLink>
      </div>
    </section>
  );
}
