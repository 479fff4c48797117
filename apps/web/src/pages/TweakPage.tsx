import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../features/coming-soon/ComingSoon.tsx';
import { PaletteIcon } from '../ui/icons.tsx';

export default function TweakPage() {
  const { t } = useTranslation('pages');
  return (
    <ComingSoon
      title={t('tweak.title')}
      description={t('tweak.description')}
      icon={<PaletteIcon size={28} />}
    />
  );
}
