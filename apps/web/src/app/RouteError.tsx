import { useTranslation } from 'react-i18next';
import { Button } from '../ui/Button.tsx';
import styles from './RouteError.module.css';

/** Last-resort screen for an unexpected error (often a page chunk missing after a new deploy). */
export function RouteError() {
  const { t } = useTranslation('common');
  return (
    <div className={styles.page} role="alert">
      <h1 className={styles.title}>{t('route_error.title')}</h1>
      <p className={styles.text}>{t('route_error.text')}</p>
      <Button variant="primary" onClick={() => window.location.reload()}>
        {t('route_error.reload')}
      </Button>
    </div>
  );
}
