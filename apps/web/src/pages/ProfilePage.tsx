import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../features/coming-soon/ComingSoon.tsx';
import { UserIcon } from '../ui/icons.tsx';

export default function ProfilePage() {
  const { t } = useTranslation('pages');
  return (
    <ComingSoon
      title={t('profile.title')}
      description={t('profile.description')}
      icon={<UserIcon size={28} />}
    />
  );
}
