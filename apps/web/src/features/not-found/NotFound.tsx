import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../ui/Button.tsx';
import { CompassIcon } from '../../ui/icons.tsx';
import { MirageIllustration } from './MirageIllustration.tsx';
import styles from './NotFound.module.css';

export function NotFound() {
  const { t } = useTranslation('pages');
  return (
    <div className={styles.page} data-testid="not-found">
      <MirageIllustration />
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 className={styles.title}>{t('not_found.title')}</h1>
      <p className={styles.text}>{t('not_found.text')}</p>
      <ButtonLink to="/explore" variant="primary" size="lg">
        <CompassIcon size={18} />
        {t('not_found.cta')}
      </ButtonLink>
    </div>
  );
}
