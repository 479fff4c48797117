import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { PageSpinner } from '../../ui/Spinner.tsx';
import { AuditTable } from './AuditTable.tsx';
import { useAudit } from './queries.ts';
import { ErrorNotice } from './shared.tsx';
import styles from './Mod.module.css';

/** The audit log (docs/product/moderation-console.md#the-audit-log): newest first, older pages on demand. */
export function AuditTab() {
  const { t } = useTranslation('mod');
  const audit = useAudit();
  const entries = audit.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <div className={styles.tab} data-testid="mod-audit">
      {audit.isPending ? (
        <PageSpinner label={t('loading')} />
      ) : audit.isError ? (
        <ErrorNotice error={audit.error} onRetry={() => void audit.refetch()} />
      ) : entries.length === 0 ? (
        <p className={styles.empty}>{t('audit.empty')}</p>
      ) : (
        <AuditTable entries={entries} />
      )}
      {audit.hasNextPage && (
        <Button
          variant="secondary"
          onClick={() => void audit.fetchNextPage()}
          pending={audit.isFetchingNextPage}
        >
          {t('load_more')}
        </Button>
      )}
    </div>
  );
}
