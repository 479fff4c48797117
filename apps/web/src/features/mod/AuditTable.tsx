import { STAFF_ACTIONS } from '@mirage/domain';
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from './api.ts';
import { useFormatDate } from './shared.tsx';
import { StackedTable } from './StackedTable.tsx';

/** Audit entries as a table; on a phone each row becomes a card with its column names (StackedTable). */
export function AuditTable({ entries }: { entries: readonly AuditEntry[] }) {
  const { t } = useTranslation('mod');
  const formatDate = useFormatDate();
  const columns = {
    when: t('audit.when'),
    who: t('audit.who'),
    what: t('audit.what'),
    target: t('audit.target'),
    note: t('audit.note'),
  };
  return (
    <StackedTable columns={columns}>
      {entries.map((entry) => (
        <tr key={entry.id} data-testid="mod-audit-row" data-action={entry.action}>
          <td data-label={columns.when}>{formatDate(entry.created_at)}</td>
          <td data-label={columns.who}>{entry.actor}</td>
          <td data-label={columns.what}>
            {(STAFF_ACTIONS as readonly string[]).includes(entry.action)
              ? t(`audit.actions.${entry.action}`)
              : entry.action}
          </td>
          <td data-label={columns.target}>
            {t('audit.target_value', { type: entry.target_type, id: entry.target_id })}
          </td>
          <td data-label={columns.note}>{entry.note ?? '—'}</td>
        </tr>
      ))}
    </StackedTable>
  );
}
