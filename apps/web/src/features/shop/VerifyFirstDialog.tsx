import { useTranslation } from 'react-i18next';
import { Dialog } from '../../ui/Dialog.tsx';
import { VerifyEmailNotice } from '../account/index.ts';

/** Shown instead of the checkout to a buyer whose address is not verified yet (a purchase needs it). */
export function VerifyFirstDialog({
  open,
  email,
  onClose,
}: {
  open: boolean;
  email: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('account');
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={t('verify.title')}
      testId="verify-first-dialog"
    >
      <VerifyEmailNotice email={email} reason="purchase" />
    </Dialog>
  );
}
