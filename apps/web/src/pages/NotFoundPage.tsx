import { useTranslation } from 'react-i18next';
import { PageMeta } from '../features/meta/PageMeta.tsx';
import { NotFound } from '../features/not-found/NotFound.tsx';

export default function NotFoundPage() {
  const { t } = useTranslation('pages');
  return (
    <>
      <PageMeta title={t('not_found.meta_title')} noindex />
      <NotFound />
    </>
  );
}
