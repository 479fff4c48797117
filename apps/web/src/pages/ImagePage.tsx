import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../features/coming-soon/ComingSoon.tsx';
import { ImageIcon } from '../ui/icons.tsx';

export default function ImagePage() {
  const { t } = useTranslation('pages');
  return (
    <ComingSoon
      title={t('image.title')}
      description={t('image.description')}
      icon={<ImageIcon size={28} />}
    />
  );
}
