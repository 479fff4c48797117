import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../features/coming-soon/ComingSoon.tsx';
import { BookIcon } from '../ui/icons.tsx';

export default function GuidePage() {
  const { t } = useTranslation('pages');
  return (
    <ComingSoon title={t('guide.title')} description={t('guide.description')} icon={<BookIcon size={28} />} />
  );
}
