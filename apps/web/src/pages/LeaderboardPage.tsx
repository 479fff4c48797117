import { useTranslation } from 'react-i18next';
import { PageMeta } from '../features/meta/PageMeta.tsx';
import { LeaderboardView } from '../features/player/leaderboard/LeaderboardView.tsx';

export default function LeaderboardPage() {
  const { t } = useTranslation('player');
  return (
    <>
      <PageMeta title={t('leaderboard.title')} />
      <LeaderboardView />
    </>
  );
}
