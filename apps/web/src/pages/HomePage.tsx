import { useTranslation } from 'react-i18next';
import { Landing } from '../features/landing/Landing.tsx';
import { PageMeta } from '../features/meta/PageMeta.tsx';

/** /home: the landing for signed-in users (the logo's target), not indexed. */
export default function HomePage() {
  const { t } = useTranslation('landing');
  return (
    <>
      <PageMeta title={t('meta_title')} noindex />
      <Landing />
    </>
  );
}
