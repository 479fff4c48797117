import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../features/coming-soon/ComingSoon.tsx';
import { InfoIcon } from '../ui/icons.tsx';

export default function AboutPage() {
  const { t } = useTranslation('pages');
  return (
    <ComingSoon title={t('about.title')} description={t('about.description')} icon={<InfoIcon size={28} />} />
  );
}
