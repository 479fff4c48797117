import { useTranslation } from 'react-i18next';
import { PageMeta } from '../features/meta/PageMeta.tsx';
import { SettingsView } from '../features/settings/SettingsView.tsx';

export default function SettingsPage() {
  const { t } = useTranslation('settings');
  return (
    <>
      <PageMeta title={t('title')} noindex />
      <SettingsView />
    </>
  );
}
