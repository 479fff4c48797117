import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { CurrentEventCard } from '../features/game-event/index.ts';
import { PageMeta } from '../features/meta/PageMeta.tsx';
import { DailyTasksView } from '../features/player/daily/DailyTasksView.tsx';
import { useSession } from '../features/session/index.ts';

/** /daily-tasks (docs/product/routes.md#routes): the daily quest; the route guard sends guests away. */
export default function DailyTasksPage() {
  const { t } = useTranslation('player');
  const { signedIn } = useSession();
  // Signed out while here (the server refused the session): a guest has no quest.
  if (!signedIn) return <Navigate to="/explore" replace />;
  return (
    <>
      <PageMeta title={t('dailyTasks.title')} />
      <DailyTasksView event={<CurrentEventCard />} />
    </>
  );
}
