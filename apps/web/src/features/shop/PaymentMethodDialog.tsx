import { useTranslation } from 'react-i18next';
import { Dialog } from '../../ui/Dialog.tsx';
import type { ProviderId } from './checkout.ts';
import styles from './Dialogs.module.css';

/** How to pay, when the shop offers more than one way: Card (CCBill), Crypto (NOWPayments), Test payment. */
export function PaymentMethodDialog({
  product,
  summary,
  providers,
  onPay,
  onClose,
}: {
  /** The product being bought; null while closed. */
  product: string | null;
  /** "400 tickets for $8.99". */
  summary: string;
  providers: readonly ProviderId[];
  onPay: (provider: ProviderId, product: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('shop');
  return (
    <Dialog
      open={product !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('checkout.title')}
      description={summary}
      testId="method-dialog"
    >
      <ul className={styles.methods}>
        {providers.map((provider) => (
          <li key={provider}>
            <button
              type="button"
              className={styles.method}
              onClick={() => product && onPay(provider, product)}
              data-testid="method-option"
              data-provider={provider}
            >
              <span className={styles.methodName}>{t(`checkout.methods.${provider}`)}</span>
              <span className={styles.methodDetail}>{t(`checkout.details.${provider}`)}</span>
            </button>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
