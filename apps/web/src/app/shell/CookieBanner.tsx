import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getConsent, setConsent, type Consent } from '../../features/cookie/consent.ts';
import { Button } from '../../ui/Button.tsx';
import styles from './CookieBanner.module.css';

export function CookieBanner() {
  const { t } = useTranslation('common');
  const [answered, setAnswered] = useState(() => getConsent() !== undefined);
  if (answered) return null;

  function answer(value: Consent) {
    // Through the consent store: analytics waiting for an answer start at once (docs/product/routes.md#analytics).
    setConsent(value);
    setAnswered(true);
  }

  return (
    <section className={styles.banner} aria-labelledby="cookie-title" data-testid="cookie-banner">
      <div className={styles.text}>
        <h2 id="cookie-title" className={styles.title}>
          {t('cookies.title')}
        </h2>
        <p className={styles.body}>{t('cookies.text')}</p>
      </div>
      <div className={styles.actions}>
        <Button
          size="sm"
          variant="outline"
          onClick={() => answer('essential')}
          data-testid="cookie-essential"
        >
          {t('cookies.essential')}
        </Button>
        <Button size="sm" variant="primary" onClick={() => answer('all')} data-testid="cookie-accept">
          {t('cookies.accept')}
        </Button>
      </div>
    </section>
  );
}
