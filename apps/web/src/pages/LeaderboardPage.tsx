import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../features/coming-soon/ComingSoon.tsx';
import { TrophyIcon } from '../ui/icons.tsx';

export default function LeaderboardPage() {
  const { t } = useTranslation('pages');
  return (
    <ComingSoon
      title={t('leaderboard.title')}
      description={t('leaderboard.description')}
      icon={<TrophyIcon size={28} />}
    />
  );
}
