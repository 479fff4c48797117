import { COOKIE } from '@mirage/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteCookie, getCookie } from '../cookie/index.ts';
import styles from './AuthPanel.module.css';

/**
 * Shown on sign-up while a referral code is saved (cookie referral_code, docs/product/accounts.md#sign-in).
 */
export function ReferralBanner() {
  const { t } = useTranslation('account');
  const [code, setCode] = useState(() => getCookie(COOKIE.referralCode) ?? null);
  if (!code) return null;
  return (
    <div className={styles.referral} data-testid="referral-banner">
      <p>{t('referral.banner', { code })}</p>
      <button
        type="button"
        className={styles.referralRemove}
        onClick={() => {
          deleteCookie(COOKIE.referralCode);
          setCode(null);
        }}
      >
        {t('referral.remove')}
      </button>
    </div>
  );
}
