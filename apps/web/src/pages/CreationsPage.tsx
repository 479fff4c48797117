import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../features/coming-soon/ComingSoon.tsx';
import { ImageIcon } from '../ui/icons.tsx';

export default function CreationsPage() {
  const { t } = useTranslation('pages');
  return (
    <ComingSoon
      title={t('creations.title')}
      description={t('creations.description')}
      icon={<ImageIcon size={28} />}
    />
  );
}
