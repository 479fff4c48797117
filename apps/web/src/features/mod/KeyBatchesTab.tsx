import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { notify } from '../../ui/notice.ts';
import { NoteDialog } from './NoteDialog.tsx';
import { revokeKeyBatch, useKeyBatches, type KeyBatch } from './operations-api.ts';
import { MOD_KEY } from './queries.ts';
import { QueryStates, useFormatDate } from './shared.tsx';
import { StackedTable } from './StackedTable.tsx';
import styles from './Mod.module.css';

/**
 * Reseller serial-key batches (docs/product/moderation-console.md#serial-key-batches), admins only: what each
 * batch is worth and how many of its keys were redeemed or revoked; revoking one stops its unredeemed keys.
 * Minting stays with the CLI (`npm run keys -- mint`), which writes the keys once to a file.
 */
export function KeyBatchesTab() {
  const { t } = useTranslation('mod');
  const formatDate = useFormatDate();
  const batches = useKeyBatches();
  const queryClient = useQueryClient();
  const [revoking, setRevoking] = useState<KeyBatch | null>(null);
  const revoke = useMutation({
    mutationFn: ({ batch, note }: { batch: KeyBatch; note: string }) => revokeKeyBatch(batch.id, note),
    onSuccess: () => {
      setRevoking(null);
      notify(t('keys.revoked_done'), 'success');
      void queryClient.invalidateQueries({ queryKey: MOD_KEY });
    },
  });
  const columns = {
    batch: t('keys.batch'),
    worth: t('keys.worth'),
    keys: t('keys.counts'),
    created: t('keys.created'),
    state: t('keys.state'),
  };
  return (
    <div className={styles.tab}>
      <p className={styles.muted}>{t('keys.mint_hint')}</p>
      <QueryStates query={batches} items={batches.data?.items ?? []} empty={t('keys.empty')}>
        {(items) => (
          <StackedTable columns={columns} actionsLabel={t('keys.actions')}>
            {items.map((batch) => (
              <tr key={batch.id} data-testid="mod-key-batch">
                <td data-label={columns.batch}>
                  {t('keys.batch_name', { id: batch.id, reseller: batch.reseller })}
                  {batch.note && <span className={styles.muted}> · {batch.note}</span>}
                </td>
                <td data-label={columns.worth}>
                  {t('keys.worth_value', { tickets: batch.tickets, days: batch.pro_days })}
                </td>
                <td data-label={columns.keys}>
                  {t('keys.counts_value', {
                    minted: batch.minted,
                    redeemed: batch.redeemed,
                    revoked: batch.revoked,
                  })}
                </td>
                <td data-label={columns.created}>{formatDate(batch.created_at)}</td>
                <td data-label={columns.state}>
                  {batch.revoked_at
                    ? t('keys.revoked_at', { date: formatDate(batch.revoked_at) })
                    : t('keys.active')}
                </td>
                <td>
                  {!batch.revoked_at && (
                    <Button
                      size="sm"
                      variant="secondary"
                      onClick={() => {
                        revoke.reset();
                        setRevoking(batch);
                      }}
                      aria-label={t('keys.revoke_named', { id: batch.id, reseller: batch.reseller })}
                      data-testid="mod-key-batch-revoke"
                    >
                      {t('keys.revoke')}
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </StackedTable>
        )}
      </QueryStates>
      <NoteDialog
        open={revoking !== null}
        onOpenChange={(open) => {
          if (!open) setRevoking(null);
        }}
        title={t('keys.revoke_title', { id: revoking?.id ?? 0, reseller: revoking?.reseller ?? '' })}
        description={t('keys.revoke_text')}
        label={t('note.reason')}
        confirm={t('keys.revoke')}
        variant="danger"
        pending={revoke.isPending}
        error={revoke.error}
        onSubmit={(note) => revoking && revoke.mutate({ batch: revoking, note })}
      />
    </div>
  );
}
