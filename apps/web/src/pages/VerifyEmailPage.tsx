import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { VerifyEmailResult } from '../features/account/VerifyEmailResult.tsx';
import { PageMeta } from '../features/meta/PageMeta.tsx';
// The same single-card page as the password reset's.
import styles from './ResetPasswordPage.module.css';

export default function VerifyEmailPage() {
  const { t } = useTranslation('account');
  const [params] = useSearchParams();
  return (
    <div className={styles.page}>
      <PageMeta title={t('verify.title')} noindex />
      <section className={styles.card} aria-labelledby="verify-title">
        <header className={styles.header}>
          <h1 id="verify-title" className={styles.title}>
            {t('verify.title')}
          </h1>
        </header>
        <VerifyEmailResult token={params.get('token')} />
      </section>
    </div>
  );
}
