import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../features/coming-soon/ComingSoon.tsx';

/** Placeholder until the legal documents land (issue 14). */
export default function LegalPage() {
  const { t } = useTranslation('pages');
  return <ComingSoon title={t('about.title')} description={t('about.description')} />;
}
