import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { Alert } from '../../ui/Alert.tsx';
import { PageLayout } from '../../ui/PageLayout.tsx';
import { PageSpinner } from '../../ui/Spinner.tsx';
import { errorCode } from '../api/index.ts';
import { useSession } from '../session/index.ts';
import { AuditTab } from './AuditTab.tsx';
import { HeldImagesTab } from './HeldImagesTab.tsx';
import { KeyBatchesTab } from './KeyBatchesTab.tsx';
import { pickTab, tabsOf, type ConsoleTab } from './model.ts';
import { useStaffMe } from './queries.ts';
import { ReportsTab } from './ReportsTab.tsx';
import { ReviewsTab } from './ReviewsTab.tsx';
import { RulesTab } from './RulesTab.tsx';
import { EventsTab } from './EventsTab.tsx';
import { PaymentsTab } from './PaymentsTab.tsx';
import { ErrorNotice } from './shared.tsx';
import { Tabs } from './Tabs.tsx';
import { UsersTab } from './UsersTab.tsx';
import { WorkersTab } from './WorkersTab.tsx';
import styles from './Mod.module.css';

const ID = 'mod';

/**
 * /mod, the moderation console (docs/product/moderation-console.md): the tabs of the areas the staff
 * member's roles open (GET /api/mod/me). Anyone else signed in is told it is not for them; a guest is
 * sent away by the route guard (and here, if signed out while on the page).
 */
export function ModConsole() {
  const { t } = useTranslation('mod');
  const { signedIn } = useSession();
  const me = useStaffMe(signedIn);
  const [params, setParams] = useSearchParams();
  if (!signedIn) return <Navigate to="/explore" replace />;

  const body = () => {
    if (me.isPending) return <PageSpinner label={t('loading')} />;
    if (me.isError) {
      if (errorCode(me.error) === 'unauthorized_resource') return <NotAvailable />;
      return <ErrorNotice error={me.error} onRetry={() => void me.refetch()} />;
    }
    const tabs = tabsOf(me.data.areas);
    const tab = pickTab(params.get('tab'), tabs);
    if (tab === null) return <NotAvailable />;
    const select = (next: ConsoleTab) =>
      setParams(
        (current) => {
          const copy = new URLSearchParams(current);
          copy.set('tab', next);
          return copy;
        },
        { replace: true },
      );
    return (
      <div className={styles.console} data-testid="mod-console">
        <Tabs
          label={t('tabs.label')}
          idPrefix={ID}
          tabs={tabs.map((value) => ({ value, label: t(`tabs.${value}`) }))}
          selected={tab}
          onSelect={select}
        />
        <div
          role="tabpanel"
          id={`${ID}-panel`}
          aria-labelledby={`${ID}-tab-${tab}`}
          tabIndex={0}
          className={styles.panel}
        >
          {tab === 'reports' && <ReportsTab />}
          {tab === 'images' && <HeldImagesTab />}
          {tab === 'reviews' && <ReviewsTab />}
          {tab === 'users' && <UsersTab areas={me.data.areas} />}
          {tab === 'rules' && <RulesTab areas={me.data.areas} />}
          {tab === 'keys' && <KeyBatchesTab />}
          {tab === 'workers' && <WorkersTab />}
          {tab === 'payments' && <PaymentsTab />}
          {tab === 'events' && <EventsTab />}
          {tab === 'audit' && <AuditTab />}
        </div>
      </div>
    );
  };

  return (
    <PageLayout title={t('title')} subtitle={t('subtitle')}>
      {body()}
    </PageLayout>
  );
}

function NotAvailable() {
  const { t } = useTranslation('mod');
  return (
    <Alert tone="info" testId="mod-not-available">
      <strong>{t('not_available.title')}</strong>
      <p>{t('not_available.text')}</p>
    </Alert>
  );
}
