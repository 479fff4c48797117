import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../features/coming-soon/ComingSoon.tsx';
import { HeartIcon } from '../ui/icons.tsx';

export default function CollectionPage() {
  const { t } = useTranslation('pages');
  return (
    <ComingSoon
      title={t('collection.title')}
      description={t('collection.description')}
      icon={<HeartIcon size={28} />}
    />
  );
}
