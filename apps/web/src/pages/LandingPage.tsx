import { useTranslation } from 'react-i18next';
import { Landing } from '../features/landing/Landing.tsx';
import { PageMeta } from '../features/meta/PageMeta.tsx';

export default function LandingPage() {
  const { t } = useTranslation('landing');
  return (
    <>
      <PageMeta title={t('meta_title')} />
      <Landing />
    </>
  );
}
