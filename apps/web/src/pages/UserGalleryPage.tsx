import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../features/coming-soon/ComingSoon.tsx';
import { ImageIcon } from '../ui/icons.tsx';

export default function UserGalleryPage() {
  const { t } = useTranslation('pages');
  return (
    <ComingSoon
      title={t('user_gallery.title')}
      description={t('user_gallery.description')}
      icon={<ImageIcon size={28} />}
    />
  );
}
