import { COOKIE } from '@mirage/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getCookie, setCookie } from '../../features/cookie/cookie.ts';
import { Button } from '../../ui/Button.tsx';
import styles from './CookieBanner.module.css';

/** Consent lasts a year; "essential" means only the cookies the service cannot work without. */
const CONSENT_DAYS = 365;

export function CookieBanner() {
  const { t } = useTranslation('common');
  const [answered, setAnswered] = useState(() => getCookie(COOKIE.cookieConsent) !== undefined);
  if (answered) return null;

  function answer(value: 'all' | 'essential') {
    setCookie(COOKIE.cookieConsent, value, CONSENT_DAYS);
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
