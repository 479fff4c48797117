import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ResetPasswordForm } from '../features/account/ResetPasswordForm.tsx';
import { PageMeta } from '../features/meta/PageMeta.tsx';
import styles from './ResetPasswordPage.module.css';

export default function ResetPasswordPage() {
  const { t } = useTranslation('account');
  const [params] = useSearchParams();
  return (
    <div className={styles.page}>
      <PageMeta title={t('reset.title')} noindex />
      <section className={styles.card} aria-labelledby="reset-title">
        <header className={styles.header}>
          <h1 id="reset-title" className={styles.title}>
            {t('reset.title')}
          </h1>
          <p className={styles.subtitle}>{t('reset.subtitle')}</p>
        </header>
        <ResetPasswordForm token={params.get('token')} />
      </section>
    </div>
  );
}
