import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { PageSpinner, Spinner } from '../../ui/Spinner.tsx';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import { VerifyEmailNotice } from '../account/index.ts';
import { useSession, ME_QUERY_KEY } from '../session/index.ts';
import { ReferralSection } from '../referral/index.ts';
import { AudioCard } from './AudioCard.tsx';
import { HiddenTagsCard } from './HiddenTagsCard.tsx';
import { PasswordCard } from './PasswordCard.tsx';
import { PreferencesCard } from './PreferencesCard.tsx';
import { SessionCard } from './SessionCard.tsx';
import { AccountDataCard, DeleteAccountCard } from './AccountDataCard.tsx';
import { UsernameCard } from './UsernameCard.tsx';
import { PageLayout } from '../../ui/PageLayout.tsx';
import styles from './SettingsView.module.css';

// The plan cards (the shop feature's) load on their own, with the shop's code: a static import would put
// the whole shop in this page's first load (see PlanSettingsCards.tsx).
const PlanSettingsCards = lazy(() => import('../shop/index.ts').then((shop) => shop.loadPlanSettingsCards()));

/** /settings: account, preferences, content (hidden tags), plan and keys, and session. */
export function SettingsView() {
  const { t } = useTranslation('settings');
  const { signedIn, user, loading } = useSession();
  const queryClient = useQueryClient();
  // Signed out while here (the server refused the session): a guest has no settings.
  if (!signedIn) return <Navigate to="/explore" replace />;

  return (
    <PageLayout title={t('title')} subtitle={t('subtitle')} width="narrow">
      {loading ? (
        <PageSpinner label={t('loading')} />
      ) : !user ? (
        <div className={styles.error}>
          <Alert>{t('load_failed')}</Alert>
          <Button
            variant="secondary"
            onClick={() => void queryClient.refetchQueries({ queryKey: ME_QUERY_KEY })}
          >
            {t('retry')}
          </Button>
        </div>
      ) : (
        <div className={styles.sections}>
          {!user.email_verified && <VerifyEmailNotice email={user.email} />}
          <section className={styles.section} aria-labelledby="settings-account">
            <h2 id="settings-account" className={styles.sectionTitle}>
              {t('sections.account')}
            </h2>
            <UsernameCard key={user.username} user={user} />
            <PasswordCard />
          </section>
          <section className={styles.section} aria-labelledby="settings-preferences">
            <h2 id="settings-preferences" className={styles.sectionTitle}>
              {t('sections.preferences')}
            </h2>
            <PreferencesCard user={user} />
            <AudioCard />
          </section>
          <section className={styles.section} aria-labelledby="settings-content">
            <h2 id="settings-content" className={styles.sectionTitle}>
              {t('sections.content')}
            </h2>
            <HiddenTagsCard />
          </section>
          <section className={styles.section} aria-labelledby="settings-plan">
            <h2 id="settings-plan" className={styles.sectionTitle}>
              {t('sections.plan')}
            </h2>
            <Suspense fallback={<Spinner size={20} />}>
              <PlanSettingsCards />
            </Suspense>
          </section>
          <ReferralSection className={styles.section} titleClassName={styles.sectionTitle} />
          <section className={styles.section} aria-labelledby="settings-session">
            <h2 id="settings-session" className={styles.sectionTitle}>
              {t('sections.session')}
            </h2>
            <SessionCard user={user} />
          </section>
          <section className={styles.section} aria-labelledby="settings-data">
            <h2 id="settings-data" className={styles.sectionTitle}>
              {t('sections.data')}
            </h2>
            <AccountDataCard />
            <DeleteAccountCard />
          </section>
        </div>
      )}
    </PageLayout>
  );
}
