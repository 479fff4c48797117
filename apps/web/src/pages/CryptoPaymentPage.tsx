import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../features/coming-soon/ComingSoon.tsx';
import { TicketIcon } from '../ui/icons.tsx';

export default function CryptoPaymentPage() {
  const { t } = useTranslation('pages');
  return (
    <ComingSoon
      title={t('crypto_payment.title')}
      description={t('crypto_payment.description')}
      icon={<TicketIcon size={28} />}
      noindex
    />
  );
}
