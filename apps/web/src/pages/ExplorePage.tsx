import { useTranslation } from 'react-i18next';
import { ExploreEmpty } from '../features/explore/ExploreEmpty.tsx';
import { PageMeta } from '../features/meta/PageMeta.tsx';

export default function ExplorePage() {
  const { t } = useTranslation('pages');
  return (
    <>
      <PageMeta title={t('explore.title')} />
      <ExploreEmpty />
    </>
  );
}
