import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { confirmAdult } from './ageGate.ts';
import styles from './Gallery.module.css';

/**
 * docs/product/gallery.md#boards: "I am 18 or older" stores the confirmation and unblurs; "I am under 18"
 * only closes the dialog, and the images stay blurred.
 */
export function AgeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('gallery');
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={t('age.title')}
      description={t('age.text')}
      testId="age-dialog"
    >
      <div className={styles.dialogActions}>
        <Button variant="ghost" onClick={onClose} data-testid="age-minor">
          {t('age.minor')}
        </Button>
        <Button
          variant="primary"
          onClick={() => {
            confirmAdult();
            onClose();
          }}
          data-testid="age-adult"
        >
          {t('age.adult')}
        </Button>
      </div>
    </Dialog>
  );
}
