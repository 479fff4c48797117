import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { notify } from '../../ui/notice.ts';
import { resolveFlaggedPayment, useFlaggedPayments, type FlaggedPayment } from './commerce-api.ts';
import { formatAmount } from './commerce-model.ts';
import { NoteDialog } from './NoteDialog.tsx';
import { MOD_KEY } from './queries.ts';
import { LoadMore, QueryStates, useFormatDate } from './shared.tsx';
import { StackedTable } from './StackedTable.tsx';
import styles from './Mod.module.css';

/** The flag reasons the console names; others (a newer server's) are shown as their code. */
const KNOWN_REASONS = ['amount_mismatch', 'renewal_amount_mismatch', 'unmatched', 'chargeback'] as const;

/**
 * Flagged payments (docs/product/moderation-console.md#flagged-payments), newest flag first: an admin
 * marks each reviewed with a note. Nothing is paid or taken back here; a correction is a balance
 * adjustment on the account's file (the ledger).
 */
export function PaymentsTab() {
  const { t, i18n } = useTranslation('mod');
  const formatDate = useFormatDate();
  const payments = useFlaggedPayments();
  const queryClient = useQueryClient();
  const [target, setTarget] = useState<FlaggedPayment | null>(null);
  const resolve = useMutation({
    mutationFn: ({ item, note }: { item: FlaggedPayment; note: string }) =>
      resolveFlaggedPayment(item.kind, item.id, note),
    onSuccess: () => {
      notify(t('payments.resolved_done'), 'success');
      setTarget(null);
      void queryClient.invalidateQueries({ queryKey: MOD_KEY });
    },
  });
  const items = payments.data?.pages.flatMap((page) => page.items) ?? [];
  const reasonText = (reason: string) => {
    const shortfall = /^(referrer_)?reversal_shortfall:(\d+)$/.exec(reason);
    if (shortfall) {
      return t(shortfall[1] ? 'payments.reason.referrer_shortfall' : 'payments.reason.shortfall', {
        tickets: Number(shortfall[2]),
      });
    }
    return (KNOWN_REASONS as readonly string[]).includes(reason)
      ? t(`payments.reason.${reason as (typeof KNOWN_REASONS)[number]}`)
      : reason;
  };
  const columns = {
    kind: t('payments.kind_column'),
    account: t('payments.account'),
    payment: t('payments.payment'),
    reason: t('payments.reason_column'),
    dates: t('payments.dates'),
    action: t('payments.action'),
  };
  return (
    <div className={styles.tab} data-testid="mod-payments">
      <p className={styles.muted}>{t('payments.intro')}</p>
      <QueryStates query={payments} items={items} empty={t('payments.empty')}>
        {(found) => (
          <StackedTable columns={columns} label={t('payments.caption')}>
            {found.map((item) => (
              <tr key={`${item.kind}:${item.id}`} data-testid="mod-payment-row" data-kind={item.kind}>
                <td data-label={columns.kind}>{t(`payments.kind.${item.kind}`)}</td>
                <td data-label={columns.account}>
                  {item.username ? `${item.username} (#${item.user_id})` : '—'}
                </td>
                <td data-label={columns.payment}>
                  {[
                    item.provider,
                    item.product,
                    formatAmount(item.amount_cents, item.currency, i18n.language),
                    item.status,
                  ]
                    .filter((part) => part && part !== '—')
                    .join(' · ') || '—'}
                  {item.reference && <div className={styles.muted}>{item.reference}</div>}
                </td>
                <td data-label={columns.reason}>{reasonText(item.reason)}</td>
                <td data-label={columns.dates}>
                  {t('payments.flagged_at', { date: formatDate(item.flagged_at) })}
                  <div className={styles.muted}>
                    {t('payments.created_at', { date: formatDate(item.created_at) })}
                  </div>
                </td>
                <td data-label={columns.action}>
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => {
                      resolve.reset();
                      setTarget(item);
                    }}
                    data-testid="mod-payment-resolve"
                  >
                    {t('payments.resolve')}
                  </Button>
                </td>
              </tr>
            ))}
          </StackedTable>
        )}
      </QueryStates>
      <LoadMore query={payments} />
      <NoteDialog
        open={target !== null}
        onOpenChange={(next) => !next && setTarget(null)}
        title={t('payments.resolve_title')}
        description={t('payments.resolve_text')}
        label={t('note.reason')}
        confirm={t('payments.resolve')}
        pending={resolve.isPending}
        error={resolve.error}
        onSubmit={(note) => target && resolve.mutate({ item: target, note })}
      />
    </div>
  );
}
