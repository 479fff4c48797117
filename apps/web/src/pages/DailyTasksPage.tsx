import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../features/coming-soon/ComingSoon.tsx';
import { CalendarCheckIcon } from '../ui/icons.tsx';

export default function DailyTasksPage() {
  const { t } = useTranslation('pages');
  return (
    <ComingSoon
      title={t('daily_tasks.title')}
      description={t('daily_tasks.description')}
      icon={<CalendarCheckIcon size={28} />}
    />
  );
}
