import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import type { RedeemConflict } from './RedeemCard.tsx';
import styles from './RedeemCard.module.css';

/**
 * The redeem-conflicts modal (spec §2, not closable): the key carries Pro days and a plan already runs.
 * Confirming sends the same redeem with `confirm=true`; keeping leaves the key unused.
 */
export function RedeemConflictDialog({
  conflict,
  pending,
  onConfirm,
  onKeep,
}: {
  conflict: RedeemConflict | null;
  pending: boolean;
  onConfirm: () => void;
  onKeep: () => void;
}) {
  const { t } = useTranslation('shop');
  const code = conflict?.code ?? 'already_pro';
  return (
    <Dialog
      open={conflict !== null}
      onOpenChange={() => undefined}
      dismissible={false}
      title={t(`redeem.conflict.title.${code}`)}
      testId="redeem-conflict"
    >
      <div className={styles.dialogBody}>
        <p>{t(`redeem.conflict.body.${code}`, { count: conflict?.duration ?? 0 })}</p>
        {conflict && conflict.tickets > 0 && (
          <p>{t('redeem.conflict.tickets', { count: conflict.tickets })}</p>
        )}
        <div className={styles.dialogActions}>
          <Button variant="primary" block onClick={onConfirm} disabled={pending} data-testid="redeem-confirm">
            {t('redeem.conflict.confirm')}
          </Button>
          <Button variant="ghost" block onClick={onKeep} disabled={pending} data-testid="redeem-keep">
            {t('redeem.conflict.keep')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
