import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../features/coming-soon/ComingSoon.tsx';
import { SparkleIcon } from '../ui/icons.tsx';

export default function CreatePage() {
  const { t } = useTranslation('pages');
  return (
    <ComingSoon
      title={t('create.title')}
      description={t('create.description')}
      icon={<SparkleIcon size={28} />}
    />
  );
}
