import { useTranslation } from 'react-i18next';
import { Alert } from '../../ui/Alert.tsx';
import { ResendVerificationButton } from './ResendVerificationButton.tsx';
import styles from './VerifyEmail.module.css';

/**
 * "Your email isn't verified", what for, and a way to get a new link: on the settings page, and in the shop
 * when an unverified buyer presses Buy (`reason: 'purchase'`).
 */
export function VerifyEmailNotice({ email, reason }: { email: string; reason?: 'purchase' }) {
  const { t } = useTranslation('account');
  return (
    <div className={styles.notice} data-testid="verify-notice">
      <Alert tone="info">
        <strong className={styles.noticeTitle}>{t('verify.notice_title')}</strong>{' '}
        {t(reason === 'purchase' ? 'verify.purchase_body' : 'verify.notice_body', { email })}
      </Alert>
      <div>
        <ResendVerificationButton />
      </div>
    </div>
  );
}
