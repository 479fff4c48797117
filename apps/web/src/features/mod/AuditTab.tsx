import { useTranslation } from 'react-i18next';
import { AuditTable } from './AuditTable.tsx';
import { useAudit } from './queries.ts';
import { LoadMore, QueryStates } from './shared.tsx';
import styles from './Mod.module.css';

/** The audit log (docs/product/moderation-console.md#the-audit-log): newest first, older pages on demand. */
export function AuditTab() {
  const { t } = useTranslation('mod');
  const audit = useAudit();
  const entries = audit.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <div className={styles.tab} data-testid="mod-audit">
      <QueryStates query={audit} items={entries} empty={t('audit.empty')}>
        {(items) => <AuditTable entries={items} />}
      </QueryStates>
      <LoadMore query={audit} />
    </div>
  );
}
