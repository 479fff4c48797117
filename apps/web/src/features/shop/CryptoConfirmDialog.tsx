import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import styles from './RedeemCard.module.css';

/** The crypto confirmation modal (spec §2): how a crypto payment works, before the buyer leaves for it. */
export function CryptoConfirmDialog({
  open,
  price,
  onContinue,
  onBack,
}: {
  open: boolean;
  /** "$8.99". */
  price: string;
  onContinue: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('shop');
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onBack()}
      title={t('checkout.crypto.title')}
      testId="crypto-confirm"
    >
      <div className={styles.dialogBody}>
        <p>{t('checkout.crypto.body', { price })}</p>
        <p>{t('checkout.crypto.confirmations')}</p>
        <p>{t('checkout.crypto.oneOff')}</p>
        <div className={styles.dialogActions}>
          <Button variant="primary" block onClick={onContinue} data-testid="crypto-continue">
            {t('checkout.crypto.continue')}
          </Button>
          <Button variant="ghost" block onClick={onBack} data-testid="crypto-back">
            {t('checkout.crypto.back')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
