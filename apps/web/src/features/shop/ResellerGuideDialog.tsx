import { useTranslation } from 'react-i18next';
import { Button, buttonClass } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { ExternalIcon } from '../../ui/icons.tsx';
import type { Reseller } from './api.ts';
import styles from './RedeemCard.module.css';

/** The reseller guide (spec §2 modals): how a key is bought and redeemed, and where keys are sold. */
export function ResellerGuideDialog({
  open,
  onOpenChange,
  resellers,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  resellers: readonly Reseller[];
}) {
  const { t } = useTranslation('shop');
  const linked = resellers.filter((reseller) => reseller.url !== null);
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('redeem.guide.title')} testId="reseller-guide">
      <div className={styles.dialogBody}>
        <ol className={styles.steps}>
          <li>{t('redeem.guide.step1')}</li>
          <li>{t('redeem.guide.step2')}</li>
          <li>{t('redeem.guide.step3')}</li>
        </ol>
        {linked.length > 0 && (
          <>
            <h3>{t('redeem.guide.resellers')}</h3>
            <ul className={styles.resellers}>
              {linked.map((reseller) => (
                <li key={reseller.name}>
                  <a
                    className={buttonClass({ variant: 'outline' })}
                    href={reseller.url!}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    {reseller.name}
                    <ExternalIcon size={16} />
                  </a>
                </li>
              ))}
            </ul>
          </>
        )}
        <div className={styles.dialogActions}>
          <Button variant="primary" block onClick={() => onOpenChange(false)}>
            {t('redeem.guide.close')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
