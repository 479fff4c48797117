import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../features/coming-soon/ComingSoon.tsx';
import { TicketIcon } from '../ui/icons.tsx';

export default function TicketsPage() {
  const { t } = useTranslation('pages');
  return (
    <ComingSoon
      title={t('tickets.title')}
      description={t('tickets.description')}
      icon={<TicketIcon size={28} />}
    />
  );
}
